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
  public init(protecting: [String], reporter: Reporter) {
    files = FileSink(protecting: protecting)
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
      FileHandle.standardOutput.write(data)
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
