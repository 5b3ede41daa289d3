import CriteriaModel
import Testing

@Suite("Selection, globs and audit rows")
struct SelectionTests {
  static func criterion(
    _ check: String, _ test: TestKind, _ platforms: [Platform],
    in component: String = "native/controls/sheet"
  ) -> Criterion {
    Criterion(
      id: StableID.criterion(component: component, test: test, check: check),
      test: test,
      check: check, expectation: "x", platforms: platforms,
      source: SourceLocation(file: "f", line: 1))
  }

  static let catalog = Catalog(components: [
    Component(
      id: "web/component/button", title: "Button", family: .web,
      category: "component",
      criteria: [
        criterion("Tab", .keyboard, [.web], in: "web/component/button")
      ], source: SourceLocation(file: "b", line: 1)),
    Component(
      id: "native/controls/sheet", title: "Sheet", family: .native,
      category: "controls",
      criteria: [
        criterion("Tab", .keyboard, [.iOS, .android]),
        criterion("Enter", .keyboard, [.android]),
        criterion("Name", .screenReader, [.iOS, .android]),
      ],
      source: SourceLocation(file: "a", line: 1)),
  ])

  @Test func globPatterns() {
    #expect(GlobPattern("native/controls/*").matches("native/controls/sheet"))
    #expect(!GlobPattern("native/*").matches("native/controls/sheet"))
    #expect(GlobPattern("native/**").matches("native/controls/sheet"))
    #expect(GlobPattern("*/*/shee?").matches("native/controls/sheet"))
    #expect(!GlobPattern("web/**").matches("native/controls/sheet"))
  }

  @Test(
    "the catalog is sorted by id; rows expand component x criterion x platform")
  func rows() {
    #expect(
      Self.catalog.components.map(\.id) == [
        "native/controls/sheet", "web/component/button",
      ])
    let rows = AuditRow.rows(of: Self.catalog)
    #expect(
      rows.map(\.id) == [
        "native/controls/sheet/keyboard/tab@ios",
        "native/controls/sheet/keyboard/tab@android",
        "native/controls/sheet/keyboard/enter@android",
        "native/controls/sheet/screenreader/name@ios",
        "native/controls/sheet/screenreader/name@android",
        "web/component/button/keyboard/tab@web",
      ])
  }

  @Test("selecting a platform drops criteria that do not apply to it")
  func platformSelection() {
    let iOSOnly = Selection(platforms: [.iOS]).apply(to: Self.catalog)
    #expect(
      iOSOnly.components.map(\.id) == [
        "native/controls/sheet", "web/component/button",
      ])
    #expect(iOSOnly.components[0].criteria.map(\.check) == ["Tab", "Name"])
    #expect(iOSOnly.components[1].criteria.isEmpty)
    let keyboard = Selection(components: ["native/**"], tests: [.keyboard])
      .apply(to: Self.catalog)
    #expect(keyboard.components.map(\.id) == ["native/controls/sheet"])
    #expect(keyboard.components[0].criteria.map(\.check) == ["Tab", "Enter"])
  }

  @Test(
    "globs: ** spans folders and also none; many stars against a long name still answer (no exponential backtracking)"
  )
  func globs() {
    #expect(GlobPattern("docs/**/*.md").matches("docs/a.md"))
    #expect(GlobPattern("docs/**/*.md").matches("docs/x/y/a.md"))
    #expect(!GlobPattern("docs/*.md").matches("docs/x/a.md"))
    #expect(GlobPattern("native/*/sheet").matches("native/controls/sheet"))
    let name = "docs/" + String(repeating: "a", count: 200) + ".md"
    #expect(
      !GlobPattern("docs/**/*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b.md").matches(
        name))
    #expect(
      GlobPattern("docs/**/*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*.md").matches(name))
  }

  @Test(
    "long text is cut at line ends into pieces that fit; a line longer than the limit is cut, nothing is lost"
  )
  func textPieces() {
    let lines = (1...300).map {
      "line \($0) " + String(repeating: "x", count: 40)
    }
    let text = lines.joined(separator: "\n")
    let pieces = TextPieces.split(text, limit: 1_000)
    #expect(pieces.count > 1 && pieces.allSatisfy { $0.count <= 1_000 })
    #expect(pieces.joined(separator: "\n") == text)
    let long = String(repeating: "é", count: 2_500)
    let cut = TextPieces.split(long, limit: 1_000) { $0.utf16.count }
    #expect(cut.map(\.count) == [1_000, 1_000, 500])
    #expect(cut.joined() == long)
    #expect(TextPieces.split("short", limit: 10) == ["short"])
  }

  @Test(
    "a fenced block cut between pieces is closed at the end of one and opened again at the start of the next"
  )
  func fencedPieces() {
    let steps = (1...200).map {
      "And step \($0) " + String(repeating: "y", count: 30)
    }
    let text = (["Intro", "```gherkin"] + steps + ["```", "After"])
      .joined(separator: "\n")
    let fence = TextPieces.Fence(close: "```") { $0.hasPrefix("```") }
    let pieces = TextPieces.split(text, limit: 1_000, fence: fence)
    #expect(pieces.count > 2 && pieces.allSatisfy { $0.count <= 1_000 })
    for (index, piece) in pieces.enumerated() {
      let lines = piece.split(separator: "\n")
      #expect(lines.filter { $0.hasPrefix("```") }.count % 2 == 0)
      if index > 0, index < pieces.count - 1 {
        #expect(lines.first == "```gherkin" && lines.last == "```")
      }
    }
    // A piece that would end on a block's opening line leaves it to the next: no empty block.
    let twoBlocks =
      (["```gherkin"] + steps + ["```", "```gherkin"] + steps + ["```"])
      .joined(separator: "\n")
    let firstBlock = (["```gherkin"] + steps + ["```"]).joined(separator: "\n")
    let cut = TextPieces.split(
      twoBlocks, limit: firstBlock.count + 40, fence: fence)
    #expect(
      cut.count > 1 && cut[0] == firstBlock, "\(cut.first?.suffix(40) ?? "")")
    for piece in cut {
      #expect(!piece.contains("```gherkin\n```"), "an empty block")
    }
    // Fence lines aside, the pieces hold the text's lines, in order.
    func content(_ text: String) -> [Substring] {
      text.split(separator: "\n").filter { !$0.hasPrefix("```") }
    }
    #expect(pieces.flatMap(content) == content(text))
  }
}
