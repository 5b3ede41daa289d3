import Foundation
import TestSupport
import Testing

@Suite("The criteria command line")
struct CommandTests {
  let seeds = CLIRunner.shared.appendingPathComponent("seeds")

  @Test(
    "validate: exit 0 on the corpus, exit 1 with file:line messages on bad documents, every problem reported",
    .enabled(if: SharedData.available, Comment(rawValue: SharedData.missing)))
  func validate() throws {
    let ok = try CLIRunner.run([
      "validate",
      CLIRunner.shared.appendingPathComponent("corpus/magentaa11y").path,
    ])
    #expect(ok.status == 0, "\(ok.stderr)")
    // 42 native and 15 web documents; PROVENANCE.md is no criteria document and is skipped, with a note.
    #expect(
      ok.stderr.contains("58 documents, 57 components, 0 errors"),
      "\(ok.stderr)")
    #expect(
      ok.stderr.contains("PROVENANCE.md: skipped: not a criteria document"))

    let dir = try CLIRunner.scratch()
    try dir.write("", to: "docs/empty.md")
    try dir.write("# Notes\n\nnothing here\n", to: "docs/plain.md")
    try dir.write("---\ntitle: x\n", to: "docs/open.md")
    let bad = try CLIRunner.run(["validate", "docs"], in: dir)
    #expect(bad.status == 1)
    #expect(bad.stderr.contains("docs/empty.md: error: the file is empty"))
    #expect(
      bad.stderr.contains(
        "docs/open.md:1: error: the front matter that starts here has no closing '---' line"
      ))
    // Found by walking the folder, a Markdown file that is not a criteria document is skipped, not an error.
    #expect(
      bad.stderr.contains("docs/plain.md: skipped: not a criteria document"))
    #expect(
      bad.stderr.contains(
        "3 documents, 0 components, 2 errors, 0 warnings, 1 skipped"),
      "\(bad.stderr)")
  }

  @Test("list: a table for people and JSON for scripts")
  func list() throws {
    let table = try CLIRunner.run(["list", "Samples/criteria"])
    #expect(table.status == 0)
    let lines = table.stdout.split(separator: "\n")
    #expect(lines.first?.hasPrefix("COMPONENT") == true)
    #expect(
      lines.contains {
        $0.hasPrefix("native/controls/toggle-switch")
          && $0.contains("iOS, Android") && $0.hasSuffix("10        4")
      })
    #expect(
      lines.contains {
        $0.hasPrefix("web/component/disclosure") && $0.contains("Web")
      })

    let json = try CLIRunner.run([
      "list", "Samples/criteria", "--format", "json",
    ])
    let decoded =
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8))
      as? [String: [[String: Any]]]
    let rows = try #require(decoded?["components"])
    #expect(
      rows.map { $0["id"] as? String } == [
        "native/controls/rating", "native/controls/toggle-switch",
        "native/notifications/banner", "web/component/disclosure",
      ])
    #expect(rows[1]["criteria"] as? Int == 10)
  }

  @Test(
    "export --to json: seed 000 shows its 10 checks and 4 scenarios, seed 001 its 10 front-matter checks",
    .enabled(if: SharedData.available, Comment(rawValue: SharedData.missing)))
  func exportSeeds() throws {
    for (seed, scenarios) in [
      ("000_9a7d4474cb6f88e5.txt", 4), ("001_b23c9c9c27417308.txt", 0),
    ] {
      let out = try CLIRunner.run([
        "export", seeds.appendingPathComponent(seed).path, "--to", "json",
      ])
      #expect(out.status == 0, "\(out.stderr)")
      let model =
        try JSONSerialization.jsonObject(with: Data(out.stdout.utf8))
        as? [String: Any]
      let component = try #require(
        (model?["components"] as? [[String: Any]])?.first)
      #expect(component["id"] as? String == "native/controls/sheet")
      let criteria = try #require(component["criteria"] as? [[String: Any]])
      #expect(criteria.count == 10)
      #expect(
        Set(criteria[0].keys).isSuperset(of: [
          "id", "test", "check", "expectation", "platforms",
        ]))
      #expect((component["scenarios"] as? [[String: Any]])?.count == scenarios)
    }
  }

  @Test(
    "export: an unknown format gets a suggestion, a missing source is named, and nothing is written"
  )
  func exportBadInput() throws {
    let dir = try CLIRunner.scratch()
    let samples = CLIRunner.packageRoot.appendingPathComponent(
      "Samples/criteria"
    ).path
    let typo = try CLIRunner.run([
      "export", samples, "--to", "jsno", "--output",
      dir.appendingPathComponent("x.json").path,
    ])
    // A format named on the command line: a usage error (64), not a config error (78).
    #expect(typo.status == 64, "\(typo.stderr)")
    #expect(
      typo.stderr.contains("Unknown exporter 'jsno'. Did you mean 'json'?"))
    let option = try CLIRunner.run([
      "export", samples, "--to", "json", "--option", "prety=true", "--output",
      dir.appendingPathComponent("x.json").path,
    ])
    #expect(option.status == 64, "\(option.stderr)")
    #expect(
      option.stderr.contains(
        "--option.prety: exporter 'json' has no option 'prety'"),
      "\(option.stderr)")
    let missing = try CLIRunner.run(
      ["export", "no/such/folder", "--to", "json"], in: dir)
    #expect(missing.status != 0)
    #expect(
      missing.stderr.contains(
        "Error: no/such/folder: no such file or folder\n"),
      "\(missing.stderr)")
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("empty"), withIntermediateDirectories: true
    )
    let empty = try CLIRunner.run(["list", "empty"], in: dir)
    #expect(
      empty.stderr.contains(
        "Error: empty: the folder holds no criteria documents"),
      "\(empty.stderr)")
    let unwritable = try CLIRunner.run(
      ["export", samples, "--to", "json", "--output", "missing/dir/x.json"],
      in: dir)
    #expect(unwritable.status != 0)
    #expect(unwritable.stderr.contains("the folder"))
    #expect(dir.listing == ["empty"])
  }

  @Test("init writes a starter that run accepts")
  func initAndRun() throws {
    let dir = try CLIRunner.scratch()
    let created = try CLIRunner.run(["init"], in: dir)
    #expect(created.status == 0)
    let again = try CLIRunner.run(["init"], in: dir)
    #expect(again.status != 0)
    #expect(
      again.stderr.contains(
        "'criteria.yml' already exists; pass --force to replace it"))
    let sample = CLIRunner.packageRoot.appendingPathComponent(
      "Samples/criteria/native/controls/toggle-switch.md")
    try dir.write(
      try String(contentsOf: sample, encoding: .utf8),
      to: "criteria/native/controls/toggle-switch.md")
    let run = try CLIRunner.run(["run"], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    // What a PM starts from: the workbook, the CSV checklist and the Markdown one, nothing commented out.
    #expect(
      dir.appendingPathComponent("out").listing == [
        "audit.xlsx", "checklist.csv", "checklist.md",
      ])
    let csv = try dir.read("out/checklist.csv")
    #expect(csv.contains("Toggle switch"), "\(csv.prefix(300))")

    // The commented examples work as written once uncommented: a workbook and Jira Cloud payloads.
    let starter = try dir.read("criteria.yml")
    let uncommented = starter.split(
      separator: "\n", omittingEmptySubsequences: false
    ).map { line in
      line == "# language: en"
        ? "language: es"
        : line.hasPrefix("  # - ")
          ? "  - " + line.dropFirst(6)
          : line.hasPrefix("  #   ") ? "    " + line.dropFirst(6) : String(line)
    }.joined(separator: "\n")
    #expect(uncommented != starter)
    #expect(uncommented.contains("\nlanguage: es\n"))
    try dir.write(uncommented, to: "criteria.yml")
    let dry = try CLIRunner.run(["run", "--dry-run"], in: dir)
    #expect(dry.status == 0, "\(dry.stderr)")
    #expect(
      dir.appendingPathComponent("out/jira-payloads").outputFiles.count == 2)
    let json = try CLIRunner.run(["run", "--only", "json"], in: dir)
    #expect(json.status == 0, "\(json.stderr)")
    let model =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: dir.appendingPathComponent("out/criteria.json")))
      as? [String: Any]
    #expect((model?["components"] as? [Any])?.count == 1)

    // The commented acr: section, uncommented with its example answers, makes a draft ACR whose title is
    // the default one (vendor and edition).
    var inACR = false
    let withACR = uncommented.split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .map { line -> String in
      if line.hasPrefix("# acr:") { inACR = true }
      if line.isEmpty { inACR = false }
      return inACR && line.hasPrefix("# ")
        ? String(line.dropFirst(2)) : String(line)
    }.joined(separator: "\n")
    #expect(withACR.contains("\nacr:\n"))
    try dir.write(withACR, to: "criteria.yml")
    try dir.write(
      "\"1.2.2\": {web: {level: not-applicable, notes: \"No video.\"}}\n",
      to: "acr-answers.yml")
    let audit = try CLIRunner.run(
      ["export", "criteria", "--to", "csv", "--output", "audit.csv"], in: dir)
    #expect(audit.status == 0, "\(audit.stderr)")
    let acr = try CLIRunner.run(
      [
        "acr", "--from", "audit.csv", "--to", "markdown", "--output", "-",
        "--draft",
      ],
      in: dir)
    #expect(acr.status == 0, "\(acr.stderr)")
    #expect(
      acr.stdout.hasPrefix(
        "# Draft: Example Co Accessibility Conformance Report, WCAG Edition\n"),
      "\(acr.stdout.prefix(200))")
  }

  /// A documentation tree as real criteria libraries have: a component, a contributors' style guide, and a
  /// how-to-test guide with notes but no checks (written for this test).
  func documentationTree() throws -> URL {
    let dir = try CLIRunner.scratch()
    let sample = try String(
      contentsOf: CLIRunner.packageRoot.appendingPathComponent(
        "Samples/criteria/native/controls/rating.md"), encoding: .utf8)
    try dir.write(sample, to: "docs/native/controls/rating.md")
    try dir.write(
      "# Writing style\n\nUse sentence case in headings.\n\n### Lists\n\n- One idea per bullet.\n",
      to: "docs/style-guide.md")
    try dir.write(
      """
      # How to test with a screen reader

      ## General Notes

      Turn the screen reader on before you start.

      ## Developer Notes

      1. ## How to test
         - Swipe through the page and listen.

      """, to: "docs/guides/screen-reader.md")
    return dir
  }

  @Test(
    "files a folder walk finds that are not criteria documents are skipped with one note each; named ones are errors"
  )
  func documentationTrees() throws {
    let dir = try documentationTree()
    let validate = try CLIRunner.run(["validate", "docs"], in: dir)
    #expect(validate.status == 0, "\(validate.stderr)")
    #expect(
      validate.stderr.contains(
        "docs/style-guide.md: skipped: not a criteria document"))
    #expect(
      validate.stderr.contains(
        "docs/guides/screen-reader.md: skipped: a guide with notes but no checks or scenarios"
      ))
    #expect(
      validate.stderr.contains(
        "3 documents, 1 component, 0 errors, 0 warnings, 2 skipped"),
      "\(validate.stderr)")
    let export = try CLIRunner.run(
      ["export", "docs/**/*.md", "--to", "csv", "--output", "out.csv"], in: dir)
    #expect(export.status == 0, "\(export.stderr)")
    let csv = try dir.read("out.csv")
    #expect(!csv.contains("style") && !csv.contains("screen-reader"))
    let strict = try CLIRunner.run(["validate", "--strict", "docs"], in: dir)
    #expect(strict.status == 1)
    let named = try CLIRunner.run(["validate", "docs/style-guide.md"], in: dir)
    #expect(named.status == 1)
    #expect(
      named.stderr.contains(
        "docs/style-guide.md:1: error: no MagentaA11y sections found"),
      "\(named.stderr)")
  }
}
