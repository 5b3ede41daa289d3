import Conformance
import CriteriaModel
import CriteriaReaders
import Foundation
import TestSupport
import Testing

@Suite("mapping checks to WCAG")
struct WCAGRulesTests {
  let rules = WCAGRules.builtIn()

  func check(
    _ test: TestKind, _ key: String, _ expectation: String,
    platforms: [Platform] = [.web]
  ) -> Criterion {
    Criterion(
      id: "web/component/x/\(test.rawValue)/\(key.lowercased())", test: test,
      check: key,
      expectation: expectation, platforms: platforms,
      source: SourceLocation(file: "x.md", line: 3))
  }

  @Test(
    "what the issue names: focus, name and visible label, role, state, group, resize, announcements, trap, target size, contrast, orientation",
    arguments: [
      (
        TestKind.keyboard, "Tab", "Focus visibly moves to the button",
        ["2.1.1", "2.4.3", "2.4.7"]
      ),
      (
        .screenReader, "Name", "Purpose is clear and matches the visible label",
        ["2.5.3", "4.1.2"]
      ),
      (.screenReader, "Name", "Purpose is clear", ["4.1.2"]),
      (.screenReader, "Role", "Identifies as a button", ["4.1.2"]),
      (.screenReader, "State", "Expresses its state (selected)", ["4.1.2"]),
      (.screenReader, "Group", "Label and hint are read together", ["1.3.1"]),
      (
        .settings, "Text resize",
        "Text can resize up to 200% without losing information", ["1.4.4"]
      ),
      (.keyboard, "Escape", "Closes the dialog", ["2.1.1"]),
      (
        .screenReader, "Status", "The result count is dynamically announced",
        ["4.1.3"]
      ),
      (
        .settings, "Target size", "Each target is at least 24 by 24 pixels",
        ["2.5.8"]
      ),
      (.settings, "Contrast", "Text contrast is at least 4.5:1", ["1.4.3"]),
      (.settings, "Orientation", "Works in portrait and landscape", ["1.3.4"]),
    ])
  func named(test: TestKind, key: String, expectation: String, wcag: [String]) {
    #expect(rules.map(check(test, key, expectation)).wcag == wcag)
  }

