import CriteriaModel
import Foundation

/// Writes an artifact into a file that must not be replaced: a character device (`/dev/null`, a
/// terminal), a FIFO (`--output >(gzip > a.gz)`), or `/dev/stdout` pointing at a file the shell opened.
enum WriteThrough {
  static func deliver(_ artifact: ExportArtifact, to path: String)
    throws(ExportError)
  {
    let data: Data
    switch artifact {
    case .file(let bytes):
      data = bytes
    case .writtenByLibrary(let write):
      // The library writes only to a path of its own: a private temporary file, then its bytes.
      let scratch = FileManager.default.temporaryDirectory
        .appendingPathComponent(
          "criteria-\(getpid())-\(UUID().uuidString.prefix(8))")
      defer { try? FileManager.default.removeItem(at: scratch) }
      data = try TemporaryFiles.process.holding(scratch.path) {
        () throws(ExportError) -> Data in
        do {
          try write(scratch.path)
          return try Data(contentsOf: scratch)
        } catch let error as ExportError {
          throw error
        } catch {
          throw ExportError(
            "cannot write '\(path)': \(SystemReason.text(of: error))")
        }
      }
    case .folder:
      throw ExportError(
        "cannot write '\(path)': a folder of files cannot go to \(FileKind.at(path).description)"
      )
    }
    // A regular file behind /dev/stdout starts afresh; a device or FIFO has nothing to truncate.
    let truncate = FileKind.at(path) == .regular ? O_TRUNC : 0
    let descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | truncate)
    guard descriptor >= 0 else {
      throw ExportError(
        "cannot write '\(path)': \(SystemReason.lastError)")
    }
    defer { close(descriptor) }
    if let failure = NewFile.writeAll(data, to: descriptor) {
      throw ExportError(
        "cannot write '\(path)' completely: \(String(cString: strerror(failure)))"
      )
    }
  }
}
