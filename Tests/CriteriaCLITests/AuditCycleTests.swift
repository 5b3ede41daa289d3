import CriteriaModel
import Foundation
import TestSupport
import Testing

/// The audit across releases: `criteria refresh` on workbooks and CSVs filled by the tester script,
/// after the documents were edited.
@Suite(
  "criteria refresh, merge and diff", .serialized, .tags(.slow),
  .enabled(if: SlowTests.enabled, SlowTests.skipped))
struct AuditCycleTests {
  /// Whether a row holds what a fresh row starts with: Not tested, or Not applicable where the
  /// expectation is N/A.
  static func isFresh(_ row: [String: String]) -> Bool {
    row["Result"]
      == (Criterion.isNotApplicable(expectation: row["Expected result"] ?? "")
        ? "Not applicable" : "Not tested")
  }

  static let rating = "native/controls/rating"

  /// A folder with a copy of the samples, a config over them, and a fresh audit in `format`.
  static func setUp(format: String) throws -> URL {
    let dir = try CLIRunner.scratch()
    try FileManager.default.copyItem(
      at: CLIRunner.packageRoot.appendingPathComponent("Samples/criteria"),
      to: dir.appendingPathComponent("criteria"))
    try dir.write(
      "version: 1\nsources: [criteria]\noutputs:\n  - exporter: \(format)\n    path: audit.\(format)\n",
      to: "criteria.yml")
    let run = try CLIRunner.run(["run", "--config", "criteria.yml"], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    return dir
  }

  /// The Rating's iOS arrow-keys check, the row the audit-file tests fill.
  static let arrowKeys = "\(rating)/keyboard/arrow-keys@ios"

  /// A fresh audit in `format` (`setUp`): its folder, its file, and the spreadsheet row of `arrowKeys`.
  static func arrowKeysAudit(format: String) throws -> (
    dir: URL, audit: URL, line: String
  ) {
    let dir = try setUp(format: format)
    let audit = dir.appendingPathComponent("audit.\(format)")
    return (dir, audit, try #require(try numbers(audit)[arrowKeys]))
  }

  /// `arrowKeysAudit` with its `arrowKeys` row given `cells` by the tester, saved as `filled.FORMAT`:
  /// its folder and the row's spreadsheet row.
  static func filledArrowKeys(format: String, _ cells: [String: Any]) throws
    -> (dir: URL, line: String)
  {
    let (dir, audit, line) = try arrowKeysAudit(format: format)
    try TesterScript.fill(
      audit, dir.appendingPathComponent("filled.\(format)"), [line: cells])
    return (dir, line)
  }

  /// `criteria diff OLD NEW --to json` (with `options`) run in `dir`, expected to succeed: the JSON it
  /// writes.
  static func jsonDiff(
    _ old: String, _ new: String, _ options: [String] = [], in dir: URL,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> [String: Any] {
    let run = try CLIRunner.run(
      ["diff", old, new, "--to", "json", "--output", "diff.json"] + options,
      in: dir)
    #expect(
      run.status == 0, "\(old) → \(new): \(run.stderr)",
      sourceLocation: sourceLocation)
    return try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: dir.appendingPathComponent("diff.json")))
        as? [String: Any], sourceLocation: sourceLocation)
  }

  /// Expects the JUnit report of `file` in `dir` (`junit`) to hold one failure, the `arrowKeys` row's.
  static func expectArrowKeysFails(
    _ file: String, in dir: URL,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let report = try junit(file, in: dir)
    #expect(
      report.status == 0, "\(file): \(report.stderr)",
      sourceLocation: sourceLocation)
    #expect(
      report.stdout.contains("failures=\"1\"")
        && report.stdout.contains(arrowKeys), "\(file): \(report.stdout)",
      sourceLocation: sourceLocation)
  }

  /// `criteria report --from FILE --to junit --output -`: the report a CI step reads.
  static func junit(_ file: String, in dir: URL) throws -> CLIRunner.Outcome {
    try CLIRunner.run(
      ["report", "--from", file, "--to", "junit", "--output", "-"], in: dir)
  }

  /// Runs each command in `dir` and expects it refused as input data that cannot be read (65), its
  /// error saying each of `messages`, and none of `outputs` written.
  static func refused(
    _ commands: [[String]], in dir: URL, saying messages: [String],
    writing outputs: [String],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    for command in commands {
      let run = try CLIRunner.run(command, in: dir)
      #expect(
        run.status == 65, "\(command): \(run.stderr)",
        sourceLocation: sourceLocation)
      for message in messages {
        #expect(
          run.stderr.contains(message), "\(command): \(run.stderr)",
          sourceLocation: sourceLocation)
      }
      for output in outputs {
        #expect(
          !FileManager.default.fileExists(
            atPath: dir.appendingPathComponent(output).path),
          "\(command) wrote \(output)", sourceLocation: sourceLocation)
      }
    }
  }

  /// Spreadsheet row numbers by row id.
  static func numbers(_ file: URL) throws -> [String: String] {
    let table = try TesterScript.read(file)
    let id = try #require(table.header.firstIndex(of: "ID"))
    return Dictionary(
      table.rows.map { ($0.value[id], $0.key) }, uniquingKeysWith: { a, _ in a }
    )
  }

  /// The rating document edited as a new release would: one expectation reworded, one check removed,
  /// one added, two reordered.
  static func editRating(in dir: URL) throws {
    let file = dir.appendingPathComponent("criteria/\(rating).md")
    var text = try String(contentsOf: file, encoding: .utf8)
    let edits = [
      (
        "Changes the rating by one star on iOS and Android",
        "Changes the rating by one star and announces the new value"
      ),
      ("  swipe up or down: |\n     Changes the rating by one star\n", ""),
      (
        "  arrow keys: |",
        "  home key: |\n      Sets the rating to its lowest value\n  arrow keys: |"
      ),
      (
        "  name: |\n      Purpose is clear (\"Rating\")\n  role: |\n      Identifies as adjustable in iOS and \"seek control\" in Android\n",
        "  role: |\n      Identifies as adjustable in iOS and \"seek control\" in Android\n  name: |\n      Purpose is clear (\"Rating\")\n"
      ),
    ]
    for (old, new) in edits {
      #expect(text.contains(old), "the sample no longer holds '\(old)'")
      text = text.replacingOccurrences(of: old, with: new)
    }
    try text.write(to: file, atomically: true, encoding: .utf8)
  }

  @Test(
    "a merged workbook prints a tester's long Notes whole in LibreOffice: the rows grow to the merged text"
  )
  func mergedNotesPrintWhole() throws {
    let (dir, audit, line) = try Self.arrowKeysAudit(format: "xlsx")
    let note =
      "The arrow keys skip a star when the rating is at three, and the new value is not announced.\n"
      + "Seen on an iPhone 15 with a Magic Keyboard; the second paragraph ends here with a word: zanzibar."
    try TesterScript.fill(
      audit, dir.appendingPathComponent("sam.xlsx"),
      [
        line: [
          "Result": "Fail", "Severity": "High", "Tester": "Sam",
          "Date": "2026-12-01", "Notes": note,
        ]
      ])
    // The fresh audit first: the merged copy is of it (its chart and row heights), Sam's cells put in.
    let merged = try CLIRunner.run(
      ["merge", "audit.xlsx", "sam.xlsx", "--output", "merged.xlsx"], in: dir)
    #expect(merged.status == 0, "\(merged.stderr)")
    let convert = try runTool(
      "soffice",
      LibreOffice.isolated + [
        "--headless", "--norestore", "--convert-to", "pdf", "--outdir",
        dir.path, dir.appendingPathComponent("merged.xlsx").path,
      ])
    #expect(convert.status == 0, "\(convert.stderr)")
    let text = try runTool(
      "pdftotext", [dir.appendingPathComponent("merged.pdf").path, "-"])
    #expect(text.status == 0, "\(text.stderr)")
    // LibreOffice draws no text outside a cell's row: the last word printed means the note is whole.
    #expect(text.stdout.contains("zanzibar"), "\(text.stdout.prefix(2000))")
  }

  @Test(
    "refresh after an edit, a removal, an addition and a reordering: results kept by id, changes marked, removed rows retired",
    arguments: ["xlsx", "csv"])
  func refresh(format: String) throws {
    let dir = try Self.setUp(format: format)
    let audit = dir.appendingPathComponent("audit.\(format)")
    let row = try Self.numbers(audit)
    let kept = "\(Self.rating)/keyboard/tab-or-arrow-keys@ios"
    let changed = "\(Self.rating)/keyboard/arrow-keys@android"
    let removed = "\(Self.rating)/gestures/swipe-up-or-down@ios"
    let role = "\(Self.rating)/screenreader/role@android"
    for id in [kept, changed, removed, role] {
      #expect(row[id] != nil, "no row \(id) in the fresh audit")
    }
    // The tester's own column is added first, so every edit below can fill it.
    let filled = dir.appendingPathComponent("filled.\(format)")
    try TesterScript.fill(
      audit, filled,
      [
        try #require(row[kept]): [
          "Result": "Pass", "Tester": "Ana", "Date": "2026-11-02",
          "Notes": "fine", "Device": "iPhone 15", "Failed WCAG": "2.4.7",
        ],
        try #require(row[changed]): [
          "Result": "Fail", "Severity": "High", "Tester": "Ana",
          "Notes": "arrow keys leave the control", "Ticket": "QA-7",
        ],
        try #require(row[removed]): ["Result": "Fail", "Notes": "gone soon"],
        try #require(row[role]): ["Result": "Pass", "Ticket": "QA-9"],
      ])
    let original = try Data(contentsOf: filled)
    try Self.editRating(in: dir)
    let run = try CLIRunner.run(
      [
        "refresh", "--from", "filled.\(format)", "--output",
        "refreshed.\(format)",
      ], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("2 changed"), "\(run.stderr)")
    #expect(run.stderr.contains("new, 2 retired"), "\(run.stderr)")
    // The retired Fail is named, so the failure does not leave the audit unseen; the retired row that
    // held no finding is not.
    let place =
      format == "xlsx"
      ? "filled.xlsx, sheet 'Checklist', row \(try #require(row[removed]))"
      : "filled.csv:\(try #require(row[removed]))"
    #expect(
      run.stderr.contains(
        "warning: 1 retired row holds a finding: a row is carried over by its ID"
      )
        && run.stderr.contains(
          "the ACR and report of refreshed.\(format) count it as a failure until the behaviour is retested"
        ), "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "\n  \(place): Rating (iOS) Gestures: Swipe up or down: Fail"),
      "\(run.stderr)")
    #expect(
      run.stderr.contains(
        format == "xlsx"
          ? "It is kept in the Retired sheet of refreshed.xlsx,"
          : "It is kept in refreshed-retired.csv,"), "\(run.stderr)")
    #expect(
      try Data(contentsOf: filled) == original, "the input was written over")

    let refreshed = dir.appendingPathComponent("refreshed.\(format)")
    let rows = try TesterScript.rows(refreshed)
    #expect(rows[kept]?["Result"] == "Pass")
    #expect(rows[kept]?["Tester"] == "Ana")
    #expect(rows[kept]?["Date"] == "2026-11-02")
    #expect(rows[kept]?["Notes"] == "fine")
    #expect(rows[kept]?["Since last audit"] == "kept")
    #expect(
      rows[kept]?["Device"] == "iPhone 15", "a tester's own column is kept")
    #expect(
      rows[kept]?["Failed WCAG"] == "2.4.7",
      "a tester column the layout does not ask for is carried, not lost")
    #expect(
      rows[role]?["Result"] == "Pass", "a reordered check keeps its result")
    #expect(rows[role]?["Ticket"] == "QA-9")

    let now = try #require(rows[changed])
    #expect(now["Result"] == "Not tested", "a changed check is retested")
    #expect(now["Severity"] == "" && now["Tester"] == "")
    #expect(now["Ticket"] == "QA-7")
    #expect(now["Since last audit"] == "changed (was Fail, not retested)")
    #expect(
      now["Expected result"]
        == "Changes the rating by one star and announces the new value")
    let note = now["Notes"] ?? ""
    #expect(
      note.contains(
        "was 'Fail' against the expectation 'Changes the rating by one star on iOS and Android'"
      ), "\(note)")
    #expect(note.contains("arrow keys leave the control"))

    let added = try #require(rows["\(Self.rating)/keyboard/home-key@ios"])
    #expect(added["Since last audit"] == "new")
    #expect(added["Result"] == "Not tested")
    #expect(rows[removed] == nil)
    let marks = rows.values.compactMap { $0["Since last audit"] }
    #expect(
      marks.filter { $0 == "new" }.count == 2, "home key on iOS and Android")
    #expect(
      marks.filter { $0.hasPrefix("changed") }.count == 2,
      "arrow keys on iOS and Android")

    if format == "xlsx" {
      try Self.expectSummaryLive(
        refreshed, rows: rows,
        retired: try TesterScript.rows(refreshed, sheet: "Retired"))
    }

    // The retired check keeps its result, in the Retired sheet or the -retired.csv beside the CSV.
    let retired =
      format == "xlsx"
      ? try TesterScript.rows(refreshed, sheet: "Retired")
      : try TesterScript.rows(
        dir.appendingPathComponent("refreshed-retired.csv"))
    #expect(retired[removed]?["Result"] == "Fail")
    #expect(retired[removed]?["Notes"] == "gone soon")
    #expect(retired.count == 2, "swipe up or down on iOS and Android")

    // The next release's refresh keeps them retired, with their results and the tester's own column.
    let again = try CLIRunner.run(
      [
        "refresh", "--from", "refreshed.\(format)", "--output",
        "again.\(format)",
      ], in: dir)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(
      again.stderr.contains("0 retired (and 2 retired earlier, kept)")
        && again.stderr.contains(
          "(retired earlier): Rating (iOS) Gestures: Swipe up or down: Fail"),
      "\(again.stderr)")
    let still =
      format == "xlsx"
      ? try TesterScript.rows(
        dir.appendingPathComponent("again.xlsx"), sheet: "Retired")
      : try TesterScript.rows(dir.appendingPathComponent("again-retired.csv"))
    // Under the same headers (a CSV row shorter than its header is filled out), and the new audit's
    // marker column, blank.
    #expect(still.count == retired.count)
    for (id, row) in retired {
      for (header, value) in row {
        #expect(still[id]?[header] == value, "\(id) \(header)")
      }
    }
    #expect(still[removed]?["Since last audit"] == "")

    // A third release changes the same check again after it was retested: its Notes hold one change
    // note, today's, and the tester's own lines; never a stack of every release's.
    let retest = try Self.numbers(refreshed)
    try TesterScript.fill(
      refreshed, dir.appendingPathComponent("retested.\(format)"),
      [
        try #require(retest[changed]): [
          "Result": "Fail", "Severity": "High", "Tester": "Ana",
          "Notes": (rows[changed]?["Notes"] ?? "") + "\nstill skips",
        ]
      ])
    let file = dir.appendingPathComponent("criteria/\(Self.rating).md")
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(
      text.contains(
        "Changes the rating by one star and announces the new value"))
    try text.replacingOccurrences(
      of: "Changes the rating by one star and announces the new value",
      with: "Changes the rating by one star and announces it"
    ).write(to: file, atomically: true, encoding: .utf8)
    let third = try CLIRunner.run(
      [
        "refresh", "--from", "retested.\(format)", "--output",
        "third.\(format)",
      ], in: dir)
    #expect(third.status == 0, "\(third.stderr)")
    let notes =
      try TesterScript.rows(dir.appendingPathComponent("third.\(format)"))[
        changed]?["Notes"] ?? ""
    let lines = notes.split(separator: "\n").map(String.init)
    #expect(
      lines.filter { $0.hasPrefix("Changed since the last audit") }.count == 1,
      "\(notes)")
    #expect(
      lines.first
        == "Changed since the last audit: was 'Fail' against the expectation 'Changes the rating by one star and announces the new value' (severity High).",
      "\(notes)")
    #expect(
      lines.dropFirst() == ["arrow keys leave the control", "still skips"],
      "\(notes)")
  }

  /// One sheet of a workbook as LibreOffice computes it on opening, converted to CSV: its lines, each
  /// split into fields outside quotes (a name such as "Name, Role, Value" stays one field).
  static func sheetAsLibreOfficeReadsIt(_ workbook: URL, _ sheet: String) throws
    -> [[String]]
  {
    let lo = workbook.deletingLastPathComponent().appendingPathComponent("lo")
    let convert = try runTool(
      "soffice",
      LibreOffice.isolated + [
        "--headless", "--norestore", "--convert-to",
        "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1",
        "--outdir", lo.path, workbook.path,
      ])
    #expect(convert.status == 0, "\(convert.stderr)")
    let stem = workbook.deletingPathExtension().lastPathComponent
    return try lo.read("\(stem)-\(sheet).csv").split(separator: "\n").map {
      line in
      var fields = [""]
      var quoted = false
      for character in line {
        if character == "\"" {
          quoted.toggle()
        } else if character == "," && !quoted {
          fields.append("")
        } else {
          fields[fields.count - 1].append(character)
        }
      }
      return fields
    }
  }

  /// LibreOffice opens the workbook and its Summary shows, per component and platform, the results the
  /// checklist holds and the findings (Fail, Cannot tell) among its `retired` rows, counted here from the
  /// rows, both where it recalculates and where it shows the values written with the formulas.
  static func expectSummaryLive(
    _ workbook: URL, rows: [String: [String: String]],
    retired: [String: [String: String]] = [:]
  )
    throws
  {
    let summary = try Self.sheetAsLibreOfficeReadsIt(workbook, "Summary")
    var counted: [String: [String: Int]] = [:]
    let findings = retired.values.filter {
      ["Fail", "Cannot tell"].contains($0["Result"] ?? "")
    }
    for row in Array(rows.values) + findings {
      let unit = "\(row["Component"] ?? "")|\(row["Platform"] ?? "")"
      counted[unit, default: [:]][row["Result"] ?? "", default: 0] += 1
    }
    // The units' rows: a line saying what counts follows them when the audit has retired rows.
    let units = summary.dropFirst().filter { $0.count > 7 && !$0[1].isEmpty }
    #expect(units.count == counted.count, "one Summary row per unit")
    for line in units {
      let unit = counted["\(line[0])|\(line[1])"] ?? [:]
      #expect(
        line[3] == String(unit["Pass"] ?? 0), "\(line[0]) \(line[1]) Pass")
      #expect(
        line[4] == String(unit["Fail"] ?? 0), "\(line[0]) \(line[1]) Fail")
      #expect(
        line[6] == String(unit["Not tested"] ?? 0),
        "\(line[0]) \(line[1]) Not tested")
    }
  }

  @Test(
    "a checklist with a Failed WCAG column: LibreOffice's WCAG sheet counts a failure against the criteria it names alone, as counted here from the rows"
  )
  func failedWCAGSheet() throws {
    let dir = try CLIRunner.scratch()
    try FileManager.default.copyItem(
      at: CLIRunner.packageRoot.appendingPathComponent("Samples/criteria"),
      to: dir.appendingPathComponent("criteria"))
    try dir.write(
      """
      version: 1
      sources: [criteria]
      outputs:
        - exporter: xlsx
          path: audit.xlsx
          options:
            columns: [Component, Platform, Test, Check, Expected result, WCAG, Result, Failed WCAG, Notes, ID]
      """, to: "criteria.yml")
    let run = try CLIRunner.run(["run", "--config", "criteria.yml"], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    let audit = dir.appendingPathComponent("audit.xlsx")
    let row = try Self.numbers(audit)
    let named = "\(Self.rating)/keyboard/tab-or-arrow-keys@ios"
    let plain = "\(Self.rating)/keyboard/tab-or-arrow-keys@android"
    try TesterScript.fill(
      audit, dir.appendingPathComponent("filled.xlsx"),
      [
        "*": ["Result": "Pass"],
        try #require(row[named]): ["Result": "Fail", "Failed WCAG": "2.4.7"],
        try #require(row[plain]): ["Result": "Fail"],
      ])
    let filled = dir.appendingPathComponent("filled.xlsx")
    let rows = try TesterScript.rows(filled)
    #expect(
      rows[named]?["WCAG"]?.contains("2.1.1") == true,
      "the row tests more than 2.4.7")
    // The rule, from the issue's words: a failure naming criteria counts against those alone.
    var expected: [String: (checks: Int, fails: Int)] = [:]
    for row in rows.values {
      let kind = row["Platform"] == "Web" ? "Web" : "Software"
      let wcag = (row["WCAG"] ?? "").split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      let failed = (row["Failed WCAG"] ?? "").split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      let fails = row["Result"] == "Fail"
      for number in fails && !failed.isEmpty ? failed : wcag
      where !number.isEmpty {
        var count = expected["\(kind) \(number)"] ?? (0, 0)
        count.checks += 1
        if fails { count.fails += 1 }
        expected["\(kind) \(number)"] = count
      }
    }
    let sheet = try Self.sheetAsLibreOfficeReadsIt(filled, "WCAG")
    let header = try #require(sheet.first)
    var seen = 0
    for line in sheet.dropFirst() where line.count == header.count {
      for kind in ["Web", "Software"] {
        guard let checks = header.firstIndex(of: "\(kind) checks"),
          let fail = header.firstIndex(of: "\(kind): Fail")
        else { continue }
        let want = expected["\(kind) \(line[0])"] ?? (0, 0)
        #expect(
          line[checks] == String(want.checks), "\(kind) \(line[0]) checks")
        #expect(line[fail] == String(want.fails), "\(kind) \(line[0]) failures")
        seen += 1
      }
    }
    #expect(
      seen == 2 * (sheet.count - 1),
      "every criterion's row read, for Web and Software")
    // 2.4.7 carries the named failure; 2.1.1 does not, on iOS.
    #expect(
      expected["Software 2.4.7"]?.fails == 2
        && expected["Software 2.1.1"]?.fails == 1)
  }

  @Test(
    "--fresh starts a new cycle: every Result blank, the old one under 'Previous result', tickets kept"
  )
  func fresh() throws {
    let dir = try Self.setUp(format: "xlsx")
    let audit = dir.appendingPathComponent("audit.xlsx")
    let row = try Self.numbers(audit)
    let id = "\(Self.rating)/keyboard/arrow-keys@ios"
    try TesterScript.fill(
      audit, dir.appendingPathComponent("filled.xlsx"),
      [
        "*": ["Result": "Pass"],
        try #require(row[id]): [
          "Result": "Fail", "Ticket": "QA-1", "Tester": "Bo",
          "Device": "Pixel 8",
        ].merging(["Notes": "stuck"]) { $1 },
      ])
    let run = try CLIRunner.run(
      ["refresh", "--from", "filled.xlsx", "--output", "next.xlsx", "--fresh"],
      in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    let rows = try TesterScript.rows(dir.appendingPathComponent("next.xlsx"))
    // A fresh row starts Not tested, or Not applicable where its expectation is N/A.
    #expect(rows.values.allSatisfy { Self.isFresh($0) })
    #expect(rows.values.contains { $0["Result"] == "Not applicable" })
    #expect(rows[id]?["Previous result"] == "Fail")
    #expect(rows[id]?["Ticket"] == "QA-1")
    #expect(rows[id]?["Tester"] == "")
    #expect(rows[id]?["Device"] == "Pixel 8")
    #expect(
      rows.values.filter { $0["Previous result"] == "Pass" }.count == rows.count
        - 1)
  }

  @Test(
    "a tester's note starting with a dash reads as written after a refresh guarded it in the CSV against formulas"
  )
  func guardedNotes() throws {
    let notes = "- focus lost\n- no label"
    let dir = try Self.filledArrowKeys(
      format: "csv", ["Result": "Fail", "Notes": notes]
    ).dir
    for (from, to) in [
      ("filled", "next"), ("filled", "next"), ("next", "again"),
    ] {
      let run = try CLIRunner.run(
        ["refresh", "--from", "\(from).csv", "--output", "\(to).csv"], in: dir)
      #expect(run.status == 0, "\(from) → \(to): \(run.stderr)")
      // The file holds the guard a spreadsheet shows; the notes are read without it.
      let written = try TesterScript.rows(
        dir.appendingPathComponent("\(to).csv"))
      #expect(written[Self.arrowKeys]?["Notes"] == "'" + notes)
      let report = try Self.junit("\(to).csv", in: dir)
      #expect(report.status == 0, "\(report.stderr)")
      #expect(
        report.stdout.contains(">- focus lost")
          && !report.stdout.contains("'- focus lost"), "\(report.stdout)")
    }
  }

  @Test(
    "a formula in a Result cell reads as its saved value, merge keeps the checklist's saved values, and one with no saved value is refused"
  )
  func resultFormula() throws {
    let (dir, line) = try Self.filledArrowKeys(
      format: "xlsx", ["Tester": "Ana"])
    // The row's Result cell made a formula, with the value a spreadsheet program saves beside it, and
    // without (as a script writes one).
    let script = #"""
      import openpyxl, re, sys, zipfile
      source, target, line, saved = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == "yes"
      book = openpyxl.load_workbook(source)
      sheet = book["Checklist"]
      column = next(c.column_letter for c in sheet[1] if c.value == "Result")
      part = "xl/worksheets/sheet%d.xml" % (book.sheetnames.index("Checklist") + 1)
      ref = "%s%d" % (column, line)
      value = "<v>Fail</v>" if saved else ""
      with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zout:
          for item in zin.infolist():
              data = zin.read(item.filename)
              if item.filename == part:
                  text, count = re.subn(
                      r'<c r="%s"( s="\d+")?[^>]*?(/>|>.*?</c>)' % ref,
                      lambda m: '<c r="%s"%s t="str"><f>"Fa"&amp;"il"</f>%s</c>' % (ref, m.group(1) or "", value),
                      data.decode("utf-8"), count=1, flags=re.S)
                  assert count == 1, "no cell " + ref
                  data = text.encode("utf-8")
              zout.writestr(item, data)
      """#
    for (name, saved) in [("formula.xlsx", "yes"), ("unsaved.xlsx", "no")] {
      let made = try CLIRunner.runPython([
        "-c", script, dir.appendingPathComponent("filled.xlsx").path,
        dir.appendingPathComponent(name).path, line, saved,
      ])
      #expect(made.status == 0, "\(made.stderr)")
    }
    try Self.expectArrowKeysFails("formula.xlsx", in: dir)
    let unsaved = try Self.junit("unsaved.xlsx", in: dir)
    #expect(unsaved.status == 65)
    #expect(
      unsaved.stderr.contains(
        "unsaved.xlsx, sheet 'Checklist', row \(line): the Result cell (")
        && unsaved.stderr.contains(
          "holds a formula whose value the workbook does not save"),
      "\(unsaved.stderr)")

    // Merged with a copy that has no result there: the merged copy is the first file's, formula and all,
    // and the formula's saved value stays, so the failure is still read.
    let merge = try CLIRunner.run(
      [
        "merge", "formula.xlsx", "filled.xlsx", "--output", "merged.xlsx",
      ], in: dir)
    #expect(merge.status == 0, "\(merge.stderr)")
    try Self.expectArrowKeysFails("merged.xlsx", in: dir)
  }

  @Test(
    "rows retired in two releases: the earlier keep their own columns, the later are cut to their header"
  )
  func retiredTwice() throws {
    let dir = try Self.setUp(format: "csv")
    /// Removes `check` from the rating document and refreshes `from` into `to`.
    func release(removing check: String, _ from: String, _ to: String) throws {
      let document = "criteria/\(Self.rating).md"
      let text = try dir.read(document)
      #expect(text.contains(check))
      try dir.write(
        text.replacingOccurrences(of: check, with: ""), to: document)
      let refresh = try CLIRunner.run(
        ["refresh", "--from", from, "--output", to], in: dir)
      #expect(refresh.status == 0, "\(refresh.stderr)")
    }
    try release(
      removing: "  swipe up or down: |\n     Changes the rating by one star\n",
      "audit.csv", "one.csv")
    // A tester's own column in the retired rows, and a stray field past the last column on the row of a
    // check the next release removes.
    let retired = try dir.read("one-retired.csv").components(
      separatedBy: "\r\n")
    try dir.write(
      retired.enumerated().map { index, line in
        line.isEmpty ? line : line + (index == 0 ? ",Device" : ",Pixel 8")
      }.joined(separator: "\r\n"), to: "one-retired.csv")
    let name = "\(Self.rating)/screenreader/name@ios"
    let one = try dir.read("one.csv").components(separatedBy: "\r\n")
    #expect(one.contains { $0.contains(name) })
    try dir.write(
      one.map { $0.contains(name) ? $0 + ",stray" : $0 }.joined(
        separator: "\r\n"), to: "one.csv")
    try release(
      removing: "  name: |\n      Purpose is clear (\"Rating\")\n",
      "one.csv", "two.csv")
    let rows = try TesterScript.rows(
      dir.appendingPathComponent("two-retired.csv"))
    #expect(rows.count == 4, "\(rows.keys.sorted())")
    #expect(
      rows["\(Self.rating)/gestures/swipe-up-or-down@ios"]?["Device"]
        == "Pixel 8")
    #expect(rows[name]?["Device"] == "", "\(rows[name] ?? [:])")
    #expect(rows[name]?["Check"] == "Name")
  }

  @Test(
    "a failing row a tester added by hand (no ID) is named as such by refresh, and report says rows may be added by hand"
  )
  func handAddedRow() throws {
    let dir = try Self.setUp(format: "csv")
    let lines = try dir.read("audit.csv").components(separatedBy: "\r\n")
    let header = lines[0].components(separatedBy: ",")
    let values = [
      "Component": "Rating", "Platform": "iOS", "Test": "Screen reader",
      "Check": "Hint", "Expected result": "Reads how to change it",
      "Result": "Fail", "Tester": "Ana", "Date": "2026-11-20",
    ]
    /// The fresh audit with the tester's row (ID `id`) on line 2, written to `name`.
    func withAddedRow(id: String, to name: String) throws {
      let added = header.map { $0 == "ID" ? id : values[$0] ?? "" }
      try dir.write(
        ([lines[0], added.joined(separator: ",")] + lines.dropFirst()).joined(
          separator: "\r\n"), to: name)
    }
    try withAddedRow(id: "", to: "filled.csv")
    func run(_ arguments: [String]) throws -> CLIRunner.Outcome {
      try CLIRunner.run(arguments, in: dir, environment: ["TOK": "secret"])
    }
    let refreshed = try run(
      ["refresh", "--from", "filled.csv", "--output", "refreshed.csv"])
    #expect(refreshed.status == 0, "\(refreshed.stderr)")
    // Not "the check left the criteria": the row never named one.
    #expect(
      refreshed.stderr.contains(
        "\n  filled.csv:2 (no ID): Rating (iOS) Screen reader: Hint: Fail"),
      "\(refreshed.stderr)")
    #expect(refreshed.stderr.contains("added by hand"), "\(refreshed.stderr)")
    // The refreshed audit's report still lists the failure, from its retired rows.
    let later = try run(
      ["report", "--from", "refreshed.csv", "--to", "junit", "--output", "-"])
    #expect(later.status == 0, "\(later.stderr)")
    #expect(
      later.stdout.contains(
        "name=\"Screen reader: Hint (a row a refresh retired)\""),
      "\(later.stdout)")
    let report = try run(
      ["report", "--from", "filled.csv", "--output", "report.html"])
    #expect(report.status == 0, "\(report.stderr)")
    #expect(
      report.stderr.contains(
        "1 of filled.csv's rows is no check of today's criteria (retired since, added by hand,"
      ), "\(report.stderr)")
    // Filing needs an ID to file it once: the error says so and how, before anything is sent.
    try dir.write(
      "version: 1\nsources: [criteria]\noutputs:\n  - name: issues\n    exporter: github\n"
        + "    options: {url: 'http://127.0.0.1:9', project: acme/app, token_env: TOK}\n",
      to: "tickets.yml")
    let tickets = try run(
      ["tickets", "--from", "filled.csv", "--config", "tickets.yml"])
    #expect(tickets.status == 65, "\(tickets.stderr)")
    #expect(
      tickets.stderr.contains(
        "filled.csv:2: Result is Fail but the ID cell is empty (a row added by hand?); give it an ID no "
          + "other row has, such as my-app/added/1@iOS"), "\(tickets.stderr)")
    // merge and diff match rows by ID: the row without one is named, with what to do.
    let merged = try run(
      ["merge", "audit.csv", "filled.csv", "--output", "merged.csv"])
    #expect(merged.status == 65, "\(merged.stderr)")
    #expect(
      merged.stderr.contains(
        "filled.csv:2: the row has no ID (a row added by hand?); merge matches rows by the ID column"
      ), "\(merged.stderr)")
    // Given an ID of its own in one file, merge takes that file first; the other file first, it says why not.
    try withAddedRow(id: "my-app/added/1@iOS", to: "own.csv")
    let stranger = try run(
      ["merge", "audit.csv", "own.csv", "--output", "merged.csv"])
    #expect(stranger.status == 65, "\(stranger.stderr)")
    #expect(
      stranger.stderr.contains(
        "or the row was added by hand to this file only (the merge copies the first file's rows: give this file first"
      ), "\(stranger.stderr)")
    let first = try run([
      "merge", "own.csv", "audit.csv", "--output", "merged.csv",
    ])
    #expect(first.status == 0, "\(first.stderr)")
  }

  @Test(
    "a workbook of other criteria, a duplicated row id, or the output onto the input is refused and nothing is written"
  )
  func refusals() throws {
    let dir = try Self.setUp(format: "csv")
    try dir.write(
      "Component,Result,ID\nX,Pass,other/product/check@ios\n", to: "other.csv")
    let other = try CLIRunner.run(
      ["refresh", "--from", "other.csv", "--output", "out.csv"], in: dir)
    #expect(other.status == 65, "\(other.stderr)")
    #expect(
      other.stderr.contains(
        "other.csv: its one row is not a check of today's criteria"),
      "\(other.stderr)")
    let text = try dir.read("audit.csv")
    let lines = text.components(separatedBy: "\r\n")
    try dir.write(
      (lines + [lines[1]]).joined(separator: "\r\n"), to: "twice.csv")
    let twice = try CLIRunner.run(
      ["refresh", "--from", "twice.csv", "--output", "out.csv"], in: dir)
    #expect(twice.status == 65, "\(twice.stderr)")
    #expect(twice.stderr.contains("is also on twice.csv:2"), "\(twice.stderr)")
    let onto = try CLIRunner.run(
      ["refresh", "--from", "audit.csv", "--output", "audit.csv"], in: dir)
    #expect(onto.status == 73, "\(onto.stderr)")
    #expect(
      try dir.read("audit.csv")
        == text)
    // Nothing beside it either: a refreshed CSV's retired rows would have gone there first.
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("audit-retired.csv").path),
      "\(onto.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("out.csv").path))
  }

  @Test(
    "merge: cells filled in one file taken, identical ones once, a tester's column added; LibreOffice recalculates the Summary of the merged copy and its dropdowns stay"
  )
  func merge() throws {
    let dir = try Self.setUp(format: "xlsx")
    let audit = dir.appendingPathComponent("audit.xlsx")
    let row = try Self.numbers(audit)
    let ana = "\(Self.rating)/keyboard/tab-or-arrow-keys@ios"
    let both = "\(Self.rating)/keyboard/arrow-keys@android"
    let ben = "\(Self.rating)/screenreader/role@android"
    let shared: [String: Any] = [
      "Result": "Fail", "Severity": "High", "Tester": "Cy",
      "Notes": "focus leaves the control",
    ]
    // The same day as a real date cell in one file and as typed text in the other: filled alike.
    try TesterScript.fill(
      audit, dir.appendingPathComponent("ana.xlsx"),
      [
        try #require(row[ana]): [
          "Result": "Pass", "Tester": "Ana", "Date": ["date": "2026-11-02"],
          "Device": "iPhone 15",
        ],
        try #require(row[both]): shared.merging(["Date": ["date": "2026-11-04"]]
        ) { $1 },
      ])
    try TesterScript.fill(
      audit, dir.appendingPathComponent("ben.xlsx"),
      [
        try #require(row[ben]): [
          "Result": "Not applicable", "Tester": "Ben", "Date": "2026-11-03",
        ],
        try #require(row[both]): shared.merging(["Date": "2026-11-04"]) { $1 },
      ])
    let inputs = try ["audit.xlsx", "ana.xlsx", "ben.xlsx"].map {
      try Data(contentsOf: dir.appendingPathComponent($0))
    }
    // The fresh audit first: its Summary holds the values criteria computed for an untested audit,
    // so the merged copy's Summary is right only if readers compute it again.
    let run = try CLIRunner.run(
      [
        "merge", "audit.xlsx", "ana.xlsx", "ben.xlsx", "--output",
        "merged.xlsx",
      ], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains("3 with cells from another file"), "\(run.stderr)")
    #expect(run.stderr.contains("1 filled alike in several"), "\(run.stderr)")
    let after = try ["audit.xlsx", "ana.xlsx", "ben.xlsx"].map {
      try Data(contentsOf: dir.appendingPathComponent($0))
    }
    #expect(after == inputs, "an input was written over")

    let merged = dir.appendingPathComponent("merged.xlsx")
    let rows = try TesterScript.rows(merged)
    #expect(rows[ana]?["Result"] == "Pass")
    #expect(rows[ana]?["Tester"] == "Ana")
    #expect(rows[ana]?["Date"] == "2026-11-02")
    #expect(
      rows[ana]?["Device"] == "iPhone 15", "a tester's own column is added")
    #expect(rows[ben]?["Result"] == "Not applicable")
    #expect(rows[ben]?["Tester"] == "Ben")
    #expect(rows[ben]?["Device"] == "")
    #expect(rows[both]?["Result"] == "Fail")
    #expect(rows[both]?["Severity"] == "High")
    #expect(rows[both]?["Notes"] == "focus leaves the control", "taken once")
    #expect(rows[both]?["Date"] == "2026-11-04")
    let untouched = rows.filter { ![ana, both, ben].contains($0.key) }
    #expect(untouched.values.allSatisfy { Self.isFresh($0) })
    #expect(rows.count == row.count)
    try Self.expectSummaryLive(merged, rows: rows)
    // The Result dropdown is the first file's, untouched.
    let validations = try CLIRunner.runPython([
      "-c",
      "import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).read('xl/worksheets/sheet1.xml').decode().count('<dataValidation '))",
      merged.path,
    ])
    #expect(
      Int(validations.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        ?? 0 >= 1)
  }

  @Test(
    "merge: a cell filled differently is a conflict listed with each file's value, tester and date, nothing written; --prefer latest takes the later date and notes it; equal dates stay a conflict"
  )
  func mergeConflicts() throws {
    let dir = try Self.setUp(format: "csv")
    let audit = dir.appendingPathComponent("audit.csv")
    let row = try Self.numbers(audit)
    let id = "\(Self.rating)/keyboard/arrow-keys@ios"
    let other = "\(Self.rating)/keyboard/tab-or-arrow-keys@ios"
    let line = try #require(row[id])
    /// `criteria merge FILES --output OUTPUT --prefer latest`.
    func mergeLatest(_ files: [String], into output: String) throws
      -> CLIRunner.Outcome
    {
      try CLIRunner.run(
        ["merge"] + files + ["--output", output, "--prefer", "latest"], in: dir)
    }
    try TesterScript.fill(
      audit, dir.appendingPathComponent("ana.csv"),
      [
        line: ["Result": "Pass", "Tester": "Ana", "Date": "2026-11-02"],
        try #require(row[other]): [
          "Result": "Pass", "Tester": "Ana", "Date": "2026-11-02",
        ],
      ])
    try TesterScript.fill(
      audit, dir.appendingPathComponent("ben.csv"),
      [
        line: [
          "Result": "Fail", "Severity": "High", "Tester": "Ben",
          "Date": "2026-11-05", "Notes": "skips a star", "Failed WCAG": "2.1.1",
        ]
      ])
    try TesterScript.fill(
      audit, dir.appendingPathComponent("cy.csv"),
      [line: ["Result": "Cannot tell", "Tester": "Cy", "Date": "2026-11-05"]])

    let stopped = try CLIRunner.run(
      ["merge", "ana.csv", "ben.csv", "--output", "merged.csv"], in: dir)
    #expect(stopped.status == 1, "\(stopped.stderr)")
    for expected in [
      id, "Result:", "ana.csv:\(line): 'Pass' (Ana, 2026-11-02)",
      "ben.csv:\(line): 'Fail' (Ben, 2026-11-05)", "Tester:", "Date:",
    ] {
      #expect(
        stopped.stderr.contains(expected),
        "no '\(expected)' in \(stopped.stderr)")
    }
    #expect(
      !stopped.stderr.contains("Notes:"),
      "a note in one file only is no conflict")
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("merged.csv").path))

    let latest = try mergeLatest(["ana.csv", "ben.csv"], into: "merged.csv")
    #expect(latest.status == 0, "\(latest.stderr)")
    let rows = try TesterScript.rows(dir.appendingPathComponent("merged.csv"))
    #expect(rows[id]?["Result"] == "Fail")
    #expect(rows[id]?["Tester"] == "Ben")
    #expect(
      rows[id]?["Failed WCAG"] == "2.1.1",
      "the Failed WCAG column one file has is added")
    #expect(rows[id]?["Date"] == "2026-11-05")
    // The tester's note stays theirs; what the merge chose is in a column of its own.
    #expect(rows[id]?["Notes"] == "skips a star", "\(rows[id] ?? [:])")
    let chosen = rows[id]?["Merge record"] ?? ""
    #expect(chosen.contains("--prefer latest"), "\(chosen)")
    #expect(
      chosen.contains("(was 'Pass')"), "the lost result is recorded: \(chosen)")
    #expect(chosen.contains("ana.csv:\(line) (Ana, 2026-11-02)"), "\(chosen)")
    #expect(rows[other]?["Result"] == "Pass")
    #expect(rows[other]?["Merge record"] == "", "nothing was chosen there")

    // A later retest that passes, its Severity, Notes and Failed WCAG blank: the row is that record,
    // never a Pass with the failure's severity and notes; what the failure said is in the note.
    try TesterScript.fill(
      audit, dir.appendingPathComponent("dee.csv"),
      [line: ["Result": "Pass", "Tester": "Dee", "Date": "2026-11-09"]])
    let retested = try mergeLatest(
      ["ben.csv", "dee.csv"], into: "retested.csv")
    #expect(retested.status == 0, "\(retested.stderr)")
    let record = try TesterScript.rows(
      dir.appendingPathComponent("retested.csv"))[id]
    #expect(record?["Result"] == "Pass" && record?["Tester"] == "Dee")
    #expect(
      record?["Severity"] == "" && record?["Failed WCAG"] == "",
      "\(record ?? [:])")
    #expect(record?["Notes"] == "", "Dee wrote no note: \(record ?? [:])")
    // The report built from a merged audit shows the testers' notes, never the merge's record.
    let report = try CLIRunner.run(
      [
        "report", "--config", "criteria.yml", "--from", "merged.csv",
        "--output", "report.html",
      ], in: dir)
    #expect(report.status == 0, "\(report.stderr)")
    let html = try dir.read("report.html")
    #expect(html.contains("skips a star"), "the failure's note is shown")
    #expect(!html.contains("Merged by the later date"))
    #expect(!html.contains("--prefer latest"))
    let retestNotes = record?["Merge record"] ?? ""
    #expect(retestNotes.hasPrefix("Merged by the later date"), "\(retestNotes)")
    for lost in [
      "Result (was 'Fail')", "Severity (was 'High')",
      "Notes (was 'skips a star')", "Failed WCAG (was '2.1.1')",
    ] {
      #expect(retestNotes.contains(lost), "no \(lost) in \(retestNotes)")
    }

    let tie = try mergeLatest(
      ["ana.csv", "ben.csv", "cy.csv"], into: "tie.csv")
    #expect(tie.status == 1, "\(tie.stderr)")
    #expect(
      tie.stderr.contains("cy.csv:\(line): 'Cannot tell' (Cy, 2026-11-05)"),
      "\(tie.stderr)")
    // Given --prefer latest, the error says why the date did not settle it, never to give the option.
    #expect(
      tie.stderr.contains(
        "Result (the files dated 2026-11-05, the latest, differ):"),
      "\(tie.stderr)")
    #expect(!tie.stderr.contains("give --prefer latest"), "\(tie.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("tie.csv").path))

    try TesterScript.fill(
      audit, dir.appendingPathComponent("eve.csv"),
      [line: ["Result": "Fail", "Tester": "Eve", "Date": "11/09/2026"]])
    let unread = try mergeLatest(["ana.csv", "eve.csv"], into: "unread.csv")
    #expect(unread.status == 1, "\(unread.stderr)")
    #expect(
      unread.stderr.contains(
        "Result (eve.csv:\(line) is dated '11/09/2026', which names no one day (write it YYYY-MM-DD)):"
      ), "\(unread.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("unread.csv").path))
    // 12/11/2026 may mean December 11 or November 12: later than November 2 either way.
    try TesterScript.fill(
      audit, dir.appendingPathComponent("fay.csv"),
      [line: ["Result": "Fail", "Tester": "Fay", "Date": "12/11/2026"]])
    let either = try mergeLatest(["ana.csv", "fay.csv"], into: "either.csv")
    #expect(either.status == 0, "\(either.stderr)")
    let merged = try TesterScript.rows(
      dir.appendingPathComponent("either.csv"))[id]
    #expect(
      merged?["Result"] == "Fail" && merged?["Tester"] == "Fay",
      "\(merged ?? [:])")
  }

  @Test(
    "merge: two testers who agree on a Result are no conflict (both names, the later date, each one's notes as theirs); a copy without a Result never overrides one with a Result"
  )
  func mergeAgreement() throws {
    let dir = try Self.setUp(format: "csv")
    let audit = dir.appendingPathComponent("audit.csv")
    let row = try Self.numbers(audit)
    let pass = "\(Self.rating)/keyboard/arrow-keys@ios"
    let fail = "\(Self.rating)/keyboard/tab-or-arrow-keys@ios"
    let passLine = try #require(row[pass])
    let failLine = try #require(row[fail])
    try TesterScript.fill(
      audit, dir.appendingPathComponent("sam.csv"),
      [
        passLine: ["Result": "Pass", "Tester": "Sam", "Date": "2026-11-20"],
        failLine: [
          "Result": "Fail", "Severity": "High", "Tester": "Sam",
          "Date": "2026-11-20", "Notes": "focus skips the second star",
        ],
      ])
    try TesterScript.fill(
      audit, dir.appendingPathComponent("priya.csv"),
      [
        passLine: [
          "Result": "Pass", "Tester": "Priya", "Date": "2026-11-22",
          "Notes": "checked with a Bluetooth keyboard",
        ],
        // Priya opened the row, wrote her name and a date, and recorded no Result.
        failLine: ["Tester": "Priya", "Date": "2026-11-25"],
      ])
    for prefer in [[], ["--prefer", "latest"]] {
      let merged = try CLIRunner.run(
        ["merge", "sam.csv", "priya.csv", "--output", "merged.csv"] + prefer,
        in: dir)
      #expect(merged.status == 0, "\(prefer): \(merged.stderr)")
      #expect(!merged.stderr.contains("conflict"), "\(merged.stderr)")
      let rows = try TesterScript.rows(dir.appendingPathComponent("merged.csv"))
      #expect(rows[pass]?["Result"] == "Pass")
      #expect(rows[pass]?["Tester"] == "Sam, Priya", "\(rows[pass] ?? [:])")
      #expect(rows[pass]?["Date"] == "2026-11-22")
      #expect(
        rows[pass]?["Notes"] == "Priya: checked with a Bluetooth keyboard")
      // The recorded Fail keeps its record: never Priya's name and date without a Result.
      #expect(rows[fail]?["Result"] == "Fail")
      #expect(rows[fail]?["Severity"] == "High")
      #expect(rows[fail]?["Tester"] == "Sam", "\(rows[fail] ?? [:])")
      #expect(rows[fail]?["Date"] == "2026-11-20")
      #expect(
        rows[fail]?["Notes"] == "focus skips the second star",
        "\(rows[fail] ?? [:])")
      try FileManager.default.removeItem(
        at: dir.appendingPathComponent("merged.csv"))
    }
    // Both wrote a note on the same Pass: each stays under its tester's name.
    try TesterScript.fill(
      audit, dir.appendingPathComponent("ana.csv"),
      [
        passLine: [
          "Result": "Pass", "Tester": "Ana", "Date": "2026-11-21",
          "Notes": "fine on iPad",
        ]
      ])
    let three = try CLIRunner.run(
      ["merge", "ana.csv", "priya.csv", "--output", "three.csv"], in: dir)
    #expect(three.status == 0, "\(three.stderr)")
    let notes = try TesterScript.rows(dir.appendingPathComponent("three.csv"))[
      pass]?["Notes"]
    #expect(
      notes == "Ana: fine on iPad\nPriya: checked with a Bluetooth keyboard",
      "\(notes ?? "")")
  }

  @Test(
    "merge refuses files of other criteria, an unknown Result word and two results in a cell, naming the file and row; nothing written"
  )
  func mergeRefusals() throws {
    let dir = try Self.setUp(format: "csv")
    let audit = dir.appendingPathComponent("audit.csv")
    let text = try String(contentsOf: audit, encoding: .utf8)
    try dir.write(
      text + "Other,iOS,Keyboard,x,y,,Pass,,,,,,other/product/check@ios\r\n",
      to: "other.csv")
    let row = try Self.numbers(audit).values.map { Int($0) ?? 0 }.min() ?? 2
    try TesterScript.fill(
      audit, dir.appendingPathComponent("typo.csv"),
      ["\(row)": ["Result": "Failed"]])
    try TesterScript.fill(
      audit, dir.appendingPathComponent("two.csv"),
      ["\(row)": ["Result": "Pass, Fail"]])
    let cases = [
      (
        "other.csv",
        "other.csv:\(text.components(separatedBy: "\r\n").count): the ID 'other/product/check@ios' is not in audit.csv"
      ),
      ("typo.csv", "typo.csv:\(row): Result 'Failed' is not one of"),
      ("two.csv", "two.csv:\(row): Result 'Pass, Fail' is not one of"),
    ]
    for (file, message) in cases {
      let run = try CLIRunner.run(
        ["merge", "audit.csv", file, "--output", "out.csv"], in: dir)
      #expect(run.status == 65, "\(file): \(run.stderr)")
      #expect(run.stderr.contains(message), "\(file): \(run.stderr)")
      #expect(
        !FileManager.default.fileExists(
          atPath: dir.appendingPathComponent("out.csv").path))
    }
    let usage = try CLIRunner.run(
      ["merge", "audit.csv", "other.csv", "--output", "out.xlsx"], in: dir)
    #expect(usage.status == 64, "\(usage.stderr)")
  }

  /// The bucket of a row as the issue defines it, written here from its words, not from the product; a
  /// Fail now Not applicable, and the other changes of result the issue did not name, have buckets of
  /// their own, so that "unchanged" means the same result.
  static func expectedBucket(_ old: String?, _ new: String?) -> String {
    let evaluated = ["Pass", "Fail", "Not applicable"]
    guard let new else { return "retired" }
    guard let old else { return new == "Fail" ? "new-failure" : "added" }
    if new == "Fail" {
      if old == "Fail" { return "still-failing" }
      return ["Pass", "Not applicable"].contains(old)
        ? "regression" : "new-failure"
    }
    if old == "Fail" && new == "Pass" { return "fix" }
    if old == "Fail" && new == "Not applicable" {
      return "failure-now-not-applicable"
    }
    if evaluated.contains(old) && ["Not tested", "Cannot tell"].contains(new) {
      return "newly-untested"
    }
    return old == new ? "unchanged" : "result-changed"
  }

  @Test(
    "diff: every row in exactly one bucket, counted here independently; markdown, json and --fail-on regression",
    arguments: ["csv", "xlsx"])
  func diff(format: String) throws {
    let dir = try Self.setUp(format: format)
    let audit = dir.appendingPathComponent("audit.\(format)")
    let numbers = try Self.numbers(audit)
    let ids = numbers.keys.sorted()
    let words = ["Pass", "Fail", "Not applicable", "Not tested", "Cannot tell"]
    // Every pair of (old, new) words appears, across the rows, in a fixed order.
    var oldEdits: [String: [String: Any]] = [:]
    var newEdits: [String: [String: Any]] = [:]
    var expected: [String: String] = [:]
    for (index, id) in ids.enumerated() {
      let old = words[index % 5]
      let new = words[(index / 5) % 5]
      let row = try #require(numbers[id])
      oldEdits[row] = ["Result": old]
      newEdits[row] = ["Result": new, "Notes": "row \(index) | *note*"]
      expected[id] = Self.expectedBucket(old, new)
    }
    try TesterScript.fill(
      audit, dir.appendingPathComponent("old.\(format)"), oldEdits)
    try TesterScript.fill(
      audit, dir.appendingPathComponent("new.\(format)"), newEdits)
    let document = try Self.jsonDiff(
      "old.\(format)", "new.\(format)", in: dir)
    let rows = try #require(document["rows"] as? [[String: Any]])
    #expect(rows.count == ids.count, "every row exactly once")
    var got: [String: String] = [:]
    for row in rows {
      got[row["id"] as? String ?? ""] = row["bucket"] as? String
    }
    #expect(got == expected)
    var tally: [String: Int] = [:]
    for bucket in expected.values { tally[bucket, default: 0] += 1 }
    let counts = try #require(document["counts"] as? [String: Int])
    for (bucket, count) in tally {
      #expect(counts[bucket] == count, "\(bucket)")
    }
    #expect(tally["regression", default: 0] > 0 && tally["fix", default: 0] > 0)

    let markdown = try CLIRunner.run(
      [
        "diff", "old.\(format)", "new.\(format)", "--output", "-", "--fail-on",
        "regression",
      ],
      in: dir)
    #expect(
      markdown.status == 1, "a regression fails the CI step: \(markdown.stderr)"
    )
    #expect(
      markdown.stdout.contains("## Regressions (\(tally["regression"] ?? 0))"))
    // It opens with what changed since the earlier audit, before any table.
    #expect(
      markdown.stdout.contains(
        "**Since the earlier audit: \(Counted.phrase(tally["regression"] ?? 0, "regression")), "
          + "\(Counted.phrase(tally["new-failure"] ?? 0, "new failure")), "
          + "\(Counted.phrase(tally["fix"] ?? 0, "fix", plural: "fixes")), "),
      "\(markdown.stdout.prefix(600))")
    #expect(
      markdown.stdout.contains("row 1 \\| \\*note\\*"),
      "a note never becomes markup")
    let same = try CLIRunner.run(
      [
        "diff", "new.\(format)", "new.\(format)", "--output", "same.md",
        "--fail-on", "regression",
      ],
      in: dir)
    #expect(same.status == 0, "\(same.stderr)")
  }

  @Test(
    "diff: a row only the new audit has is added (or a new failure when it fails), one only the old has is retired"
  )
  func diffAddedAndRetired() throws {
    let dir = try CLIRunner.scratch()
    let header = "Component,Platform,Check,Expected result,WCAG,Result,ID\n"
    try dir.write(
      header
        + "A,iOS,a,x,2.1.1,Pass,c/t/a@ios\nB,iOS,b,x,2.1.1,Fail,c/t/b@ios\n"
        + "C,iOS,c,x,2.1.1,Pass,c/t/c@ios\nF,iOS,f,x,2.4.7,Fail,c/t/f@ios\n"
        + "G,iOS,g,x,2.1.1,Not tested,c/t/g@ios\n", to: "old.csv")
    try dir.write(
      header
        + "A,iOS,a,x,2.1.1,Pass,c/t/a@ios\nB,iOS,b,x,2.1.1,Pass,c/t/b@ios\n"
        + "D,iOS,d,x,2.1.1,Fail,c/t/d@ios\nE,iOS,e,x,2.1.1,Pass,c/t/e@ios\n"
        + "F,iOS,f,x,2.4.7,Not applicable,c/t/f@ios\nG,iOS,g,x,2.1.1,Pass,c/t/g@ios\n",
      to: "new.csv")
    let document = try Self.jsonDiff("old.csv", "new.csv", in: dir)
    var got: [String: String] = [:]
    for row in document["rows"] as? [[String: Any]] ?? [] {
      got[row["id"] as? String ?? ""] = row["bucket"] as? String
    }
    #expect(
      got == [
        "c/t/a@ios": "unchanged", "c/t/b@ios": "fix", "c/t/c@ios": "retired",
        "c/t/d@ios": "new-failure", "c/t/e@ios": "added",
        "c/t/f@ios": "failure-now-not-applicable",
        "c/t/g@ios": "result-changed",
      ])
    // The failure that stopped counting is listed where a reviewer reads, with the level it moved.
    let markdown = try CLIRunner.run(
      ["diff", "old.csv", "new.csv", "--output", "-"], in: dir)
    #expect(markdown.status == 0, "\(markdown.stderr)")
    #expect(
      markdown.stdout.contains(
        "## Failures now Not applicable (1)\n\n| Component | Platform | Test | Check | Result | Severity | Notes | ID |\n"
          + "| --- | --- | --- | --- | --- | --- | --- | --- |\n| F | iOS |  | f | Fail → Not applicable |"
      ),
      "\(markdown.stdout)")
    #expect(
      markdown.stdout.contains(
        "| 2.4.7 Focus Visible | Software | Does Not Support | Not Applicable |"
      ),
      "\(markdown.stdout)")
    #expect(
      markdown.stderr.contains(
        "1 fix, 1 failure now Not applicable, 0 still failing, 0 newly untested, 1 other result change, "
          + "1 unchanged, 1 check added, 1 check retired; 1 conformance change"),
      "\(markdown.stderr)")
  }

  @Test(
    "diff --to html in headless Chromium: no axe-core violation, no sideways scrolling",
    .tags(.slow), .enabled(if: SlowTests.enabled, SlowTests.skipped))
  func diffInBrowser() throws {
    let dir = try Self.setUp(format: "csv")
    let audit = dir.appendingPathComponent("audit.csv")
    try TesterScript.fill(
      audit, dir.appendingPathComponent("old.csv"), ["*": ["Result": "Pass"]])
    try TesterScript.fill(
      audit, dir.appendingPathComponent("new.csv"),
      [
        "*": ["Result": "Pass"],
        "2": ["Result": "Fail", "Notes": "<b>focus</b> lost"],
      ])
    let run = try CLIRunner.run(
      [
        "diff", "old.csv", "new.csv", "--to", "html", "--output", "diff.html",
        "--from-label", "5.2", "--to-label", "5.3 <beta>",
      ],
      in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    let page = try dir.read("diff.html")
    #expect(page.contains("&lt;b&gt;focus&lt;/b&gt; lost"))
    // The releases the audits cover name them, as text; the page opens with what changed since 5.2.
    #expect(
      page.contains(
        "<p>From 5.2 (<code>old.csv</code>) to 5.3 &lt;beta&gt; (<code>new.csv</code>).</p>"
      ),
      "\(page.prefix(1500))")
    #expect(page.contains("<p><strong>Since 5.2: "), "\(page.prefix(1500))")
    let check = try BrowserCheck.run(
      dir.appendingPathComponent("diff.html"), screenshot: "diff")
    let result = try #require(check.result, "\(check.stderr)")
    #expect((result["violations"] as? [Any])?.isEmpty == true, "\(result)")
    #expect(result["horizontalScroll"] as? Bool == false)
  }
}
