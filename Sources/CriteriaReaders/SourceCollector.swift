import CriteriaModel
import Foundation

/// Expands the sources a user names (files, folders, globs) into document paths, in a stable order.
public struct SourceCollector: Sendable {
  /// File endings read when a folder or glob is given (a file named explicitly is read whatever its ending).
  public static let documentExtensions: Set<String> = ["md", "markdown"]

  /// A source that named nothing readable.
  public struct Problem: StatusError, Sendable {
    /// The source as the user wrote it.
    public var source: String
    /// What is wrong with it.
    public var message: String
    public var description: String { "\(source): \(message)" }
    /// A named source that is not there (or cannot be listed): 66.
    public var status: ExitStatus { .noInput }
  }

  /// Lists a folder's entries, or throws when it cannot be read.
  public typealias FolderLister = @Sendable (String) throws -> [String]

  /// How folders are listed (the file system; tests may stand in for a folder that cannot be read).
  let listFolder: FolderLister

  /// Creates a collector.
  public init(
    listFolder: @escaping FolderLister = {
      try FileManager.default.contentsOfDirectory(atPath: $0)
    }
  ) {
    self.listFolder = listFolder
  }

  /// What the sources held: the documents, and the folders a walk found but could not read.
  public struct Collected: Sendable {
    /// The documents, each with whether it was named explicitly.
    public var files: [Found] = []
    /// `folder: skipped: …` for each sub-folder that could not be read, so nothing is left out unsaid.
    public var unreadable: [String] = []
  }

  /// The documents behind `sources`, relative to `base` when not absolute; each source must yield at least one.
  public func collect(_ sources: [String], relativeTo base: String? = nil)
    throws(Problem) -> [String]
  {
    try collectFiles(sources, relativeTo: base).map(\.path)
  }

  /// One document behind the sources: its path, and whether a source named it (rather than a folder
  /// walk or a glob finding it; a file found that way that is not a criteria document is skipped).
  public struct Found: Sendable, Hashable {
    /// The document's path.
    public var path: String
    /// Whether the user named this file itself.
    public var named: Bool
  }

  /// The documents behind `sources`, each with whether it was named explicitly.
  public func collectFiles(_ sources: [String], relativeTo base: String? = nil)
    throws(Problem) -> [Found]
  {
    try collectAll(sources, relativeTo: base).files
  }

  /// The documents behind `sources`, and the folders below them that could not be read.
  public func collectAll(_ sources: [String], relativeTo base: String? = nil)
    throws(Problem) -> Collected
  {
    var seen = Set<String>()
    var result = Collected()
    for source in sources {
      let path = Self.resolve(source, base: base)
      var isDirectory: ObjCBool = false
      let named =
        !GlobPattern(path).hasWildcards
        && FileManager.default.fileExists(
          atPath: path, isDirectory: &isDirectory)
        && !isDirectory.boolValue
      let found = try expand(path, as: source, unreadable: &result.unreadable)
      for file in found where seen.insert(file).inserted {
        result.files.append(Found(path: file, named: named))
      }
    }
    return result
  }

  static func resolve(_ source: String, base: String?) -> String {
    if source.hasPrefix("/") || base == nil || base == "." || base == "" {
      return source
    }
    return (base ?? ".") + "/" + source
  }

  private func expand(
    _ path: String, as source: String, unreadable: inout [String]
  ) throws(Problem) -> [String] {
    let fm = FileManager.default
    if GlobPattern(path).hasWildcards {
      let matches = glob(path, unreadable: &unreadable)
      if matches.isEmpty {
        throw Problem(
          source: source, message: "the pattern matches no documents")
      }
      return matches
    }
    var isDirectory: ObjCBool = false
    guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw Problem(source: source, message: "no such file or folder")
    }
    guard isDirectory.boolValue else { return [path] }
    let files = documents(under: path, unreadable: &unreadable)
    if files.isEmpty {
      throw Problem(
        source: source,
        message: "the folder holds no criteria documents (*.md or *.markdown)")
    }
    return files
  }

  private func documents(
    under folder: String,
    accepting accept: @escaping (String) -> Bool = isDocumentName,
    unreadable: inout [String]
  ) -> [String] {
    var walk = Walk(listFolder: listFolder, accept: accept)
    walk.visit(
      folder.hasSuffix("/") && folder.count > 1
        ? String(folder.dropLast()) : folder)
    unreadable += walk.unreadable
    return walk.files.sorted()
  }

  static func isDocumentName(_ name: String) -> Bool {
    let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
    let upper = name.uppercased()
    return documentExtensions.contains(ext) && !upper.hasPrefix("README")
      && !upper.hasPrefix("CHANGELOG")
  }

  /// Matches a glob against the documents a walk of its longest literal prefix folder finds, so a glob
  /// skips what a folder skips (README files, dot-folders) and follows links as a folder does.
  private func glob(_ pattern: String, unreadable: inout [String]) -> [String] {
    let parts = pattern.split(separator: "/", omittingEmptySubsequences: false)
    let literal = parts.prefix { !GlobPattern(String($0)).hasWildcards }
    let root =
      literal.isEmpty
      ? "."
      : (literal.joined(separator: "/").isEmpty
        ? "/" : literal.joined(separator: "/"))
    let matcher = GlobPattern(literal.isEmpty ? "./" + pattern : pattern)
    var isDirectory: ObjCBool = false
    guard
      FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { return [] }
    // Any file name the pattern names, but never a README or CHANGELOG (as in a folder).
    let notes = { (name: String) in
      !name.uppercased().hasPrefix("README")
        && !name.uppercased().hasPrefix("CHANGELOG")
    }
    return documents(under: root, accepting: notes, unreadable: &unreadable)
      .filter {
        matcher.matches($0)
      }
  }
}

/// Every document file below a folder, following symbolic links to folders (each real folder once, so a
/// link cycle ends), skipping dot-files and dot-folders (`.git`, `.build`) and README/CHANGELOG files; a
/// folder that cannot be listed is named, never passed over in silence.
private struct Walk {
  let listFolder: SourceCollector.FolderLister
  let accept: (String) -> Bool
  var files: [String] = []
  var unreadable: [String] = []
  private var visited = Set<String>()

  init(
    listFolder: @escaping SourceCollector.FolderLister,
    accept: @escaping (String) -> Bool
  ) {
    self.listFolder = listFolder
    self.accept = accept
  }

  mutating func visit(_ folder: String) {
    let real = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
    guard visited.insert(real).inserted else { return }
    let names: [String]
    do { names = try listFolder(folder) } catch {
      // The system's own words ("Permission denied").
      unreadable.append(
        "\(folder): skipped: the folder cannot be read (\(SystemReason.text(of: error))); documents in it were not read"
      )
      return
    }
    for name in names.sorted() where !name.hasPrefix(".") {
      let path = folder == "/" ? "/" + name : folder + "/" + name
      var isDirectory: ObjCBool = false
      guard
        FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      else { continue }
      if isDirectory.boolValue {
        visit(path)
      } else if accept(name) {
        files.append(path)
      }
    }
  }
}
