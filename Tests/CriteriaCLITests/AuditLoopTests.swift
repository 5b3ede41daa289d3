import Foundation
import TestSupport
import Testing
import Tickets

/// The audit loop: a workbook or CSV from criteria, filled in by a tester (openpyxl, Python's csv), read back
/// by `criteria tickets`, which files the failed rows into a real Redmine and writes the keys into a copy.
@Suite(
  "criteria tickets --from a filled audit", .serialized, .tags(.slow),
  .enabled(if: SlowTests.enabled, SlowTests.skipped))
struct AuditLoopTests {
  static let samples = CLIRunner.packageRoot.appendingPathComponent(
    "Samples/criteria"
  ).path

  /// A folder with a fresh audit of the samples in `format`, and a config whose tracker output is `tracker`.
  func setUp(format: String, tracker: String) throws -> URL {
    let dir = try CLIRunner.scratch()
    let export = try CLIRunner.run(
      ["export", Self.samples, "--to", format, "--output", "audit.\(format)"],
      in: dir)
    #expect(export.status == 0, "\(export.stderr)")
    try dir.write(
      "version: 1\nsources: [\(Self.samples)]\noutputs:\n" + tracker,
      to: "criteria.yml")
    return dir
  }

  func redmineOutput(_ redmine: Redmine, project: String) -> String {
    """
      - name: redmine
        exporter: redmine
        path: out/redmine-payloads
        options:
          url: \(redmine.url)
          project: \(project)
          token_env: E2E_REDMINE_KEY

    """
  }

  func fill(
    _ dir: URL, _ source: String, _ target: String,
    _ edits: [String: [String: Any]]
  ) throws {
    try TesterScript.fill(
      dir.appendingPathComponent(source), dir.appendingPathComponent(target),
      edits)
  }

  /// The checklist as openpyxl or Python's csv reads it: header and rows by spreadsheet row number.
  func read(_ file: URL) throws -> (header: [String], rows: [String: [String]])
  {
    try TesterScript.read(file)
  }

