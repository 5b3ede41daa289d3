import Audit
import CriteriaModel
import Exporters
import Foundation

/// Where a rendered artifact goes: a file or folder, or standard output.
public enum Destination: Sendable {
  /// A file, or a folder for folder artifacts.
  case path(String)
  /// Standard output (single-file text artifacts only).
  case standardOutput
}

/// Delivers artifacts under the file-safety rule: never replaces a folder or an input, never writes a
/// folder of files over the current folder.
public struct ArtifactSink: Sendable {
  /// Inputs no output may replace (documents read, the config, an audit being read).
  public var protecting: [String] { files.protectedPaths }
  /// Where notes go.
  public private(set) var reporter: Reporter
  /// The file sink, made once: it resolves the protected paths when it is made.
  private let files: FileSink

  /// Creates a sink.
  ///
  /// A CSV audit among the inputs brings the rows a refresh retired from it (`<name>-retired.csv`, read
  /// with it by every audit command): no output replaces them either.
  public init(protecting: [String], reporter: Reporter) {
    let retired = protecting.filter {
      ($0 as NSString).pathExtension.lowercased() == "csv"
        && !$0.hasSuffix(AuditSheet.retiredSuffix)
    }.map(AuditSheet.retiredFile(beside:))
    files = FileSink(protecting: protecting + retired)
    self.reporter = reporter
  }

  /// The same sink, telling `reporter` what it writes.
  public func reporting(to reporter: Reporter) -> ArtifactSink {
    var copy = self
    copy.reporter = reporter
    return copy
  }

  /// Delivers `artifact`, rendered by `exporter` (its name is used in messages), to `destination`.
  public func deliver(
    _ artifact: ExportArtifact, from exporter: String,
    to destination: Destination
  )
    throws(PipelineError)
  {
    switch destination {
    case .standardOutput:
      guard case .file(let data) = artifact else {
        throw PipelineError(
          "'\(exporter)' writes a folder or a binary file; give --output PATH",
          status: .usage)
      }
      FileHandle.standardOutput.write(Self.terminalSafe(data))
    case .path(let path):
      if case .folder = artifact,
        OutputPath.isSameOrAncestor(
          path, of: FileManager.default.currentDirectoryPath)
      {
        throw PipelineError(
          "--output \(path): '\(exporter)' writes a folder of files; give it a folder of its own, "
            + "e.g. out/\(exporter)/", status: .usage)
      }
      do {
        try files.deliver(artifact, to: path)
      } catch {
        throw PipelineError(error, status: .cannotCreate)
      }
      reporter.note("wrote \(path)")
    }
  }

  /// Text for standard output, which is often a terminal, with no control character a terminal acts on.
  ///
  /// A control character from an audit cell or a document (ESC starting a sequence that retitles or
  /// clears the screen, BEL, a C1 control) becomes U+FFFD; tabs and line breaks stay. Bytes that are not
  /// UTF-8 text are written as they are. A file (`--output PATH`) gets the artifact's exact bytes.
  public static func terminalSafe(_ data: Data) -> Data {
    let acts: (Unicode.Scalar) -> Bool = {
      ($0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r")
        || (0x7F...0x9F).contains($0.value)
    }
    // Most text holds none: C0 and DEL are single bytes, C1 controls are C2 80 to C2 9F.
    let suspect = data.indices.contains { index in
      let byte = data[index]
      return (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D)
        || byte == 0x7F
        || (byte == 0xC2 && index + 1 < data.endIndex
          && (0x80...0x9F).contains(data[index + 1]))
    }
    guard suspect, let text = String(data: data, encoding: .utf8) else {
      return data
    }
    return Data(
      String(
        String.UnicodeScalarView(
          text.unicodeScalars.map { acts($0) ? "\u{FFFD}" : $0 })
      ).utf8)
  }

  /// Creates the folder that will hold `path`; `key` names the option or config key for the message.
  public static func createParent(of path: String, key: String)
    throws(PipelineError)
  {
    let folder = (path as NSString).deletingLastPathComponent
    guard !folder.isEmpty else { return }
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw PipelineError(
        "\(key): cannot create the folder '\(folder)': \(SystemReason.text(of: error))",
        status: .cannotCreate)
    }
  }
}
