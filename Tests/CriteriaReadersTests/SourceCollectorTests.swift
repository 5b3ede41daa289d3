import CriteriaReaders
import Foundation
import Testing

@Suite("Sources: folders, links and globs")
struct SourceCollectorTests {
  /// A tree of documents, links and files a walk skips.
  ///
  /// docs/a.md, docs/sub/b.md, docs/README.md, docs/.git/c.md, docs/notes.txt, and docs/linked → ../real
  /// (real/inner/d.md), with a link cycle docs/sub/loop → .. on top.
  func tree() throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sources-\(UUID().uuidString)")
    for path in [
      "docs/a.md", "docs/sub/b.md", "docs/README.md", "docs/.git/c.md",
      "docs/notes.txt", "real/inner/d.md",
    ] {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("# x\n".utf8).write(to: url)
    }
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent("docs/linked").path,
      withDestinationPath: "../real")
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent("docs/sub/loop").path,
      withDestinationPath: "..")
    return root
  }

  func collect(_ sources: [String], in root: URL) throws -> [String] {
    try SourceCollector().collect(sources, relativeTo: root.path).map {
      String($0.dropFirst(root.path.count + 1))
    }
  }

  @Test(
    "a folder walk follows linked folders once, and skips README files and dot-folders"
  )
  func folders() throws {
    let root = try tree()
    #expect(
      try collect(["docs"], in: root) == [
        "docs/a.md", "docs/linked/inner/d.md", "docs/sub/b.md",
      ])
    #expect(
      try collect(["docs/linked"], in: root) == ["docs/linked/inner/d.md"])
  }

  @Test(
    "docs/**/*.md matches at every depth, docs/ itself included, and skips what a folder walk skips"
  )
  func globs() throws {
    let root = try tree()
    #expect(
      try collect(["docs/**/*.md"], in: root) == [
        "docs/a.md", "docs/linked/inner/d.md", "docs/sub/b.md",
      ])
    #expect(try collect(["docs/*.md"], in: root) == ["docs/a.md"])
    #expect(try collect(["docs/*.txt"], in: root) == ["docs/notes.txt"])
  }

  @Test(
    "a sub-folder that cannot be read is named with its reason, and the rest is still read, by a walk and a glob"
  )
  func unreadableFolder() throws {
    let root = try tree()
    let locked = root.appendingPathComponent("docs/sub").path
    let collector = SourceCollector { folder in
      if folder == locked {
        throw CocoaError(
          .fileReadNoPermission,
          userInfo: [NSUnderlyingErrorKey: POSIXError(.EACCES)])
      }
      return try FileManager.default.contentsOfDirectory(atPath: folder)
    }
    for source in ["docs", "docs/**/*.md"] {
      let collected = try collector.collectAll([source], relativeTo: root.path)
      #expect(
        collected.files.map { String($0.path.dropFirst(root.path.count + 1)) }
          == ["docs/a.md", "docs/linked/inner/d.md"])
      #expect(collected.unreadable.count == 1)
      #expect(
        collected.unreadable.first?.hasPrefix(
          "\(locked): skipped: the folder cannot be read (") == true)
      #expect(
        collected.unreadable.first?.contains("documents in it were not read")
          == true, "\(collected.unreadable)")
    }
  }
}
