import CriteriaModel
import Foundation

/// Writes a folder output's files into its folder without touching anything criteria did not write.
///
/// The folder's manifest (`.criteria-output.json`) lists the files an earlier run wrote. Before any
/// file is written the manifest is widened to the old and new names together, so a run killed at any
/// moment leaves no file of ours unlisted; every changed file is written whole under a temporary name
/// before any is renamed into place, so a failed write leaves the folder as it was; then files listed
/// before but not produced now are removed, and the manifest is narrowed to what this run wrote.
///
/// A file of ours that already holds exactly the new bytes is left as it is: its modification time
/// stays, so build tools and file watchers see only what changed, and the file system is spared a
/// replacement (on ext4, renaming over a file starts writing the new one to the disk at once).
struct FolderDelivery {
  static let manifestName = ".criteria-output.json"

  private struct Manifest: Codable {
    var writtenBy = "criteria"
    var files: [String]
  }

  let folder: URL
  /// The path as the user wrote it, for messages.
  let shownAs: String
  /// Canonical paths no file may replace.
  let protected: Set<String>

  func deliver(_ files: [(name: String, data: Data)]) throws(ExportError) {
    let fm = FileManager.default
    var isDirectory: ObjCBool = false
    let exists = fm.fileExists(atPath: folder.path, isDirectory: &isDirectory)
    if exists && !isDirectory.boolValue {
      throw ExportError(
        "cannot write the folder '\(shownAs)': a file of that name exists; name a folder"
      )
    }
    let names = files.map(\.name)
    try checkNames(names)
    let previous = exists ? try readManifest() : []
    let previousSet = Set(previous)
    for name in names
    where protected.contains(
      OutputPath.canonical(folder.appendingPathComponent(name).path))
    {
      throw ExportError(
        "cannot write '\(shownAs)/\(name)': it is one of this run's inputs; choose another output folder"
      )
    }
    for name in names where !previousSet.contains(name) {
      let path = folder.appendingPathComponent(name).path
      if fm.fileExists(atPath: path) {
        throw ExportError(
          "cannot write '\(shownAs)/\(name)': a file criteria did not write is already there; "
            + "move it away or choose another output folder (nothing was written)"
        )
      }
    }
    do {
      if !exists {
        try fm.createDirectory(at: folder, withIntermediateDirectories: false)
      }
    } catch {
      throw ExportError(
        "cannot create the folder '\(shownAs)': \(SystemReason.text(of: error))"
      )
    }
    try writeManifest(Array(Set(previous).union(names)).sorted())
    removeStalePartials(of: previous + names)
    try replace(
      files.filter { file in
        !previousSet.contains(file.name)
          || !Self.holds(
            file.data, at: folder.appendingPathComponent(file.name).path)
      })
    let current = Set(names)
    for stale in previous where !current.contains(stale) {
      let url = folder.appendingPathComponent(stale)
      var staleIsDirectory: ObjCBool = false
      if fm.fileExists(atPath: url.path, isDirectory: &staleIsDirectory),
        !staleIsDirectory.boolValue
      {
        try? fm.removeItem(at: url)
      }
    }
    try writeManifest(names.sorted())
  }

  /// Writes every changed file whole under its temporary name, then renames them all into place.
  ///
  /// A write that fails (a full disk, a subfolder that cannot be made) fails before any file is
  /// replaced, so the folder is left as the last run wrote it, not half old and half new; the
  /// temporary files are removed. Only a kill during the renames, which take no time beside the
  /// writes, can still leave a mix. `durable` (the manifest) waits until the disk has each file
  /// before it is renamed.
  private func replace(
    _ files: [(name: String, data: Data)], durable: Bool = false
  ) throws(ExportError) {
    var staged: [(temporary: URL, target: URL, shownAs: String)] = []
    defer {
      for file in staged {
        unlink(file.temporary.path)
        TemporaryFiles.process.release(file.temporary.path)
      }
    }
    for file in files {
      let url = folder.appendingPathComponent(file.name)
      let shown = "\(shownAs)/\(file.name)"
      do {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true
        )
      } catch {
        throw ExportError(
          "cannot write '\(shown)': \(SystemReason.text(of: error))")
      }
      try Self.refuseFolder(at: url, shownAs: shown)
      let temporary = TemporaryFiles.partial(beside: url)
      TemporaryFiles.process.hold(temporary.path)
      staged.append((temporary, url, shown))
      try NewFile.write(
        file.data, to: temporary.path, shownAs: shown, durable: durable)
    }
    for file in staged
    where rename(file.temporary.path, file.target.path) != 0 {
      throw ExportError(
        "cannot write '\(file.shownAs)': \(SystemReason.lastError)")
    }
  }

  /// Removes what a killed run left half-written beside the folder's files (`TemporaryFiles.removeStale`),
  /// reading each of their folders once.
  private func removeStalePartials(of names: [String]) {
    var byFolder: [URL: Set<String>] = [:]
    for name in names + [Self.manifestName] {
      let url = folder.appendingPathComponent(name)
      byFolder[url.deletingLastPathComponent(), default: []].insert(
        url.lastPathComponent)
    }
    for (subfolder, files) in byFolder {
      TemporaryFiles.removeStale(in: subfolder, of: files)
    }
  }

  /// Whether `path` is a regular file (not a link) whose bytes are `data`.
  static func holds(_ data: Data, at path: String) -> Bool {
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      Int(status.st_size) == data.count
    else { return false }
    return FileManager.default.contents(atPath: path) == data
  }

  /// Names are relative paths inside the folder, distinct, and never the manifest.
  private func checkNames(_ names: [String]) throws(ExportError) {
    var seen = Set<String>()
    for name in names {
      let parts = name.split(separator: "/", omittingEmptySubsequences: false)
      if name.isEmpty || name.hasPrefix("/") || parts.contains("..")
        || parts.contains("") || name == Self.manifestName
      {
        throw ExportError(
          "cannot write '\(shownAs)': the file name '\(name)' does not stay inside the folder"
        )
      }
      guard seen.insert(name.lowercased()).inserted else {
        throw ExportError(
          "cannot write '\(shownAs)': two files would both be named '\(name)' (names differing only in case count as one)"
        )
      }
    }
  }

  private func readManifest() throws(ExportError) -> [String] {
    let url = folder.appendingPathComponent(Self.manifestName)
    guard let data = FileManager.default.contents(atPath: url.path) else {
      return []
    }
    do {
      return try JSONDecoder().decode(Manifest.self, from: data).files.filter {
        name in
        !name.hasPrefix("/") && !name.split(separator: "/").contains("..")
          && name != Self.manifestName
      }
    } catch {
      throw ExportError(
        "cannot write the folder '\(shownAs)': its manifest \(Self.manifestName) is not readable; "
          + "remove it only if the folder holds nothing but criteria's output")
    }
  }

  private func writeManifest(_ names: [String]) throws(ExportError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [
      .prettyPrinted, .sortedKeys, .withoutEscapingSlashes,
    ]
    let data: Data
    do { data = try encoder.encode(Manifest(files: names)) } catch {
      throw ExportError(
        "cannot write the manifest of '\(shownAs)': \(error.localizedDescription)"
      )
    }
    try replace([(name: Self.manifestName, data: data)], durable: true)
  }

  /// A file is never renamed over a folder.
  private static func refuseFolder(at url: URL, shownAs: String)
    throws(ExportError)
  {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(
      atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue
    {
      throw ExportError("cannot write '\(shownAs)': it is a folder")
    }
  }
}
