import CriteriaModel
import CriteriaReaders
import Testing

/// One test per rule of the current-format reader, each on an excerpt of a real document.
@Suite("Current format reader rules")
struct CurrentFormatRuleTests {
  // From seed 000: a wrapped expectation on an unindented line, and an Android-only check.
  static let sheetCondensed = """
    ## Condensed

    ### #a11y - Native Accessibility Acceptance Criteria

    How to test a sheet

    1. Test keyboard only, then screen reader + keyboard actions

       - Tab, arrow keys or ctl+tab: Focus visibly moves to the first interactive element
       - Spacebar: If Grabber is available, spacebar activates on iOS and Android and will either expand or minimize sheet.
       - Enter: If Grabber is available, enter activates on Android and will either expand or minimize sheet.
    Enter will also activate any other interactive element in the sheet.

    2. Test mobile screenreader gestures

       - Swipe: Focus moves to the first element (hidden or not), expresses its name, role, value & state
    """

  @Test("an unindented line continues the check above it")
  func continuationLine() throws {
    let sheet = try component(Self.sheetCondensed)
    let enter = try #require(sheet.criteria.first { $0.check == "Enter" })
    #expect(
      enter.expectation.hasSuffix(
        "minimize sheet. Enter will also activate any other interactive element in the sheet."
      ))
    #expect(sheet.criteria.count == 4)
  }

  @Test(
    "a bullet keyed by a platform that says how to set up a screen reader is a tester note, not a check, with a warning at its line"
  )
  func instructionBullets() throws {
    let text = """
      ## Condensed

      1. Test mobile screenreader gestures

         - iOS: Turn on VoiceOver in Settings > Accessibility before you start
         - Android TalkBack: Use the volume-key shortcut to start TalkBack
         - Android: Activates on double tap
         - Swipe: Focus moves to the button, expresses its name and role
      """
    let result = read(text)
    let button = try #require(result.component)
    #expect(button.criteria.map(\.check) == ["Android", "Swipe"])
    #expect(
      button.testerNotes == [
        "iOS: Turn on VoiceOver in Settings > Accessibility before you start",
        "Android TalkBack: Use the volume-key shortcut to start TalkBack",
      ])
    let warnings = result.diagnostics.filter {
      $0.severity == .warning && $0.message.contains("tester note")
    }
    #expect(warnings.map(\.location.line) == [5, 6])
  }

  @Test(
    "a check that names only Android applies only to Android; one naming both applies to both"
  )
  func platformsFromText() throws {
    let sheet = try component(Self.sheetCondensed)
    #expect(
      sheet.criteria.first { $0.check == "Enter" }?.platforms == [.android])
    #expect(
      sheet.criteria.first { $0.check == "Spacebar" }?.platforms == [
        .iOS, .android,
      ])
    #expect(
      sheet.criteria.first { $0.check == "Swipe" }?.platforms == [
        .iOS, .android,
      ])
  }

  @Test(
    "numbered groups become test kinds, and the title comes from 'How to test'")
  func groupsAndTitle() throws {
    let sheet = try component(Self.sheetCondensed)
    #expect(
      sheet.criteria.map(\.test) == [
        .keyboard, .keyboard, .keyboard, .gestures,
      ])
    #expect(sheet.title == "Sheet")
    #expect(
      sheet.criteria[0].id
        == "native/controls/example/keyboard/tab-arrow-keys-or-ctl-tab")
    #expect(sheet.criteria[0].source.line == 9)
  }

  @Test("'&mdash; **Key**: text' bullets of the newer '## Criteria' section")
  func mdashBullets() throws {
    let doc = """
      # General Notes

      Buttons must be implemented as interactive elements for user actions.

      ## Criteria

      How to test a button

      1. Test keyboard actions

         &mdash; **Tab, arrow keys, or Control+Tab**: Focus visibly moves to the button.  
         &mdash; **Spacebar**: Activates on iOS and Android.  
         &mdash; **Enter**: Activates on Android.
      """
    let button = try component(doc)
    #expect(
      button.criteria.map(\.check) == [
        "Tab, arrow keys, or Control+Tab", "Spacebar", "Enter",
      ])
    #expect(
      button.criteria[0].expectation == "Focus visibly moves to the button.")
    #expect(button.criteria[2].platforms == [.android])
  }

  @Test(
    "a web document (no iOS/Android split) gets Web rows and its id from its link"
  )
  func webDocument() throws {
    let doc = """
      ## General Notes

      How to test a checkbox

      ## Condensed

      ### #a11y - Web Accessibility Acceptance Criteria

      1. Test keyboard only, then screen reader + keyboard actions

         - Tab: Focus visibly moves to the checkbox
         - Spacebar: Toggles the checkbox between states

      3. Listen to screenreader output on all devices
         - Name: Its label and purpose is clear
         - Role: It identifies its role of checkbox

      Full information: [https://www.magentaa11y.com/MagentaA11yV2#/web-criteria/component/checkbox](https://www.magentaa11y.com/MagentaA11yV2#/web-criteria/component/checkbox)

      ## Developer notes

      ### Name
         - The `label` text must describe the checkbox input
      """
    let checkbox = try component(doc, path: "downloads/checkbox.md")
    #expect(checkbox.id == "web/component/checkbox")
    #expect(checkbox.family == .web)
    #expect(checkbox.criteria.allSatisfy { $0.platforms == [.web] })
    #expect(checkbox.notes.first?.topic == "Name")
    #expect(checkbox.notes.first?.platform == nil)
  }

  @Test(
    "notes split by ### topic and by '- **UIKit**' bullets or '#### SwiftUI' headings"
  )
  func notesAndFrameworks() throws {
    let doc = """
      ## Condensed

      1. Test keyboard only
         - Tab: Focus moves

      ## iOS Developer Notes
      ### Name

         - Programmatic name describes the purpose of the control.

         - **UIKit**

            - Set the programmatic name of the button that activates the sheet.

      ### Role

      #### SwiftUI

      - Use native `Button` view

      ## Android Developer Notes
      ### State

      - **Jetpack Compose**
        - `expandedState`
      """
    let c = try component(doc)
    let summary = c.notes.map {
      "\($0.platform?.rawValue ?? "-")|\($0.topic)|\($0.framework ?? "-")"
    }
    #expect(
      summary == [
        "iOS|Name|-", "iOS|Name|UIKit", "iOS|Role|SwiftUI",
        "Android|State|Jetpack Compose",
      ])
    #expect(
      c.notes[1].text
        == "- Set the programmatic name of the button that activates the sheet."
    )
  }

  @Test(
    "Gherkin bullets nest by indentation and shouting keywords become Gherkin keywords"
  )
  func bulletGherkin() throws {
    let doc = """
      ## Gherkin

      GIVEN THAT I am on a screen with a modal

      1. Scenario: Test keyboard actions

         - WHEN I press the "ESCAPE" key
              - THEN the modal should close
                  - AND focus should return to the button that launched it
         - WHEN I press the "ENTER" key
              - THEN any buttons or links should be activated on Android
      """
    let c = try component(doc)
    let scenario = try #require(c.scenarios.first)
    #expect(scenario.name == "Test keyboard actions")
    #expect(scenario.test == .keyboard)
    #expect(scenario.steps.map(\.keyword) == [.given, .when, .when])
    #expect(scenario.steps[0].text == "I am on a screen with a modal")
    #expect(scenario.steps[1].children[0].keyword == .then)
    #expect(
      scenario.steps[1].children[0].children[0].text
        == "focus should return to the button that launched it")
  }

  @Test(
    "web Gherkin: unnumbered-keyword 'I HEAR' bullets are kept as And steps")
  func webGherkin() throws {
    let doc = """
      ## Gherkin

      GIVEN THAT I am on a page with a button

      2. Desktop screenreader

         - WHEN I use a desktop screenreader (NVDA, JAWS, VoiceOver) AND I use the tab key to move focus to a button
            - I HEAR Its purpose is clear
         - THEN when I use the spacebar and/or enter key to activate the button I HEAR the intended action occurs
      """
    let c = try component(doc, path: "web/component/button.md")
    let steps = try #require(c.scenarios.first?.steps)
    #expect(c.scenarios.first?.test == .screenReader)
    #expect(steps[1].children.first?.keyword == .and)
    #expect(steps[1].children.first?.text == "I HEAR Its purpose is clear")
    #expect(steps[2].keyword == .then)
  }

  @Test("fenced ```gherkin blocks with Background, Scenario and But")
  func fencedGherkin() throws {
    let doc = """
      ## Gherkin

      ```gherkin
      Feature: Banner
        Background:
          Given I am on a screen that shows a banner

        Scenario: Test screen reader output
          When the banner appears
          Then its message is announced
          But focus does not move
      ```
      """
    let c = try component(doc)
    let scenario = try #require(c.scenarios.first)
    #expect(scenario.name == "Test screen reader output")
    #expect(scenario.steps.map(\.keyword) == [.given, .when, .then, .but])
  }

  @Test(
    "a misspelt heading is read with a warning; an unknown one is kept as a note with a warning"
  )
  func tolerantHeadings() throws {
    let doc = """
      ## Condensd

      1. Test keyboard only
         - Tab: Focus moves

      ## Andriod Developer Notes
      ### Name
      - Name describes the purpose of the control

      ## Buttons vs links
      - If it goes somewhere, it is a link.
      """
    let result = read(doc)
    let c = try #require(result.component)
    #expect(c.criteria.count == 1)
    #expect(c.notes.first?.platform == .android)
    #expect(c.notes.last?.topic == "Buttons vs links")
    let warnings = result.diagnostics.map(\.description)
    #expect(
      warnings.contains(
        "native/controls/example.md:1: warning: read '## Condensd' as '## Condensed'; fix the heading's spelling"
      ))
    #expect(
      warnings.contains(
        "native/controls/example.md:6: warning: read '## Andriod Developer Notes' as '## Android Developer Notes'; fix the heading's spelling"
      ))
    #expect(
      warnings.contains(
        "native/controls/example.md:10: warning: section '## Buttons vs links' is not a MagentaA11y section; kept as a developer note"
      ))
  }

  @Test(
    "Liquid highlight tags become code fences and '#' lines inside code are not headings"
  )
  func liquidAndCode() throws {
    let doc = """
      ## Condensed

      1. Test keyboard only
         - Tab: Focus moves

      ## Android Developer Notes
      ### Code example
      {% highlight kotlin %}
      ## not a heading
      val x = 1
      {% endhighlight %}
      """
    let c = try component(doc)
    #expect(c.notes.count == 1)
    #expect(c.notes[0].text == "```kotlin\n## not a heading\nval x = 1\n```")
  }

  @Test("announcement examples are collected per platform")
  func announcements() throws {
    let doc = """
      ## Condensed
      1. Test keyboard only
         - Tab: Focus moves

      ## iOS Developer Notes
      ### Announcement examples
         - Announcement order can vary.
         - "Close, button" (If Close X is available)
      """
    let c = try component(doc)
    #expect(
      c.announcements == [
        Announcement(
          platform: .iOS, text: "\"Close, button\" (If Close X is available)")
      ])
  }

  @Test("a check without 'Key:' is kept under 'Other' with a warning")
  func checkWithoutKey() throws {
    let result = read(
      "## Condensed\n\n1. Test mobile screenreader gestures\n\n   - Two-finger scrub closes the menu\n"
    )
    #expect(result.component?.criteria.first?.check == "Other")
    #expect(
      result.diagnostics.first?.description
        == "native/controls/example.md:5: warning: check 'Two-finger scrub closes the menu' has no 'Key:' before its expectation; read it as a check named 'Other'"
    )
  }
}
