import CriteriaModel
import Foundation

/// Delivers an artifact to disk atomically and safely.
///
/// A file output is written beside the target under a temporary name and renamed into place only when
/// complete, so a killed run never leaves a half-written file under the final name. The file-safety
/// rule: an output never deletes or replaces a folder, never replaces a protected path (an input
/// document, the config), and a folder output writes only its own files into its folder, replacing
/// or removing only files that an earlier run of criteria wrote there (listed in the folder's
/// manifest, `.criteria-output.json`).
public struct FileSink: Sendable {
  /// Paths no output may replace (input documents, the config, an audit being read), as given.
  public let protectedPaths: [String]
  /// The same, resolved once (links followed): a run delivers many files, each checked against them.
  private let protectedSet: Set<String>

  /// Creates a sink that refuses to replace any of `protectedPaths`.
  public init(protecting protectedPaths: [String] = []) {
    self.protectedPaths = protectedPaths
    protectedSet = Set(protectedPaths.map(OutputPath.canonical))
  }

  /// Writes `artifact` to `path` (a file, or a folder for folder artifacts).
  public func deliver(_ artifact: ExportArtifact, to path: String)
    throws(ExportError)
  {
    try OutputPath.checkNotEmpty(path)
    if case .folder(let files) = artifact {
      try FolderDelivery(
        folder: URL(fileURLWithPath: path), shownAs: path,
        protected: protectedSet
      ).deliver(files)
      return
    }
    if protectedSet.contains(OutputPath.canonical(path)) {
      throw ExportError(
        "cannot write '\(path)': it is one of this run's inputs; choose another output path"
      )
    }
    let kind = FileKind.at(path)
    switch kind {
    case .directory:
      throw ExportError(
        "cannot write '\(path)': it is a folder, and an output never replaces a folder; name a file"
      )
    case .fifo, .characterDevice:
      // /dev/null, /dev/stdout on a terminal or pipe, `--output >(gzip > a.gz)`: written through.
      try WriteThrough.deliver(artifact, to: path)
      return
    case .blockDevice, .socket, .other:
      throw ExportError(
        "cannot write '\(path)': it is \(kind.description); name a regular file"
      )
    case .missing, .regular:
      if OutputPath.isSpecialFileSystem(path) {
        // /dev/stdout or /proc/self/fd/1 redirected to a file: renaming would replace the link, not
        // write where the shell points it.
        try WriteThrough.deliver(artifact, to: path)
        return
      }
    }
    // A link to a regular file keeps being a link: the new file replaces what it points to.
    let target =
      FileKind.isSymbolicLink(path)
      ? URL(fileURLWithPath: OutputPath.canonical(path))
      : URL(fileURLWithPath: path)
    let folder = target.deletingLastPathComponent()
    try checkFolder(folder.path, for: path)
    TemporaryFiles.removeStale(beside: target)
    let temporary = TemporaryFiles.partial(beside: target)
    try TemporaryFiles.process.holding(temporary.path) {
      () throws(ExportError) in
      do {
        switch artifact {
        case .file(let data):
          try NewFile.write(data, to: temporary.path, shownAs: path)
        case .writtenByLibrary(let write):
          try write(temporary.path)
        case .folder:
          break
        }
        guard rename(temporary.path, target.path) == 0 else {
          throw ExportError(
            "cannot move the finished file into place at '\(path)': \(SystemReason.lastError)"
          )
        }
      } catch let error as ExportError {
        try? FileManager.default.removeItem(at: temporary)
        throw error
      } catch {
        try? FileManager.default.removeItem(at: temporary)
        throw ExportError(
          "cannot write '\(path)': \(SystemReason.text(of: error))")
      }
    }
  }

  private func checkFolder(_ folder: String, for path: String)
    throws(ExportError)
  {
    var isDirectory: ObjCBool = false
    guard
      FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw ExportError(
        "cannot write '\(path)': the folder '\(folder)' does not exist; create it first"
      )
    }
    guard FileManager.default.isWritableFile(atPath: folder) else {
      throw ExportError(
        "cannot write '\(path)': the folder '\(folder)' is not writable")
    }
  }
}
