import CriteriaModel
import Foundation
import Testing

@testable import CriteriaReaders

/// Fences as CommonMark 0.31 defines them (spec section 4.5, "Fenced code blocks"), checked with its own
/// examples: which lines are code, and which line closes the fence.
@Suite("Code fences as CommonMark reads them")
struct CodeFenceTests {
  /// For each line: "open" (opens a fence), "code" (inside), "close" (closes it), or "text".
  func kinds(_ text: String) -> [String] {
    var fence = CodeFence()
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated().map { index, line in
        let wasOpen = fence.isOpen
        fence.observe(SourceLine(number: index + 1, text: String(line)))
        switch (wasOpen, fence.isOpen) {
        case (false, true): return "open"
        case (true, true): return "code"
        case (true, false): return "close"
        case (false, false): return "text"
        }
      }
  }

  @Test(
    "the spec's examples: length, character, info strings and closing lines",
    arguments: [
      // Example 119: backticks.
      ("```\n<\n >\n```", ["open", "code", "code", "close"]),
      // Example 120: tildes.
      ("~~~\n<\n >\n~~~", ["open", "code", "code", "close"]),
      // Example 121: fewer than three backticks is not a fence.
      ("``\nfoo\n``", ["text", "text", "text"]),
      // Examples 122 and 123: the closing fence is of the opening's character.
      ("```\naaa\n~~~\n```", ["open", "code", "code", "close"]),
      ("~~~\naaa\n```\n~~~", ["open", "code", "code", "close"]),
      // Examples 124 and 125: at least as long as the opening; a shorter one is code.
      ("````\naaa\n```\n``````", ["open", "code", "code", "close"]),
      ("~~~~\naaa\n~~~\n~~~~", ["open", "code", "code", "close"]),
      // Examples 126 and 127: unclosed, it runs to the end.
      ("```", ["open"]),
      ("`````\n\n```\naaa", ["open", "code", "code", "code"]),
      // Example 136: a closing fence may be indented (up to three spaces).
      ("```\naaa\n  ```", ["open", "code", "close"]),
      // Example 140: spaces after the closing fence.
      ("```\naaa\n```   ", ["open", "code", "close"]),
      // Example 143: a closing fence cannot have an info string.
      ("~~~~~~\naaa\n~~~ ~~", ["open", "code", "code"]),
      // Example 145: a backtick fence's info string cannot hold a backtick (inline code instead).
      ("``` ```\naaa", ["text", "text"]),
      // Example 146: a tilde fence's info string may.
      ("~~~ aa ``` ~~~\nfoo\n~~~", ["open", "code", "close"]),
      // Example 147: closing fences cannot have info strings.
      ("```\n``` aaa\n```", ["open", "code", "close"]),
    ] as [(String, [String])])
  func examples(text: String, expected: [String]) {
    #expect(kinds(text) == expected, "\(text.debugDescription)")
  }

  /// A style guide shows a whole example document inside a fence of four backticks, itself holding a
  /// three-backtick gherkin block and the ## sections of a document.
  static let styleGuide = """
    # How to write criteria

    Keep each check short. An example document:

    ````md
    # Button

    ## Condensed

    1. Test keyboard for the following:
        - Tab: Focus visibly moves to the button

    ## Gherkin

    ```gherkin
    Given I am on the page
    When I press Tab
    ```
    ````

    ## General Notes

    Write in the present tense.

    """

  @Test(
    "an example document inside a four-backtick fence is code, whole: the guide has no checks and no Gherkin error"
  )
  func styleGuide() throws {
    let result = DocumentReader().read(
      bytes: Array(Self.styleGuide.utf8), path: "docs/style-guide.md")
    #expect(
      !result.diagnostics.contains { $0.severity == .error },
      "\(result.diagnostics)")
    #expect(
      !result.diagnostics.contains {
        $0.message.contains("code fence is never closed")
      }, "\(result.diagnostics)")
    #expect(result.component?.criteria.isEmpty ?? true)
    #expect(result.component?.scenarios.isEmpty ?? true)
  }

  @Test(
    "in a folder of real documents the style guide is skipped as a guide, and the components are read"
  )
  func styleGuideInATree() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "guide-\(UUID().uuidString)")
    let controls = folder.appendingPathComponent("native/controls")
    try FileManager.default.createDirectory(
      at: controls, withIntermediateDirectories: true)
    try Data(Self.styleGuide.utf8).write(
      to: folder.appendingPathComponent("style-guide.md"))
    let button = """
      # Button

      ## Condensed

      1. Test keyboard for the following:
          - Tab: Focus visibly moves to the button

      """
    try Data(button.utf8).write(
      to: controls.appendingPathComponent("button.md"))
    let files = try SourceCollector().collectFiles([folder.path])
    let read = CatalogReader().read(files)
    #expect(
      !read.diagnostics.contains { $0.severity == .error },
      "\(read.diagnostics)")
    #expect(read.catalog.components.map(\.title) == ["Button"])
    #expect(
      read.skipped.count == 1
        && read.skipped[0].contains(
          "style-guide.md: skipped: a guide with notes but no checks"),
      "\(read.skipped)")
  }
}
