import Foundation
import Testing

/// The third round of hostile input: characters no reader opens, cells past Excel's limit, escape
/// sequences on the terminal, and outputs aimed at the retired rows beside a CSV audit.
@Suite("Hostile input, round 3", .serialized)
struct HostileRoundThreeTests {
  /// The sample folder copied, with `Samples/audit-filled.csv`'s first Notes cell set to `notes`.
  static func samplesWithNotes(_ notes: String, result: String? = nil) throws
    -> URL
  {
    let dir = try ACRCommandTests.samplesCopy()
    // The sample is written with CRLF line ends, as Excel saves CSV.
    var lines = try dir.read("Samples/audit-filled.csv").components(
      separatedBy: "\r\n")
    // Row 2: Rating, iOS, Keyboard, … Date, Notes (the eleventh column, empty), Ticket, ID.
    let read = lines[1].components(separatedBy: ",")
    try #require(read.count == 15, "\(read)")
    try #require(read[12].isEmpty, "\(read)")
    var cells = read
    if let result { cells[8] = result }
    lines[1] = (cells[..<12] + ["\"\(notes)\""] + cells[13...]).joined(
      separator: ",")
    try dir.write(
      lines.joined(separator: "\r\n"), to: "Samples/audit-filled.csv")
    return dir
  }

  /// openpyxl opens the workbook and gives the text of the Notes cell of row 2.
  static func notesCell(_ path: URL) throws -> CLIRunner.Outcome {
    try CLIRunner.runPython([
      "-c",
      "import openpyxl, sys; ws = openpyxl.load_workbook(sys.argv[1])['Checklist']; "
        + "head = [c.value for c in ws[1]]; "
        + "print(ascii(ws.cell(row=2, column=head.index('Notes') + 1).value))",
      path.path,
    ])
  }

  @Test(
    "U+FFFE and U+FFFF in a tester's cell, refreshed into a workbook: every reader opens it, criteria too"
  )
  func noncharacterRefreshed() throws {
    let dir = try Self.samplesWithNotes("before\u{FFFE}middle\u{FFFF}after")
    let refresh = try CLIRunner.run(
      [
        "refresh", "--config", "Samples/criteria.yml", "--from",
        "Samples/audit-filled.csv", "--output", "Samples/refreshed.xlsx",
      ], in: dir)
    #expect(refresh.status == 0, "\(refresh.stderr)")
    let opened = try Self.notesCell(
      dir.appendingPathComponent("Samples/refreshed.xlsx"))
    #expect(opened.status == 0, "openpyxl cannot open it: \(opened.stderr)")
    #expect(
      opened.stdout.contains(#"before\ufffdmiddle\ufffdafter"#),
      "\(opened.stdout)")
    let report = try ACRCommandTests.sampleReport("refreshed.xlsx", in: dir)
    #expect(report.status == 0, "criteria reads it back: \(report.stderr)")
  }

