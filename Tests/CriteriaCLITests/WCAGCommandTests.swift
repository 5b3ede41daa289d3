import Foundation
import TestSupport
import Testing

@Suite("WCAG on the command line")
struct WCAGCommandTests {
  static let samples = CLIRunner.packageRoot.appendingPathComponent(
    "Samples/criteria"
  ).path

  @Test(
    "criteria wcag --format json: every sample check with its success criteria and the rules that matched"
  )
  func table() throws {
    let run = try CLIRunner.run(["wcag", Self.samples, "--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        as? [String: [[String: Any]]])
    let checks = try #require(json["checks"])
    let listed = try CLIRunner.run(["list", Self.samples, "--format", "json"])
    let components = try #require(
      try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8))
        as? [String: [[String: Any]]])
    let total = (components["components"] ?? []).reduce(0) {
      $0 + ($1["criteria"] as? Int ?? 0)
    }
    #expect(checks.count == total && total > 30)
    // Every check tests or relates to a criterion, or says N/A and is no evidence (the banner's State).
    #expect(
      checks.allSatisfy {
        !(($0["wcag"] as? [String]) ?? []).isEmpty
          || !(($0["related"] as? [String]) ?? []).isEmpty
          || $0["notEvidence"] != nil
      })
    let state = try #require(
      checks.first {
        $0["id"] as? String == "native/notifications/banner/screenreader/state"
      })
    #expect(state["wcag"] as? [String] == [])
    #expect((state["notEvidence"] as? String)?.contains("N/A") == true)
    let swipe = try #require(
      checks.first {
        $0["id"] as? String == "native/controls/rating/gestures/swipe"
      })
    #expect(swipe["wcag"] as? [String] == ["4.1.2"])
    #expect(swipe["related"] as? [String] == ["2.4.3"])
    #expect(swipe["kind"] as? String == "control")
    let tab = try #require(
      checks.first {
        $0["id"] as? String
          == "native/controls/toggle-switch/keyboard/tab-arrow-keys-or-ctl-tab"
      })
    #expect(tab["wcag"] as? [String] == ["2.1.1", "2.4.3", "2.4.7"])
    #expect((tab["rules"] as? [String])?.contains("keyboard-operable") == true)
    #expect((tab["source"] as? String)?.contains("toggle-switch.md:") == true)
    #expect(run.stderr.contains("\(total) checks map to"))

    let text = try CLIRunner.run(["wcag", Self.samples])
    #expect(text.stdout.contains("Toggle switch / Settings / Text resize"))
    #expect(text.stdout.contains("1.4.4"))
  }

  @Test(
    "--explain ID shows the component's kind, every rule that matched with its reason, and the result"
  )
  func explain() throws {
    let shown = try CLIRunner.run([
      "wcag", Self.samples, "--explain",
      "native/controls/rating/gestures/swipe",
    ])
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(
      shown.stdout.contains(
        "component: Rating: kind control (ARIA widget), from its Role check 'Identifies as adjustable in iOS and \"seek control\" in Android' (the words 'adjustable'; kind rule at built-in WCAG rules:"
      ), "\(shown.stdout)")
    #expect(shown.stdout.contains("rule gesture-reach (built-in WCAG rules:"))
    #expect(shown.stdout.contains("related 2.4.3"))
    #expect(shown.stdout.contains("Understanding 4.1.2 Name, Role, Value"))
    #expect(shown.stdout.contains("result: tests 4.1.2; related 2.4.3"))
    let na = try CLIRunner.run([
      "wcag", Self.samples, "--explain",
      "native/notifications/banner/screenreader/state",
    ])
    #expect(na.stdout.contains("result: no evidence: the expectation is N/A"))
    // The banner's Role check speaks of the buttons it holds, not of the banner: its title decides.
    #expect(
      na.stdout.contains(
        "component: Banner: kind live (ARIA live), from its title 'Banner' (the words 'banner'"
      ),
      "\(na.stdout)")
    let disclosure = try CLIRunner.run([
      "wcag", Self.samples, "--explain",
      "web/component/disclosure/screenreader/role",
    ])
    #expect(disclosure.status == 0, "\(disclosure.stderr)")
    #expect(
      disclosure.stdout.contains(
        "component: Disclosure: kind control (ARIA widget), from its Role check 'It identifies as a button' (the words 'button'"
      ), "\(disclosure.stdout)")
    let typo = try CLIRunner.run([
      "wcag", Self.samples, "--explain", "native/controls/rating/gestures/swip",
    ])
    #expect(typo.status == 64)
    #expect(
      typo.stderr.contains(
        "Did you mean 'native/controls/rating/gestures/swipe'?"))
  }

  @Test(
    "--print-rules prints the built-in rules, which read back as a rules file")
  func printRules() throws {
    let dir = try CLIRunner.scratch()
    let printed = try CLIRunner.run(["wcag", "--print-rules"])
    #expect(printed.status == 0)
    #expect(printed.stdout.hasPrefix("kinds:\n"))
    #expect(printed.stdout.contains("\nrules:\n"))
    try dir.write(printed.stdout, to: "copy.yml")
    let again = try CLIRunner.run([
      "wcag", Self.samples, "--rules",
      dir.appendingPathComponent("copy.yml").path, "--format", "json",
    ])
    #expect(again.status == 0, "\(again.stderr)")
  }

  @Test(
    "validate warns for a check no rule maps, with its line; a team's rule file maps it"
  )
  func unmapped() throws {
    let dir = try CLIRunner.scratch()
    try dir.write(
      """
      ## General Notes

      How to test a widget

      ## Condensed

      1. Test screen reader
         - **Wobble**: it wobbles pleasantly
      """, to: "docs/component/widget.md")
    let run = try CLIRunner.run(["validate", "docs"], in: dir)
    #expect(run.status == 0)
    #expect(
      run.stderr.contains(
        "docs/component/widget.md:8: warning: check 'Screen reader: Wobble' maps to no WCAG success criterion"
      ), "\(run.stderr)")
    #expect(
      try CLIRunner.run(["validate", "--strict", "docs"], in: dir).status == 1)
    try dir.write(
      """
      rules:
        - id: wobble
          check: [wobble]
          wcag: [2.3.1]
          reason: "Understanding 2.3.1 Three Flashes or Below Threshold: wobbling may flash."
      """, to: "team-rules.yml")
    // wcag lists the check no rule places, at its line.
    let listed = try CLIRunner.run(["wcag", "docs"], in: dir)
    #expect(
      listed.stderr.contains(
        "1 maps to none (add a rule):\n  docs/component/widget.md:8: Widget / Screen reader / Wobble"
      ),
      "\(listed.stderr)")
    // Nothing says what a widget is: validate says so at the component's line.
    #expect(
      run.stderr.contains(
        "docs/component/widget.md:1: warning: component 'Widget' is of unknown kind"
      ),
      "\(run.stderr)")
    try dir.write(
      """
      kinds:
        - kind: gadget
          aria: widget
          words: [widget]
      rules:
        - id: wobble
          check: [wobble]
          wcag: [2.3.1]
          reason: "Understanding 2.3.1 Three Flashes or Below Threshold: wobbling may flash."
      """, to: "team-rules.yml")
    let mapped = try CLIRunner.run(
      ["validate", "--strict", "--rules", "team-rules.yml", "docs"], in: dir)
    #expect(mapped.status == 0, "\(mapped.stderr)")
  }

  @Test(
    "wcag.rules in criteria.yml reaches every output; a bad number is an error with file:line and did-you-mean"
  )
  func configRules() throws {
    let dir = try CLIRunner.scratch()
    try dir.write(
      """
      version: 1
      sources: [\(Self.samples)]
      wcag:
        rules: [team-rules.yml]
      outputs:
        - exporter: csv
          path: out/checklist.csv
        - exporter: json
          path: out/criteria.json
      """, to: "criteria.yml")
    try dir.write(
      """
      rules:
        - id: resize-text
          check: [text resize]
          wcag: [1.4.4, 1.4.10]
          reason: "Understanding 1.4.4 Resize Text and 1.4.10 Reflow: our text reflows when enlarged."
      """, to: "team-rules.yml")
    let run = try CLIRunner.run(["run", "--config", "criteria.yml"], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    let csv = try dir.read("out/checklist.csv")
    #expect(
      csv.hasPrefix(
        "Component,Platform,Test,Check,Expected result,WCAG,Result,"))
    let resize = csv.split(separator: "\r\n").filter {
      $0.contains(",Settings,Text resize,")
    }
    #expect(!resize.isEmpty)
    #expect(
      resize.allSatisfy { $0.contains(",\"1.4.4, 1.4.10\",Not tested,") },
      "\(resize)")
    let json = try dir.read("out/criteria.json")
    #expect(json.contains("\"wcag\" : ["))

    try dir.write(
      """
      rules:
        - id: resize-text
          check: [text resize]
          wcag: [1.4.44]
          reason: "typo"
      """, to: "team-rules.yml")
    try FileManager.default.removeItem(at: dir.appendingPathComponent("out"))
    let bad = try CLIRunner.run(["run", "--config", "criteria.yml"], in: dir)
    #expect(bad.status != 0)
    #expect(
      bad.stderr.contains(
        "team-rules.yml:4: rules[0].wcag: '1.4.44' is not a WCAG 2.2 success criterion. Did you mean 1.4.4 (Resize text)?"
      ), "\(bad.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("out").path))

    try dir.write(
      "version: 1\nsources: [\(Self.samples)]\nwcag:\n  rules: [missing.yml]\n",
      to: "criteria.yml")
    let missing = try CLIRunner.run(
      ["run", "--config", "criteria.yml"], in: dir)
    #expect(
      missing.stderr.contains(
        "criteria.yml:4: wcag.rules[0]: cannot read 'missing.yml'"),
      "\(missing.stderr)")
  }
}
