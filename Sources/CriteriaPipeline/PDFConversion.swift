import CriteriaModel
import Foundation

/// A Word document made into a tagged PDF by LibreOffice, where it is installed (`acr --to pdf`).
///
/// LibreOffice runs headless with a user profile of its own in a temporary folder (two runs sharing one
/// collide), so nothing of the user's LibreOffice is touched; the folder is removed afterwards.
enum PDFConversion {
  /// The longest a conversion may take before it is stopped.
  static let timeout: TimeInterval = 300

  /// The PDF of `docx`, or an error saying what is missing.
  static func pdf(fromDocx docx: Data) throws(PipelineError) -> Data {
    guard let soffice = program(["soffice", "libreoffice"]) else {
      throw PipelineError(
        "--to pdf needs LibreOffice: no soffice on PATH. Install it (Debian: apt-get install "
          + "libreoffice-writer-nogui), or write --to docx and print that",
        status: .unavailable)
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("criteria-pdf-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("acr.docx")
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true)
      try docx.write(to: input)
    } catch {
      throw PipelineError(
        "--to pdf: the temporary folder cannot be written (\(SystemReason.text(of: error)))",
        status: .cannotCreate)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: soffice)
    process.arguments = [
      "-env:UserInstallation=\(folder.appendingPathComponent("profile").absoluteString)",
      "--headless", "--norestore", "--convert-to",
      #"pdf:writer_pdf_Export:{"UseTaggedPDF":{"type":"boolean","value":"true"}}"#,
      "--outdir", folder.path, input.path,
    ]
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    do { try process.run() } catch {
      throw PipelineError(
        "--to pdf: LibreOffice (\(soffice)) could not be started (\(SystemReason.text(of: error)))",
        status: .unavailable)
    }
    if finished.wait(timeout: .now() + timeout) == .timedOut {
      process.terminate()
      throw PipelineError(
        "--to pdf: LibreOffice did not finish within \(Int(timeout)) seconds; write --to docx instead",
        status: .unavailable)
    }
    let said =
      String(
        decoding: errors.fileHandleForReading.readDataToEndOfFile(),
        as: UTF8.self)
    guard process.terminationStatus == 0,
      let pdf = try? Data(contentsOf: folder.appendingPathComponent("acr.pdf")),
      pdf.starts(with: Data("%PDF".utf8))
    else {
      throw PipelineError(
        "--to pdf: LibreOffice made no PDF (exit \(process.terminationStatus))"
          + (said.isEmpty
            ? "" : ": \(said.trimmingCharacters(in: .whitespacesAndNewlines))"),
        status: .unavailable)
    }
    return pdf
  }

  /// The first of `names` on PATH, as a path.
  static func program(_ names: [String]) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for name in names {
      for folder in path.split(separator: ":") {
        let candidate = "\(folder)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) {
          return candidate
        }
      }
    }
    return nil
  }
}