  @Test(
    "failed rows of a workbook become Redmine issues with the tester's notes; keys go into a copy; a re-run files nothing"
  )
  func workbookIntoRedmine() throws {
    let redmine = try Redmine.start()
    let project = try redmine.newProject()
    let dir = try setUp(
      format: "xlsx", tracker: redmineOutput(redmine, project: project))
    try fill(
      dir, "audit.xlsx", "filled.xlsx",
      [
        "2": [
          "Result": "Fail", "Severity": "High", "Tester": "Ana",
          "Notes": "Focus jumps to the top of the page",
        ],
        "3": ["Result": "Pass"],
        "5": [
          "Result": "Fail", "Severity": "Critical", "Tester": "Ana",
          "Date": ["date": "2026-11-20"], "Notes": "No name is announced",
        ],
        "7": ["Result": "fail"],
        "9": ["Result": "Fail", "Ticket": "EXIST-1"],
      ])
    let filled = dir.appendingPathComponent("filled.xlsx")
    let originalBytes = try Data(contentsOf: filled)
    let environment = ["E2E_REDMINE_KEY": redmine.key]
    let run = try CLIRunner.run(
      ["tickets", "--from", "filled.xlsx"], in: dir, environment: environment)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "filled.xlsx: 58 rows, 4 failed, 1 already with a ticket"),
      "\(run.stderr)")
    #expect(
      run.stderr.contains("filed 3, already filed 0, failed 0"), "\(run.stderr)"
    )

    let issues = try redmine.issues(project: project)
    #expect(issues.count == 3)
    let byID = Dictionary(
      uniqueKeysWithValues: issues.map { (String($0["id"] as? Int ?? 0), $0) })
    let copy = try read(dir.appendingPathComponent("filled-tickets.xlsx"))
    let before = try read(filled)
    let ticketColumn = try #require(copy.header.firstIndex(of: "Ticket"))
    #expect(copy.header == before.header)
    #expect(copy.rows["9"]?[ticketColumn] == "EXIST-1")
    for (row, notes) in [
      ("2", "Focus jumps to the top of the page"),
      ("5", "No name is announced"), ("7", ""),
    ] {
      let key = copy.rows[row]?[ticketColumn] ?? ""
      let issue = try #require(
        byID[key], "row \(row) holds the key of an issue it filed (\(key))")
      let description = issue["description"] as? String ?? ""
      #expect(notes.isEmpty || description.contains(notes))
      #expect(
        description.contains("Result: \(row == "7" ? "fail" : "Fail")"),
        "\(description)")
      // The title says what failed: the tester's sentence, else the check and what it expected.
      let subject = issue["subject"] as? String ?? ""
      #expect(subject.hasPrefix("Rating on "), "\(subject)")
      #expect(
        notes.isEmpty
          ? subject.contains(" fails (expected: ")
          : subject.hasSuffix(": \(notes)"),
        "\(subject)")
      // The Severity as Redmine's priority (its default data's names); none given, Redmine's default.
      let priority = (issue["priority"] as? [String: Any])?["name"] as? String
      #expect(
        priority == ["2": "High", "5": "Urgent", "7": "Normal"][row],
        "row \(row): \(priority ?? "no priority")")
      if row == "5" {
        #expect(
          description.contains("Critical") && description.contains("2026-11-20")
        )
      }
    }
    // Everything else is the tester's workbook as it was; the original file is untouched.
    for (row, cells) in before.rows {
      var expected = cells
      if ["2", "5", "7"].contains(row) {
        expected[ticketColumn] = copy.rows[row]?[ticketColumn] ?? ""
      }
      #expect(copy.rows[row] == expected, "row \(row)")
    }
    #expect(try Data(contentsOf: filled) == originalBytes)

    // LibreOffice opens the copy and sees the keys.
    let lo = dir.appendingPathComponent("lo")
    let convert = try runTool(
      "soffice",
      LibreOffice.isolated + [
        "--headless", "--norestore", "--convert-to", "csv", "--outdir", lo.path,
        dir.appendingPathComponent("filled-tickets.xlsx").path,
      ])
    #expect(convert.status == 0, "\(convert.stderr)")
    let converted = try lo.read("filled-tickets.csv")
    // Each key sits in the Ticket column, just before the row's ID.
    for key in byID.keys {
      #expect(converted.contains(",\(key),native/"), "\(key)")
    }

    let again = try CLIRunner.run(
      ["tickets", "--from", "filled.xlsx"], in: dir, environment: environment)
    #expect(
      again.status == 0
        && again.stderr.contains("filed 0, already filed 3, failed 0"),
      "\(again.stderr)")
    #expect(try redmine.issues(project: project).count == 3)
    #expect(
      try read(dir.appendingPathComponent("filled-tickets.xlsx")).rows
        == copy.rows)
  }

  /// A workbook's cells as openpyxl sees them: cached values, formulas, fills, bold; and its validations.
  func look(_ file: URL) throws -> [String: Any] {
    let script = CLIRunner.packageRoot.appendingPathComponent(
      "Tests/CriteriaCLITests/Scripts/tester.py"
    ).path
    let run = try CLIRunner.runPython([script, "look", file.path])
    #expect(run.status == 0, "\(run.stderr)")
    return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
      as? [String: Any] ?? [:]
  }

  @Test(
    "sync: a finding closed in Redmine reads closed, resolved today and Retest (highlighted), its key a link; a deleted one says deleted and is not re-filed"
  )
  func syncFromRedmine() throws {
    let redmine = try Redmine.start()
    let project = try redmine.newProject()
    let dir = try setUp(
      format: "xlsx", tracker: redmineOutput(redmine, project: project))
    try fill(
      dir, "audit.xlsx", "filled.xlsx",
      [
        "2": [
          "Result": "Fail", "Severity": "High",
          "Notes": "Focus jumps to the top",
        ],
        "3": ["Result": "Fail", "Severity": "Low"],
        "4": ["Result": "Pass"],
      ])
    let environment = ["E2E_REDMINE_KEY": redmine.key]
    let filed = try CLIRunner.run(
      ["tickets", "--from", "filled.xlsx"], in: dir, environment: environment)
    #expect(filed.status == 0, "\(filed.stderr)")
    let withKeys = dir.appendingPathComponent("filled-tickets.xlsx")
    let keys = try read(withKeys)
    let ticketColumn = try #require(keys.header.firstIndex(of: "Ticket"))
    let closedKey = try #require(keys.rows["2"]?[ticketColumn])
    let openKey = try #require(keys.rows["3"]?[ticketColumn])
    #expect(!closedKey.isEmpty && !openKey.isEmpty)

    // A developer fixes the first finding and closes its issue through Redmine's REST API.
    let closing = try redmine.request(
      "PUT", "/issues/\(closedKey).json",
      json: ["issue": ["status_id": 5, "notes": "Fixed"]])
    #expect(closing.status == 204, "\(closing.snippet)")
    let original = try Data(contentsOf: withKeys)
    let sync = try CLIRunner.run(
      ["sync", "--from", "filled-tickets.xlsx"], in: dir,
      environment: environment)
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(
      sync.stderr.contains("done 1") && sync.stderr.contains("retest 1"),
      "\(sync.stderr)")
    #expect(
      try Data(contentsOf: withKeys) == original,
      "the audit it reads is never changed")

    let synced = try look(
      dir.appendingPathComponent("filled-tickets-synced.xlsx"))
    let header = try #require(synced["1"] as? [String: [String: Any]])
    for name in ["Ticket status", "Resolved on", "Retest"] {
      #expect(header[name] != nil, "column \(name)")
    }
    let closed = try #require(synced["2"] as? [String: [String: Any]])
    let open = try #require(synced["3"] as? [String: [String: Any]])
    let today = Scratch.today()
    #expect(closed["Ticket status"]?["value"] as? String == "Closed (done)")
    #expect(closed["Resolved on"]?["value"] as? String == today)
    #expect(closed["Retest"]?["value"] as? String == "Retest")
    #expect(
      closed["Retest"]?["fill"] as? String == "FFFFE08A"
        && closed["Retest"]?["bold"] as? Bool == true)
    #expect(open["Ticket status"]?["value"] as? String == "New (open)")
    #expect(
      open["Retest"]?["value"] as? String == ""
        && open["Resolved on"]?["value"] as? String == "")
    #expect(open["Retest"]?["fill"] as? String == nil)
    // The key still reads as the key, and opens the issue.
    #expect(closed["Ticket"]?["value"] as? String == closedKey)
    #expect(
      (closed["Ticket"]?["formula"] as? String)?.hasPrefix(
        "=HYPERLINK(\"\(redmine.url)/issues/\(closedKey)\",\"\(closedKey)\")")
        == true,
      "\(closed["Ticket"] ?? [:])")
    // The Result dropdown keeps its five words.
    let validations = try #require(synced["_validations"] as? [String])
    #expect(
      validations.contains {
        $0.contains("Pass") && $0.contains("Fail") && $0.contains("Not tested")
      })

    // The open one is deleted on Redmine: sync says so and files nothing.
    let deleting = try redmine.request("DELETE", "/issues/\(openKey).json")
    #expect(deleting.status == 204, "\(deleting.snippet)")
    let again = try CLIRunner.run(
      ["sync", "--from", "filled-tickets.xlsx", "--to", "again.xlsx"], in: dir,
      environment: environment)
    #expect(again.status == 0, "\(again.stderr)")
    let second = try look(dir.appendingPathComponent("again.xlsx"))
    // Debian's Redmine on SQLite reuses the highest id once it is deleted (no AUTOINCREMENT): another
    // test filing at this moment may get it, and then the key names another criteria ticket.
    let afterDelete =
      (second["3"] as? [String: [String: Any]])?["Ticket status"]?["value"]
      as? String ?? ""
    #expect(["deleted", "replaced"].contains(afterDelete), "\(afterDelete)")
    #expect(try redmine.issues(project: project).count == 1)

    // Another criteria ticket takes the number now, as a tracker reusing ids would give it: when it gets
    // the deleted key, sync and status say "replaced", set no Retest and file nothing; else "deleted".
    let other = try redmine.request(
      "POST", "/issues.json",
      json: [
        "issue": [
          "project_id": try redmine.newProject(),
          "subject": "someone else's ticket",
          "description":
            "Another ticket\n<!-- criteria:id=someone/else@ios criteria:rev=0 -->",
        ]
      ])
    #expect(other.status == 201, "\(other.snippet)")
    let newID =
      ((other.json as? [String: Any])?["issue"] as? [String: Any])?["id"].map {
        "\($0)"
      } ?? ""
    // The deleted number is either free (deleted) or taken, by this ticket or by one another test filed
    // meanwhile on the same Redmine (replaced): ask Redmine which, rather than assume nobody else files.
    let taken =
      try redmine.request("GET", "/issues/\(openKey).json").status == 200
    let expected = newID == openKey || taken ? "replaced" : "deleted"
    let third = try CLIRunner.run(
      ["sync", "--from", "filled-tickets.xlsx", "--to", "third.xlsx"], in: dir,
      environment: environment)
    #expect(third.status == 0, "\(third.stderr)")
    let thirdRow =
      try look(dir.appendingPathComponent("third.xlsx"))["3"]
      as? [String: [String: Any]]
    #expect(
      thirdRow?["Ticket status"]?["value"] as? String == expected,
      "new issue \(newID), filed \(openKey)")
    #expect((thirdRow?["Retest"]?["value"] as? String ?? "").isEmpty)
    #expect(try redmine.issues(project: project).count == 1)

    // status lists both with their live state.
    let status = try CLIRunner.run(
      ["status", "--format", "json"], in: dir, environment: environment)
    #expect(status.status == 0, "\(status.stderr)")
    let listed =
      try JSONSerialization.jsonObject(with: Data(status.stdout.utf8))
      as? [String: [[String: Any]]]
    let states = Dictionary(
      uniqueKeysWithValues: (listed?["tickets"] ?? []).compactMap { line in
        (line["key"] as? String).map { ($0, line["state"] as? String ?? "") }
      })
    #expect(states[closedKey] == "done")
    #expect(
      ["deleted", "replaced"].contains(states[openKey] ?? ""), "\(states)")
    if newID == openKey { #expect(states[openKey] == "replaced") }
  }

  @Test(
    "a CSV checklist: failed rows filed, keys in a copy with the same BOM, separators and every other field as written"
  )
  func csvIntoRedmine() throws {
    let redmine = try Redmine.start()
    let project = try redmine.newProject()
    let dir = try setUp(
      format: "csv", tracker: redmineOutput(redmine, project: project))
    try fill(
      dir, "audit.csv", "filled.csv",
      [
        "4": [
          "Result": "Fail",
          "Notes": "Reads \"star\" twice, then\na second line; =not a formula",
        ],
        "6": ["Result": "Fail", "Severity": "Medium"],
      ])
    let run = try CLIRunner.run(
      ["tickets", "--from", "filled.csv", "--to", "out/with-keys.csv"], in: dir,
      environment: ["E2E_REDMINE_KEY": redmine.key])
    #expect(run.status == 0, "\(run.stderr)")
    let issues = try redmine.issues(project: project)
    #expect(issues.count == 2)
    let copyURL = dir.appendingPathComponent("out/with-keys.csv")
    let copy = try read(copyURL)
    let before = try read(dir.appendingPathComponent("filled.csv"))
    let ticketColumn = try #require(copy.header.firstIndex(of: "Ticket"))
    let keys = Set(["4", "6"].compactMap { copy.rows[$0]?[ticketColumn] })
    #expect(keys == Set(issues.map { String($0["id"] as? Int ?? 0) }))
    for (row, cells) in before.rows where !["4", "6"].contains(row) {
      #expect(copy.rows[row] == cells)
    }
    let notesColumn = try #require(copy.header.firstIndex(of: "Notes"))
    #expect(
      copy.rows["4"]?[notesColumn]
        == "Reads \"star\" twice, then\na second line; =not a formula")
    let bytes = try Data(contentsOf: copyURL)
    #expect(
      bytes.starts(with: [0xEF, 0xBB, 0xBF])
        && String(decoding: bytes, as: UTF8.self).contains("\r\n"))
    let notes =
      issues.compactMap { $0["description"] as? String }.first {
        $0.contains("star")
      } ?? ""
    #expect(notes.contains("a second line"))
  }

  @Test(
    "an audit with no Result column: the file and sheet are named, nothing is filed or written",
    arguments: ["xlsx", "csv"])
  func noResultColumn(format: String) throws {
    let dir = try CLIRunner.scratch()
    let export = try CLIRunner.run(
      [
        "export", Self.samples, "--to", format, "--output",
        "exported.\(format)",
      ], in: dir)
    #expect(export.status == 0, "\(export.stderr)")
    try fill(
      dir, "exported.\(format)", "audit.\(format)",
      ["1": ["Result": "Outcome"], "2": ["Result": "Fail"]])
    try FileManager.default.removeItem(
      at: dir.appendingPathComponent("exported.\(format)"))
    // A tracker nobody listens on: the run must stop before any request.
    try dir.write(
      """
      version: 1
      sources: [\(Self.samples)]
      outputs:
        - exporter: redmine
          options: {url: "http://127.0.0.1:9", project: a11y, token_env: E2E_REDMINE_KEY}
      """, to: "criteria.yml")
    let run = try CLIRunner.run(
      ["tickets", "--from", "audit.\(format)"], in: dir,
      environment: ["E2E_REDMINE_KEY": "k"])
    #expect(run.status != 0)
    let place = format == "xlsx" ? "audit.xlsx, sheet 'Checklist'" : "audit.csv"
    #expect(
      run.stderr.contains(
        "\(place): no Result column in the header (row 1: 'Component', 'Platform', 'Test', 'Check', 'Expected result', 'WCAG', 'Outcome',"
      ), "\(run.stderr)")
    #expect(dir.listing == ["audit.\(format)", "criteria.yml"])
  }

  @Test(
    "--dry-run writes the findings' payloads and sends nothing; a workbook re-saved by LibreOffice reads the same"
  )
  func dryRunAndLibreOffice() throws {
    let dir = try setUp(
      format: "xlsx",
      tracker: """
          - name: jira
            exporter: jira-dc
            path: payloads
            options: {url: "http://127.0.0.1:9", project: A11Y, token_env: E2E_JIRA_TOKEN}

        """)
    try fill(
      dir, "audit.xlsx", "filled.xlsx",
      [
        "2": ["Result": "Fail", "Notes": "Focus is lost"],
        "11": ["Result": "Fail", "Severity": "Low"], "12": ["Result": "Pass"],
      ])
    // LibreOffice writes its own package: shared strings, its own styles and relationships.
    let lo = dir.appendingPathComponent("lo")
    let convert = try runTool(
      "soffice",
      LibreOffice.isolated + [
        "--headless", "--norestore", "--convert-to", "xlsx", "--outdir",
        lo.path,
        dir.appendingPathComponent("filled.xlsx").path,
      ])
    #expect(convert.status == 0, "\(convert.stderr)")
    for (source, folder) in [
      ("filled.xlsx", "payloads"), ("lo/filled.xlsx", "payloads"),
    ] {
      try? FileManager.default.removeItem(
        at: dir.appendingPathComponent(folder))
      let run = try CLIRunner.run(
        ["tickets", "--from", source, "--dry-run"], in: dir)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(
        run.stderr.contains("58 rows, 2 failed"), "\(source): \(run.stderr)")
      let payloads = dir.appendingPathComponent(folder).outputFiles
      #expect(payloads.count == 2, "\(source)")
      let texts = try payloads.map {
        try dir.read("\(folder)/\($0)")
      }
      #expect(
        texts.contains {
          $0.contains("Focus is lost") && $0.contains("\"Bug\"")
        }, "\(source)")
    }
    #expect(!dir.listing.contains("filled-tickets.xlsx"))
    #expect(!dir.listing.contains("jira.ledger.json"))
  }
}

/// Runs a program found on PATH.
func runTool(_ name: String, _ arguments: [String]) throws -> CLIRunner.Outcome
{
  let outcome = try ProcessRunner.run(name, arguments)
  return CLIRunner.Outcome(
    status: outcome.status, stdout: outcome.stdout, stderr: outcome.stderr)
}
