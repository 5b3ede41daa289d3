import Foundation
import TestSupport
import Testing

@Suite("file exporters defined in exporters/")
struct DefinedExporterTests {
  static let samples = CLIRunner.packageRoot.appendingPathComponent(
    "Samples/criteria"
  ).path

  /// Rows as Python's csv module reads them in strict mode (a badly quoted field is an error, not a guess).
  func readCSV(_ text: String) throws -> [[String]] {
    let run = try CLIRunner.runPython(
      [
        "-c",
        "import csv, json, sys; print(json.dumps(list(csv.reader(sys.stdin, strict=True))))",
      ], input: text)
    #expect(
      run.status == 0, "Python's csv module refused the file: \(run.stderr)")
    return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
      as? [[String]] ?? []
  }

  @Test(
    "the shipped TestRail definition: every check once per platform with its expected result, read by Python's csv module"
  )
  func testRail() throws {
    let dir = try CLIRunner.scratch()
    let run = try CLIRunner.run(
      ["export", Self.samples, "--to", "testrail-cases"], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    let rows = try readCSV(run.stdout)
    #expect(
      rows.first == [
        "Title", "Section", "Type", "Preconditions", "Steps", "Expected Result",
        "References",
      ])
    let json = try CLIRunner.run(["export", Self.samples, "--to", "json"])
    let model =
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8))
      as? [String: [[String: Any]]]
    var expected: [[String]] = []
    for component in model?["components"] ?? [] {
      for criterion in component["criteria"] as? [[String: Any]] ?? [] {
        for platform in criterion["platforms"] as? [String] ?? [] {
          expected.append([
            "\(criterion["check"] as? String ?? "") (\(platform))",
            component["title"] as? String ?? "",
            criterion["expectation"] as? String ?? "",
          ])
        }
      }
    }
    let got = rows.dropFirst().map { [$0[0], $0[1], $0[5]] }
    #expect(got.count == expected.count && got.count == 58)
    #expect(
      Set(got.map { $0.joined(separator: "|") })
        == Set(expected.map { $0.joined(separator: "|") }))
    #expect(rows.dropFirst().allSatisfy { $0[2] == "Accessibility" })
    let typed = try CLIRunner.run(
      [
        "export", Self.samples, "--to", "testrail-cases", "--option",
        "type=Regression",
      ], in: dir)
    #expect(
      try readCSV(typed.stdout).dropFirst().allSatisfy {
        $0[2] == "Regression"
      }, "a declared option from --option")
  }

  @Test(
    "every value is escaped as the definition declares: CSV quoting and the formula guard, JSON string escapes"
  )
  func escaping() throws {
    let dir = try CLIRunner.scratch()
    try dir.write(
      """
      ## General Notes

      How to test a widget

      ## Condensed

      1. Test keyboard
         - **=HYPERLINK("http://x")**: Focus moves, "then" stops, here
      """, to: "docs/component/widget.md")
    try dir.write(
      """
      name: cases-csv
      kind: file
      extension: csv
      escape: csv
      template: |
        Check,Expected
        {{#rows}}
        {{check}},{{expected}}
        {{/rows}}
      """, to: "exporters/cases-csv.yml")
    try dir.write(
      """
      name: cases-json
      kind: file
      extension: json
      escape: json
      template: |
        [{{#rows}}{"check": "{{check}}", "expected": "{{expected}}"}{{/rows}}]
      """, to: "exporters/cases-json.yml")
    let csv = try CLIRunner.run(
      ["export", "docs", "--to", "cases-csv"], in: dir)
    #expect(csv.status == 0, "\(csv.stderr)")
    let rows = try readCSV(csv.stdout)
    #expect(rows.count == 2)
    #expect(
      rows[1] == [
        "'=HYPERLINK(\"http://x\")", "Focus moves, \"then\" stops, here",
      ])
    let json = try CLIRunner.run(
      ["export", "docs", "--to", "cases-json"], in: dir)
    let parsed =
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8))
      as? [[String: String]]
    #expect(parsed?.first?["check"] == "=HYPERLINK(\"http://x\")")
    #expect(parsed?.first?["expected"] == "Focus moves, \"then\" stops, here")
    let listed = try CLIRunner.run(["exporters"], in: dir)
    #expect(
      listed.stdout.contains("cases-csv")
        && listed.stdout.contains("exporters/cases-csv.yml"))
  }

  @Test(
    "a template nesting {{#rows}} three deep stops at the output bound with a clear error, at once and in little memory; max_output_mib sets the bound"
  )
  func boundedOutput() throws {
    let dir = try CLIRunner.scratch()
    let rows = (1...120).map {
      "   - Key \($0): Expectation \($0) " + String(repeating: "x", count: 60)
    }.joined(separator: "\n")
    try dir.write(
      "## General Notes\n\nHow to test a widget\n\n## Condensed\n\n1. Test keyboard\n\(rows)\n",
      to: "docs/component/widget.md")
    try dir.write(
      """
      name: cube
      kind: file
      extension: txt
      escape: none
      template: |
        {{#rows}}{{#rows}}{{#rows}}{{check}} {{expected}}
        {{/rows}}{{/rows}}{{/rows}}
      """, to: "exporters/cube.yml")
    // 120³ lines of about 90 bytes: some 150 MB, past a 16 MiB bound.
    let started = Date()
    let refused = try CLIRunner.run(
      [
        "export", "docs", "--to", "cube", "--option", "max_output_mib=16",
        "--output", "cube.txt",
      ], in: dir)
    #expect(refused.status != 0)
    #expect(
      refused.stderr.contains(
        "exporters/cube.yml: the output of 'cube' would pass 16 MiB, so it was not written"
      ), "\(refused.stderr)")
    #expect(refused.stderr.contains("set the option max_output_mib"))
    #expect(Date().timeIntervalSince(started) < 30)
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("cube.txt").path))
    // Two deep fits under the default bound and renders every line.
    try dir.write(
      """
      name: square
      kind: file
      extension: txt
      escape: none
      template: |
        {{#rows}}{{#rows}}{{check}}
        {{/rows}}{{/rows}}
      """, to: "exporters/square.yml")
    let square = try CLIRunner.run(
      ["export", "docs", "--to", "square"], in: dir)
    #expect(square.status == 0, "\(square.stderr)")
    #expect(square.stdout.split(separator: "\n").count == 120 * 120)
    let bad = try CLIRunner.run(
      ["export", "docs", "--to", "square", "--option", "max_output_mib=lots"],
      in: dir)
    #expect(
      bad.status != 0
        && bad.stderr.contains(
          "max_output_mib: 'lots' is not a whole number of MiB from 1 to 65536"),
      "\(bad.stderr)")
  }

  @Test(
    "bad definitions: clear errors with file and line; one broken definition never breaks another export",
    arguments: [
      (
        "name: x\nkind: file\nextension: csv\nescape: cvs\ntemplate: a\n",
        "x.yml:4: escape: unknown escape 'cvs'. Did you mean 'csv'?"
      ),
      (
        "name: x\nkind: file\nextension: csv\nescape: csv\n",
        "x.yml:1: template: missing"
      ),
      (
        "name: x\nkind: file\nextension: csv\nescape: csv\ntemplate: |\n  a\n  {{#rows}}\n  {{chek}}\n  {{/rows}}\n",
        "x.yml:8: unknown variable 'chek' in the template. Did you mean 'check'?"
      ),
      (
        "name: x\nkind: file\nextension: csv\nescape: csv\ntemplate: |\n  a\n  {{#rows}}\n  b\n",
        "x.yml:9: template syntax error (expectedSectionEnd)"
      ),
      (
        "name: x\nkind: fiel\ncreate: {url: x}\n",
        "x.yml:2: kind: unknown kind 'fiel'. Did you mean 'file'?"
      ),
    ])
  func badDefinitions(yaml: String, message: String) throws {
    let dir = try CLIRunner.scratch()
    try dir.write(yaml, to: "exporters/x.yml")
    let used = try CLIRunner.run(
      ["export", Self.samples, "--to", "x"], in: dir)
    #expect(used.status != 0)
    #expect(used.stderr.contains(message), "\(used.stderr)")
    let other = try CLIRunner.run(
      ["export", Self.samples, "--to", "csv"], in: dir)
    #expect(
      other.status == 0, "an unrelated export still works: \(other.stderr)")
  }

  @Test(
    "the shipped Xray definition: a test per component, one step per check and platform with its expected result"
  )
  func xray() throws {
    let run = try CLIRunner.run(
      ["export", Self.samples, "--to", "xray-tests"],
      in: try CLIRunner.scratch())
    #expect(run.status == 0, "\(run.stderr)")
    let rows = try readCSV(run.stdout)
    #expect(
      rows.first == [
        "Test ID", "Summary", "Test Type", "Action", "Data", "Expected Result",
      ])
    let steps = Array(rows.dropFirst())
    #expect(steps.count == 58, "every check once per platform")
    #expect(
      Set(steps.map { $0[0] }).count == 4, "one test per sample component")
    #expect(steps.allSatisfy { $0[2] == "Manual" })
    #expect(
      steps.contains([
        "native/controls/toggle-switch", "Toggle switch", "Manual",
        "Keyboard: Tab, arrow keys or ctl+tab", "Android",
        "Focus visibly moves to the toggle switch",
      ]))
    // Lines of one test are consecutive, as Xray groups them.
    var seen: [String] = []
    for step in steps where seen.last != step[0] { seen.append(step[0]) }
    #expect(seen.count == Set(seen).count)
  }

  @Test(
    "the shipped Zephyr Scale definition: a case per component and platform, a step per check with its expected result"
  )
  func zephyrScale() throws {
    let run = try CLIRunner.run(
      [
        "export", Self.samples, "--to", "zephyr-scale-cases", "--option",
        "status=Approved",
      ],
      in: try CLIRunner.scratch())
    #expect(run.status == 0, "\(run.stderr)")
    let rows = try readCSV(run.stdout)
    #expect(
      rows.first == [
        "Name", "Objective", "Precondition", "Folder", "Status", "Priority",
        "Labels",
        "Test Script (Step-by-Step) - Step",
        "Test Script (Step-by-Step) - Test Data",
        "Test Script (Step-by-Step) - Expected Result",
      ])
    let lines = Array(rows.dropFirst())
    #expect(lines.count == 58, "every check once per platform, one row each")
    // A case's fields on its first row only; its further steps leave them empty, as the import groups them.
    var cases: [(name: String, steps: [[String]])] = []
    for line in lines {
      if !line[0].isEmpty {
        #expect(
          line[4] == "Approved" && line[5] == "Normal"
            && line[6] == "accessibility" && !line[3].isEmpty)
        cases.append((line[0], []))
      } else {
        let caseFields = Array(line.prefix(7))
        #expect(caseFields.allSatisfy { $0.isEmpty }, "\(line)")
      }
      cases[cases.count - 1].steps.append(line)
    }
    #expect(cases.count == Set(cases.map(\.name)).count, "each case once")
    #expect(cases.map(\.name).contains("Toggle switch (Android)"))
    let toggle = try #require(
      cases.first { $0.name == "Toggle switch (Android)" })
    #expect(
      toggle.steps.contains {
        $0[7] == "Keyboard: Tab, arrow keys or ctl+tab"
          && $0[9] == "Focus visibly moves to the toggle switch"
      })
    #expect(toggle.steps[0][1].contains("WCAG 2.2: "))
    // The same checks as the TestRail and Xray definitions: each check once per platform.
    let xray = try readCSV(
      try CLIRunner.run(
        ["export", Self.samples, "--to", "xray-tests"],
        in: try CLIRunner.scratch()
      ).stdout)
    let fromXray = xray.dropFirst().map {
      "\($0[1]) (\($0[4]))|\($0[3])|\($0[5])"
    }.sorted()
    var name = ""
    let fromZephyr = lines.map { line -> String in
      if !line[0].isEmpty { name = line[0] }
      return "\(name)|\(line[7])|\(line[9])"
    }.sorted()
    #expect(fromZephyr == fromXray)
  }
}
