import CriteriaModel
import CriteriaReaders
import Testing

@Suite("Stable ids")
struct StableIDTests {
  static let original = """
    ## Condensed

    1. Test keyboard only, then screen reader + keyboard actions
       - Tab: Focus visibly moves to the checkbox
       - Spacebar: Toggles the checkbox

    3. Listen to screenreader output on all devices
       - Name: Its label and purpose is clear

    ## Gherkin

    1. Scenario: Test keyboard actions
       - WHEN I press TAB
    """

  @Test("reordering checks and rewording expectations keeps every id")
  func idsSurviveEdits() throws {
    let edited = """
      ## Condensed

      3. Listen to screenreader output on all devices
         - Name: The label says what the checkbox is for

      1. Test keyboard only, then screen reader + keyboard actions
         - Spacebar: Toggles the checkbox between checked and unchecked
         - Tab: Focus visibly moves to the checkbox

      ## Gherkin

      1. Scenario: Test keyboard actions
         - WHEN I press the TAB key
      """
    let before = try component(Self.original)
    let after = try component(edited)
    #expect(Set(before.criteria.map(\.id)) == Set(after.criteria.map(\.id)))
    #expect(before.scenarios.map(\.id) == after.scenarios.map(\.id))
    #expect(
      before.criteria.map(\.id).sorted() == [
        "native/controls/example/keyboard/spacebar",
        "native/controls/example/keyboard/tab",
        "native/controls/example/screenreader/name",
      ])
  }

  @Test(
    "a document gets the same ids whether its accents are one character or two")
  func idsIgnoreUnicodeForm() throws {
    // "é" as U+00E9, and as "e" followed by U+0301 COMBINING ACUTE ACCENT (macOS file names, text
    // pasted from some editors). Both spell the same words, so both must make the same ids.
    let composed = Self.original.replacingOccurrences(
      of: "- Tab:", with: "- Tabulaci\u{F3}n:")
    let decomposed = Self.original.replacingOccurrences(
      of: "- Tab:", with: "- Tabulacio\u{301}n:")
    #expect(composed.unicodeScalars.count != decomposed.unicodeScalars.count)
    let one = try component(composed, path: "native/controls/men\u{FA}.md")
    let two = try component(decomposed, path: "native/controls/menu\u{301}.md")
    #expect(one.id == "native/controls/men\u{FA}")
    #expect(two.id.unicodeScalars.elementsEqual(one.id.unicodeScalars))
    #expect(
      one.criteria.map(\.id).contains(
        "native/controls/men\u{FA}/keyboard/tabulaci\u{F3}n"))
    #expect(
      one.criteria.map { Array($0.id.unicodeScalars) }
        == two.criteria.map { Array($0.id.unicodeScalars) })
  }

  @Test(
    "the id an earlier criteria made of decomposed accents, as it wrote them")
  func decomposedForms() {
    // What the version before composed ids wrote for these documents saved decomposed (read off its
    // output): "Tabulación" as a check, "menú.md" as the file.
    #expect(
      StableID.decomposedForm(
        of: "native/controls/men\u{FA}/keyboard/tabulaci\u{F3}n@ios")
        == "native/controls/menu/keyboard/tabulacio-n@ios")
    #expect(StableID.decomposedForm(of: "caf\u{E9}-menu") == "cafe-menu")
    #expect(
      StableID.decomposedForm(of: "finding/a/caf\u{E9}@web/2026-11-02")
        == "finding/a/cafe@web/2026-11-02")
    #expect(StableID.decomposedForm(of: "native/controls/sheet@ios") == nil)
    // Letters with no decomposition make the same id either way.
    #expect(StableID.decomposedForm(of: "stra\u{DF}e") == nil)
  }

  @Test("slugs fold case, punctuation and apostrophes")
  func slugs() {
    #expect(
      StableID.slug("Tab, arrow keys or ctl+tab") == "tab-arrow-keys-or-ctl-tab"
    )
    #expect(StableID.slug("  Element’s State ") == "elements-state")
    #expect(StableID.slug("???") == "untitled")
    #expect(
      StableID.slug("Cafe\u{301} Menu").unicodeScalars.elementsEqual(
        "caf\u{E9}-menu".unicodeScalars))
    #expect(StableID.row(criterion: "a/b", platform: .android) == "a/b@android")
  }
}
