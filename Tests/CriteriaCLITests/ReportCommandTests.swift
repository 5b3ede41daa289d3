import Foundation
import TestSupport
import Testing

@Suite("criteria report")
struct ReportCommandTests {
  static let samples = CLIRunner.packageRoot.appendingPathComponent(
    "Samples/criteria"
  ).path
  static let tester = CLIRunner.packageRoot.appendingPathComponent(
    "Tests/CriteriaCLITests/Scripts/tester.py"
  ).path

  /// A filled sample audit: results of every kind, a hostile note, a ticket key the ledger knows.
  ///
  /// `severity40` is row 40's Severity.
  func filled(_ format: String = "xlsx", severity40: String = "High") throws
    -> URL
  {
    let dir = try CLIRunner.scratch()
    let export = try CLIRunner.run(
      ["export", Self.samples, "--to", format, "--output", "audit.\(format)"],
      in: dir)
    #expect(export.status == 0, "\(export.stderr)")
    let edits = #"""
      {"*": {"Result": "Pass"},
       "2": {"Result": "Fail", "Severity": "Critical", "Tester": "Ana", "Notes": "Focus is lost <script>alert(1)</script>", "Ticket": "7"},
       "3": {"Result": "Fail", "Severity": "Low", "Tester": "Ana", "Notes": "Reads \"star\" twice"},
       "4": {"Result": "not applicable"}, "5": {"Result": "Not tested"}, "6": {"Result": "Cannot tell", "Notes": "Focus & VoiceOver <disagree>"},
       "40": {"Result": "Fail", "Severity": SEVERITY40}, "41": {"Result": ""}}
      """#.replacingOccurrences(
        of: "SEVERITY40", with: "\"\(severity40)\"")
    let fill = try CLIRunner.runPython([
      Self.tester, "fill", dir.appendingPathComponent("audit.\(format)").path,
      dir.appendingPathComponent("filled.\(format)").path, edits,
    ])
    #expect(fill.status == 0, "\(fill.stderr)")
    return dir
  }

  @Test(
    "one self-contained page: summary, failures first (most severe first), components, WCAG, not tested; text stays text"
  )
  func page() throws {
    let dir = try filled()
    let run = try CLIRunner.run(
      ["report", "--from", "filled.xlsx", "--output", "report.html"], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    let html = try dir.read("report.html")
    let order = [
      "id=\"filters\"", "id=\"summary\"", "id=\"failures\"",
      "id=\"components\"", "id=\"wcag\"", "id=\"not-tested\"",
    ]
    let positions = order.map { html.range(of: $0)?.lowerBound }
    #expect(positions.allSatisfy { $0 != nil }, "every section is there")
    #expect(
      positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(),
      "in this order")
    #expect(html.contains("<h2 id=\"failures-h\">Failures (3)</h2>"))
    // The Summary opens with where the audit stands, before its tables: per platform against WCAG 2.2
    // A and AA, and the failures by severity, most severe first.
    let summary = String(
      html[
        html.range(of: "id=\"summary\"")!
          .lowerBound..<html.range(of: "<table class=\"counts\">")!.lowerBound])
    #expect(
      summary.contains("<p>Against WCAG 2.2 Level A and AA:</p>"), "\(summary)")
    #expect(
      summary.range(
        of:
          #"<li><strong>iOS</strong>: its checks test \d+ of the 56 Level A and AA criteria; \d+ (has|have) a failure \("#,
        options: .regularExpression) != nil, "\(summary)")
    #expect(
      summary.contains("3 checks fail: 1 Critical, 1 High, 1 Low."),
      "\(summary)")
    let failures = String(
      html[
        html.range(of: "id=\"failures\"")!
          .lowerBound..<html.range(of: "id=\"components\"")!.lowerBound])
    let critical = try #require(
      failures.range(of: "data-severity=\"Critical\""))
    let high = try #require(failures.range(of: "data-severity=\"High\""))
    let low = try #require(failures.range(of: "data-severity=\"Low\""))
    #expect(
      critical.lowerBound < high.lowerBound && high.lowerBound < low.lowerBound)
    #expect(
      html.contains("Focus is lost &lt;script&gt;alert(1)&lt;/script&gt;")
        && !html.contains("<script>alert"))
    #expect(
      html.contains("<td data-count=\"Not applicable\">1</td>"),
      "result words are read without regard to case")
    #expect(
      html.contains("<td data-count=\"Not tested\">2</td>"),
      "an empty Result counts as not tested")
    // Nothing external, no inline event handlers, one script allowed by its hash.
    #expect(
      html.range(of: #"<[^>]*\son[a-z]+\s*="#, options: .regularExpression)
        == nil, "no inline event handler")
    #expect(!html.contains(" src=") && !html.contains("<link"))
    #expect(
      html.contains("script-src 'sha256-")
        && html.contains("default-src 'none'"))
    #expect(html.components(separatedBy: "<script>").count == 2)
    #expect(
      html.contains("<svg role=\"img\" aria-labelledby=\"chart-t chart-d\""))
    #expect(html.contains("@media print"))
  }

  @Test(
    "the report and the diff say which product and release they cover, from the config's acr.product; --title still wins"
  )
  func productInTitles() throws {
    let dir = try ACRCommandTests.samplesCopy()
    let config = "Samples/criteria.yml"
    let report = try CLIRunner.run(
      [
        "report", "--config", config, "--from", "Samples/audit-filled.csv",
        "--output",
        "report.html",
      ], in: dir)
    #expect(report.status == 0, "\(report.stderr)")
    let page = try dir.read("report.html")
    #expect(
      page.contains(
        "<title>Sample App 1.0: accessibility audit report</title>"),
      "\(page.prefix(400))")
    #expect(
      page.contains("<h1>Sample App 1.0: accessibility audit report</h1>"))
    let titled = try CLIRunner.run(
      [
        "report", "--config", config, "--from", "Samples/audit-filled.csv",
        "--output",
        "titled.html", "--title", "Release candidate",
      ], in: dir)
    #expect(titled.status == 0, "\(titled.stderr)")
    #expect(try dir.read("titled.html").contains("<h1>Release candidate</h1>"))
    // Without a config there is no product to name.
    let bare = try CLIRunner.run(
      [
        "report", "--from", "Samples/audit-filled.csv", "--output", "bare.html",
      ], in: dir)
    #expect(bare.status == 0, "\(bare.stderr)")
    #expect(
      try dir.read("bare.html").contains("<h1>Accessibility audit report</h1>"))
    for (format, heading) in [
      (
        "markdown",
        "# Sample App 1.0: what changed in the accessibility audit\n"
      ),
      (
        "html",
        "<h1>Sample App 1.0: what changed in the accessibility audit</h1>"
      ),
    ] {
      let diff = try CLIRunner.run(
        [
          "diff", "Samples/audit-filled.csv", "Samples/audit-filled.csv",
          "--config", config,
          "--to", format, "--output", "-",
        ], in: dir)
      #expect(diff.status == 0, "\(diff.stderr)")
      #expect(diff.stdout.contains(heading), "\(diff.stdout.prefix(300))")
    }
  }

  @Test("ticket keys link to the tracker pages the config's ledger recorded")
  func ticketLinks() throws {
    let dir = try filled()
    try dir.write(
      """
      version: 1
      sources: [\(Self.samples)]
      outputs:
        - name: redmine
          exporter: redmine
          options: {url: "http://127.0.0.1:9", project: a11y, token_env: NOT_NEEDED}
      """, to: "criteria.yml")
    // Row 3 fails with its Ticket cell empty (the original audit; `tickets` put its key in the copy):
    // the ledger knows its key under the row's finding identity (no Date: no date part).
    let audit = try TesterScript.read(dir.appendingPathComponent("filled.xlsx"))
    let idColumn = try #require(audit.header.firstIndex(of: "ID"))
    let id = try #require(audit.rows["3"]?[idColumn])
    try dir.write(
      #"""
      {
        "entries" : {
          "finding/x" : {"attempts" : 1, "key" : "7", "state" : "filed", "url" : "http://127.0.0.1:9/issues/7"},
          "finding/\#(id)" : {"attempts" : 1, "key" : "8", "state" : "filed", "url" : "http://127.0.0.1:9/issues/8"}
        },
        "tracker" : "redmine",
        "version" : 1
      }
      """#, to: "redmine.ledger.json")
    let run = try CLIRunner.run(
      ["report", "--from", "filled.xlsx", "--output", "report.html"], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    let html = try dir.read("report.html")
    #expect(
      html.contains("<a href=\"http://127.0.0.1:9/issues/7\">7</a>"),
      "\(html.prefix(200))")
    #expect(
      html.contains("<a href=\"http://127.0.0.1:9/issues/8\">8</a>"),
      "the failure filed from the original audit names its ticket")
  }

  @Test(
    "a new cycle that cleared every Fail: the report lists them as failed before, never 'No check failed', and JUnit counts them"
  )
  func newCycle() throws {
    let dir = try CLIRunner.scratch(withSamples: [
      "criteria", "audit-filled.csv", "criteria.yml", "wcag-rules.yml",
    ])
    let fails = try TesterScript.rows(
      dir.appendingPathComponent("audit-filled.csv")
    ).values.filter { $0["Result"] == "Fail" }.count
    #expect(fails == 2)
    let refresh = try CLIRunner.run(
      [
        "refresh", "--from", "audit-filled.csv", "--output", "next.csv",
        "--fresh",
      ], in: dir)
    #expect(refresh.status == 0, "\(refresh.stderr)")
    let report = try CLIRunner.run(
      ["report", "--from", "next.csv", "--output", "next.html"], in: dir)
    #expect(report.status == 0, "\(report.stderr)")
    let page = try dir.read("next.html")
    let failures = try #require(
      page.components(separatedBy: "<section id=\"failures\"").dropFirst()
        .first?.components(separatedBy: "</section>").first)
    #expect(!failures.contains("No check failed."), "\(failures)")
    #expect(
      failures.contains(
        "<p>No check records a Fail; the checks below failed before"),
      "\(failures)")
    #expect(
      failures.contains(
        "<h3 id=\"failed-before-h\">Failed before, not retested since (\(fails))</h3>"
      ),
      "\(failures)")
    #expect(
      failures.components(separatedBy: "data-failed-before=\"true\"").count
        == fails + 1, "\(failures)")
    // The WCAG table counts them beside the Fail rows, never as none failed.
    let wcag = try #require(
      page.components(separatedBy: "<section id=\"wcag\"").dropFirst()
        .first?.components(separatedBy: "</section>").first)
    #expect(
      wcag.firstMatch(
        of: /<td>0 \(and \d+ failed before, not retested since\)<\/td>/)
        != nil, "\(wcag)")
    let junit = try AuditCycleTests.junit("next.csv", in: dir)
    let counted = junit.stdout.firstMatch(
      of: /<testsuites [^>]* failures="(\d+)"/)?.1
    #expect(counted.map { Int($0) } == fails, "\(junit.stdout)")
  }

  @Test(
    "the notes' own language (notes_language, --notes-language): English documents with a German team's notes mark the notes alone, in the report, diff and ACR"
  )
  func notesLanguage() throws {
    let dir = try CLIRunner.scratch(withSamples: [
      "criteria", "audit-filled.csv", "criteria.yml", "wcag-rules.yml",
    ])
    let config = dir.appendingPathComponent("criteria.yml")
    let original = try String(contentsOf: config, encoding: .utf8)
    try (original + "notes_language: de\n").write(
      to: config, atomically: true, encoding: .utf8)
    // Samples/audit-filled.csv's Banner failure: its note, in a cell of its own.
    let note =
      "VoiceOver says nothing when the banner appears; the message is read only when focus reaches it."
    func run(_ arguments: [String], _ output: String) throws -> String {
      let run = try CLIRunner.run(arguments + ["--output", output], in: dir)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
      return try dir.read(output)
    }
    let report = try run(["report", "--from", "audit-filled.csv"], "r.html")
    #expect(report.contains("<td lang=\"de\">\(note)</td>"))
    #expect(
      !report.contains("lang=\"es\"") && !report.contains("<h3 id=\"c0\"><span")
    )
    // --language marks the documents; the notes keep the config's notes_language.
    let both = try run(
      ["report", "--from", "audit-filled.csv", "--language", "es"], "b.html")
    #expect(both.contains("<h3 id=\"c0\"><span lang=\"es\">"))
    #expect(both.contains("<td lang=\"de\">\(note)</td>"))
    let french = try run(
      ["report", "--from", "audit-filled.csv", "--notes-language", "fr"],
      "f.html")
    #expect(french.contains("<td lang=\"fr\">\(note)</td>"))
    #expect(!french.contains("lang=\"de\""))
    // Notes written right to left: the cell takes the direction, so it aligns to the right.
    let arabic = try run(
      ["report", "--from", "audit-filled.csv", "--notes-language", "ar"],
      "ar.html")
    #expect(arabic.contains("<td lang=\"ar\" dir=\"rtl\">\(note)</td>"))
    // A check the audit lacks says so in criteria's own words, which are not the notes' language.
    // (The sample's lines end in CRLF, one Character to Swift.)
    var lines = try dir.read("audit-filled.csv").split(
      omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    lines.remove(at: 1)
    try dir.write(lines.joined(separator: "\r\n"), to: "lacking.csv")
    let lacking = try run(["report", "--from", "lacking.csv"], "l.html")
    #expect(lacking.contains("<td>Not in the audit: today"), "\(lacking)")
    #expect(!lacking.contains("lang=\"de\">Not in the audit"))
    // The diff: the Banner failure fixed, its note kept.
    try TesterScript.fill(
      dir.appendingPathComponent("audit-filled.csv"),
      dir.appendingPathComponent("next.csv"), ["44": ["Result": "Pass"]])
    let diff = try run(
      ["diff", "audit-filled.csv", "next.csv", "--to", "html"], "d.html")
    #expect(diff.contains("<td lang=\"de\">\(note)</td>"), "\(diff)")
    #expect(!diff.contains("lang=\"de\">Banner<"))
    let lackingDiff = try run(
      ["diff", "audit-filled.csv", "lacking.csv", "--to", "html"], "dl.html")
    #expect(
      lackingDiff.contains("<td>Not in the audit: today"), "\(lackingDiff)")
    // The ACR cites the note's first line in a remark, with its language; the names stay unmarked.
    let acr = try run(
      [
        "acr", "--remarks", "full", "--from", "audit-filled.csv", "--to",
        "html", "--draft",
      ], "acr.html")
    #expect(
      acr.contains(
        "Fails: Banner (iOS) Screen reader: Name (Critical): <span lang=\"de\">\(note.dropLast())</span>."
      ), "\(acr)")
    let junit = try CLIRunner.run(
      [
        "report", "--from", "audit-filled.csv", "--to", "junit", "--output",
        "r.xml", "--notes-language", "de",
      ], in: dir)
    #expect(junit.status == 64, "\(junit.stderr)")
    #expect(
      junit.stderr.contains(
        "--notes-language marks the text of an HTML page; --to junit has none to mark"
      ), "\(junit.stderr)")
    try (original + "notes_language: d_e\n").write(
      to: config, atomically: true, encoding: .utf8)
    let refused = try CLIRunner.run(
      ["report", "--from", "audit-filled.csv", "--output", "x.html"], in: dir)
    #expect(refused.status == 78)
    #expect(
      refused.stderr.contains(
        "notes_language: 'd_e' is not a BCP 47 language tag"),
      "\(refused.stderr)")
  }

  @Test(
    "the documents' language (--language, the config's language, the html exporter's option): the report, diff and test plan mark their text with lang, criteria's own words not; a malformed tag is refused"
  )
  func language() throws {
    let dir = try CLIRunner.scratch(withSamples: [
      "criteria", "audit-filled.csv", "criteria.yml", "wcag-rules.yml",
    ])
    func report(_ extra: [String] = []) throws -> (Int32, String, String) {
      try? FileManager.default.removeItem(
        at: dir.appendingPathComponent("r.html"))
      let run = try CLIRunner.run(
        ["report", "--from", "audit-filled.csv", "--output", "r.html"] + extra,
        in: dir)
      let page = (try? dir.read("r.html")) ?? ""
      return (run.status, page, run.stderr)
    }
    let marked =
      /<th scope="row">[A-Za-z ]+: <span lang="es">[^<]+<\/span><\/th>/
    let (status, page, stderr) = try report(["--language", "es"])
    #expect(status == 0, "\(stderr)")
    #expect(page.contains("<html lang=\"en\">"))
    #expect(page.contains("<h3 id=\"c0\"><span lang=\"es\">"), "\(page)")
    #expect(page.firstMatch(of: marked) != nil)
    #expect(page.contains("<h2 id=\"failures-h\">Failures (2)</h2>"))
    #expect(
      page.contains("<option value=\"Rating\" lang=\"es\">Rating</option>"))
    let plain = try report()
    #expect(plain.0 == 0 && !plain.1.contains("lang=\"es\""), "\(plain.2)")
    let bad = try report(["--language", "e_s"])
    #expect(bad.0 == 64 && bad.1.isEmpty)
    #expect(
      bad.2.contains("--language 'e_s' is not a BCP 47 language tag"),
      "\(bad.2)")
    // An output with no text to mark refuses it rather than accepting it to no effect.
    let junit = try CLIRunner.run(
      [
        "report", "--from", "audit-filled.csv", "--to", "junit", "--output",
        "r.xml",
        "--language", "es",
      ], in: dir)
    #expect(junit.status == 64, "\(junit.stderr)")
    #expect(
      junit.stderr.contains(
        "--language marks the text of an HTML page; --to junit has none to mark"
      ), "\(junit.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("r.xml").path))

    // The config's language: the report (reading criteria.yml by default) and the test plan a run writes.
    let config = dir.appendingPathComponent("criteria.yml")
    let original = try String(contentsOf: config, encoding: .utf8)
    try (original + "  - exporter: html\n    path: plan.html\nlanguage: es\n")
      .write(
        to: config, atomically: true, encoding: .utf8)
    let configured = try report()
    #expect(configured.0 == 0 && configured.1.firstMatch(of: marked) != nil)
    #expect(
      try report(["--language", "en-GB"]).1.contains("lang=\"es\"") == false)
    // diff reads the config's language too; --language wins over it.
    let refresh = try CLIRunner.run(
      [
        "refresh", "--from", "audit-filled.csv", "--output", "next.csv",
        "--fresh",
      ], in: dir)
    #expect(refresh.status == 0, "\(refresh.stderr)")
    for (extra, isMarked) in [([], true), (["--language", "en"], false)] {
      let diff = try CLIRunner.run(
        [
          "diff", "audit-filled.csv", "next.csv", "--to", "html", "-o",
          "d.html",
        ]
          + extra, in: dir)
      #expect(diff.status == 0, "\(diff.stderr)")
      let changes = try dir.read("d.html")
      #expect(
        changes.contains("<td lang=\"es\">Rating</td><td>iOS</td>")
          == isMarked, "\(extra)")
      #expect(changes.contains("<html lang=\"en\">"))
    }
    for format in ["markdown", "json"] {
      let diff = try CLIRunner.run(
        [
          "diff", "audit-filled.csv", "next.csv", "--to", format, "-o", "d.out",
          "--language", "es",
        ],
        in: dir)
      #expect(diff.status == 64, "\(diff.stderr)")
      #expect(
        diff.stderr.contains("--to \(format) has none to mark"),
        "\(diff.stderr)")
      #expect(
        !FileManager.default.fileExists(
          atPath: dir.appendingPathComponent("d.out").path))
    }
    let run = try CLIRunner.run(["run", "--only", "html"], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    let plan = try dir.read("plan.html")
    #expect(
      plan.contains("<h2 id=\"c0\"><span lang=\"es\">"), "\(plan.prefix(3000))")
    #expect(plan.contains("<h1>Accessibility test plan</h1>"))
    let option = try CLIRunner.run(
      [
        "export", "criteria", "--to", "html", "--option", "language=pt-BR",
        "--output", "pt.html",
      ], in: dir)
    #expect(option.status == 0, "\(option.stderr)")
    #expect(
      try dir.read("pt.html").contains("<h2 id=\"c0\"><span lang=\"pt-BR\">"))
    try (original + "language: e_s\n").write(
      to: config, atomically: true, encoding: .utf8)
    let refused = try report()
    #expect(refused.0 == 78 && refused.1.isEmpty)
    #expect(
      refused.2.contains("language: 'e_s' is not a BCP 47 language tag"),
      "\(refused.2)")
  }

  /// Writes an audit of `components` parts on iOS and Android, two checks each.
  ///
  /// Check k of part c fails when (c + k) is a multiple of 3. Returns the passes and failures per platform.
  static func writeManyParts(components: Int, to name: String, in dir: URL)
    throws -> [String: (
      pass: Int, fail: Int
    )]
  {
    var lines = [
      "Component,Platform,Test,Check,Expected result,WCAG,Result,Severity,Tester,Date,Notes,Ticket,ID"
    ]
    var counts: [String: (pass: Int, fail: Int)] = [:]
    for component in 0..<components {
      for platform in ["iOS", "Android"] {
        for check in 0..<2 {
          let fail = (component + check) % 3 == 0
          counts[platform, default: (0, 0)].pass += fail ? 0 : 1
          counts[platform, default: (0, 0)].fail += fail ? 1 : 0
          lines.append(
            "Part \(component),\(platform),Keyboard,Tab \(check),Focus moves,2.1.1,"
              + "\(fail ? "Fail,High" : "Pass,"),,,,,part-\(component)/tab-\(check)@\(platform.lowercased())"
          )
        }
      }
    }
    try dir.write(lines.joined(separator: "\n") + "\n", to: name)
    return counts
  }

  @Test(
    "a large audit's report in headless Chromium (the Summary per platform, every pair in its own section): no axe-core violation, no sideways scrolling",
    .tags(.slow), .enabled(if: SlowTests.enabled, SlowTests.skipped))
  func largeAuditInBrowser() throws {
    let dir = try CLIRunner.scratch()
    _ = try Self.writeManyParts(components: 80, to: "large.csv", in: dir)
    let run = try CLIRunner.run(
      ["report", "--from", "large.csv", "--output", "large.html"], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try dir.read("large.html").contains("<section id=\"pairs\""))
    let check = try BrowserCheck.run(
      dir.appendingPathComponent("large.html"), screenshot: "report-large")
    let result = try #require(check.result, "\(check.stderr)")
    #expect((result["violations"] as? [Any])?.isEmpty == true, "\(result)")
    #expect(result["horizontalScroll"] as? Bool == false)
  }

  @Test(
    "the Summary charts a bar per component and platform up to 60 pairs; past that a bar per platform with its table and text alternative giving the audit's counts, every pair in a section after the failures"
  )
  func chartOfALargeAudit() throws {
    let dir = try CLIRunner.scratch()
    func write(components: Int, to name: String) throws -> [String: (
      pass: Int, fail: Int
    )] {
      try Self.writeManyParts(components: components, to: name, in: dir)
    }
    func section(_ id: String, of page: String) -> String? {
      page.components(separatedBy: "<section id=\"\(id)\"").dropFirst().first?
        .components(separatedBy: "</section>").first
    }
    func report(_ audit: String) throws -> (figure: String, page: String) {
      let run = try CLIRunner.run(
        ["report", "--from", audit, "--output", "r.html"], in: dir)
      #expect(run.status == 0, "\(run.stderr)")
      let page = try dir.read("r.html")
      let figure = try #require(
        page.components(separatedBy: "<figure>").dropFirst().first?
          .components(separatedBy: "</figure>").first)
      return (figure, page)
    }

    _ = try write(components: 30, to: "sixty.csv")
    let (sixty, small) = try report("sixty.csv")
    #expect(
      sixty.contains(
        "<title id=\"chart-t\">Results per component and platform</title>"))
    #expect(sixty.contains("Part 28 on Android: 2 pass, 0 fail"), "\(sixty)")
    #expect(
      sixty.components(separatedBy: "text-anchor=\"end\"").count - 1 == 60)
    #expect(
      !small.contains("id=\"pairs\"") && !small.contains("href=\"#pairs\""))
    #expect(
      section("summary", of: small)?.contains(
        "<caption>Results and conformance per component and platform</caption>")
        == true)

    let counts = try write(components: 31, to: "sixty-two.csv")
    let (large, page) = try report("sixty-two.csv")
    #expect(
      large.contains("<title id=\"chart-t\">Results per platform</title>"),
      "\(large)")
    for platform in ["iOS", "Android"] {
      let count = try #require(counts[platform])
      #expect(
        large.contains("\(platform): \(count.pass) pass, \(count.fail) fail"),
        "\(large)")
    }
    #expect(large.components(separatedBy: "text-anchor=\"end\"").count - 1 == 2)
    #expect(!large.contains("Part "), "no pair is charted")
    #expect(
      large.contains(
        "Bars: checks per platform by result; the table gives the numbers. The audit's 62 component and platform pairs are too many to draw one by one."
      ))
    // The table beside the chart gives the chart's numbers, and says where every pair is.
    let summary = try #require(section("summary", of: page))
    for platform in ["iOS", "Android"] {
      let count = try #require(counts[platform])
      #expect(
        summary.contains(
          "<tr><th scope=\"row\">\(platform)</th><td>\(count.pass)</td><td>\(count.fail)</td>"
            + "<td>0</td><td>0</td><td>0</td><td>\(count.pass + count.fail)</td></tr>"
        ), "\(summary)")
    }
    #expect(
      summary.contains("<a href=\"#pairs\">listed after the failures</a>"))
    #expect(!summary.contains("Part "), "the Summary stays a summary")
    // Every pair, with its conformance, in a section of its own between the failures and the
    // components, which the page's navigation links to.
    let order = ["id=\"failures\"", "id=\"pairs\"", "id=\"components\""].map {
      page.range(of: $0)?.lowerBound
    }
    #expect(order.allSatisfy { $0 != nil })
    #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
    #expect(
      page.contains(
        "<li><a href=\"#pairs\">Per component and platform</a></li>"))
    let pairs = try #require(section("pairs", of: page))
    for component in 0..<31 {
      for platform in ["iOS", "Android"] {
        #expect(
          pairs.contains(
            "<tr><th scope=\"row\">Part \(component)</th><td>\(platform)</td>"))
      }
    }
    #expect(
      pairs.contains("<td>Partially Supports</td>")
        && pairs.contains("<td>Supports</td>"), "\(pairs)")
  }

  @Test(
    "an audit with checks not tested yet: the Failures section says so, never a bare 'No check failed.'"
  )
  func notTestedYet() throws {
    let dir = try CLIRunner.scratch()
    let export = try CLIRunner.run(
      ["export", Self.samples, "--to", "csv", "--output", "blank.csv"], in: dir)
    #expect(export.status == 0, "\(export.stderr)")
    // The blank audit says Not applicable where a check expects it; every other row is not tested.
    let blankRows = try TesterScript.rows(
      dir.appendingPathComponent("blank.csv"))
    let total = blankRows.count
    let open = blankRows.values.filter { $0["Result"] == "Not tested" }.count
    #expect(open > 0 && open < total)
    func failures(_ audit: String) throws -> String {
      let report = try CLIRunner.run(
        ["report", "--from", audit, "--output", "r.html"], in: dir)
      #expect(report.status == 0, "\(report.stderr)")
      let page = try dir.read("r.html")
      return try #require(
        page.components(separatedBy: "<section id=\"failures\"").dropFirst()
          .first?.components(separatedBy: "</section>").first)
    }
    let blank = try failures("blank.csv")
    #expect(
      blank.contains(
        "<p>No check failed among the \(total - open) with a result; \(open) are not tested or cannot tell (listed under Not tested).</p>"
      ), "\(blank)")
    for (edits, expected) in [
      (
        #"{"*": {"Result": "Not tested"}, "4": {"Result": "Cannot tell"}}"#,
        "<p>No check has a result yet: all \(total) are not tested or cannot tell (listed under Not tested).</p>"
      ),
      (
        #"{"*": {"Result": "Pass"}, "3": {"Result": ""}}"#,
        "<p>No check failed among the \(total - 1) with a result; 1 is not tested or cannot tell (listed under Not tested).</p>"
      ),
      (#"{"*": {"Result": "Pass"}}"#, "<p>No check failed.</p>"),
    ] {
      try CLIRunner.runPython([
        Self.tester, "fill", dir.appendingPathComponent("blank.csv").path,
        dir.appendingPathComponent("some.csv").path, edits,
      ])
      let some = try failures("some.csv")
      #expect(some.contains(expected), "\(some)")
    }
  }

  @Test(
    "bad input: no Result column, an unknown result word, a row with no platform, a report path in a missing folder; nothing half-written"
  )
  func badInput() throws {
    let dir = try filled("csv")
    try CLIRunner.runPython([
      Self.tester, "fill", dir.appendingPathComponent("filled.csv").path,
      dir.appendingPathComponent("odd.csv").path,
      #"{"7": {"Result": "Passed-ish"}}"#,
    ])
    let odd = try CLIRunner.run(
      ["report", "--from", "odd.csv", "--output", "r.html"], in: dir)
    #expect(odd.status != 0)
    #expect(
      odd.stderr.contains(
        "odd.csv:7: Result 'Passed-ish' is not one of Pass, Fail, Not applicable, Not tested, Cannot tell"
      ), "\(odd.stderr)")
    // A row whose Platform cell and ID both say no platform: the report shows platforms apart.
    try CLIRunner.runPython([
      Self.tester, "fill", dir.appendingPathComponent("filled.csv").path,
      dir.appendingPathComponent("nowhere.csv").path,
      #"{"7": {"Platform": "Desktop", "ID": "handmade-row"}}"#,
    ])
    let nowhere = try CLIRunner.run(
      ["report", "--from", "nowhere.csv", "--output", "r.html"], in: dir)
    #expect(nowhere.status == 65)
    #expect(
      nowhere.stderr.contains(
        "nowhere.csv:7: no platform (the Platform cell is 'Desktop'); the report shows web and software apart"
      ), "\(nowhere.stderr)")
    let missing = try CLIRunner.run(
      ["report", "--from", "filled.csv", "--output", "no/such/folder/r.html"],
      in: dir)
    #expect(missing.status != 0)
    #expect(missing.stderr.contains("no/such/folder"), "\(missing.stderr)")
    var text = try dir.read("filled.csv")
    text = text.replacingOccurrences(of: ",Result,", with: ",Outcome,")
    try dir.write(text, to: "noresult.csv")
    let noResult = try CLIRunner.run(
      ["report", "--from", "noresult.csv", "--output", "r.html"], in: dir)
    #expect(
      noResult.stderr.contains("noresult.csv: no Result column")
        && !noResult.stderr.contains("header: false"),
      "\(noResult.stderr)")
    // The checklist as the csv output writes it with `header: false`: its first row is a row of results.
    try dir.write(
      text.components(separatedBy: "\r\n").dropFirst().joined(
        separator: "\r\n"),
      to: "headerless.csv")
    let headerless = try CLIRunner.run(
      ["report", "--from", "headerless.csv", "--output", "r.html"], in: dir)
    #expect(headerless.status == 65)
    #expect(
      headerless.stderr.contains(
        "(that row holds results, not headers: a CSV written with the csv output's `header: false` cannot be "
          + "read back; write the audit with its header row)"),
      "\(headerless.stderr)")
    #expect(!dir.listing.contains("r.html"))
    #expect(
      dir.listing.filter { $0.hasPrefix(".") }.isEmpty,
      "no temporary file left behind: \(dir.listing)")
  }

  @Test(
    "in real headless Chromium: no axe-core violation in the default view or any filter, filters by keyboard, counts equal the audit's, readable without JavaScript",
    .tags(.slow), .enabled(if: SlowTests.enabled, SlowTests.skipped))
  func inBrowser() throws {
    // A severity a tester typed with two spaces inside: its menu option must still match its row.
    let dir = try filled(severity40: "Very  high")
    let run = try CLIRunner.run(
      ["report", "--from", "filled.xlsx", "--output", "report.html"], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    let shots = CLIRunner.packageRoot.appendingPathComponent(
      ".build/screenshots")
    let check = try CLIRunner.runPython([
      CLIRunner.packageRoot.appendingPathComponent(
        "Tests/ReportTests/Scripts/report_browser.py"
      ).path,
      dir.appendingPathComponent("report.html").path,
      dir.appendingPathComponent("filled.xlsx").path, shots.path,
    ])
    #expect(check.status == 0, "\(check.stderr)")
    let result = try #require(
      try JSONSerialization.jsonObject(with: Data(check.stdout.utf8))
        as? [String: Any], "\(check.stderr)")
    #expect((result["axe"] as? String)?.hasPrefix("4.") == true)
    let violations = try #require(result["violations"] as? [String: [String]])
    #expect(
      violations.count >= 10,
      "axe ran in the default view and after each filter: \(violations.keys.sorted())"
    )
    for (view, found) in violations {
      #expect(found.isEmpty, "\(view): \(found)")
    }
    #expect(
      result["reached"] as? [String] == [
        "f-platform", "f-result", "f-severity", "f-component", "f-only",
        "f-reset",
      ])
    let filters = try #require(result["filters"] as? [[String: Any]])
    #expect(filters.count >= 12)
    #expect(
      filters.contains {
        $0["value"] as? String == "Very  high" && $0["expected"] as? Int == 1
      }, "the severity with two spaces inside is a menu option of its own")
    for filter in filters {
      #expect(
        filter["shown"] as? Int == filter["expected"] as? Int, "\(filter)")
      // The rows a reader sees, counted in the page: the status could agree with a filter that hid the
      // wrong rows.
      #expect(
        filter["visible"] as? Int == filter["expected"] as? Int, "\(filter)")
    }
    for (word, pair) in try #require(result["summary"] as? [String: [Int]]) {
      #expect(
        pair[0] == pair[1],
        "\(word): the page says \(pair[0]), the audit holds \(pair[1])")
    }
    #expect(
      result["noscript"] as? Int == 58,
      "every check row is readable with JavaScript off")
    #expect(
      result["noscriptFiltersHidden"] as? Bool == true,
      "filters that cannot work are not shown")
    #expect(
      FileManager.default.fileExists(
        atPath: shots.appendingPathComponent("report.png").path))
  }

  @Test(
    "export --to html: a printable test plan per component with checks, WCAG, scenarios and developer notes"
  )
  func testPlan() throws {
    let dir = try CLIRunner.scratch()
    let run = try CLIRunner.run(
      ["export", Self.samples, "--to", "html", "--output", "plan.html"], in: dir
    )
    #expect(run.status == 0, "\(run.stderr)")
    let html = try dir.read("plan.html")
    #expect(
      html.components(separatedBy: "<section class=\"component\"").count == 5,
      "one section per sample component")
    #expect(html.contains("<caption>Toggle switch: checks</caption>"))
    #expect(
      html.contains(
        "<th scope=\"row\">Tab, arrow keys or ctl+tab</th><td>Focus visibly moves to the toggle switch</td><td>iOS, Android</td><td>2.1.1, 2.4.3, 2.4.7</td>"
      ))
    #expect(
      html.contains("<h3>Scenarios</h3>")
        && html.contains("<h3>Developer notes</h3>"))
    #expect(
      html.contains("@media print") && html.contains("default-src 'none'")
        && !html.contains("<script"))
    let noNotes = try CLIRunner.run(
      ["export", Self.samples, "--to", "html", "--option", "notes=false"],
      in: dir)
    #expect(!noNotes.stdout.contains("<h3>Developer notes</h3>"))
  }

  @Test(
    "the test plan in headless Chromium: no axe-core violation, every link reachable by Tab, no sideways scrolling",
    .tags(.slow), .enabled(if: SlowTests.enabled, SlowTests.skipped))
  func testPlanInBrowser() throws {
    let dir = try CLIRunner.scratch()
    var sources = [Self.samples]
    if SharedData.available {
      sources.append(
        CLIRunner.shared.appendingPathComponent("corpus/magentaa11y").path)
    }
    let run = try CLIRunner.run(
      ["export"] + sources + ["--to", "html", "--output", "plan.html"], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    let check = try BrowserCheck.run(
      dir.appendingPathComponent("plan.html"), screenshot: "test-plan")
    let result = try #require(check.result, "\(check.stderr)")
    #expect((result["violations"] as? [Any])?.isEmpty == true, "\(result)")
    #expect(result["tabStops"] as? Int == result["links"] as? Int)
    #expect(result["horizontalScroll"] as? Bool == false)
  }

  @Test(
    "report --to junit: one suite per component and platform, read by junitparser with the audit's counts"
  )
  func junit() throws {
    let dir = try filled()
    let run = try CLIRunner.run(
      [
        "report", "--from", "filled.xlsx", "--to", "junit", "--output",
        "results.xml",
      ], in: dir,
      environment: ["SOURCE_DATE_EPOCH": "1767225600"])
    #expect(run.status == 0, "\(run.stderr)")
    let script = """
      import json, sys
      from junitparser import JUnitXml, Failure, Skipped
      xml = JUnitXml.fromfile(sys.argv[1])
      suites, cases = [], []
      for suite in xml:
          suites.append([suite.name, suite.tests, suite.failures, suite.skipped, str(suite.timestamp)])
          for case in suite:
              kinds = [type(r).__name__ for r in case.result]
              messages = [r.message for r in case.result]
              cases.append([case.classname, case.name, kinds, messages, [r.text for r in case.result]])
      print(json.dumps({"suites": suites, "cases": cases}))
      """
    let parsed = try CLIRunner.runPython([
      "-c", script, dir.appendingPathComponent("results.xml").path,
    ])
    #expect(parsed.status == 0, "\(parsed.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8))
        as? [String: [[Any]]])
    let suites = json["suites"] ?? []
    let cases = json["cases"] ?? []
    #expect(suites.count == 7, "component and platform pairs of the samples")
    #expect(suites.reduce(0) { $0 + ($1[1] as? Int ?? 0) } == 58)
    #expect(
      suites.reduce(0) { $0 + ($1[2] as? Int ?? 0) } == 3, "three rows failed")
    #expect(
      suites.reduce(0) { $0 + ($1[3] as? Int ?? 0) } == 4,
      "one not applicable, two not tested, one cannot tell")
    #expect(
      suites.allSatisfy { ($0[4] as? String) == "2026-01-01T00:00:00" },
      "the timestamp honours SOURCE_DATE_EPOCH")
    let failure = try #require(
      cases.first {
        ($0[2] as? [String]) == ["Failure"]
          && ($0[4] as? [String])?.first?.contains("script") == true
      })
    #expect(failure[0] as? String == "native/controls/rating")
    #expect(
      (failure[3] as? [String])?.first?.contains("Severity: Critical") == true)
    #expect(
      (failure[4] as? [String])?.first?.contains(
        "Focus is lost <script>alert(1)</script>") == true,
      "text round-trips exactly")
    #expect(cases.contains { ($0[3] as? [String]) == ["not applicable"] })
    #expect(
      cases.contains {
        ($0[3] as? [String]) == ["cannot tell"]
          && ($0[4] as? [String]) == ["Focus & VoiceOver <disagree>"]
      }, "a skipped row keeps the tester's notes")
  }
}
