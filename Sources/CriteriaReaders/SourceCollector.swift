import CriteriaModel
import Foundation

/// Expands the sources a user names (files, folders, globs) into document paths, in a stable order.
public struct SourceCollector: Sendable {
  /// File endings read when a folder or glob is given (a file named explicitly is read whatever its ending).
  public static let documentExtensions: Set<String> = ["md", "markdown"]

  /// A source that named nothing readable.
  public struct Problem: Error, Sendable, CustomStringConvertible {
    /// The source as the user wrote it.
    public var source: String
    /// What is wrong with it.
    public var message: String
    public var description: String { "\(source): error: \(message)" }
  }

  /// Creates a collector.
  public init() {}

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
    var seen = Set<String>()
    var result: [Found] = []
    for source in sources {
      let path = Self.resolve(source, base: base)
      var isDirectory: ObjCBool = false
      let named =
        !GlobPattern(path).hasWildcards
        && FileManager.default.fileExists(
          atPath: path, isDirectory: &isDirectory)
        && !isDirectory.boolValue
      let found = try expand(path, as: source)
      for file in found where seen.insert(file).inserted {
        result.append(Found(path: file, named: named))
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

  private func expand(_ path: String, as source: String) throws(Problem)
    -> [String]
  {
    let fm = FileManager.default
    if GlobPattern(path).hasWildcards {
      let matches = glob(path)
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
    let files = documents(under: path)
    if files.isEmpty {
      throw Problem(
        source: source,
        message: "the folder holds no criteria documents (*.md or *.markdown)")
    }
    return files
  }

  private func documents(
    under folder: String, accepting accept: (String) -> Bool = isDocumentName
  ) -> [String] {
    var files: [String] = []
    var visited = Set<String>()
    walk(
      folder.hasSuffix("/") && folder.count > 1
        ? String(folder.dropLast()) : folder, accept, into: &files,
      visited: &visited)
    return files.sorted()
  }

  /// Every document file below `folder`, following symbolic links to folders (each real folder once, so a
  /// link cycle ends), skipping dot-files and dot-folders (`.git`, `.build`) and README/CHANGELOG files.
  private func walk(
    _ folder: String, _ accept: (String) -> Bool, into files: inout [String],
    visited: inout Set<String>
  ) {
    let real = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
    guard visited.insert(real).inserted else { return }
    guard
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
    else { return }
    for name in names.sorted() where !name.hasPrefix(".") {
      let path = folder == "/" ? "/" + name : folder + "/" + name
      var isDirectory: ObjCBool = false
      guard
        FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      else { continue }
      if isDirectory.boolValue {
        walk(path, accept, into: &files, visited: &visited)
      } else if accept(name) {
        files.append(path)
      }
    }
  }

  static func isDocumentName(_ name: String) -> Bool {
    let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
    let upper = name.uppercased()
    return documentExtensions.contains(ext) && !upper.hasPrefix("README")
      && !upper.hasPrefix("CHANGELOG")
  }

  /// Matches a glob against the documents a walk of its longest literal prefix folder finds, so a glob
  /// skips what a folder skips (README files, dot-folders) and follows links as a folder does.
  private func glob(_ pattern: String) -> [String] {
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
    return documents(under: root, accepting: notes).filter {
      matcher.matches($0)
    }
  }
}