  @Test(
    "U+FFFE in a criteria document, exported to a workbook: every reader opens it"
  )
  func noncharacterExported() throws {
    let dir = try ACRCommandTests.samplesCopy()
    // The current format: its checks are Markdown, not YAML (whose front matter refuses U+FFFE).
    let document = "Samples/criteria/native/notifications/banner.md"
    let text = try dir.read(document)
    try #require(text.contains("Focus moves to the banner text"))
    try dir.write(
      text.replacingOccurrences(
        of: "Focus moves to the banner text",
        with: "Focus visibly moves\u{FFFE} to the banner text"),
      to: document)
    let export = try CLIRunner.run(
      [
        "export", "Samples/criteria", "--to", "xlsx", "--output",
        "audit.xlsx",
      ], in: dir)
    #expect(export.status == 0, "\(export.stderr)")
    let opened = try CLIRunner.runPython([
      "-c",
      "import openpyxl, sys; ws = openpyxl.load_workbook(sys.argv[1])['Checklist']; "
        + "print(ascii([c.value for row in ws.iter_rows() for c in row if c.value and 'banner text' in str(c.value)][:1]))",
      dir.appendingPathComponent("audit.xlsx").path,
    ])
    #expect(opened.status == 0, "openpyxl cannot open it: \(opened.stderr)")
    #expect(
      opened.stdout.contains(#"visibly moves\ufffd to"#), "\(opened.stdout)")
  }

  @Test(
    "a cell past Excel's 32,767 characters is refused, named by file and cell, in a workbook and a CSV; nothing is written"
  )
  func cellPastExcelsLimit() throws {
    let long = String(repeating: "x", count: 40_000)
    let dir = try Self.samplesWithNotes(long)
    let fromCSV = try ACRCommandTests.sampleReport("audit-filled.csv", in: dir)
    #expect(fromCSV.status == 65, "\(fromCSV.stderr)")
    #expect(
      fromCSV.stderr.contains(
        "audit-filled.csv:2: column 11 holds 40000 characters, more than the 32767"
      ),
      "\(fromCSV.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("report.html").path))

    let export = try CLIRunner.run(
      [
        "export", "Samples/criteria", "--to", "xlsx", "--output",
        "Samples/audit.xlsx",
      ], in: dir)
    #expect(export.status == 0, "\(export.stderr)")
    let fill = try CLIRunner.runPython([
      CLIRunner.packageRoot.appendingPathComponent(
        "Tests/CriteriaCLITests/Scripts/tester.py"
      ).path,
      "fill", dir.appendingPathComponent("Samples/audit.xlsx").path,
      dir.appendingPathComponent("Samples/long.xlsx").path,
      #"{"2": {"Result": "Fail", "Notes": "LONG-NOTE"}}"#,
    ])
    #expect(fill.status == 0, "\(fill.stderr)")
    // openpyxl cuts a cell at Excel's limit: the long text goes into the saved package by hand.
    let lengthen = try CLIRunner.runPython([
      "-c",
      "import sys, zipfile; path = sys.argv[1]; parts = {}\n"
        + "with zipfile.ZipFile(path) as z:\n"
        + "    parts = {n: z.read(n) for n in z.namelist()}\n"
        + "hits = [n for n, b in parts.items() if b'LONG-NOTE' in b]\n"
        + "assert hits, 'no part holds the note'\n"
        + "for n in hits: parts[n] = parts[n].replace(b'LONG-NOTE', b'x' * 40000)\n"
        + "with zipfile.ZipFile(path, 'w', zipfile.ZIP_DEFLATED) as z:\n"
        + "    [z.writestr(n, b) for n, b in parts.items()]\n",
      dir.appendingPathComponent("Samples/long.xlsx").path,
    ])
    #expect(lengthen.status == 0, "\(lengthen.stderr)")
    let fromWorkbook = try ACRCommandTests.sampleReport("long.xlsx", in: dir)
    #expect(fromWorkbook.status == 65, "\(fromWorkbook.stderr)")
    #expect(
      fromWorkbook.stderr.contains("long.xlsx, sheet 'Checklist', cell ")
        && fromWorkbook.stderr.contains("2 holds 40000 characters"),
      "\(fromWorkbook.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("report.html").path))
  }

  @Test(
    "escape sequences in a tester's notes never reach standard output raw: report, diff and acr with --output -"
  )
  func escapesOnStandardOutput() throws {
    let hostile = "Ana: \u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m focus lost"
    let dir = try Self.samplesWithNotes(hostile, result: "Fail")
    try FileManager.default.copyItem(
      at: CLIRunner.packageRoot.appendingPathComponent(
        "Samples/audit-filled.csv"),
      to: dir.appendingPathComponent("before.csv"))
    let config = ["--config", "Samples/criteria.yml"]
    let runs: [(String, [String])] = [
      (
        "report",
        ["report", "--from", "Samples/audit-filled.csv", "--output", "-"]
          + config
      ),
      (
        "diff",
        ["diff", "before.csv", "Samples/audit-filled.csv", "--output", "-"]
          + config
      ),
      (
        "diff html",
        [
          "diff", "before.csv", "Samples/audit-filled.csv", "--to", "html",
          "--output", "-",
        ] + config
      ),
      (
        "acr",
        [
          // The reviewer's remarks quote the notes; a buyer's never do.
          "acr", "--from", "Samples/audit-filled.csv", "--to", "markdown",
          "--output", "-", "--draft", "--remarks", "full",
        ]
          + config
      ),
    ]
    for (name, arguments) in runs {
      let run = try CLIRunner.run(arguments, in: dir)
      #expect(run.status == 0, "\(name): \(run.stderr)")
      #expect(run.stdout.contains("pwned"), "\(name): the notes are shown")
      #expect(
        !run.stdout.unicodeScalars.contains {
          $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{9B}"
        }, "\(name): a control character reached standard output")
      #expect(!run.stderr.contains("\u{1B}"), "\(name): stderr")
    }
  }

