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

  @Test("slugs fold case, punctuation and apostrophes")
  func slugs() {
    #expect(
      StableID.slug("Tab, arrow keys or ctl+tab") == "tab-arrow-keys-or-ctl-tab"
    )
    #expect(StableID.slug("  Element’s State ") == "elements-state")
    #expect(StableID.slug("???") == "untitled")
    #expect(StableID.row(criterion: "a/b", platform: .android) == "a/b@android")
  }
}