  @Test(
    "web components the corpus does not hold: links, tabs, forms, dialogs, tables",
    arguments: [
      (
        TestKind.keyboard, "Enter",
        "Activates the link and goes to its destination", ["2.1.1"]
      ),
      (
        .keyboard, "Arrow keys", "Focus moves between the tabs in the tab list",
        ["2.1.1", "2.4.3"]
      ),
      (
        .screenReader, "Label", "The input's visible label is read as its name",
        ["2.5.3", "4.1.2"]
      ),
      (
        .screenReader, "Error message",
        "The error message is announced when the field is invalid", ["3.3.1"]
      ),
      (
        .screenReader, "Hint", "Format instructions are read after the label",
        ["3.3.2"]
      ),
      (
        .keyboard, "Tab", "Focus is trapped inside the dialog while it is open",
        ["2.4.3"]
      ),
      (
        .screenReader, "Column header", "Each header is read with its cell",
        ["1.3.1"]
      ),
      (
        .screenReader, "Initial focus",
        "Focus moves to the dialog's heading when it opens", ["2.4.3"]
      ),
      (
        .screenReader, "Image", "The chart's text alternative is read",
        ["1.1.1"]
      ),
    ])
  func generalises(
    test: TestKind, key: String, expectation: String, wcag: [String]
  ) {
    let mapped = rules.map(check(test, key, expectation)).wcag
    for number in wcag { #expect(mapped.contains(number), "\(key): \(mapped)") }
    #expect(!mapped.isEmpty)
  }

  @Test(
    "phrases match whole words: 'tab' is not in 'table', 'name' is not in 'rename'"
  )
  func wholeWords() throws {
    let custom = try WCAGRules(
      yaml: """
        rules:
          - id: tab-only
            check: [tab]
            wcag: [2.4.3]
            reason: test
        """, origin: "t.yml")
    #expect(
      custom.map(check(.screenReader, "Table", "Read as a table")).wcag.isEmpty)
    #expect(
      custom.map(check(.keyboard, "Shift+Tab", "Focus moves back")).wcag == [
        "2.4.3"
      ])
  }

  @Test(
    "whole-word phrases are found as naive folding finds them, in texts of repeated and near-repeated words"
  )
  func phrasesAgainstNaiveSearch() throws {
    // The words and the texts are drawn from a few letters so that near misses are everywhere.
    var seed: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    let words = ["a", "b", "ab", "tab", "table"]
    for _ in 0..<300 {
      let text = (0..<(1 + next(120))).map { _ in words[next(words.count)] }
        .joined(separator: [" ", "/", "-"][next(3)])
      let phrase = (0..<(1 + next(4))).map { _ in words[next(words.count)] }
        .joined(separator: " ")
      let yaml =
        "rules:\n  - id: p\n    expectation: [\"\(phrase)\"]\n    wcag: [2.1.1]\n    reason: r\n"
      let rules = try WCAGRules(yaml: yaml, origin: "p.yml")
      let found = !rules.map(check(.keyboard, "Key", text)).rules.isEmpty
      let folded =
        " "
        + text.lowercased().split(whereSeparator: {
          !$0.isLetter && !$0.isNumber
        }).joined(separator: " ") + " "
      #expect(
        found == folded.contains(" " + phrase + " "), "'\(phrase)' in '\(text)'"
      )
    }
  }

  @Test("a team's file adds rules and replaces a built-in one by id")
  func overrides() throws {
    var rules = WCAGRules.builtIn()
    try rules.add(
      yaml: """
        rules:
          - id: resize-text
            check: [text resize]
            wcag: [1.4.4, 1.4.10]
            reason: "our products reflow as well"
          - id: wobble
            tests: [screenReader]
            check: [wobble]
            wcag: [2.3.1]
            reason: "flashes"
        """, origin: "team.yml")
    #expect(rules.rules.filter { $0.id == "resize-text" }.count == 1)
    let resize = rules.map(check(.settings, "Text resize", "Text grows"))
    #expect(resize.wcag == ["1.4.4", "1.4.10"])
    #expect(resize.rules == ["resize-text"])
    #expect(
      rules.rules.first { $0.id == "resize-text" }?.origin == "team.yml:2")
    #expect(
      rules.map(check(.screenReader, "Wobble", "It wobbles")).wcag == ["2.3.1"])
  }

  @Test(
    "bad rules are errors with the file, the line and what to do",
    arguments: [
      (
        "rules:\n  - id: x\n    wcag: [2.4.77]\n    reason: r\n",
        "team.yml:3: rules[0].wcag: '2.4.77' is not a WCAG 2.2 success criterion. Did you mean 2.4.7 (Focus Visible)?"
      ),
      (
        "rules:\n  - id: x\n    tests: [keybaord]\n    wcag: [2.1.1]\n    reason: r\n",
        "team.yml:3: rules[0].tests: unknown test 'keybaord'. Did you mean 'keyboard'?"
      ),
      (
        "rules:\n  - id: x\n    wcag: [2.1.1]\n",
        "team.yml:2: rules[0].reason: missing"
      ),
      (
        "rules:\n  - id: x\n    wcag: []\n    reason: r\n",
        "team.yml:3: rules[0].wcag: list the success criteria"
      ),
      (
        "rules:\n  - id: x\n    wcag: [2.1.1]\n    reason: r\n    chek: [tab]\n",
        "team.yml:5: rules[0].chek: unknown key 'chek'. Did you mean 'check'?"
      ),
      ("rules:\n  - &a\n    id: x\n", "team.yml:2:"),
      (
        "rules:\n  - id: x\n    wcag: [2.1.1]\n    reason: r\n    check: [\"\(Array(repeating: "w", count: 17).joined(separator: " "))\"]\n",
        "team.yml:5: rules[0].check[0]: a phrase of more than 16 words; rules match short phrases, so split it"
      ),
      (
        "rules:\n  - id: x\n    wcag: [2.1.1]\n    reason: r\n    unless: \(Array(repeating: "w", count: 17).joined(separator: "-"))\n",
        "team.yml:5: rules[0].unless: a phrase of more than 16 words"
      ),
      (
        "rules:\n  - id: x\n    wcag: [2.1.1]\n    related: [2.4.3, 2.1.1]\n    reason: r\n",
        "team.yml:4: rules[0].related: 2.1.1 is listed under wcag (tested) and related (contested)"
      ),
      (
        "rules:\n  - id: x\n    related: [4.1.22]\n    reason: r\n",
        "team.yml:3: rules[0].related: '4.1.22' is not a WCAG 2.2 success criterion. Did you mean 4.1.2 (Name, Role, Value)?"
      ),
      (
        "rules:\n  - id: x\n    kind: [imgae]\n    wcag: [1.1.1]\n    reason: r\n",
        "team.yml:3: rules[0].kind: unknown component kind 'imgae'. Did you mean 'image'?"
      ),
      (
        "rules:\n  - id: x\n    unless_kind:\n      - control\n      - landmrk\n    wcag: [1.1.1]\n    reason: r\n",
        "team.yml:5: rules[0].unless_kind: unknown component kind 'landmrk'. Did you mean 'landmark'?"
      ),
      (
        "kinds:\n  - kind: chart\n    wrds: [chart]\n",
        "team.yml:3: kinds[0].wrds: unknown key 'wrds'. Did you mean 'words'?"
      ),
    ])
  func badRules(yaml: String, message: String) {
    do {
      var rules = WCAGRules.builtIn()
      try rules.add(yaml: yaml, origin: "team.yml")
      Issue.record("accepted: \(yaml)")
    } catch {
      #expect(error.description.hasPrefix(message), "\(error.description)")
    }
  }

  func component(_ title: String, id: String, category: String)
    -> Component
  {
    Component(
      id: id, title: title, family: .web, category: category,
      source: SourceLocation(file: "x.md", line: 1))
  }

  @Test(
    "the component decides: an image's name is its text alternative, a link's name its purpose, a landmark's role structure"
  )
  func kinds() {
    let name = check(.screenReader, "Name", "Its purpose is clear")
    let role = check(.screenReader, "Role", "It identifies itself correctly")
    let cases: [(Component, String, [String], [String])] = [
      (
        component(
          "Informative image", id: "web/component/image", category: "component"),
        "image", ["1.1.1"], ["1.1.1"]
      ),
      (
        component("Link", id: "web/component/link", category: "component"),
        "link", ["2.4.4", "4.1.2"], ["4.1.2"]
      ),
      (
        component(
          "Footer landmark", id: "web/page-level/footer", category: "page-level"
        ), "landmark", ["1.3.1"], ["1.3.1"]
      ),
      (
        component(
          "Data table", id: "web/component/data-table", category: "component"),
        "table", ["1.3.1"], ["1.3.1"]
      ),
      (
        component(
          "Table row button", id: "native/controls/table-row-button",
          category: "controls"), "control", ["4.1.2"], ["4.1.2"]
      ),
      (
        component(
          "Page title", id: "web/page-level/page-title", category: "page-level"),
        "page", ["2.4.2"], []
      ),
      (
        component("Button", id: "web/component/button", category: "component"),
        "control", ["4.1.2"], ["4.1.2"]
      ),
    ]
    for (component, kind, named, roled) in cases {
      #expect(rules.kind(of: component) == kind, "\(component.title)")
      #expect(
        rules.map(name, kind: kind).wcag == named, "\(component.title) name")
      #expect(
        rules.map(role, kind: kind).wcag == roled, "\(component.title) role")
    }
  }

  @Test(
    "the review's patterns: 2.4.7 only for a visible indicator, no 2.1.1 for negative, browse-mode, zoom or gesture checks, related criteria never evidence"
  )
  func reviewPatterns() {
    func map(
      _ test: TestKind, _ key: String, _ expectation: String,
      kind: String = "control"
    )
      -> WCAGMatch
    {
      rules.map(check(test, key, expectation), kind: kind)
    }
    #expect(
      map(.keyboard, "Tab", "Focus moves to the button").wcag == [
        "2.1.1", "2.4.3",
      ])
    #expect(
      map(.keyboard, "Tab", "Focus visibly moves to the button").wcag == [
        "2.1.1", "2.4.3", "2.4.7",
      ])
    #expect(
      map(.keyboard, "Tab", "The image does not receive focus").wcag == [])
    #expect(
      map(.keyboard, "Arrow keys", "Content is browsed in order").wcag == [
        "1.3.2"
      ])
    #expect(
      map(.keyboard, "Browser zoom", "Text zooms to 200% without loss").wcag
        == ["1.4.4"])
    #expect(
      map(.gestures, "Pinch", "Content zooms; zoom is not disabled").wcag == [
        "1.4.4"
      ])
    let tap = map(.gestures, "Doubletap", "Activates the button")
    #expect(tap.wcag == ["4.1.2"] && tap.related == ["2.1.1"])
    let swipe = map(.gestures, "Swipe", "Focus moves to the link")
    #expect(swipe.wcag == [] && swipe.related == ["2.4.3"])
    #expect(
      map(.screenReader, "Role", "It identifies as a heading", kind: "heading")
        .wcag == ["1.3.1"])
    #expect(
      map(
        .screenReader, "Name", "The heading describes its section",
        kind: "heading"
      ).wcag == ["2.4.6"])
    #expect(
      map(
        .screenReader, "Level", "Heading level 2 is announced", kind: "heading"
      )
      .wcag == ["1.3.1"])
    #expect(
      map(.screenReader, "Alert", "The alert is announced when it appears").wcag
        == ["4.1.3"])
    #expect(
      map(.keyboard, "Escape", "The tooltip is dismissed").wcag == [
        "1.4.13", "2.1.1",
      ])
    #expect(
      map(
        .keyboard, "Arrow keys",
        "Screen reader browses to the image and reads its alt text",
        kind: "image"
      ).wcag == ["1.1.1", "1.3.2"])
    #expect(
      map(.keyboard, "Skip link", "Focus moves to the main content").wcag
        .contains("2.4.1"))
    #expect(
      map(
        .screenReader, "Title", "The page title describes the page",
        kind: "page"
      ).wcag == ["2.4.2"])
    #expect(
      map(.screenReader, "Alert", "The alert is announced without moving focus")
        .wcag == ["4.1.3"])
    #expect(
      map(.settings, "Autoplay", "The video does not autoplay").wcag == [
        "1.4.2", "2.2.2",
      ])
    #expect(
      map(
        .settings, "Zoom",
        "At 400% content reflows without scrolling in two dimensions"
      ).wcag == ["1.4.10"])
    #expect(
      map(
        .screenReader, "Toast", "The message stays until the user dismisses it"
      ).wcag == ["2.2.1"])
    let na = map(.screenReader, "Group", "n/a")
    #expect(na.wcag == [] && na.related == [] && na.notEvidence != nil)
    #expect(
      map(.settings, "Text resize", "Image does not resize, N/A").notEvidence
        != nil)
    #expect(
      map(.settings, "Text resize", "N/A only for webview sections").wcag == [
        "1.4.4"
      ])
  }

  /// A component of `title` whose Role check says `role`.
  func component(_ title: String, role: String) -> Component {
    var made = component(
      title, id: "web/component/\(title.lowercased())", category: "component")
    made.criteria = [check(.screenReader, "Role", role)]
    return made
  }

  @Test(
    "what a component is comes from its own Role check first, on ARIA's role categories, and an unknown kind is said"
  )
  func kindFromRole() {
    let cases: [(String, String, String, String?)] = [
      ("Tidbit", "It identifies itself as a list", "list", "structure"),
      (
        "Widget", "It identifies itself as a heading level 2", "heading",
        "structure"
      ),
      ("Card", "It identifies itself as a button", "control", "widget"),
      ("Card", "Identifies as an image button", "control", "widget"),
      ("Promo", "Identifies as an image", "image", "structure"),
      (
        "Overlay", "May identify itself as a modal, dialog or alert", "dialog",
        "window"
      ),
      ("Notice", "It identifies itself as an alert", "live", "live"),
      (
        "Field", "Identifies itself as text field on iOS, edit box on Android",
        "input", "widget"
      ),
      ("Drawer", "It identifies its role as region", "landmark", "landmark"),
      (
        "Options", "Identifies itself as a menu, popover or modal", "composite",
        "composite"
      ),
      // The role of what the component holds, or a role on a condition, is not the component's.
      (
        "Table", "Most interactive elements identify as a button", "table",
        "structure"
      ),
      (
        "Graphic",
        "Identifies itself as a button or image button, if interactive",
        "image", "structure"
      ),
      ("Thing", "CTA identifies as a button", "unknown", nil),
    ]
    for (title, role, kind, category) in cases {
      let decided = rules.kinds.decide(component(title, role: role))
      #expect(decided.kind == kind, "\(title): \(role)")
      #expect(decided.category == category, "\(title): \(role)")
    }
    let unknown = rules.kinds.decide(
      component("Thing", role: "CTA identifies as a button"))
    #expect(
      unknown.explanation.hasPrefix("kind unknown: no Role check names a role"))
    let told = rules.kinds.decide(
      component("Tidbit", role: "It identifies itself as a list"))
    #expect(told.source == .role && told.matched == "list")
    #expect(
      told.explanation.hasPrefix(
        "kind list (ARIA structure), from its Role check 'It identifies itself as a list' (the words 'list'"
      ))
    // Without a Role check the title decides.
    let hint = component(
      "Hint, help, or error", id: "web/component/hint-help-error",
      category: "component")
    #expect(rules.kinds.decide(hint).kind == "description")
    #expect(rules.kinds.decide(hint).source == .title)
  }

  @Test(
    "the blind review's patterns: the kind qualifies names and roles, the expectation decides, not the heading word"
  )
  func blindReviewPatterns() {
    func map(
      _ test: TestKind, _ key: String, _ expectation: String,
      kind: String
    ) -> [String] {
      rules.map(check(test, key, expectation), kind: kind).wcag
    }
    // What the component is decides what its Name and Role test; the Group and Keyboard headings are
    // hints, the expectation says what is observed; what the component is reaches the specific
    // criteria.
    let cases: [(TestKind, String, String, String, [String])] = [
      (
        .screenReader, "Name", "The icon's alt text describes it", "image",
        ["1.1.1"]
      ),
      (
        .screenReader, "Role", "It identifies as a heading", "heading",
        ["1.3.1"]
      ),
      (
        .screenReader, "Name", "The hint is read after the label",
        "description", ["1.3.1"]
      ),
      (
        .screenReader, "Role", "It identifies itself as an alert", "live",
        ["4.1.3"]
      ),
      (
        .screenReader, "Name", "Its alternative describes the trend", "figure",
        ["1.1.1"]
      ),
      (.screenReader, "Name", "Its purpose is clear", "control", ["4.1.2"]),
      (
        .screenReader, "Group", "Focus returns to the button that opened it",
        "dialog", ["2.4.3"]
      ),
      (
        .screenReader, "Group", "The label is grouped with the switch",
        "control", ["1.3.1"]
      ),
      (
        .keyboard, "Reduce motion", "Animation stops when the setting is on",
        "control", ["2.3.3"]
      ),
      (
        .keyboard, "Initial focus", "Focus starts on the heading", "dialog",
        ["2.4.3"]
      ),
      (
        .keyboard, "Spacebar", "Selects the option. Otherwise, does nothing.",
        "control", ["2.1.1"]
      ),
      (.keyboard, "Spacebar", "Does nothing", "control", []),
      (
        .keyboard, "Tab", "Content behind the modal is inert", "dialog",
        ["2.4.3"]
      ),
      (.keyboard, "Enter", "Does not check the checkbox", "control", []),
      (
        .screenReader, "Group", "It expresses how many tabs there are (1 of 3)",
        "composite", ["1.3.1"]
      ),
      (
        .screenReader, "State",
        "Auto-rotation stops when focus is in the carousel", "control",
        ["2.2.2"]
      ),
      (
        .screenReader, "State", "The play/pause button expresses its state",
        "media", ["4.1.2"]
      ),
      (
        .screenReader, "State",
        "It expresses its current value, and changes are announced as it progresses",
        "control", ["4.1.2", "4.1.3"]
      ),
      (
        .keyboard, "Enter", "Selects the suggestion and closes the list",
        "input", ["2.1.1"]
      ),
      (
        .screenReader, "Group",
        "The number of suggestions is announced as they appear", "input",
        ["4.1.3"]
      ),
      (
        .screenReader, "Name", "Each error names the field and how to fix it",
        "description", ["1.3.1", "3.3.1", "3.3.3"]
      ),
      (
        .keyboard, "H key", "The screen reader moves from heading to heading",
        "heading", ["1.3.1"]
      ),
      (
        .screenReader, "Name", "The page's language is set (lang=\"en\")",
        "page", ["3.1.1"]
      ),
      (
        .keyboard, "Ctrl plus", "At 200% zoom no content is cut off", "page",
        ["1.4.4"]
      ),
      (
        .gestures, "Swipe",
        "Content is read in the same order it appears on screen", "page",
        ["1.3.2"]
      ),
      (
        .gestures, "Swipe",
        "The badge's count is read with the item it belongs to", "description",
        ["1.3.1"]
      ),
      (
        .screenReader, "Group", "The card's heading identifies as a heading",
        "text", ["1.3.1"]
      ),
      (
        .gestures, "Swipe", "Focus moves to the chart, its summary is read",
        "figure", ["1.1.1"]
      ),
      (
        .screenReader, "Group", "It is the first focusable element",
        "skip-link", ["2.4.1"]
      ),
      (
        .screenReader, "State", "It expresses that it has a popup", "control",
        ["4.1.2"]
      ),
      (
        .screenReader, "Role", "It identifies as a button and has popup",
        "unknown", ["4.1.2"]
      ),
    ]
    for (test, key, expectation, kind, wcag) in cases {
      #expect(
        map(test, key, expectation, kind: kind) == wcag,
        "\(kind) \(test.label): \(key) | \(expectation)")
    }
    #expect(
      !map(
        .screenReader, "Group", "Audio never plays automatically", kind: "media"
      ).contains("1.3.1"))
    #expect(
      !map(.keyboard, "Screen reader", "The content is read", kind: "control")
        .contains("2.1.1"))
    #expect(
      map(
        .keyboard, "Enter", "Focus moves to the main content", kind: "skip-link"
      ).contains("2.4.1"))
  }

  @Test(
    "a team's kind rule decides before the built-in ones, and its rules may name the kind"
  )
  func teamKinds() throws {
    var rules = WCAGRules.builtIn()
    try rules.add(
      yaml: """
        kinds:
          - kind: chart
            words: [chart, sparkline]
        rules:
          - id: chart-summary
            tests: [screenReader]
            check: [summary]
            kind: [chart]
            wcag: [1.1.1]
            reason: "Understanding 1.1.1 Non-text Content: a chart's summary is its text alternative."
        """, origin: "team.yml")
    let chart = component(
      "Sales chart", id: "web/component/sales-chart", category: "component")
    #expect(rules.kind(of: chart) == "chart")
    #expect(rules.kinds.rule(for: chart)?.origin == "team.yml:2")
    let summary = check(.screenReader, "Summary", "The trend is described")
    #expect(rules.map(summary, kind: "chart").wcag == ["1.1.1"])
    #expect(rules.map(summary, kind: "table").wcag == [])
  }

  @Test(
    "every built-in rule names real success criteria and gives a reason citing Understanding"
  )
  func builtInRulesAreReviewed() {
    #expect(rules.rules.count >= 30)
    #expect(Set(rules.rules.map(\.id)).count == rules.rules.count)
    for rule in rules.rules {
      #expect(rule.reason.hasPrefix("Understanding "), "\(rule.id)")
      for number in rule.wcag {
        #expect(WCAG22.criterion(number) != nil, "\(rule.id): \(number)")
        #expect(
          rule.reason.contains(number), "\(rule.id)'s reason cites \(number)")
      }
    }
  }

  func read(_ urls: [URL]) throws -> Catalog {
    let (catalog, diagnostics) = CatalogReader().read(
      try SourceCollector().collect(urls.map(\.path)))
    #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
    return catalog
  }

  func expectAllMapped(_ catalog: Catalog) {
    let (mapped, rows) = WCAGMapping(rules: rules).apply(to: catalog)
    #expect(!rows.isEmpty)
    // A check tests something, relates to something, or says N/A; the few the judged set holds
    // test nothing at all are named here, each with why.
    let testNothing = [
      "Keyboard: Tab, arrow keys or ctl+tab | Focus can visibly move to the reorder control, but cannot be activated",
      "Gestures: Keyboard | Keyboard appears",
      "Keyboard: Any key | Nothing happens. It is completely inert.",
      "Keyboard: Non-number keys | Nothing is entered",
      "Keyboard: Tab, arrow keys or ctl+tab | Error message are not usually focusable and will not receive focus when using the keyboard",
      "Gestures: Swipe | Error message are not usually focusable and will not receive focus when navigating via swipe",
      "Gestures: Swipe | The element is skipped entirely. It is completely inert.",
      "Screen reader: Name | The element is skipped entirely. It is completely inert.",
      "Keyboard: Tab | Nothing, headers are not focusable unless they are actionable",
      "Settings: Text resize | This element is exempt from text resizing requirements",
    ]
    let unmapped = rows.filter {
      $0.wcag.isEmpty && $0.related.isEmpty && $0.notEvidence == nil
        && !testNothing.contains("\($0.test): \($0.check) | \($0.expectation)")
    }.map { "\($0.source) \($0.test): \($0.check) | \($0.expectation)" }
    #expect(unmapped.isEmpty, "\(unmapped)")
    for component in mapped.components {
      #expect(Set(component.wcag) == Set(component.criteria.flatMap(\.wcag)))
    }
  }

  @Test(
    "every check of the sample documents maps to a success criterion it tests or relates to, or says N/A"
  )
  func samples() throws {
    expectAllMapped(
      try read([
        SharedData.packageRoot.appendingPathComponent("Samples/criteria")
      ]))
  }

  @Test(
    "every check of the 42-document corpus and the five seeds maps to a criterion it tests or relates to, says N/A, or is a known no-test check",
    .enabled(if: SharedData.available, Comment(rawValue: SharedData.missing)))
  func corpus() throws {
    let seeds = try FileManager.default.contentsOfDirectory(
      at: SharedData.root.appendingPathComponent("seeds"),
      includingPropertiesForKeys: nil
    ).filter { $0.pathExtension == "txt" }
    #expect(seeds.count == 5)
    let catalog = try read(
      [SharedData.root.appendingPathComponent("corpus/magentaa11y/native")]
        + seeds)
    #expect(catalog.criterionCount > 350)
    expectAllMapped(catalog)
  }
}

