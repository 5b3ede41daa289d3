import CriteriaModel
import CriteriaReaders
import Testing

@Suite("Jekyll format reader rules")
struct JekyllFormatRuleTests {
  @Test("groups with spaced and dashed keys, line numbers from the YAML")
  func groups() throws {
    let doc = """
      ---
      layout: entry
      title:  "Stepper"
      categories: controls

      keyboard:
        tab and arrow keys: |
            Focus visibly moves to the stepper
        arrow-keys: |
            Changes the value on Android
      settings:
        text resize: |
          Text can resize up to 200%
          without losing information
      ---

      ## iOS
      ### Name
      - Programmatic name describes the purpose of the control.
      """
    let c = try component(doc, path: "old/stepper.md")
    #expect(c.id == "native/controls/stepper")
    #expect(c.title == "Stepper")
    #expect(
      c.criteria.map(\.check) == [
        "Tab and arrow keys", "Arrow keys", "Text resize",
      ])
    #expect(c.criteria.map(\.source.line) == [7, 9, 12])
    #expect(c.criteria[1].platforms == [.android])
    #expect(
      c.criteria[2].expectation
        == "Text can resize up to 200% without losing information")
    #expect(c.criteria[2].test == .settings)
  }

  @Test(
    "top-level name/role/group/state are screen reader checks; no iOS/Android sections means web"
  )
  func topLevelScreenReaderKeys() throws {
    let doc = """
      ---
      layout: entry
      title: "Button"
      categories: nav form
      name: |
        Its purpose is clear
      role: |
        It identifies its role of button
      mobile:
        swipe: |
          Focus moves to the element, expresses its state
      ---

      ## Developer notes

      ### Name
      - Inner text should describe the purpose of the button.
      """
    let c = try component(doc, path: "legacy/button.md")
    #expect(c.id == "web/component/button")
    #expect(
      c.criteria.map(\.test) == [.screenReader, .screenReader, .gestures])
    #expect(c.criteria.allSatisfy { $0.platforms == [.web] })
  }

  @Test("the old web site's gherkin-keyboard lists become scenarios")
  func gherkinLists() throws {
    let doc = """
      ---
      title: "Button"
      keyboard:
        tab: |
          Focus visibly moves to the button.
      gherkin-keyboard:
        - when:  |
            the tab key to move focus to a button
          result: |
            focus is strongly visually indicated
      ---
      """
    let c = try component(doc, path: "_checklist-web/button.md")
    let scenario = try #require(c.scenarios.first)
    #expect(scenario.name == "Test keyboard")
    #expect(scenario.steps.first?.keyword == .when)
    #expect(
      scenario.steps.first?.text
        == "I use the tab key to move focus to a button")
    #expect(
      scenario.steps.first?.children.first?.text
        == "I see focus is strongly visually indicated")
  }
}