  @Test(
    "tickets --to and sync --to aimed at the retired rows beside a CSV audit are refused with 73; the retired rows stay whole and nothing is filed twice"
  )
  func trackerCopiesSpareRetiredRows() throws {
    let server = try RetestCommandTests.server()
    defer { server.stop() }
    let (dir, keys) = try RetestCommandTests.filed(server, exporter: "github")
    #expect(keys.allSatisfy { !$0.isEmpty }, "\(keys)")
    // Rows a refresh retired beside the audit the tickets were filed from, a Critical Fail among them.
    let rows = try dir.read("filled.csv").replacingOccurrences(
      of: ",Fail,,", with: ",Fail,Critical,")
    // The same rows beside the copy `tickets` wrote, which is what `sync` reads.
    try dir.write(rows, to: "filled-retired.csv")
    try dir.write(rows, to: "filled-tickets-retired.csv")
    let runs: [(String, [String], String)] = [
      (
        "tickets",
        ["tickets", "--from", "filled.csv", "--to", "filled-retired.csv"],
        "filled-retired.csv"
      ),
      (
        "sync",
        [
          "sync", "--from", "filled-tickets.csv", "--to",
          "filled-tickets-retired.csv",
        ], "filled-tickets-retired.csv"
      ),
    ]
    for (name, arguments, retired) in runs {
      let run = try CLIRunner.run(
        arguments, in: dir, environment: RetestCommandTests.environment)
      #expect(run.status == 73, "\(name): \(run.status) \(run.stderr)")
      #expect(
        run.stderr.contains("one of this run's inputs"),
        "\(name): \(run.stderr)")
      #expect(
        try dir.read(retired) == rows, "\(name) wrote over the retired rows")
    }
    #expect(
      try server.stats()["issues"] as? Int == 3, "nothing filed again")
  }

  @Test(
    "no output replaces the retired rows beside a CSV audit: report, diff, acr, refresh and merge refuse them with 73"
  )
  func retiredRowsAreAnInput() throws {
    let dir = try ACRCommandTests.samplesCopy()
    let audit = "Samples/audit-filled.csv"
    let retired = "Samples/audit-filled-retired.csv"
    // Rows a refresh retired, a Critical failure among them (any CSV checklist reads as such).
    let rows = try dir.read(audit).replacingOccurrences(
      of: ",Pass,,Sam,", with: ",Fail,Critical,Sam,")
    try dir.write(rows, to: retired)
    let config = ["--config", "Samples/criteria.yml"]
    let runs: [(String, [String])] = [
      ("report", ["report", "--from", audit, "--output", retired] + config),
      ("diff", ["diff", audit, audit, "--output", retired] + config),
      (
        "acr",
        [
          "acr", "--from", audit, "--to", "markdown", "--output", retired,
          "--draft",
        ]
          + config
      ),
      ("refresh", ["refresh", "--from", audit, "--output", retired] + config),
      ("merge", ["merge", audit, audit, "--output", retired]),
    ]
    for (name, arguments) in runs {
      let run = try CLIRunner.run(arguments, in: dir)
      #expect(run.status == 73, "\(name): \(run.status) \(run.stderr)")
      #expect(
        run.stderr.contains("one of this run's inputs"),
        "\(name): \(run.stderr)")
      #expect(
        try dir.read(retired) == rows, "\(name) wrote over the retired rows")
    }
  }

  @Test(
    "a refresh whose checklist cannot be written (73) leaves the retired rows beside its output as they were"
  )
  func failedRefreshKeepsRetiredRows() throws {
    let dir = try ACRCommandTests.samplesCopy()
    // The output is a folder: it cannot be written. The retired rows beside it are another audit's,
    // with no result recorded, so nothing checked before writing stops the run.
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("Samples/out.csv"),
      withIntermediateDirectories: true)
    let earlier =
      "Component,Platform,Test,Check,Result,ID\r\nX,iOS,Keyboard,Tab,,x@ios\r\n"
    try dir.write(earlier, to: "Samples/out-retired.csv")
    let run = try CLIRunner.run(
      [
        "refresh", "--config", "Samples/criteria.yml", "--from",
        "Samples/audit-filled.csv", "--output", "Samples/out.csv",
      ], in: dir)
    #expect(run.status == 73, "\(run.stderr)")
    #expect(try dir.read("Samples/out-retired.csv") == earlier)
  }

  @Test(
    "a refresh whose retired rows cannot be written beside its checklist removes the checklist again (73)"
  )
  func refreshWithoutRetiredRows() throws {
    let dir = try ACRCommandTests.samplesCopy()
    // Where the retired rows go is a folder: no output replaces one.
    let output = "Samples/out.csv"
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("Samples/out-retired.csv"),
      withIntermediateDirectories: true)
    let run = try CLIRunner.run(
      [
        "refresh", "--config", "Samples/criteria.yml", "--from",
        "Samples/audit-filled.csv", "--output", output,
      ], in: dir)
    #expect(run.status == 73, "\(run.stderr)")
    #expect(run.stderr.contains("was removed again"), "\(run.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent(output).path))
  }

  @Test(
    "a Critical screen-reader Fail whose Test cell is blank or spelt 'Screenreader' still speaks to 302.1 and 502.3.1: never Supports",
    arguments: ["Screenreader", ""])
  func screenReaderFailByItsCheck(spelling: String) throws {
    let dir = try ACRCommandTests.samplesCopy()
    let audit = "Samples/audit-filled.csv"
    let text = try dir.read(audit)
    let row =
      #"Rating,iOS,Screen reader,Name,"Purpose is clear (""Rating"")",4.1.2,Pass,,Sam,"#
    try #require(text.contains(row))
    try dir.write(
      text.replacingOccurrences(
        of: row,
        with:
          #"Rating,iOS,\#(spelling),Name,"Purpose is clear (""Rating"")",4.1.2,Fail,Critical,Sam,"#
      ),
      to: audit)
    let run = try CLIRunner.run(
      [
        "acr", "--config", "Samples/criteria.yml", "--from", audit, "--to",
        "markdown", "--output", "-", "--draft", "--edition",
        "2.5-edition-wcag-2.2-508-en",
      ], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    for provision in [
      "| 302.1 Without Vision |", "| 502.3.1 Object Information |",
    ] {
      let line = run.stdout.components(separatedBy: "\n").first {
        $0.hasPrefix(provision)
      }
      #expect(
        line?.contains("Partially Supports") == true
          || line?.contains("Does Not Support") == true,
        "\(spelling): \(line ?? "no row \(provision)")")
      #expect(line?.contains("Rating") == true, "\(line ?? "")")
    }
  }

  @Test(
    "a Fail in the later audit's retired rows is a regression or a new failure in diff, and --fail-on regression exits 1"
  )
  func retiredFailInDiff() throws {
    let dir = try ACRCommandTests.samplesCopy()
    let lines = try dir.read("Samples/audit-filled.csv").components(
      separatedBy: "\r\n")
    try dir.write(lines.joined(separator: "\r\n"), to: "before.csv")
    // The later audit: row 2 (Rating, iOS, a Pass before) retired by a refresh after a retest failed it,
    // and a check the earlier audit never had, retired as a Fail too.
    let retested = lines[1].replacingOccurrences(
      of: ",Pass,,Sam,", with: ",Fail,Critical,Sam,")
    try #require(retested != lines[1])
    let unknown = retested.replacingOccurrences(
      of: "tab-or-arrow-keys@ios", with: "long-press@ios")
    try dir.write(
      ([lines[0]] + lines[2...]).joined(separator: "\r\n"), to: "after.csv")
    try dir.write(
      [lines[0], retested, unknown, ""].joined(separator: "\r\n"),
      to: "after-retired.csv")
    let run = try CLIRunner.run(
      [
        "diff", "before.csv", "after.csv", "--to", "json", "--output", "-",
        "--fail-on", "regression",
      ], in: dir)
    #expect(run.status == 1, "\(run.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        as? [String: Any])
    let changes = json["rows"] as? [[String: Any]] ?? []
    func bucket(_ id: String) -> String? {
      changes.first { $0["id"] as? String == id }?["bucket"] as? String
    }
    #expect(
      bucket("native/controls/rating/keyboard/tab-or-arrow-keys@ios")
        == "regression",
      "\(changes.prefix(3))")
    #expect(
      bucket("native/controls/rating/keyboard/long-press@ios") == "new-failure")
  }
}
