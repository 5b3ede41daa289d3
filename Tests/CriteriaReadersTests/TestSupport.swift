import CriteriaModel
import CriteriaReaders
import Foundation
import TestSupport
import Testing

/// Paths the tests read: the package itself and ../shared beside it.
enum TestPaths {
  static let packageRoot = SharedData.packageRoot
  static let shared = SharedData.root
  static let seeds = shared.appendingPathComponent("seeds")
  static let corpus = shared.appendingPathComponent("corpus/magentaa11y")
  static let fixtures = packageRoot.appendingPathComponent(
    "Tests/CriteriaReadersTests/Fixtures")

  static func seed(_ number: Int) -> String {
    let prefix = String(format: "%03d_", number)
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: seeds.path)) ?? []
    return seeds.appendingPathComponent(
      names.first { $0.hasPrefix(prefix) } ?? prefix
    ).path
  }

  static var corpusFiles: [String] {
    let walker = FileManager.default.enumerator(atPath: corpus.path)
    var files: [String] = []
    while let name = walker?.nextObject() as? String {
      // The component documents; PROVENANCE.md says where they come from.
      if name.hasSuffix(".md"),
        name.hasPrefix("native/") || name.hasPrefix("web/")
      {
        files.append(corpus.appendingPathComponent(name).path)
      }
    }
    return files.sorted()
  }
}

/// Reads a document given as text, under a path that decides its id.
func read(_ text: String, path: String = "native/controls/example.md")
  -> ReadResult
{
  DocumentReader().read(bytes: Array(text.utf8), path: path)
}

func component(
  _ text: String, path: String = "native/controls/example.md",
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> Component {
  let result = read(text, path: path)
  let errors = result.diagnostics.filter { $0.severity == .error }
  #expect(errors.isEmpty, "\(errors)", sourceLocation: sourceLocation)
  return try #require(result.component, sourceLocation: sourceLocation)
}
