import CriteriaModel
import CriteriaReaders
import Foundation
import Testing

/// Documents that would once lose checks silently, hang, or smuggle bytes into outputs and terminals.
@Suite("Hostile and damaged documents")
struct HostileDocumentTests {
  /// A current-format document with ten checks in three groups and two scenarios; `between` is put
  /// after the third check.
  func document(between: String = "") -> String {
    """
    # Button

    ## Condensed

    1. Test keyboard for the following:
        - Tab: Focus visibly moves to the button
        - Space: Activates the button
        - Enter: Activates the button
    \(between)
    2. Test mobile **screenreader** gestures for the following:
        - Swipe: Focus moves to the button
        - Doubletap: Activates the button
    3. Listen to screenreader output on all devices for the following:
        - Name: Purpose is clear
        - Role: Identifies as a button
        - Group: Visible label is grouped
        - State: Expresses its state
    4. Test device OS settings for the following:
        - Text resize: Label resizes up to 200%

    ## Gherkin

    ```gherkin
    Scenario: Keyboard
      Given I am on the page
      When I press Tab
      Then focus moves to the button

    Scenario: Screen reader
      Given I use a screen reader
      When I swipe to the button
      Then I hear its name
    ```

    """
  }

  func read(_ text: String, path: String = "docs/native/controls/button.md")
    -> ReadResult
  {
    DocumentReader().read(bytes: Array(text.utf8), path: path)
  }

  @Test(
    "a stray fence in Condensed no longer drops the rest of the document: a warning with its line",
    arguments: ["```", "```swift", "~~~"])
  func strayFence(marker: String) throws {
    let clean = try #require(read(document()).component)
    #expect(clean.criteria.count == 10 && clean.scenarios.count == 2)
    let result = read(document(between: marker))
    let component = try #require(result.component)
    #expect(component.criteria.map(\.id) == clean.criteria.map(\.id))
    #expect(component.scenarios.count == 2)
    #expect(
      result.diagnostics.map(\.description).contains(
        "docs/native/controls/button.md:9: warning: this code fence is never closed (or only after a later ## section); it is ignored, and the lines after it are read"
      ))
  }

  @Test("a fenced block that closes within its section is still code")
  func realFence() throws {
    let component = try #require(
      read(document(between: "```\n- Escape: not a check, an example\n```"))
        .component)
    #expect(component.criteria.count == 10)
    #expect(!component.criteria.contains { $0.check == "Escape" })
  }

  @Test(
    "repeated keys never share an id; ids that never collided stay exactly as they were"
  )
  func uniqueIDs() throws {
    let text = document().replacingOccurrences(
      of: "- Space: Activates the button\n    - Enter:",
      with: "- Tab: Activates the button\n    - Tab 2:")
    let component = try #require(read(text).component)
    let ids = component.criteria.map(\.id)
    #expect(Set(ids).count == ids.count, "\(ids)")
    #expect(
      Array(ids.prefix(3)) == [
        "native/controls/button/keyboard/tab",
        "native/controls/button/keyboard/tab-2",
        "native/controls/button/keyboard/tab-2-2",
      ])
    let clean = try #require(read(document()).component)
    #expect(
      Array(ids.dropFirst(3)) == Array(clean.criteria.map(\.id).dropFirst(3)))
  }

  @Test(
    "NUL and terminal escape sequences are replaced, with a warning naming the line"
  )
  func controlCharacters() throws {
    let text = document().replacingOccurrences(
      of: "Activates the button\n    - Enter",
      with: "Activates\u{0}the \u{1B}[2Jbutton\n    - Enter")
    let result = read(text)
    let component = try #require(result.component)
    let space = try #require(component.criteria.first { $0.check == "Space" })
    #expect(space.expectation == "Activates\u{FFFD}the \u{FFFD}[2Jbutton")
    #expect(
      result.diagnostics.contains {
        $0.description.hasPrefix(
          "docs/native/controls/button.md:7: warning: control characters")
      })
  }

  @Test(
    "a huge heading is read as an unknown section, quickly, and a document past 8 MiB is refused"
  )
  func sizes() throws {
    let heading =
      "## " + String(repeating: "Condensed notes ", count: 300_000)
      + "\n\n- x\n"
    let result = read(document() + heading)
    #expect(try #require(result.component).criteria.count == 10)
    let huge = String(repeating: "x", count: (8 << 20) + 1)
    #expect(
      read(huge).diagnostics.first?.description
        == "docs/native/controls/button.md: error: the file is 8 MiB; a criteria document is at most 8 MiB, so this is not one"
    )
  }

  @Test(
    "YAML anchors and aliases in front matter are refused; & and * in text are not aliases"
  )
  func yamlAliases() throws {
    let bomb =
      "---\ntitle: Bomb\na: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
      + "? *b\n: x\n---\n\n## Developer notes\n- x\n"
    #expect(
      read(bomb).diagnostics.first?.description
        == "docs/native/controls/button.md:3: error: malformed front matter: YAML anchors and aliases (&name, *name) are not accepted; write the value out in full"
    )
    let text =
      "---\ntitle: \"Q&A *star*\"\nkeyboard:\n  tab: |\n    * Focus & selection move\n    &amp; stay visible\n---\n\n## Developer notes\n- x\n"
    let component = try #require(read(text).component)
    #expect(
      component.criteria.first?.expectation.contains("* Focus & selection move")
        == true)
  }
}
