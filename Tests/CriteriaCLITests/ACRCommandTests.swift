import Conformance
import Foundation
import TestSupport
import Testing

@Suite("criteria acr")
struct ACRCommandTests {
  static let samples = CLIRunner.packageRoot.appendingPathComponent(
    "Samples/criteria"
  ).path

  /// OpenACR's schema and a VPAT 2.5 catalogue in ../shared accept the report (`check_openacr.py`).
  static func expectValidOpenACR(
    _ report: URL, catalogue: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let schemas = SharedData.root.appendingPathComponent("schemas/openacr")
    let check = try CLIRunner.runPython([
      CLIRunner.packageRoot.appendingPathComponent(
        "Tests/ACRTests/Scripts/check_openacr.py"
      ).path,
      report.path, schemas.appendingPathComponent("openacr-0.1.0.json").path,
      schemas.appendingPathComponent(catalogue).path,
    ])
    #expect(
      check.stdout == "ok\n", "\(check.stdout)\(check.stderr)",
      sourceLocation: sourceLocation)
  }

  /// An answers template (`acr --answers-template`) with every empty entry, a provision's or a
  /// criterion's, given `level` and `notes`.
  static func fill(_ template: String, level: String, notes: String) -> String {
    ["  ", "    "].reduce(template) { text, indent in
      text.replacingOccurrences(
        of: "level:\n\(indent)notes: \"\"",
        with: "level: \(level)\n\(indent)notes: \"\(notes)\"")
    }
  }

  /// Adds to `answers.yml` a Not Applicable answer for every Section 508 and EN 301 549 chapter, with
  /// the notes `notes` gives for its id.
  func answerEveryChapter(_ dir: URL, notes: (String) -> String) throws {
    let chapters =
      ProvisionStandard.section508.chapters.map(\.id)
      + ProvisionStandard.en301549.chapters.filter { !$0.provisions.isEmpty }
      .map(\.id)
    let answers = chapters.map {
      "\($0): {level: not-applicable, notes: \"\(notes($0))\"}"
    }
    try dir.write(
      try dir.read("answers.yml")
        + answers.joined(separator: "\n") + "\n", to: "answers.yml")
  }

  /// Writes `failed.FORMAT`: the filled audit with its first row a High failure filed as `ticket`.
  func failFirstRow(_ dir: URL, format: String = "xlsx", ticket: String) throws
  {
    try TesterScript.fill(
      dir.appendingPathComponent("filled.\(format)"),
      dir.appendingPathComponent("failed.\(format)"),
      ["2": ["Result": "Fail", "Severity": "High", "Ticket": ticket]])
  }

  /// A folder with a filled sample audit (every row Pass except two Fails with a ticket) and a config.
  func setUp(
    format: String = "xlsx", columns: String? = nil, acr: String? = nil
  ) throws -> URL {
    let dir = try CLIRunner.scratch()
    var arguments = [
      "export", Self.samples, "--to", format, "--output", "audit.\(format)",
    ]
    if let columns { arguments += ["--option", "columns=\(columns)"] }
    let export = try CLIRunner.run(arguments, in: dir)
    #expect(export.status == 0, "\(export.stderr)")
    try TesterScript.fill(
      dir.appendingPathComponent("audit.\(format)"),
      dir.appendingPathComponent("filled.\(format)"), ["*": ["Result": "Pass"]])
    try dir.write(
      """
      version: 1
      sources: [\(Self.samples)]
      acr:
      \(acr ?? """
              title: "Sample App ACR"
              product: {name: "Sample App", version: "1.0"}
              author: {name: "Ana", email: "ana@example.com"}
              report_date: "2026-11-20"
              answers: answers.yml
              remarks: {detail: full}
            """)
      """, to: "criteria.yml")
    return dir
  }

  @Test(
    "acr --help names every VPAT 2.5 edition OpenACR has a catalogue for, and each is accepted",
    .enabled(if: SharedData.available, Comment(rawValue: SharedData.missing)))
  func editionsInHelp() throws {
    let catalogues = try FileManager.default.contentsOfDirectory(
      atPath: SharedData.root.appendingPathComponent("schemas/openacr").path
    ).filter { $0.hasPrefix("2.5-edition-") && $0.hasSuffix(".yaml") }
      .map { String($0.dropLast(".yaml".count)) }
    #expect(catalogues.count == 3)
    let help = try CLIRunner.run(
      ["acr", "--help"], in: try CLIRunner.scratch())
    // The help wraps its lines: compare it unwrapped.
    let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(
      separator: " ")
    for edition in catalogues {
      #expect(text.contains(edition), "\(edition) in: \(text)")
    }
    let dir = try setUp()
    try answerTheRest(dir)
    for edition in catalogues {
      let run = try CLIRunner.run(
        [
          "acr", "--from", "filled.xlsx", "--to", "markdown", "--output", "-",
          "--draft", "--edition", edition,
        ], in: dir)
      #expect(run.status == 0, "\(edition): \(run.stderr)")
    }
  }

  @Test(
    "--platform limits the report to one platform's rows and says so; a platform the audit lacks is a usage error"
  )
  func onePlatform() throws {
    let dir = try setUp()
    try dir.write("{}\n", to: "answers.yml")
    let ios = try CLIRunner.run(
      [
        "acr", "--from", "filled.xlsx", "--to", "markdown", "--output",
        "ios.md",
        "--draft", "--platform", "ios",
      ], in: dir)
    #expect(ios.status == 0, "\(ios.stderr)")
    let text = try dir.read("ios.md")
    #expect(text.contains("Platforms evaluated"), "\(text.prefix(800))")
    #expect(
      text.contains("- **Platforms evaluated:** iOS\n"), "\(text.prefix(800))")
    #expect(!text.contains("Web:"), "no web column for an iOS report")
    // The description the config gives for every platform says which app this report covers.
    #expect(
      text.contains("This report covers the iOS app only."),
      "\(text.prefix(1200))")
    let all = try CLIRunner.run(
      [
        "acr", "--from", "filled.xlsx", "--to", "markdown", "--output",
        "all.md",
        "--draft",
      ], in: dir)
    #expect(all.status == 0, "\(all.stderr)")
    let every = try dir.read("all.md")
    #expect(!every.contains("This report covers"))
    #expect(
      every.contains("- **Platforms evaluated:** iOS, Android, Web\n"),
      "\(every.prefix(800))")
    let wrong = try CLIRunner.run(
      [
        "acr", "--from", "filled.xlsx", "--output", "x.yaml", "--platform",
        "windows",
      ], in: dir)
    #expect(wrong.status == 64)
  }

  @Test(
    "without enough evidence for Level A and AA it lists them and writes nothing; --draft writes a draft"
  )
  func missingEvidence() throws {
    let dir = try setUp()
    try dir.write("{}\n", to: "answers.yml")
    let run = try CLIRunner.run(
      ["acr", "--from", "filled.xlsx", "--output", "acr.yaml"], in: dir)
    #expect(run.status == 1)
    #expect(
      run.stderr.contains(
        "Level A and AA success criteria have no or not enough evidence"))
    #expect(
      run.stderr.contains("1.1.1 Non-text Content (Level A; web, software)"))
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("acr.yaml").path))
    let draft = try CLIRunner.run(
      ["acr", "--from", "filled.xlsx", "--output", "acr.yaml", "--draft"],
      in: dir)
    #expect(draft.status == 0, "\(draft.stderr)")
    let yaml = try dir.read("acr.yaml")
    #expect(yaml.contains("title: \"Draft: Sample App ACR\""))
    #expect(yaml.contains("report_date: \"2026-11-20\""))
  }

  /// An answers file giving every Level A and AA criterion a level by hand wherever the samples do not
  /// test it (per product type: web rows, software rows).
  func answerTheRest(_ dir: URL) throws {
    let export = try CLIRunner.run(["export", Self.samples, "--to", "json"])
    let json =
      try JSONSerialization.jsonObject(with: Data(export.stdout.utf8))
      as? [String: [[String: Any]]]
    var tested: [String: Set<String>] = ["web": [], "software": []]
    for component in json?["components"] ?? [] {
      for criterion in component["criteria"] as? [[String: Any]] ?? [] {
        for platform in criterion["platforms"] as? [String] ?? [] {
          tested[platform == "Web" ? "web" : "software", default: []].formUnion(
            criterion["wcag"] as? [String] ?? [])
        }
      }
    }
    var lines: [String] = []
    for criterion in WCAG22.all where criterion.level != .aaa {
      let kinds = ["web", "software"].filter {
        !(tested[$0]?.contains(criterion.number) ?? false)
      }
      guard !kinds.isEmpty else { continue }
      lines.append("\"\(criterion.number)\":")
      for kind in kinds {
        lines.append(
          "  \(kind): {level: not-applicable, notes: \"No such content.\"}")
      }
    }
    try dir.write(lines.joined(separator: "\n") + "\n", to: "answers.yml")
  }

  @Test(
    "acr.remarks.detail chooses the buyer's summary or the reviewer's full remarks, --remarks overrides it for one run, and a wrong word names the key"
  )
  func remarksDetail() throws {
    let dir = try setUp(
      acr: """
          product: {name: "Sample App", version: "1.0"}
          author: {name: "Ana", email: "ana@example.com"}
          answers: answers.yml
          remarks: {detail: summary}
        """)
    try answerTheRest(dir)
    try failFirstRow(dir, format: "xlsx", ticket: "A11Y-7")
    let summary = try CLIRunner.run(
      ["acr", "--from", "failed.xlsx", "--to", "markdown", "--output", "s.md"],
      in: dir)
    #expect(summary.status == 0, "\(summary.stderr)")
    let buyer = try dir.read("s.md")
    #expect(buyer.contains("Fails on "), "\(buyer)")
    #expect(!buyer.contains("A11Y-7") && !buyer.contains("(High"))
    let full = try CLIRunner.run(
      [
        "acr", "--remarks", "full", "--from", "failed.xlsx", "--to", "markdown",
        "--output", "f.md",
      ], in: dir)
    #expect(full.status == 0, "\(full.stderr)")
    #expect(try dir.read("f.md").contains("(High, ticket A11Y-7)"))
    let config = try dir.read("criteria.yml")
    try dir.write(
      config.replacingOccurrences(
        of: "detail: summary", with: "detail: sumary"), to: "criteria.yml")
    let wrong = try CLIRunner.run(
      ["acr", "--from", "failed.xlsx", "--output", "w.yaml"], in: dir)
    #expect(wrong.status == 78, "\(wrong.stderr)")
    #expect(
      wrong.stderr.contains("acr.remarks.detail")
        && wrong.stderr.contains("Did you mean 'summary'"), "\(wrong.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("w.yaml").path))
  }

  @Test(
    "a filled audit becomes OpenACR, Markdown and HTML with evidence-based remarks and ticket keys",
    arguments: ["xlsx", "csv"])
  func formats(format: String) throws {
    let dir = try setUp(format: format)
    try answerTheRest(dir)
    try failFirstRow(dir, format: format, ticket: "A11Y-7")
    for (to, file) in [
      ("openacr", "acr.yaml"), ("markdown", "acr.md"), ("html", "acr.html"),
    ] {
      let run = try CLIRunner.run(
        ["acr", "--from", "failed.\(format)", "--to", to, "--output", file],
        in: dir)
      #expect(run.status == 0, "\(run.stderr)")
    }
    let yaml = try dir.read("acr.yaml")
    #expect(yaml.contains("level: partially-supports"))
    #expect(
      yaml.contains("(High, ticket A11Y-7)"),
      "the failing row's severity and ticket are in the remarks")
    // A level set by hand where no check tests the criterion: the answer's notes alone, never "No
    // check of this audit tests it" beside it.
    #expect(yaml.contains("notes: \"No such content.\""), "\(yaml)")
    #expect(!yaml.contains("No check of this audit tests it. No such content."))
    let markdown = try dir.read("acr.md")
    #expect(markdown.contains("### Table 1: Success Criteria, Level A"))
    let html = try dir.read("acr.html")
    #expect(
      html.contains(
        "<h3 id=\"success_criteria_level_a\">Table 1: Success Criteria, Level A</h3>"
      ))
    #expect(
      html.contains(
        "<table class=\"criteria\" aria-labelledby=\"success_criteria_level_a\">"
      ))
    if SharedData.available {
      try Self.expectValidOpenACR(
        dir.appendingPathComponent("acr.yaml"),
        catalogue: "2.5-edition-wcag-2.2-en.yaml")
    }
  }

  @Test(
    "ticket keys in the remarks link to the tracker pages the config's ledger recorded"
  )
  func ticketLinks() throws {
    let dir = try setUp()
    try answerTheRest(dir)
    try failFirstRow(dir, ticket: "7")
    let config = try dir.read("criteria.yml")
    try dir.write(
      config + """

        outputs:
          - name: redmine
            exporter: redmine
            options: {url: "http://127.0.0.1:9", project: a11y, token_env: NOT_NEEDED}
        """, to: "criteria.yml")
    // Row 2's failure as `tickets` filed it from an audit whose Ticket cell stays empty (the original:
    // the key went into the copy): the ledger knows it under the row's finding identity.
    let audit = try TesterScript.read(dir.appendingPathComponent("failed.xlsx"))
    let idColumn = try #require(audit.header.firstIndex(of: "ID"))
    let id = try #require(audit.rows["2"]?[idColumn])
    try dir.write(
      #"{"entries": {"finding/x": {"attempts": 1, "key": "7", "state": "filed", "url": "http://127.0.0.1:9/issues/7"}, "#
        + #""finding/\#(id)": {"attempts": 1, "key": "8", "state": "filed", "url": "http://127.0.0.1:9/issues/8"}}, "#
        + #""tracker": "redmine", "version": 1}"#,
      to: "redmine.ledger.json")
    let run = try CLIRunner.run(
      ["acr", "--from", "failed.xlsx", "--to", "html", "--output", "acr.html"],
      in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    let html = try dir.read("acr.html")
    #expect(
      html.contains(
        "(High, ticket <a href=\"http://127.0.0.1:9/issues/7\">7</a>)"),
      "the row's own key wins: \(html.prefix(300))")
    try failFirstRow(dir, ticket: "")
    let original = try CLIRunner.run(
      ["acr", "--from", "failed.xlsx", "--to", "html", "--output", "acr.html"],
      in: dir)
    #expect(original.status == 0, "\(original.stderr)")
    #expect(
      try dir.read("acr.html").contains(
        "(High, ticket <a href=\"http://127.0.0.1:9/issues/8\">8</a>)"),
      "the ledger's key for the failure")
  }

  @Test(
    "the WCAG 2.2 and Revised Section 508 edition: provisions answered by number or by chapter, a final report refuses unanswered ones and Not Evaluated, and the OpenACR passes the 508 catalogue"
  )
  func section508() throws {
    let dir = try setUp()
    try answerTheRest(dir)
    let wcagAnswers = try dir.read("answers.yml")
    let edition = ["--edition", "2.5-edition-wcag-2.2-508-en"]
    // Chapter 3 answered one by one except 302.9; the other chapters as a whole.
    var provisions = [
      "hardware: {level: not-applicable, notes: \"A software product: no hardware.\"}",
      "software: {level: supports, notes: \"Reviewed against the platforms' accessibility APIs.\"}",
      "support_documentation_and_services: {level: partially-supports, notes: \"Help pages lack alt text.\"}",
    ]
    for number in [
      "302.1", "302.2", "302.3", "302.4", "302.5", "302.6", "302.7", "302.8",
    ] {
      provisions.append(
        "\"\(number)\": {level: supports, notes: \"Checked with the audit.\"}")
    }
    try dir.write(
      wcagAnswers + provisions.joined(separator: "\n") + "\n", to: "answers.yml"
    )
    let refused = try CLIRunner.run(
      [
        "acr", "--from", "filled.xlsx", "--to", "openacr", "--output",
        "acr.yaml",
      ] + edition,
      in: dir)
    #expect(refused.status == 1, "\(refused.stderr)")
    #expect(
      refused.stderr.contains("1 provision has no answer"),
      "\(refused.stderr)")
    #expect(
      refused.stderr.contains(
        "302.9 With Limited Language, Cognitive, and Learning Abilities"),
      "\(refused.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("acr.yaml").path))

    try dir.write(
      wcagAnswers + provisions.joined(separator: "\n")
        + "\n\"302.9\": {level: not-evaluated}\n", to: "answers.yml")
    let notEvaluated = try CLIRunner.run(
      [
        "acr", "--from", "filled.xlsx", "--to", "openacr", "--output",
        "acr.yaml",
      ] + edition,
      in: dir)
    #expect(notEvaluated.status == 1, "\(notEvaluated.stderr)")
    #expect(
      notEvaluated.stderr.contains(
        "302.9 With Limited Language, Cognitive, and Learning Abilities answered Not Evaluated"
      ),
      "\(notEvaluated.stderr)")

    try dir.write(
      wcagAnswers + provisions.joined(separator: "\n")
        + "\n\"302.9\": {level: not-applicable, notes: \"No physical operation.\"}\n",
      to: "answers.yml")
    for (to, file) in [("openacr", "acr.yaml"), ("markdown", "acr.md")] {
      let run = try CLIRunner.run(
        ["acr", "--from", "filled.xlsx", "--to", to, "--output", file]
          + edition, in: dir)
      #expect(run.status == 0, "\(run.stderr)")
    }
    let markdown = try dir.read("acr.md")
    for line in [
      "## Revised Section 508 Report", "### Chapter 4: Hardware",
      // Answered whole, the chapter is one line, as VPAT allows, not a table of identical rows.
      "### Chapter 4: Hardware\n\nNot Applicable for every provision of this chapter: A software product: no hardware.\n",
      "| 302.1 Without Vision | Supports | From the audit's screen-reader checks: 37 checks pass in Rating, Toggle switch, Banner and Disclosure on iOS, Android and Web. Checked with the audit. |",
      "| Revised Section 508 standards published January 18, 2017 and corrected January 22, 2018 | Yes |",
    ] {
      #expect(markdown.contains(line), "\(line)")
    }
    #expect(markdown.hasPrefix("# Sample App ACR"), "acr.title is kept")
    if SharedData.available {
      try Self.expectValidOpenACR(
        dir.appendingPathComponent("acr.yaml"),
        catalogue: "2.5-edition-wcag-2.2-508-en.yaml")
    }
  }

  @Test(
    "the International edition: the WCAG tables, then Section 508 and EN 301 549 chapters answered by chapter; the OpenACR passes the International catalogue"
  )
  func international() throws {
    let dir = try setUp()
    try answerTheRest(dir)
    try answerEveryChapter(dir) { "Not part of this app (\($0))." }
    for (to, file) in [
      ("openacr", "acr.yaml"), ("markdown", "acr.md"), ("html", "acr.html"),
    ] {
      let run = try CLIRunner.run(
        [
          "acr", "--from", "filled.xlsx", "--to", to, "--output", file,
          "--edition",
          "2.5-edition-wcag-2.2-508-eu-en",
        ], in: dir)
      #expect(run.status == 0, "\(run.stderr)")
    }
    let markdown = try dir.read("acr.md")
    for line in [
      "## Revised Section 508 Report", "## EN 301 549 Report",
      "### Chapter 11: Software",
      "### Chapter 9: Web\n\nNotes: See the WCAG 2.2 Report",
      "| 11.5.2.4 Assistive technology | Not Applicable |",
      "| EN 301 549 Accessibility requirements for ICT products and services - V3.2.1 (2021-03) | Yes |",
    ] {
      #expect(markdown.contains(line), "\(line)")
    }
    #expect(
      markdown.firstRange(of: "## Revised Section 508 Report")!.lowerBound
        < markdown.firstRange(of: "## EN 301 549 Report")!.lowerBound)
    if SharedData.available {
      try Self.expectValidOpenACR(
        dir.appendingPathComponent("acr.yaml"),
        catalogue: "2.5-edition-wcag-2.2-508-eu-en.yaml")
    }
  }

  @Test(
    "the ACR as a Word document, read by python-docx: VPAT's headings, a header row repeated on every page, every criterion once, heading clauses with no level, DRAFT on every page of a draft; --to pdf is a tagged PDF"
  )
  func wordDocument() throws {
    let dir = try setUp()
    try answerTheRest(dir)
    try answerEveryChapter(dir) { _ in "Not in this app." }
    func read(_ file: String, draft: Bool) throws -> [String: Any] {
      let run = try CLIRunner.run(
        [
          "acr", "--from", "filled.xlsx", "--to", "docx", "--output", file,
          "--edition", "2.5-edition-wcag-2.2-508-eu-en",
        ] + (draft ? ["--draft"] : []), in: dir)
      #expect(run.status == 0, "\(run.stderr)")
      let check = try CLIRunner.runPython([
        CLIRunner.packageRoot.appendingPathComponent(
          "Tests/ACRTests/Scripts/check_docx.py"
        ).path, dir.appendingPathComponent(file).path,
      ])
      #expect(check.status == 0, "\(check.stderr)")
      return try #require(
        try JSONSerialization.jsonObject(with: Data(check.stdout.utf8))
          as? [String: Any])
    }
    let final = try read("acr.docx", draft: false)
    #expect(final["title"] as? String == "Sample App ACR")
    let headings = (final["headings"] as? [[Any]] ?? []).map {
      "\($0[0]) \($0[1])"
    }
    // VPAT's order, as Word's own heading levels.
    let expected = [
      "1 Sample App ACR", "2 Applicable Standards/Guidelines", "2 Terms",
      "2 WCAG 2.2 Report", "3 Table 1: Success Criteria, Level A",
      "3 Table 2: Success Criteria, Level AA", "2 Revised Section 508 Report",
      "3 Chapter 3: Functional Performance Criteria (FPC)",
      "2 EN 301 549 Report", "3 Chapter 11: Software", "2 Legal Disclaimer",
    ].filter { $0 != "2 Legal Disclaimer" }
    var position = 0
    for heading in expected {
      let found = headings[position...].firstIndex(of: heading)
      #expect(found != nil, "\(heading) in order among \(headings)")
      position = found ?? position
    }
    #expect(headings.filter { $0.hasPrefix("1 ") }.count == 1)
    let tables = final["tables"] as? [[String: Any]] ?? []
    // The standards, Tables 1 and 2, and the chapters the audit has evidence for (the rest are one line).
    #expect(tables.count >= 6, "\(tables.count)")
    for table in tables {
      #expect(table["repeats"] as? Bool == true, "\(table["columns"] ?? "")")
      #expect(table["other_headers"] as? Int == 0)
    }
    let criteriaRows = tables.filter {
      ($0["columns"] as? [String])?.first == "Criteria"
    }.flatMap { $0["rows"] as? [[String]] ?? [] }
    for criterion in WCAG22.all where criterion.level != .aaa {
      let name = "\(criterion.number) \(criterion.handle) (Level"
      #expect(
        criteriaRows.filter { $0.first?.hasPrefix(name) == true }.count == 1,
        "\(criterion.number) once")
    }
    // A heading clause asks no level; a requirement has one.
    let interoperability = criteriaRows.first {
      $0.first == "11.5 Interoperability with assistive technology"
    }
    #expect(
      interoperability?.dropFirst().first
        == "Heading cell – no response required"
    )
    #expect(
      criteriaRows.first { $0.first == "11.7 User preferences" }?.dropFirst()
        .first == "Not Applicable")
    #expect(final["page_numbers"] as? Bool == true)
    #expect(!(final["header"] as? String ?? "").contains("DRAFT"))
    let draft = try read("draft.docx", draft: true)
    #expect((draft["header"] as? String ?? "").hasPrefix("DRAFT"))
    // The PDF is that document, tagged (so a screen reader reads its headings and tables).
    let pdf = try CLIRunner.run(
      [
        "acr", "--from", "filled.xlsx", "--to", "pdf", "--output", "acr.pdf",
        "--edition", "2.5-edition-wcag-2.2-508-eu-en",
      ], in: dir)
    #expect(pdf.status == 0, "\(pdf.stderr)")
    let info = try runTool(
      "pdfinfo", [dir.appendingPathComponent("acr.pdf").path])
    #expect(info.stdout.contains("Tagged:          yes"), "\(info.stdout)")
    #expect(
      info.stdout.contains("Title:           Sample App ACR"), "\(info.stdout)")
    // Binary bytes are never poured onto a terminal.
    let terminal = try CLIRunner.run(
      ["acr", "--from", "filled.xlsx", "--to", "docx", "--output", "-"], in: dir
    )
    #expect(terminal.status == 64 && terminal.stdout.isEmpty)
    #expect(
      terminal.stderr.contains("give --output PATH"), "\(terminal.stderr)")
  }

  @Test(
    "acr --answers-template writes every item the audit cannot decide; as written it reads as unanswered, and with its levels filled in it makes a final International ACR with no warning, a 508 answer carried to EN 301 549"
  )
  func answersTemplate() throws {
    // Every fact VPAT expects, so that any warning is the answers' own.
    let dir = try setUp(
      acr: """
          title: "Sample App ACR"
          product: {name: "Sample App", version: "1.0"}
          author: {name: "Ana", email: "ana@example.com"}
          vendor: {company_name: "Example Corp", email: "a11y@example.com"}
          evaluation_methods_used: "Manual testing with VoiceOver and TalkBack."
          legal_disclaimer: "As is."
          answers: answers.yml
        """)
    try dir.write(
      "\"1.4.3\":\n  web: {level: supports, notes: \"Checked by hand.\"}\n",
      to: "answers.yml")
    let edition = ["--edition", "2.5-edition-wcag-2.2-508-eu-en"]
    let made = try CLIRunner.run(
      [
        "acr", "--from", "filled.xlsx", "--answers-template", "--output",
        "template.yml",
      ]
        + edition, in: dir)
    #expect(made.status == 0, "\(made.stderr)")
    let template = try dir.read("template.yml")
    // An answer already given is written back filled in; the rest wait for a level.
    #expect(
      template.contains(
        "\"1.4.3\": # Contrast (Minimum) (Level AA)\n  web:\n    # No check of this audit tests it.\n    level: supports\n    notes: \"Checked by hand.\"\n"
      ), "\(template)")
    #expect(
      template.contains(
        "# The whole chapter at once: hardware: {level: not-applicable"))
    // Heading clauses ask nothing; an EN 301 549 provision harmonised with a 508 one asked here says so.
    #expect(!template.contains("\"11.5\":") && !template.contains("\"12.1\":"))
    #expect(template.contains("\"602.3\": # Electronic Support Documentation"))
    #expect(
      template.contains(
        "# 12.1.2 Accessible documentation: takes the answer of Revised Section 508 602.3"
      ),
      "\(template)")
    #expect(!template.contains("\"12.1.2\":"))
    // As written, it is a valid answers file with nothing answered but what was: a final ACR lists the rest.
    try dir.write(template, to: "answers.yml")
    let unfilled = try CLIRunner.run(
      ["acr", "--from", "filled.xlsx", "--output", "acr.yaml"] + edition,
      in: dir)
    #expect(unfilled.status == 1, "\(unfilled.stderr)")
    #expect(
      unfilled.stderr.contains("1.4.3 Contrast (Minimum) (Level AA; software)"),
      "\(unfilled.stderr)")
    #expect(unfilled.stderr.contains("1.1.1 Non-text Content"))
    // Filled in, level by level, it makes the final ACR with no warning at all.
    let filled = Self.fill(
      template, level: "not-applicable", notes: "Not in this app.")
    #expect(!filled.contains("level:\n"))
    try dir.write(filled, to: "answers.yml")
    for (to, file) in [("openacr", "acr.yaml"), ("markdown", "acr.md")] {
      let final = try CLIRunner.run(
        ["acr", "--from", "filled.xlsx", "--to", to, "--output", file]
          + edition,
        in: dir)
      #expect(final.status == 0, "\(final.stderr)")
      #expect(!final.stderr.contains("warning"), "\(final.stderr)")
    }
    #expect(
      try dir.read("acr.md").contains(
        "| 12.1.2 Accessible documentation | Not Applicable | As answered for Revised Section 508 602.3: Not in this app. |"
      ))
    if SharedData.available {
      try Self.expectValidOpenACR(
        dir.appendingPathComponent("acr.yaml"),
        catalogue: "2.5-edition-wcag-2.2-508-eu-en.yaml")
    }
    // The answers file is an input: the template is never written over it.
    let over = try CLIRunner.run(
      [
        "acr", "--from", "filled.xlsx", "--answers-template", "--output",
        "answers.yml",
      ],
      in: dir)
    #expect(over.status != 0)
    #expect(try dir.read("answers.yml") == filled)
  }

  @Test(
    "an audit without a WCAG column: the mapping is recomputed from the config's sources"
  )
  func oldAudit() throws {
    let dir = try setUp(
      format: "csv",
      columns:
        "ID,Component,Platform,Test,Check,Expected result,Result,Severity,Tester,Date,Notes,Ticket"
    )
    try answerTheRest(dir)
    let run = try CLIRunner.run(
      ["acr", "--from", "filled.csv", "--output", "acr.yaml"], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "filled.csv has no WCAG column; the mapping was recomputed from criteria.yml's sources"
      ))
    let yaml = try dir.read("acr.yaml")
    #expect(yaml.contains("level: supports"))
  }

  @Test(
    "bad input: no acr section, no author e-mail, an unknown criterion in the answers, a row with no platform"
  )
  func badInput() throws {
    let dir = try setUp(
      acr: "  product: {name: \"App\"}\n  author: {name: \"Ana\"}")
    let noMail = try CLIRunner.run(
      ["acr", "--from", "filled.xlsx", "--output", "acr.yaml", "--draft"],
      in: dir)
    #expect(noMail.status != 0)
    #expect(
      noMail.stderr.contains(
        "acr.author.email: missing; OpenACR requires the author's e-mail address"
      ), "\(noMail.stderr)")

    let answers = try setUp()
    try answers.write(
      "\"2.4.77\":\n  web: {level: supports}\n", to: "answers.yml")
    let bad = try CLIRunner.run(
      ["acr", "--from", "filled.xlsx", "--output", "acr.yaml", "--draft"],
      in: answers)
    #expect(
      bad.stderr.contains(
        "answers.yml:1: 2.4.77: '2.4.77' is not a WCAG 2.2 success criterion or a Section 508 or EN 301 549 provision or chapter. Did you mean 2.4.7 (Focus Visible)?"
      ), "\(bad.stderr)")

    // A row whose Platform cell and ID both say no platform: the ACR reports web and software apart.
    try TesterScript.fill(
      answers.appendingPathComponent("filled.xlsx"),
      answers.appendingPathComponent("nowhere.xlsx"),
      ["7": ["Platform": "Desktop", "ID": "handmade-row"]])
    let nowhere = try CLIRunner.run(
      ["acr", "--from", "nowhere.xlsx", "--output", "acr.yaml", "--draft"],
      in: answers)
    #expect(nowhere.status == 65)
    #expect(
      nowhere.stderr.contains(
        "nowhere.xlsx, sheet 'Checklist', row 7: no platform (the Platform cell is 'Desktop'); the ACR reports web and software apart"
      ), "\(nowhere.stderr)")

    try answers.write(
      "version: 1\nsources: [\(Self.samples)]\n", to: "criteria.yml")
    let noSection = try CLIRunner.run(
      ["acr", "--from", "filled.xlsx", "--output", "acr.yaml"], in: answers)
    #expect(
      noSection.stderr.contains("criteria.yml: no acr: section"),
      "\(noSection.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: answers.appendingPathComponent("acr.yaml").path))
  }

  @Test(
    "the corpus workbook, every row filled with openpyxl, becomes OpenACR that passes the schema and catalogue checks",
    .enabled(if: SharedData.available, Comment(rawValue: SharedData.missing)))
  func corpus() throws {
    let dir = try CLIRunner.scratch()
    let corpus = CLIRunner.shared.appendingPathComponent("corpus/magentaa11y")
      .path
    let export = try CLIRunner.run(
      ["export", corpus, "--to", "xlsx", "--output", "audit.xlsx"], in: dir)
    #expect(export.status == 0, "\(export.stderr)")
    try TesterScript.fill(
      dir.appendingPathComponent("audit.xlsx"),
      dir.appendingPathComponent("filled.xlsx"),
      [
        "*": ["Result": "Pass"],
        "5": ["Result": "Fail", "Severity": "Critical"],
        "9": ["Result": "Not applicable"],
      ])
    try dir.write(
      """
      version: 1
      sources: [\(corpus)]
      acr:
        product: {name: "Corpus App"}
        author: {name: "Ana", email: "ana@example.com"}
      """, to: "criteria.yml")
    let run = try CLIRunner.run(
      ["acr", "--from", "filled.xlsx", "--output", "acr.yaml", "--draft"],
      in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    try Self.expectValidOpenACR(
      dir.appendingPathComponent("acr.yaml"),
      catalogue: "2.5-edition-wcag-2.2-en.yaml")
    let yaml = try dir.read("acr.yaml")
    // A buyer's remarks: what fails where, no internal severity.
    #expect(
      yaml.contains("level: partially-supports") && yaml.contains("Fails on ")
        && !yaml.contains("(Critical)"))
    #expect(yaml.contains("level: supports"))
    // The answers template of the corpus audit, its levels filled in, makes a final International ACR
    // with no warning about answers.
    let edition = ["--edition", "2.5-edition-wcag-2.2-508-eu-en"]
    let template = try CLIRunner.run(
      [
        "acr", "--from", "filled.xlsx", "--answers-template", "--output",
        "t.yml",
      ]
        + edition, in: dir)
    #expect(template.status == 0, "\(template.stderr)")
    let filled = Self.fill(
      try dir.read("t.yml"), level: "supports", notes: "Reviewed.")
    try dir.write(filled, to: "answers.yml")
    try dir.write(
      try dir.read("criteria.yml") + "\n  answers: answers.yml\n",
      to: "criteria.yml")
    let final = try CLIRunner.run(
      ["acr", "--from", "filled.xlsx", "--output", "final.yaml"] + edition,
      in: dir)
    #expect(final.status == 0, "\(final.stderr)")
    #expect(
      !final.stderr.contains("answers.yml")
        && !final.stderr.contains("provision"), "\(final.stderr)")
    try Self.expectValidOpenACR(
      dir.appendingPathComponent("final.yaml"),
      catalogue: "2.5-edition-wcag-2.2-508-eu-en.yaml")
  }

  @Test(
    "the bundled sample: Samples/audit-filled.csv with Samples/criteria.yml makes a draft ACR and a report, as the demo does"
  )
  func bundledSample() throws {
    let dir = try Self.samplesCopy()
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
    let acr = try CLIRunner.run(
      [
        "acr", "--config", "Samples/criteria.yml", "--from",
        "Samples/audit-filled.csv",
        "--to", "openacr", "--output", "out/acr.yaml", "--draft",
      ], in: dir)
    #expect(acr.status == 0, "\(acr.stderr)")
    // The sample's WCAG column is today's mapping of its checks, so nothing it claims rests on a check
    // that does not test the criterion.
    #expect(!acr.stderr.contains("its check"), "\(acr.stderr)")
    let yaml = try dir.read("out/acr.yaml")
    // What a buyer reads: the failing component and check on its platform, no severity or note.
    #expect(yaml.contains("Fails on iOS: Banner (name)"), "\(yaml)")
    #expect(!yaml.contains("Critical") && !yaml.contains("VoiceOver says"))
    #expect(
      yaml.contains(
        "title: \"Draft: Sample App Accessibility Conformance Report\""))
    let report = try CLIRunner.run(
      [
        "report", "--config", "Samples/criteria.yml", "--from",
        "Samples/audit-filled.csv",
        "--output", "out/report.html",
      ], in: dir)
    #expect(report.status == 0, "\(report.stderr)")
    #expect(!report.stderr.contains("disagree"), "\(report.stderr)")
    let html = try dir.read("out/report.html")
    #expect(html.contains("<h2 id=\"failures-h\">Failures (2)</h2>"))
  }

  @Test(
    "the config's language, or --language and --notes-language for one run: the HTML ACR marks the component names, checks and testers' notes it quotes with lang, criteria's own words not; OpenACR and Markdown stay plain"
  )
  func language() throws {
    let dir = try Self.samplesCopy()
    let config = dir.appendingPathComponent("Samples/criteria.yml")
    let original = try String(contentsOf: config, encoding: .utf8)
    func acr(_ format: String, _ output: String, _ flags: [String] = [])
      throws -> String
    {
      let run = try CLIRunner.run(
        [
          "acr", "--remarks", "full", "--config", "Samples/criteria.yml",
          "--from",
          "Samples/audit-filled.csv", "--to", format, "--output", output,
          "--draft",
        ] + flags, in: dir)
      #expect(run.status == 0, "\(run.stderr)")
      return try dir.read(output)
    }
    let plain = try acr("html", "plain.html")
    #expect(!plain.contains("lang=\"es\""))
    try ("language: es\n" + original).write(
      to: config, atomically: true, encoding: .utf8)
    let page = try acr("html", "acr.html")
    #expect(page.contains("<html lang=\"en\">"))
    // Samples/audit-filled.csv row 5: Rating, Android, Keyboard, Arrow keys, High, and its note.
    #expect(
      page.contains(
        "Fails: <span lang=\"es\">Rating</span> (Android) Keyboard: <span lang=\"es\">Arrow keys</span> (High): "
          + "<span lang=\"es\">Arrow keys move focus out of the rating instead of changing it</span>. "
      ), "\(page)")
    #expect(
      page.contains(
        "<tr><th scope=\"row\"><span lang=\"es\">Rating</span></th><td>iOS</td><td>8 of 8</td></tr>"
      ),
      "\(page)")
    // Only quoted words: the rest of the page reads as it did.
    let unmarked = page.replacing(/<span lang="es">([^<]*)<\/span>/) {
      String($0.output.1)
    }
    #expect(unmarked == plain)
    // The YAML and Markdown have no language to mark.
    #expect(!(try acr("openacr", "acr.yaml")).contains("lang="))
    #expect(!(try acr("markdown", "acr.md")).contains("lang="))

    // The flags, as report's and diff's, over the config for one run: the notes their own language,
    // the names and checks the documents'.
    let flagged = try acr(
      "html", "flagged.html", ["--language", "fr", "--notes-language", "de"])
    #expect(!flagged.contains("lang=\"es\""), "\(flagged)")
    #expect(
      flagged.contains(
        "Fails: <span lang=\"fr\">Rating</span> (Android) Keyboard: <span lang=\"fr\">Arrow keys</span> (High): "
          + "<span lang=\"de\">Arrow keys move focus out of the rating instead of changing it</span>. "
      ), "\(flagged)")
    // Notes written right to left are laid out so.
    let arabic = try acr("html", "arabic.html", ["--notes-language", "ar"])
    #expect(
      arabic.contains(
        "(High): <span lang=\"ar\" dir=\"rtl\">Arrow keys move focus out of the rating instead of changing it</span>. "
      ), "\(arabic)")
    // English over the config's Spanish: nothing marked.
    #expect(try acr("html", "english.html", ["--language", "en"]) == plain)
    // A flag with an output that has no page, or a tag that is none, is a usage error; nothing written.
    for (flags, said) in [
      (
        ["--to", "openacr", "--language", "es"], "--to openacr has none to mark"
      ),
      (
        ["--to", "markdown", "--notes-language", "de"],
        "--to markdown has none to mark"
      ),
      (
        ["--to", "html", "--language", "not a tag"],
        "--language 'not a tag' is not"
      ),
    ] {
      let run = try CLIRunner.run(
        [
          "acr", "--remarks", "full", "--config", "Samples/criteria.yml",
          "--from",
          "Samples/audit-filled.csv", "--output", "refused.out", "--draft",
        ] + flags, in: dir)
      #expect(run.status == 64, "\(flags): \(run.stderr)")
      #expect(run.stderr.contains(said), "\(run.stderr)")
      #expect(!dir.listing.contains("refused.out"))
    }
  }

  @Test(
    "the ACR says how checks were tied to criteria: whose rules, and whether the audit's WCAG column was checked against them"
  )
  func mappingStated() throws {
    let dir = try Self.samplesCopy()
    func acr(_ config: String, _ audit: String = "Samples/audit-filled.csv")
      throws -> String
    {
      let run = try CLIRunner.run(
        [
          "acr", "--config", config, "--from", audit, "--to", "markdown",
          "--output", "-", "--draft",
        ], in: dir)
      #expect(run.status == 0, "\(run.stderr)")
      return run.stdout
    }
    let never = ". A criterion a check only relates to is not counted."
    let sample = try acr("Samples/criteria.yml")
    #expect(
      sample.contains(
        "Each check counts only for the WCAG success criteria it tests: those the audit records for it, "
          + "checked against criteria "),
      "\(sample)")
    #expect(
      sample.contains(
        "'s mapping rules (and the team's rules in wcag-rules.yml)" + never))

    // The built-in rules alone.
    let config = try dir.read("Samples/criteria.yml")
    try dir.write(
      config.replacingOccurrences(
        of: "wcag:\n  rules: [wcag-rules.yml]\n", with: ""),
      to: "Samples/builtin.yml")
    let builtIn = try acr("Samples/builtin.yml")
    #expect(!builtIn.contains("team's rules"), "\(builtIn)")
    #expect(builtIn.contains(never))

    // An audit without a WCAG column: the mapping is the rules' own.
    let table = try TesterScript.read(
      dir.appendingPathComponent("Samples/audit-filled.csv"))
    let wcag = try #require(table.header.firstIndex(of: "WCAG"))
    let csv =
      ([table.header] + table.rows.sorted { $0.key < $1.key }.map(\.value))
      .map { row in
        row.enumerated().filter { $0.offset != wcag }.map {
          "\"" + $0.element.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }.joined(separator: ",")
      }.joined(separator: "\n")
    try dir.write(csv + "\n", to: "Samples/no-wcag.csv")
    let recomputed = try acr("Samples/criteria.yml", "Samples/no-wcag.csv")
    #expect(
      recomputed.contains(
        "Each check counts only for the WCAG success criteria criteria "),
      "\(recomputed)")
    #expect(
      recomputed.contains(
        "'s mapping rules (and the team's rules in wcag-rules.yml) say it tests"
          + never))

    // Sources that do not read: the column stands unchecked, and the report says so.
    try dir.write(
      config.replacingOccurrences(of: "  - criteria/", with: "  - absent/"),
      to: "Samples/unread.yml")
    let unchecked = try acr("Samples/unread.yml")
    #expect(
      unchecked.contains(
        "these were not checked against today's mapping, because the criteria documents could not be read."
      ), "\(unchecked)")
  }

  @Test(
    "a WCAG cell edited to name a criterion its check does not test: the draft ACR, the report and diff warn, naming the row; a final ACR refuses it"
  )
  func editedWCAGCell() throws {
    let dir = try Self.samplesCopy()
    let file = dir.appendingPathComponent("Samples/audit-filled.csv")
    var lines = try String(contentsOf: file, encoding: .utf8).components(
      separatedBy: "\r\n")
    // The first row: Rating, iOS, Keyboard, "Tab or arrow keys", Pass; its check does not test contrast.
    let first = lines[1]
    lines[1] = first.replacingOccurrences(
      of: "\"2.1.1, 2.4.3, 2.4.7\",Pass",
      with: "\"2.1.1, 2.4.3, 2.4.7, 1.4.3\",Pass")
    try #require(lines[1] != first, "the sample's first row changed: \(first)")
    try Data(lines.joined(separator: "\r\n").utf8).write(to: file)
    let said =
      "audit-filled.csv:2: Rating (iOS) Keyboard: Tab or arrow keys (Pass) counts for 1.4.3, which its check "
      + "does not test (today's mapping: 2.1.1, 2.4.3, 2.4.7)"
    let arguments = [
      "acr", "--config", "Samples/criteria.yml", "--from",
      "Samples/audit-filled.csv", "--to", "markdown", "--output", "acr.md",
    ]
    let draft = try CLIRunner.run(arguments + ["--draft"], in: dir)
    #expect(draft.status == 0, "\(draft.stderr)")
    #expect(
      draft.stderr.contains("warning: Samples/" + said), "\(draft.stderr)")
    try FileManager.default.removeItem(at: dir.appendingPathComponent("acr.md"))
    let final = try CLIRunner.run(arguments, in: dir)
    #expect(final.status == 1, "\(final.stderr)")
    #expect(final.stderr.contains("  Samples/" + said), "\(final.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("acr.md").path))
    // The report shows the same conformance table, and diff's conformance changes count the later
    // audit's rows the same way; neither has a final form, so each is written and warns.
    try FileManager.default.copyItem(
      at: CLIRunner.packageRoot.appendingPathComponent(
        "Samples/audit-filled.csv"),
      to: dir.appendingPathComponent("before.csv"))
    let warnings: [(arguments: [String], counts: String)] = [
      (
        [
          "report", "--config", "Samples/criteria.yml", "--from",
          "Samples/audit-filled.csv", "--output", "report.html",
        ], "the report's conformance table counts it"
      ),
      (
        [
          "diff", "before.csv", "Samples/audit-filled.csv", "--config",
          "Samples/criteria.yml", "--output", "diff.md",
        ], "the diff's conformance changes count it"
      ),
    ]
    for (arguments, counts) in warnings {
      let run = try CLIRunner.run(arguments, in: dir)
      #expect(run.status == 0, "\(arguments[0]): \(run.stderr)")
      #expect(
        run.stderr.contains(
          "warning: 1 row's WCAG cell disagrees with today's mapping, and \(counts)"
        ), "\(arguments[0]): \(run.stderr)")
      #expect(
        run.stderr.contains("\n  Samples/" + said),
        "\(arguments[0]): \(run.stderr)")
    }
  }

  @Test(
    "sources that do not read: a draft ACR is still written from the audit's WCAG column, and a warning says the cells were not checked; a final ACR is refused, naming the source or the document's line"
  )
  func cellsNotChecked() throws {
    let dir = try Self.samplesCopy()
    try Self.sampleConfig(
      in: dir, sources: "moved-away/", as: "Samples/criteria.yml")
    let run = try Self.draftMarkdown(
      config: "Samples/criteria.yml", from: "Samples/audit-filled.csv",
      to: "acr.md", in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "warning: the audit's WCAG cells were not checked against today's mapping, nor its rows against "
          + "today's checks, since "
          + "Samples/criteria.yml's sources do not read (criteria validate names the problems): "
      ),
      "\(run.stderr)")
    #expect(
      try dir.read("acr.md").contains(
        "Fails: Banner (iOS) Screen reader: Name (Critical)"))

    // A final ACR would claim what unchecked cells say (a cell planted to name a criterion its check
    // does not test): refused, with nothing written, whether the folder is gone or a document is broken.
    let rating = "Samples/criteria/native/controls/rating.md"
    try FileManager.default.copyItem(
      at: dir.appendingPathComponent("Samples/criteria"),
      to: dir.appendingPathComponent("Samples/broken"))
    try dir.write(
      "---\ntitle: [unclosed\n---\n# Rating\n",
      to: rating.replacingOccurrences(of: "/criteria/", with: "/broken/"))
    try dir.write(
      try String(
        contentsOf: CLIRunner.packageRoot.appendingPathComponent(
          "Samples/criteria.yml"), encoding: .utf8
      ).replacingOccurrences(of: "  - criteria/\n", with: "  - broken/\n"),
      to: "Samples/broken.yml")
    for (config, status, said) in [
      (
        "Samples/criteria.yml", 66, "Samples/criteria.yml: sources: moved-away/"
      ),
      ("Samples/broken.yml", 65, "broken/native/controls/rating.md:3: error:"),
    ] {
      let final = try CLIRunner.run(
        [
          "acr", "--remarks", "full", "--config", config, "--from",
          "Samples/audit-filled.csv",
          "--to", "markdown", "--output", "final.md",
        ], in: dir)
      #expect(final.status == Int32(status), "\(config): \(final.stderr)")
      #expect(final.stderr.contains(said), "\(config): \(final.stderr)")
      #expect(
        final.stderr.contains(
          "a final ACR counts the audit's WCAG cells only once they are checked against today's "
            + "mapping, so none is written"), "\(config): \(final.stderr)")
      #expect(!dir.listing.contains("final.md"), "\(config)")
    }
  }

  @Test(
    "a row deleted from the audit counts as not tested in the ACR, the report and diff, with a warning; components and platforms the audit does not cover are not asked for"
  )
  func deletedRow() throws {
    let dir = try Self.samplesCopy()
    // criteria writes CSV with CRLF line ends (one Character in Swift).
    let audit = try dir.read("Samples/audit-filled.csv")
    let failing = "native/controls/rating/keyboard/arrow-keys@android"
    // The sample's Rating failure on Android, deleted (a tester tidying the sheet, or a filter gone wrong).
    var lines = audit.components(separatedBy: "\r\n")
    let before = lines.count
    lines.removeAll { $0.hasSuffix("," + failing) }
    #expect(lines.count == before - 1)
    try dir.write(lines.joined(separator: "\r\n"), to: "Samples/deleted.csv")
    // Only the iOS rows: an audit of one platform asks nothing of the other.
    try dir.write(
      audit.components(separatedBy: "\r\n").enumerated().filter {
        $0.offset == 0 || $0.element.contains("@ios")
      }.map(\.element).joined(separator: "\r\n") + "\r\n", to: "Samples/ios.csv"
    )
    let acr = try Self.draftMarkdown(
      config: "Samples/criteria.yml", from: "Samples/deleted.csv", to: "acr.md",
      in: dir)
    #expect(acr.status == 0, "\(acr.stderr)")
    let warning =
      "warning: Samples/deleted.csv lacks 1 check today's criteria hold for the components it covers"
    #expect(acr.stderr.contains(warning), "\(acr.stderr)")
    #expect(
      acr.stderr.contains("\n  Rating (Android) Keyboard: Arrow keys"),
      "\(acr.stderr)")
    let markdown = try dir.read("acr.md")
    let keyboard = try Self.row("2.1.1 Keyboard", of: markdown)
    #expect(
      !keyboard.contains("Software: Supports")
        && keyboard.contains("untested Rating (Android) Keyboard: Arrow keys"),
      "the deleted check is not evidence of support: \(keyboard)")
    #expect(
      markdown.contains("| Rating | Android | 7 of 8 |"),
      "the scope counts the check the audit lacks")
    #expect(
      markdown.contains(
        "from a manual audit of 57 checklist rows (and 1 check of today's criteria it lacks, counted not tested)."
      ), "the rows the audit has, and the check it lacks, apart")
    let report = try Self.sampleReport("deleted.csv", in: dir)
    #expect(
      report.status == 0 && report.stderr.contains(warning), "\(report.stderr)")
    let page = try dir.read("report.html")
    #expect(
      page.contains("58 checks from Samples/deleted.csv (1 of them not in it"),
      "the report's header says so")
    #expect(
      page.contains(
        "<th scope=\"row\">Rating</th><td>Android</td><td>7</td><td>0</td><td>0</td><td>1</td><td>0</td><td>Not enough evidence</td>"
      ),
      "the conformance table counts it not tested")
    // diff: the later audit lacks the failing row; with the config it is newly untested, not retired.
    let diff = try CLIRunner.run(
      [
        "diff", "Samples/audit-filled.csv", "Samples/deleted.csv", "--config",
        "Samples/criteria.yml", "--output", "diff.md",
      ], in: dir)
    #expect(diff.status == 0 && diff.stderr.contains(warning), "\(diff.stderr)")
    #expect(
      diff.stderr.contains("1 newly untested")
        && diff.stderr.contains("0 checks retired"), "\(diff.stderr)")
    #expect(
      try dir.read("diff.md").contains(
        "| 2.1.1 Keyboard | Software | Partially Supports | Not enough evidence |"
      ))
    // A config of other sources (here only the web documents): the rows it does not know are said.
    try Self.sampleConfig(
      in: dir, sources: "criteria/web/", as: "Samples/web-only.yml")
    let other = try Self.draftMarkdown(
      config: "Samples/web-only.yml", from: "Samples/audit-filled.csv",
      to: "other.md", in: dir)
    #expect(other.status == 0, "\(other.stderr)")
    #expect(
      other.stderr.contains(
        "warning: 51 of Samples/audit-filled.csv's rows are no checks of today's criteria"
      ),
      "\(other.stderr)")
    for command in ["acr", "report"] {
      let run = try CLIRunner.run(
        [
          command, "--config", "Samples/criteria.yml", "--from",
          "Samples/ios.csv", "--output", "ios.out",
        ]
          + (command == "acr" ? ["--to", "markdown", "--draft"] : []), in: dir)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(!run.stderr.contains("lacks"), "\(command): \(run.stderr)")
    }
  }

  @Test(
    "a row deleted after a ticket ledger filed its failure is a failure not retested, in the ACR and the report, until a followed retest passes it"
  )
  func deletedFiledFailure() throws {
    let (dir, ledger) = try Self.filedFailureSamples()
    let lines = try dir.read("Samples/audit-filled.csv").components(
      separatedBy: "\r\n")
    try dir.write(
      lines.filter { !$0.hasSuffix("," + Self.filedFailing) }.joined(
        separator: "\r\n"),
      to: "Samples/deleted.csv")
    let final = try CLIRunner.run(
      [
        "acr", "--remarks", "full", "--config", "Samples/criteria.yml",
        "--from",
        "Samples/deleted.csv", "--to", "markdown", "--output", "acr.md",
      ], in: dir)
    #expect(final.status == 1, "\(final.stderr)")
    #expect(
      final.stderr.contains(
        "warning: a ticket ledger filed a failure of 1 check Samples/deleted.csv lacks, and records no "
          + "retest passing it since; the report counts it as a failure not retested until its row "
          + "records a retest:\n  Rating (Android) Keyboard: Arrow keys (filed as 12)"
      ),
      "\(final.stderr)")
    #expect(
      final.stderr.contains(
        "2.1.1 Keyboard (Software): answered Supports (\(dir.path)/Samples/answers.yml:1) over 1 recorded failure"
      ), "the deleted row's filed failure disproves Supports: \(final.stderr)")
    let remark = try Self.sampleDraftRow(
      "2.1.1 Keyboard", of: "deleted.csv", in: dir)
    #expect(
      remark.contains(
        "Failed before and not retested since: Rating (Android) Keyboard: Arrow keys"
      ),
      "\(remark)")
    let page = try Self.sampleReportPage("deleted.csv", in: dir)
    #expect(
      page.contains(
        "(1 of them failed before and is not retested since, listed with the failures and under Not tested)"
      )
        && page.contains(
          "Its failure (2026-11-20) was filed as 12, and no passing retest is recorded since.</td>"
            + "<td><a href=\"http://127.0.0.1:9/issues/12\">12</a>"
        ),
      "\(page.prefix(400))")

    // A refresh adds the row back as the failure filed and not retested: its marker says so and its
    // Ticket cell names the ticket, so the refreshed audit holds it without the ledger.
    let refresh = try Self.sampleRefresh(
      "deleted.csv", "refreshed.csv", in: dir)
    #expect(
      refresh.stderr.contains(
        "warning: Samples/deleted.csv lacks 1 check whose failure a ticket ledger filed, and the ledger "
          + "records no retest passing it since; the refreshed audit adds it as a failure not retested "
          + "(marked `new (was Fail, not retested)`, the Ticket cell naming the ticket):\n  "
          + "Rating (Android) Keyboard: Arrow keys (filed as 12)"),
      "\(refresh.stderr)")
    let row = try dir.read("Samples/refreshed.csv").components(
      separatedBy: "\r\n"
    ).first { $0.contains("," + Self.filedFailing + ",") }
    #expect(
      row?.hasSuffix(
        ",Not tested,,,,,12,\(Self.filedFailing),\"new (was Fail, not retested)\""
      )
        == true, "\(row ?? "no row")")
    let newCycle = try Self.sampleRefresh(
      "deleted.csv", "new-cycle.csv", fresh: true, in: dir)
    #expect(
      newCycle.stderr.contains(
        "adds it as a failure not retested (with the Previous result Fail, the Ticket cell naming the "
          + "ticket)"), "\(newCycle.stderr)")
    #expect(
      try dir.read("Samples/new-cycle.csv").contains(
        ",Not tested,,,,,12,\(Self.filedFailing),Fail,new\r\n"))
    try FileManager.default.removeItem(
      at: dir.appendingPathComponent("Samples/redmine.ledger.json"))
    #expect(
      try Self.sampleReportPage("refreshed.csv", in: dir).contains(
        "(1 of them failed before and is not retested since, listed with the failures and under Not tested)"
      ))

    // A followed retest passed it (follow_retest closed 12): the row is only not tested again.
    try ledger(#", "retested": "r1", "retestPassed": true"#)
    let passed = try Self.sampleReport("deleted.csv", in: dir)
    #expect(
      passed.status == 0 && !passed.stderr.contains("a ticket ledger filed"),
      "\(passed.stderr)")
    #expect(!(try dir.read("report.html")).contains("failed before"))
    let refreshedAgain = try Self.sampleRefresh(
      "deleted.csv", "refreshed-again.csv", in: dir)
    #expect(
      refreshedAgain.status == 0
        && !refreshedAgain.stderr.contains("a ticket ledger filed"),
      "\(refreshedAgain.stderr)")
    // A retest followed before criteria kept how it went: not claimed either way.
    try ledger(#", "retested": "r1""#)
    let unknown = try Self.sampleReport("deleted.csv", in: dir)
    #expect(
      !unknown.stderr.contains("a ticket ledger filed"), "\(unknown.stderr)")
  }

  @Test(
    "a row whose Result was cleared after a ticket ledger filed its failure is a failure not retested, unless the audit says what its check held before"
  )
  func clearedFiledFailure() throws {
    let (dir, ledger) = try Self.filedFailureSamples()
    let lines = try dir.read("Samples/audit-filled.csv").components(
      separatedBy: "\r\n")
    // The tester cleared the failing row's Result, Severity, Tester, Date and Notes.
    func cleared(previous: String?) -> String {
      lines.map { line in
        var cells = line.components(separatedBy: ",")
        if line.hasSuffix("," + Self.filedFailing) {
          #expect(cells[6] == "Fail", "\(line)")
          for column in 6...10 { cells[column] = "" }
        }
        guard let previous, !line.isEmpty else {
          return cells.joined(separator: ",")
        }
        let extra =
          line.hasPrefix("Component,")
          ? "Previous result"
          : line.hasSuffix("," + Self.filedFailing) ? previous : ""
        return cells.joined(separator: ",") + "," + extra
      }.joined(separator: "\r\n")
    }
    try dir.write(cleared(previous: nil), to: "Samples/cleared.csv")
    let final = try CLIRunner.run(
      [
        "acr", "--config", "Samples/criteria.yml", "--from",
        "Samples/cleared.csv", "--to", "markdown", "--output", "acr.md",
      ], in: dir)
    #expect(final.status == 1, "\(final.stderr)")
    #expect(
      final.stderr.contains(
        "warning: a ticket ledger filed a failure of 1 check whose row Samples/cleared.csv holds not "
          + "tested, and records no retest passing it since; the report counts it as a failure not "
          + "retested until its row records a retest:\n  Rating (Android) Keyboard: Arrow keys (filed as 12)"
      ), "\(final.stderr)")
    #expect(
      final.stderr.contains(
        "2.1.1 Keyboard (Software): answered Supports (\(dir.path)/Samples/answers.yml:1) over 1 recorded failure"
      ), "the cleared row's filed failure disproves Supports: \(final.stderr)")
    let page = try Self.sampleReportPage("cleared.csv", in: dir)
    #expect(
      page.contains(
        "(1 of them failed before and is not retested since, listed with the failures and under Not tested)"
      )
        && page.contains(
          "Its failure (2026-11-20) was filed as 12, and no passing retest is recorded since.</td>"
            + "<td><a href=\"http://127.0.0.1:9/issues/12\">12</a>"),
      "\(page.prefix(400))")

    // A refresh keeps the row as the failure filed and not retested, in the audit itself: its marker says
    // so and its Ticket cell names the ticket; a new cycle puts the failure in Previous result.
    for fresh in [false, true] {
      let refresh = try Self.sampleRefresh(
        "cleared.csv", fresh ? "new-cycle.csv" : "refreshed.csv", fresh: fresh,
        in: dir)
      let said =
        fresh
        ? "with the Previous result Fail"
        : "the Since last audit cell saying `(was Fail, not retested)`"
      #expect(
        refresh.stderr.contains(
          "warning: Samples/cleared.csv holds 1 check not tested, with no earlier result, whose failure "
            + "a ticket ledger filed, and the ledger records no retest passing it since; the refreshed "
            + "audit keeps it as a failure not retested (\(said), the Ticket cell naming the ticket):\n  "
            + "Rating (Android) Keyboard: Arrow keys (filed as 12)"),
        "\(refresh.stderr)")
      let row = try dir.read(
        fresh ? "Samples/new-cycle.csv" : "Samples/refreshed.csv"
      ).components(separatedBy: "\r\n").first {
        $0.contains("," + Self.filedFailing + ",")
      }
      #expect(
        row?.hasSuffix(
          ",Not tested,,,,,12,\(Self.filedFailing),"
            + (fresh ? "Fail,kept" : "\"kept (was Fail, not retested)\""))
          == true, "\(row ?? "no row")")
    }
    try FileManager.default.removeItem(
      at: dir.appendingPathComponent("Samples/redmine.ledger.json"))
    #expect(
      try Self.sampleReportPage("refreshed.csv", in: dir).contains(
        "(1 of them failed before and is not retested since, listed with the failures and under Not tested)"
      ), "the refreshed audit holds the failure without the ledger")
    try ledger("")

    // A new cycle's Previous result says the check passed at last: that retest is newer than the ticket.
    try dir.write(cleared(previous: "Pass"), to: "Samples/cleared.csv")
    let passed = try Self.sampleReport("cleared.csv", in: dir)
    #expect(
      passed.status == 0 && !passed.stderr.contains("a ticket ledger filed"),
      "\(passed.stderr)")
    #expect(!(try dir.read("report.html")).contains("failed before"))

    // The next criteria drop the check: the cleared row retires as the failure filed, with its ticket.
    try dir.write(cleared(previous: nil), to: "Samples/cleared.csv")
    try RetiredWorkbookTests.dropArrowKeys(
      in: dir, criteria: "Samples/criteria")
    let retiring = try Self.sampleRefresh("cleared.csv", "next.csv", in: dir)
    #expect(
      retiring.stderr.contains("Rating (Android) Keyboard: Arrow keys: Fail"),
      "\(retiring.stderr)")
    let retired = try TesterScript.rows(
      dir.appendingPathComponent("Samples/next-retired.csv"))
    #expect(
      retired[Self.filedFailing]?["Result"] == "Fail"
        && retired[Self.filedFailing]?["Ticket"] == "12", "\(retired)")
  }

  /// The failing sample row whose failure `filedFailureSamples` files.
  static let filedFailing = "native/controls/rating/keyboard/arrow-keys@android"

  /// A copy of the samples whose config has a Redmine output, answers saying 2.1.1 Supports on software,
  /// and a ledger that filed the failure of `filedFailing` (2026-11-20) as 12; `ledger` writes that entry
  /// again with the given JSON fields after the URL (a followed retest).
  static func filedFailureSamples() throws -> (
    dir: URL, ledger: (String) throws -> Void
  ) {
    let dir = try samplesCopy()
    try sampleAnswers(
      "\"2.1.1\": {software: {level: supports, notes: \"Checked.\"}}\n",
      in: dir)
    try dir.write(
      try dir.read("Samples/criteria.yml")
        + """
          - name: redmine
            exporter: redmine
            options: {url: "http://127.0.0.1:9", project: a11y, token_env: NOT_NEEDED}

        """, to: "Samples/criteria.yml")
    func ledger(_ retest: String) throws {
      try dir.write(
        #"{"entries": {"finding/\#(filedFailing)/2026-11-20": {"attempts": 1, "key": "12", "#
          + #""state": "filed", "url": "http://127.0.0.1:9/issues/12"\#(retest)}}, "tracker": "redmine", "#
          + #""version": 1}"#,
        to: "Samples/redmine.ledger.json")
    }
    try ledger("")
    return (dir, ledger)
  }

  @Test(
    "an audit without the ID column is said to be unchecked against today's criteria, not to be of other sources"
  )
  func noIDColumn() throws {
    let dir = try Self.samplesCopy()
    // The vendor's copy: the ID column (the last) taken out.
    let lines = try dir.read("Samples/audit-filled.csv").components(
      separatedBy: "\r\n")
    #expect(lines.first?.hasSuffix(",ID") == true)
    try dir.write(
      lines.map { line in
        line.isEmpty
          ? line : String(line[..<(line.lastIndex(of: ",") ?? line.endIndex)])
      }.joined(separator: "\r\n"), to: "Samples/no-ids.csv")
    let report = try Self.sampleReport("no-ids.csv", in: dir)
    #expect(report.status == 0, "\(report.stderr)")
    #expect(
      report.stderr.contains(
        "warning: Samples/no-ids.csv has no row ids (no ID column), so its rows cannot be checked against "
          + "today's criteria: a row deleted from it, a failure among them, would go unnoticed"
      ),
      "\(report.stderr)")
    #expect(!report.stderr.contains("none of"), "\(report.stderr)")
  }

  @Test(
    "a failure a refresh retired (its check left the criteria) stays in the audit through later refreshes, and the ACR and the report count it until its row says otherwise",
    arguments: ["xlsx", "csv"])
  func retiredFinding(format: String) throws {
    let dir = try Self.samplesCopy()
    // The next release of the criteria drops the rating's Arrow keys check, which fails on Android.
    try RetiredWorkbookTests.dropArrowKeys(
      in: dir, criteria: "Samples/criteria")
    for (from, to) in [
      ("audit-filled.csv", "new.\(format)"),
      ("new.\(format)", "next.\(format)"),
    ] {
      let refresh = try Self.sampleRefresh(from, to, in: dir)
      #expect(
        refresh.stderr.contains("Rating (Android) Keyboard: Arrow keys: Fail"),
        "\(refresh.stderr)")
    }
    let next = dir.appendingPathComponent("Samples/next.\(format)")
    let retired =
      format == "xlsx"
      ? try TesterScript.rows(next, sheet: "Retired")
      : try TesterScript.rows(
        dir.appendingPathComponent("Samples/next-retired.csv"))
    let failing = "native/controls/rating/keyboard/arrow-keys@android"
    #expect(retired[failing]?["Result"] == "Fail", "\(retired)")
    #expect(retired.count == 2, "the check on iOS and Android")

    func keyboard(_ audit: String = "next") throws -> String {
      try Self.sampleDraftRow(
        "2.1.1 Keyboard", of: "\(audit).\(format)", in: dir)
    }
    let counted = try keyboard()
    #expect(
      counted.contains("Software: Partially Supports")
        && counted.contains(
          "Rating (Android) Keyboard: Arrow keys (a row a refresh retired, High)"
        ),
      "\(counted)")
    #expect(
      try dir.read("acr.md").contains(
        "(and 1 finding among the rows a refresh retired, counted until retested)"
      ))
    let page = try Self.sampleReportPage("next.\(format)", in: dir)
    #expect(
      page.contains(
        "<th scope=\"row\">Keyboard: Arrow keys (a row a refresh retired)</th><td>Rating</td><td>Android</td>"
      ),
      "listed among the failures")

    // diff's conformance counts it as the ACR does: 2.1.1 on software is Partially Supports before and
    // after.
    let diffed = try AuditCycleTests.jsonDiff(
      "Samples/audit-filled.csv", "Samples/next.\(format)", in: dir)
    let changes = diffed["conformance"] as? [[String: Any]] ?? []
    #expect(
      !changes.contains { $0["criterion"] as? String == "2.1.1" },
      "\(changes)")
    #expect(
      diffed["retiredFindings"] as? [String: Int] == ["old": 0, "new": 1])

    // Testers' copies merged: the merged audit (a copy of the first) keeps its retired rows too.
    try FileManager.default.copyItem(
      at: next,
      to: dir.appendingPathComponent("Samples/other.\(format)"))
    let merge = try CLIRunner.run(
      [
        "merge", "Samples/next.\(format)", "Samples/other.\(format)",
        "--output", "Samples/merged.\(format)",
      ], in: dir)
    #expect(merge.status == 0, "\(merge.stderr)")
    #expect(
      try keyboard("merged").contains(
        "Rating (Android) Keyboard: Arrow keys (a row a refresh retired, High)")
    )

    // Retested and written Pass on its retired row: no longer a failure, and no evidence either.
    guard format == "csv" else { return }
    let file = "Samples/next-retired.csv"
    let rows = try dir.read(file)
    let retest = rows.components(separatedBy: "\r\n").map { line in
      line.hasSuffix(failing) || line.contains("," + failing + ",")
        ? line.replacingOccurrences(of: ",Fail,High,", with: ",Pass,,") : line
    }.joined(separator: "\r\n")
    #expect(retest != rows)
    try dir.write(retest, to: file)
    let passed = try keyboard()
    #expect(
      passed.contains("Software: Supports")
        && !passed.contains("Arrow keys"), "\(passed)")
  }

  @Test(
    "a Fail a refresh cleared (its check's expectation changed, or a new cycle began) is a known defect until retested: no answer says Supports over it"
  )
  func failedBefore() throws {
    let dir = try Self.samplesCopy()
    try Self.editBanner(
      in: dir, "without moving focus", "without moving focus, and once only")
    try Self.sampleAnswers(
      "\"4.1.3\": {software: {level: supports, notes: \"Announced.\"}}\n",
      in: dir)
    let failing = "native/notifications/banner/screenreader/name@ios"
    let steps: [(from: String, to: String, fresh: Bool, mark: String)] = [
      ("audit-filled", "changed", false, "changed (was Fail, not retested)"),
      ("changed", "kept", false, "kept (was Fail, not retested)"),
      ("kept", "fresh", true, "kept"),
      ("fresh", "after", false, "kept (was Fail, not retested)"),
    ]
    for step in steps {
      try Self.sampleRefresh(
        "\(step.from).csv", "\(step.to).csv", fresh: step.fresh, in: dir)
      let row = try TesterScript.rows(
        dir.appendingPathComponent("Samples/\(step.to).csv"))[failing]
      #expect(row?["Result"] == "Not tested", "\(step.to): \(row ?? [:])")
      #expect(
        row?["Since last audit"] == step.mark, "\(step.to): \(row ?? [:])")
      if step.fresh { #expect(row?["Previous result"] == "Fail") }

      // A final report lists the answer as a contradiction; a draft says so and names the failure.
      let final = try CLIRunner.run(
        [
          "acr", "--remarks", "full", "--config", "Samples/criteria.yml",
          "--from",
          "Samples/\(step.to).csv", "--to", "markdown", "--output", "acr.md",
        ], in: dir)
      #expect(final.status == 1)
      #expect(
        final.stderr.contains(
          "4.1.3 Status Messages (Software): answered Supports (\(dir.path)/Samples/answers.yml:1) over 1 recorded failure"
        ) && final.stderr.contains("(a Fail not retested since)"),
        "\(step.to): \(final.stderr)")
      let remark = try Self.sampleDraftRow(
        "4.1.3 Status Messages", of: "\(step.to).csv", in: dir)
      #expect(
        remark.contains(
          "Software: Draft: 4.1.3 Status Messages (Software): answered Supports"
        )
          && remark.contains(
            "Failed before and not retested since: Banner (iOS) Screen reader: Name."
          ), "\(step.to): \(remark)")
    }

    // The report says so too: in its header, and beside the row under Not tested.
    let page = try Self.sampleReportPage("after.csv", in: dir)
    #expect(
      page.contains(
        "(2 of them failed before and are not retested since, listed with the failures and under Not tested)"
      )
        && page.contains(
          "iOS Screen reader: Name (not tested; it failed before and is not retested since)"
        ))
    // And under the Failures, where a reader looks for known defects, kept by "Only failures".
    let failuresSection = try #require(
      page.components(separatedBy: "<section id=\"failures\"").dropFirst()
        .first?
        .components(separatedBy: "</section>").first)
    #expect(
      failuresSection.contains(
        "<h3 id=\"failed-before-h\">Failed before, not retested since (2)</h3>"),
      "\(failuresSection)")
    #expect(
      failuresSection.contains(
        "data-platform=\"iOS\" data-result=\"Not tested\" data-severity=\"\" "
          + "data-component=\"Banner\" data-failed-before=\"true\"><th scope=\"row\">Screen reader: Name</th>"
      ), "\(failuresSection)")

    let junit = try CLIRunner.run(
      [
        "report", "--from", "Samples/after.csv", "--to", "junit", "--output",
        "-",
      ], in: dir)
    // JUnit counts it a failure, as a Fail was before the refresh: a dashboard does not turn green
    // on a known failure no one retested.
    #expect(
      junit.stdout.contains(
        "<failure message=\"not tested; it failed before and is not retested since; Expected: "
      ) && junit.stdout.contains("type=\"Not tested\""), "\(junit.stdout)")
    #expect(
      !junit.stdout.contains("<skipped message=\"not tested; it failed before"),
      "\(junit.stdout)")
    let failures = try #require(
      junit.stdout.firstMatch(of: /<testsuites [^>]* failures="(\d+)"/)?.1)
    let fails = try TesterScript.rows(
      dir.appendingPathComponent("Samples/after.csv")
    ).values.filter { $0["Result"] == "Fail" }.count
    #expect(Int(failures) == fails + 2, "\(fails) Fail rows: \(junit.stdout)")

    // Retested: the row's own Result is the evidence, and the answer stands.
    let after = dir.appendingPathComponent("Samples/after.csv")
    let line = try #require(try AuditCycleTests.numbers(after)[failing])
    try TesterScript.fill(
      after, dir.appendingPathComponent("Samples/retested.csv"),
      [line: ["Result": "Pass", "Tester": "Sam"]])
    let remark = try Self.sampleDraftRow(
      "4.1.3 Status Messages", of: "retested.csv", in: dir)
    #expect(
      remark.contains("Software: Supports") && !remark.contains("Draft: 4.1.3")
        && !remark.contains("Failed before"), "\(remark)")

    // diff compares the cleared row as the Fail it was: a pass is a fix, a fail still failing (so
    // --fail-on regression does not stop a CI step on a known failure).
    try TesterScript.fill(
      after, dir.appendingPathComponent("Samples/failing.csv"),
      [line: ["Result": "Fail", "Tester": "Sam"]])
    for (retest, bucket) in [("retested", "fix"), ("failing", "still-failing")]
    {
      let document = try AuditCycleTests.jsonDiff(
        "Samples/after.csv", "Samples/\(retest).csv",
        ["--fail-on", "regression"],
        in: dir)
      let row = (document["rows"] as? [[String: Any]] ?? []).first {
        $0["id"] as? String == failing
      }
      #expect(row?["bucket"] as? String == bucket, "\(retest): \(row ?? [:])")
      #expect(
        row?["old"] as? String == "Not tested (a Fail not retested since)",
        "\(retest): \(row ?? [:])")
    }
  }

  @Test(
    "a Fail a refresh cleared retires as the Fail it was when its check leaves the criteria before a retest"
  )
  func failedBeforeRetired() throws {
    let dir = try Self.samplesCopy()
    // One release rewords the banner's Name check (failing on iOS), the next removes it.
    let name =
      "   - Name: The message is announced when the banner appears, without moving focus\n"
    try Self.editBanner(
      in: dir, "without moving focus", "without moving focus, and once only")
    try Self.sampleRefresh("audit-filled.csv", "changed.csv", in: dir)
    try Self.editBanner(
      in: dir,
      name.replacingOccurrences(of: "focus\n", with: "focus, and once only\n"),
      "")
    let second = try Self.sampleRefresh("changed.csv", "removed.csv", in: dir)
    #expect(
      second.stderr.contains("Banner (iOS) Screen reader: Name: Fail"),
      "the warning names the retired failure: \(second.stderr)")
    let retired = try TesterScript.rows(
      dir.appendingPathComponent("Samples/removed-retired.csv"))
    #expect(
      retired["native/notifications/banner/screenreader/name@ios"]?["Result"]
        == "Fail")
    #expect(
      retired["native/notifications/banner/screenreader/name@ios"]?["Notes"]?
        .hasPrefix(
          "Changed since the last audit: was 'Fail' against the expectation 'The message is announced when the banner appears, without moving focus' (severity Critical).\nVoiceOver says nothing"
        ) == true, "the severity the change cleared is in the note")
    #expect(
      retired["native/notifications/banner/screenreader/name@android"]?[
        "Result"] == "Not tested", "a Pass a change cleared is no finding")
    let remark = try Self.sampleDraftRow(
      "4.1.3 Status Messages", of: "removed.csv", in: dir)
    // The remark quotes what the tester wrote of the failure, not the change note above it.
    #expect(
      remark.contains("Software: Does Not Support")
        && remark.contains(
          "Banner (iOS) Screen reader: Name (a row a refresh retired): VoiceOver says nothing"
        ) && !remark.contains("Changed since the last audit"),
      "\(remark)")
  }

  @Test(
    "a refresh's change note is criteria's words: a retest's Fail is remarked with the tester's note, and the report and diff mark only the tester's lines with the notes' language"
  )
  func changeNoteIsCriteriasOwn() throws {
    let dir = try Self.samplesCopy()
    let check = "Focus visibly moves to the rating control"
    try Self.editSample(
      "native/controls/rating", in: dir, check,
      check + " and its outline has 3:1 contrast")
    try Self.sampleRefresh("audit-filled.csv", "refreshed.csv", in: dir)
    let refreshed = dir.appendingPathComponent("Samples/refreshed.csv")
    let table = try TesterScript.read(refreshed)
    let id = try #require(table.header.firstIndex(of: "ID"))
    let notes = try #require(table.header.firstIndex(of: "Notes"))
    let (number, row) = try #require(
      table.rows.first {
        $0.value[id] == "native/controls/rating/keyboard/tab-or-arrow-keys@ios"
      })
    let change =
      "Changed since the last audit: was 'Pass' against the expectation '\(check)'."
    #expect(row[notes] == change)
    // The tester retests it: a Fail, their note under the change note.
    let note = "Le contour du focus est invisible sur fond gris."
    try TesterScript.fill(
      refreshed, dir.appendingPathComponent("Samples/retested.csv"),
      [
        number: [
          "Result": "Fail", "Severity": "High", "Tester": "Sam",
          "Date": "2026-12-02", "Notes": change + "\n" + note,
        ]
      ])
    try FileManager.default.copyItem(
      at: dir.appendingPathComponent("Samples/refreshed-retired.csv"),
      to: dir.appendingPathComponent("Samples/retested-retired.csv"))
    let remark = try Self.sampleDraftRow(
      "2.4.7 Focus Visible", of: "retested.csv", in: dir)
    #expect(
      remark.contains(
        "Rating (iOS) Keyboard: Tab or arrow keys (High): \(note.dropLast())"),
      "\(remark)")
    #expect(!remark.contains("Changed since"), "\(remark)")
    // On the pages the sentence is criteria's English; only the expectation it quotes is the documents'.
    let cell =
      "<td>Changed since the last audit: was &#39;Pass&#39; against the expectation &#39;"
      + "<span lang=\"es\">\(check)</span>&#39;.<br><span lang=\"fr\">\(note)</span></td>"
    let languages = ["--language", "es", "--notes-language", "fr"]
    for (arguments, output) in [
      (["report", "--from", "Samples/retested.csv"], "r.html"),
      (
        [
          "diff", "Samples/refreshed.csv", "Samples/retested.csv", "--to",
          "html",
        ],
        "d.html"
      ),
    ] {
      let run = try CLIRunner.run(
        arguments + ["--config", "Samples/criteria.yml", "--output", output]
          + languages, in: dir)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
      let page = try dir.read(output)
      #expect(page.contains(cell), "\(output): \(page)")
      #expect(!page.contains("lang=\"fr\">Changed since"), "\(output)")
    }
  }

  /// Replaces `old` with `new` in the sample banner document in `dir` (which must hold it).
  static func editBanner(in dir: URL, _ old: String, _ new: String) throws {
    try editSample("native/notifications/banner", in: dir, old, new)
  }

  /// Replaces `old` with `new` in the sample document `Samples/criteria/<name>.md` in `dir` (which must
  /// hold it).
  static func editSample(
    _ name: String, in dir: URL, _ old: String, _ new: String
  ) throws {
    let path = "Samples/criteria/\(name).md"
    let text = try dir.read(path)
    try #require(text.contains(old))
    try dir.write(text.replacingOccurrences(of: old, with: new), to: path)
  }

  /// The sample config with its one source replaced by `sources`, written to `name` in `dir`.
  static func sampleConfig(in dir: URL, sources: String, as name: String) throws
  {
    let config = try dir.read("Samples/criteria.yml")
    try #require(config.contains("  - criteria/\n"))
    try dir.write(
      config.replacingOccurrences(
        of: "  - criteria/\n", with: "  - \(sources)\n"), to: name)
  }

  /// `criteria acr` writing a draft in Markdown, run in `dir`.
  static func draftMarkdown(
    config: String, from audit: String, to output: String, in dir: URL
  ) throws -> CLIRunner.Outcome {
    try CLIRunner.run(
      [
        "acr", "--remarks", "full", "--config", config, "--from", audit, "--to",
        "markdown",
        "--output", output, "--draft",
      ], in: dir)
  }

  /// The row of one criterion in the draft Markdown ACR of `Samples/<audit>` with the sample config,
  /// run in `dir`.
  static func sampleDraftRow(
    _ criterion: String, of audit: String, in dir: URL,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> String {
    let acr = try draftMarkdown(
      config: "Samples/criteria.yml", from: "Samples/\(audit)", to: "acr.md",
      in: dir)
    #expect(
      acr.status == 0, "\(audit): \(acr.stderr)", sourceLocation: sourceLocation
    )
    return try row(criterion, of: try dir.read("acr.md"))
  }

  /// The row of a Markdown ACR (`draftMarkdown`) for one criterion (`2.1.1 Keyboard`).
  static func row(_ criterion: String, of markdown: String) throws -> String {
    try #require(
      markdown.components(separatedBy: "\n").first {
        $0.contains("[\(criterion)]")
      })
  }

  /// `criteria refresh` of `Samples/<from>` into `Samples/<to>` with the sample config, run in `dir`,
  /// expected to succeed.
  @discardableResult
  static func sampleRefresh(
    _ from: String, _ to: String, fresh: Bool = false, in dir: URL,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> CLIRunner.Outcome {
    let run = try CLIRunner.run(
      [
        "refresh", "--config", "Samples/criteria.yml", "--from",
        "Samples/\(from)", "--output", "Samples/\(to)",
      ] + (fresh ? ["--fresh"] : []), in: dir)
    #expect(
      run.status == 0, "\(from) → \(to): \(run.stderr)",
      sourceLocation: sourceLocation)
    return run
  }

  /// `criteria report` of `Samples/<audit>` with the sample config, run in `dir`, into `report.html`.
  static func sampleReport(_ audit: String, in dir: URL) throws
    -> CLIRunner.Outcome
  {
    try CLIRunner.run(
      [
        "report", "--config", "Samples/criteria.yml", "--from",
        "Samples/\(audit)", "--output", "report.html",
      ], in: dir)
  }

  /// Writes `Samples/answers.yml` and names it in the sample config's `acr:` section, in `dir`.
  static func sampleAnswers(_ yaml: String, in dir: URL) throws {
    try dir.write(yaml, to: "Samples/answers.yml")
    let config = try dir.read("Samples/criteria.yml")
    try dir.write(
      config.replacingOccurrences(
        of: "acr:\n", with: "acr:\n  answers: answers.yml\n"),
      to: "Samples/criteria.yml")
  }

  /// The HTML report of `Samples/<audit>` with the sample config, run in `dir`; it must succeed.
  static func sampleReportPage(
    _ audit: String, in dir: URL,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> String {
    let report = try sampleReport(audit, in: dir)
    #expect(
      report.status == 0, "\(report.stderr)", sourceLocation: sourceLocation)
    return try dir.read("report.html")
  }

  /// A scratch folder holding a copy of `Samples/`.
  static func samplesCopy() throws -> URL {
    let dir = try CLIRunner.scratch()
    try FileManager.default.copyItem(
      at: CLIRunner.packageRoot.appendingPathComponent("Samples"),
      to: dir.appendingPathComponent("Samples"))
    return dir
  }
}
