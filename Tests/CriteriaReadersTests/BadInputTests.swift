import CriteriaModel
import CriteriaReaders
import Foundation
import TestSupport
import Testing

/// Bad documents give one clear error with file:line, never a crash or a half-read component.
@Suite("Bad input")
struct BadInputTests {
  func onlyError(_ bytes: [UInt8], path: String = "docs/bad.md") -> String? {
    let result = DocumentReader().read(bytes: bytes, path: path)
    #expect(result.component == nil)
    return result.diagnostics.first { $0.severity == .error }?.description
  }

  @Test func emptyFile() {
    #expect(onlyError([]) == "docs/bad.md: error: the file is empty")
    #expect(
      onlyError(Array(" \n\n\t\n".utf8))
        == "docs/bad.md: error: the file is empty")
  }

  @Test func notUTF8() {
    let bytes =
      Array("## Condensed\n\n1. Test\n".utf8) + [
        0x2D, 0x20, 0xE9, 0x74, 0xE9, 0x0A,
      ]
    #expect(
      onlyError(bytes)
        == "docs/bad.md:4: error: the file is not UTF-8 text; save it as UTF-8 and try again"
    )
  }

  @Test func noRecognisableSections() {
    #expect(
      onlyError(Array("# Shopping list\n\n- eggs\n- milk\n".utf8))
        == "docs/bad.md:1: error: no MagentaA11y sections found; expected '## Condensed', '## Gherkin' or '## General Notes' (or YAML front matter between '---' lines)"
    )
  }

  @Test func unclosedFrontMatter() {
    #expect(
      onlyError(Array("---\ntitle: Sheet\nkeyboard:\n  tab: moves\n".utf8))
        == "docs/bad.md:1: error: the front matter that starts here has no closing '---' line"
    )
  }

  @Test func malformedFrontMatter() throws {
    let error = try #require(
      onlyError(
        Array("---\ntitle: \"Sheet\nkeyboard:\n  tab: [moves\n---\n".utf8)))
    #expect(error.hasPrefix("docs/bad.md:"))
    #expect(error.contains("error: malformed front matter:"))
    let line = Int(error.split(separator: ":")[1]) ?? 0
    #expect(
      (2...5).contains(line),
      "the error names a line inside the front matter: \(error)")
  }

  @Test func frontMatterNotAMapping() {
    #expect(
      onlyError(Array("---\n- a\n- b\n---\n".utf8))
        == "docs/bad.md:2: error: the front matter must be a YAML mapping of 'key: value' lines"
    )
  }

  @Test func gherkinStepBeforeScenario() {
    let doc =
      "## Gherkin\n\nGIVEN THAT I am on a screen\n\n   - WHEN I press TAB\n\n1. Scenario: Keyboard\n   - WHEN I press TAB\n"
    let result = DocumentReader().read(
      bytes: Array(doc.utf8), path: "docs/g.md")
    #expect(
      result.diagnostics.map(\.description).contains(
        "docs/g.md:5: error: Gherkin step '- WHEN I press TAB' comes before any scenario; add a numbered 'Scenario:' line above it"
      ))
    let fenced =
      "## Gherkin\n\n```gherkin\nFeature: X\n  Given I am here\n  Scenario: Y\n    When I go\n```\n"
    let fencedResult = DocumentReader().read(
      bytes: Array(fenced.utf8), path: "docs/f.md")
    #expect(
      fencedResult.diagnostics.map(\.description).contains(
        "docs/f.md:5: error: Gherkin step 'Given I am here' comes before any 'Scenario:' in the ```gherkin block"
      ))
    #expect(fencedResult.hasErrors)
  }

  @Test func missingFile() {
    let result = DocumentReader().read(path: "/nonexistent/criteria.md")
    #expect(
      result.diagnostics.map(\.description) == [
        "/nonexistent/criteria.md: error: no such file"
      ])
  }

  @Test(
    "every seed and corpus file, truncated and with bytes flipped, reads cleanly or fails cleanly",
    .enabled(if: SharedData.available, Comment(rawValue: SharedData.missing)))
  func mutatedDocumentsNeverCrash() throws {
    var rng = SplitMix64(seed: 0xC0FFEE)
    let files = (0...4).map(TestPaths.seed) + TestPaths.corpusFiles
    #expect(files.count == 62, "5 seeds, 42 native and 15 web documents")
    var outcomes = (read: 0, failed: 0)
    for file in files {
      let original = try #require(FileManager.default.contents(atPath: file))
        .map { $0 }
      for round in 0..<12 {
        var bytes = original
        if round % 2 == 0 {
          bytes = Array(bytes.prefix(Int(rng.next() % UInt64(bytes.count + 1))))
        }
        for _ in 0..<(round % 4) * 3 where !bytes.isEmpty {
          let index = Int(rng.next() % UInt64(bytes.count))
          bytes[index] ^= UInt8(truncatingIfNeeded: rng.next() | 1)
        }
        let result = DocumentReader().read(bytes: bytes, path: file)
        if let component = result.component {
          outcomes.read += 1
          #expect(!component.id.isEmpty)
          #expect(
            Set(component.criteria.map(\.id)).count == component.criteria.count,
            "ids stay unique")
        } else {
          outcomes.failed += 1
          #expect(
            result.diagnostics.contains {
              $0.severity == .error && $0.location.file == file
            })
        }
      }
    }
    #expect(outcomes.read > 0 && outcomes.failed > 0)
  }
}

/// A small deterministic generator so the mutation test is reproducible.
struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