@Suite("criteria a document cites itself")
struct CitedWCAGTests {
  @Test(
    "links in a further-reading list and a Jekyll wcag: list become component-level references"
  )
  func citations() throws {
    let current = """
      ## General Notes

      How to test a tab list

      ## Condensed

      1. Test keyboard
         - **Arrow keys**: focus moves between tabs

      ## Further reading

      - [WCAG 1.3.1 Info and Relationships (Level A)](https://www.w3.org/WAI/WCAG22/Understanding/info-and-relationships)
      - [WCAG 2.2 1.4.11 Non-text Contrast](https://example.com) and WCAG 9.9.99, which does not exist
      - The WCAG 2.2 Understanding documents
      """
    let read = DocumentReader().read(
      bytes: Array(current.utf8), path: "web/component/tabs.md")
    let component = try #require(read.component)
    #expect(component.wcag == ["1.3.1", "1.4.11", "9.9.99"])
    let mapped = WCAGMapping(rules: .builtIn()).apply(
      to: Catalog(components: [component])
    ).catalog.components[0]
    #expect(
      mapped.wcag == ["1.3.1", "1.4.11", "2.1.1", "2.4.3"],
      "cited ones join the mapped ones; unknown numbers do not")

    let jekyll = """
      ---
      title: "Switch"
      categories: [controls]
      wcag: [4.1.2, "2.5.8"]
      keyboard:
        tab: Focus moves to the switch
      ---
      """
    let old = try #require(
      DocumentReader().read(
        bytes: Array(jekyll.utf8), path: "native/controls/switch.md"
      ).component)
    #expect(old.wcag == ["2.5.8", "4.1.2"])
  }
}
