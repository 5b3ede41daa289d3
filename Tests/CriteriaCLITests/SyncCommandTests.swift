import FakeTrackerSupport
import Foundation
import TestSupport
import Testing
import Tickets

/// `criteria sync` and `criteria status` against the project's fake tracker (GitHub's shapes): a CSV audit's
/// tickets read back into a copy, and the bad input the issue names.
@Suite("criteria sync and status", .serialized)
struct SyncCommandTests {
  static let samples = CLIRunner.packageRoot.appendingPathComponent(
    "Samples/criteria"
  ).path
  static let tester = CLIRunner.packageRoot.appendingPathComponent(
    "Tests/CriteriaCLITests/Scripts/tester.py"
  ).path
  static let environment = ["FAKE_TRACKER_TOKEN": "secret-token"]

  func config(
    _ server: FakeTrackerProcess, exporter: String = "github",
    project: String = "acme/app", ledger: String? = nil
  ) -> String {
    """
    version: 1
    sources: [\(Self.samples)]
    outputs:
      - name: issues
        exporter: \(exporter)
        options:
          url: \(server.url)
          project: \(project)
          token_env: FAKE_TRACKER_TOKEN
          max_attempts: 2
          backoff: 0.05
    \(ledger.map { "      ledger: \($0)" } ?? "")
    """
  }

  func read(_ file: URL) throws -> (header: [String], rows: [String: [String]])
  {
    try TesterScript.read(file)
  }

  /// A CSV audit (or a workbook) with rows 2, 3 and 4 failed and filed; returns the folder and the three
  /// keys.
  func filedAudit(_ server: FakeTrackerProcess, format: String = "csv") throws
    -> (URL, [String])
  {
    let dir = try CLIRunner.scratch()
    let export = try CLIRunner.run(
      ["export", Self.samples, "--to", format, "--output", "audit.\(format)"],
      in: dir)
    #expect(export.status == 0, "\(export.stderr)")
    try dir.write(config(server), to: "criteria.yml")
    let edits = [
      "2": ["Result": "Fail"], "3": ["Result": "Fail"], "4": ["Result": "Fail"],
      "5": ["Result": "Pass"],
    ]
    let fill = try CLIRunner.runPython([
      Self.tester, "fill", dir.appendingPathComponent("audit.\(format)").path,
      dir.appendingPathComponent("filled.\(format)").path,
      String(
        decoding: try JSONSerialization.data(withJSONObject: edits),
        as: UTF8.self),
    ])
    #expect(fill.status == 0, "\(fill.stderr)")
    let filed = try CLIRunner.run(
      ["tickets", "--from", "filled.\(format)"], in: dir,
      environment: Self.environment)
    #expect(filed.status == 0, "\(filed.stderr)")
    #expect(
      filed.stderr.contains("3 rows name a ticket: 3 keys written in\n"),
      "\(filed.stderr)")
    let copy = try read(
      dir.appendingPathComponent("filled-tickets.\(format)"))
    let column = try #require(copy.header.firstIndex(of: "Ticket"))
    return (dir, ["2", "3", "4"].map { copy.rows[$0]?[column] ?? "" })
  }

  @Test(
    "a CSV audit: closed, closed as not planned and deleted tickets read back into a copy; Retest only where fixed"
  )
  func syncCSV() throws {
    let server = try FakeTrackerProcess()
    defer { server.stop() }
    let (dir, keys) = try filedAudit(server)
    #expect(keys.allSatisfy { $0.hasPrefix("#") }, "\(keys)")
    try server.act("close", key: keys[0])
    try server.act("close", key: keys[1], reason: "not_planned")
    let original = try Data(
      contentsOf: dir.appendingPathComponent("filled-tickets.csv"))
    let sync = try CLIRunner.run(
      ["sync", "--from", "filled-tickets.csv"], in: dir,
      environment: Self.environment)
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(
      try Data(contentsOf: dir.appendingPathComponent("filled-tickets.csv"))
        == original)
    let synced = try read(
      dir.appendingPathComponent("filled-tickets-synced.csv"))
    #expect(
      Array(synced.header.suffix(3)) == [
        "Ticket status", "Resolved on", "Retest",
      ])
    let status = synced.header.count - 3
    let today = Scratch.today()
    #expect(
      synced.rows["2"].map { Array($0[status...]) } == [
        "closed as completed (done)", today, "Retest",
      ])
    #expect(
      synced.rows["3"].map { Array($0[status...]) } == [
        "closed as not planned (not planned)", today, "",
      ])
    #expect(synced.rows["4"].map { Array($0[status...]) } == ["open", "", ""])
    #expect(synced.rows["5"].map { Array($0[status...]) } == ["", "", ""])

    // Deleted on the tracker: said, never filed again. A second sync of the synced copy reuses its columns.
    try server.act("delete", key: keys[2])
    let again = try CLIRunner.run(
      ["sync", "--from", "filled-tickets-synced.csv", "--to", "again.csv"],
      in: dir,
      environment: Self.environment)
    #expect(again.status == 0, "\(again.stderr)")
    let second = try read(dir.appendingPathComponent("again.csv"))
    #expect(second.header.count == synced.header.count)
    #expect(second.rows["4"]?[status] == "deleted")
    #expect(try server.stats()["issues"] as? Int == 3)

    // status: every ticket with its live state.
    let listed = try CLIRunner.run(
      ["status"], in: dir, environment: Self.environment)
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.stdout.hasPrefix("KEY"))
    for (key, state) in zip(keys, ["done", "not planned", "deleted"]) {
      #expect(
        listed.stdout.split(separator: "\n").contains {
          $0.hasPrefix(key + " ") && $0.contains(state)
        },
        "\(key) \(state) in\n\(listed.stdout)")
    }
  }

  @Test(
    "a retest that failed on or after the day the ticket was resolved says Reopen (a Date of two readings when both are); a failure from before the fix says Retest"
  )
  func reopenAfterFix() throws {
    let server = try FakeTrackerProcess()
    defer { server.stop() }
    let (dir, keys) = try filedAudit(server)
    try server.act("close", key: keys[0])
    try server.act("close", key: keys[1])
    let today = Scratch.today()
    try TesterScript.fill(
      dir.appendingPathComponent("filled-tickets.csv"),
      dir.appendingPathComponent("retest.csv"),
      [
        "2": ["Result": "Fail", "Tester": "Ana", "Date": today],
        "3": ["Result": "Fail", "Tester": "Ana", "Date": "2026-11-21"],
        // March 4 or April 3: either way after the fix.
        "4": ["Result": "Fail", "Tester": "Ana", "Date": "03/04/2099"],
      ])
    try server.act("close", key: keys[2])
    let sync = try CLIRunner.run(
      ["sync", "--from", "retest.csv", "--to", "synced.csv"], in: dir,
      environment: Self.environment)
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(sync.stderr.contains("retest 1, reopen 2"), "\(sync.stderr)")
    let synced = try read(dir.appendingPathComponent("synced.csv"))
    let retest = try #require(synced.header.firstIndex(of: "Retest"))
    #expect(synced.rows["2"]?[retest] == "Reopen", "\(synced.rows)")
    #expect(synced.rows["3"]?[retest] == "Retest", "\(synced.rows)")
    #expect(synced.rows["4"]?[retest] == "Reopen", "\(synced.rows)")
  }

  @Test(
    "the original audit (its Ticket cells empty): the ledger gives each filed failure its key in the synced copy",
    arguments: ["csv", "xlsx"])
  func syncOriginal(format: String) throws {
    let server = try FakeTrackerProcess()
    defer { server.stop() }
    let (dir, keys) = try filedAudit(server, format: format)
    try server.act("close", key: keys[0])
    let audit = dir.appendingPathComponent("filled.\(format)")
    let before = try Data(contentsOf: audit)
    let sync = try CLIRunner.run(
      ["sync", "--from", "filled.\(format)"], in: dir,
      environment: Self.environment)
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(
      sync.stderr.contains(
        "3 keys from the ledger written into their failures' empty Ticket cells"
      ),
      "\(sync.stderr)")
    #expect(try Data(contentsOf: audit) == before)
    let file = dir.appendingPathComponent("filled-synced.\(format)")
    let synced = try read(file)
    let status = try #require(synced.header.firstIndex(of: "Ticket status"))
    #expect(
      synced.rows["2"].map { Array($0[status...]) } == [
        "closed as completed (done)", Scratch.today(), "Retest",
      ])
    #expect(synced.rows["4"].map { Array($0[status...]) } == ["open", "", ""])
    // The keys as a spreadsheet shows them (in a workbook, links that show the key); a passing row gets none.
    let cells =
      format == "xlsx"
      ? try JSONSerialization.jsonObject(
        with: Data(
          try CLIRunner.runPython([Self.tester, "look", file.path]).stdout.utf8)
      ) as? [String: Any] : nil
    func ticket(_ row: String) -> String? {
      guard let cells else {
        return synced.header.firstIndex(of: "Ticket").flatMap {
          synced.rows[row]?[$0]
        }
      }
      return ((cells[row] as? [String: [String: Any]])?["Ticket"]?["value"])
        as? String
    }
    #expect(["2", "3", "4"].map(ticket) == keys)
    #expect(ticket("5") == "")
    if let cells {
      let link =
        (cells["2"] as? [String: [String: Any]])?["Ticket"]?["formula"]
        as? String
      #expect(link?.hasPrefix("=HYPERLINK(") == true, "\(link ?? "")")
    }
  }

  @Test(
    "bad input: another project's or tracker's ledger, no ledger, no Ticket column: a clear error and no copy"
  )
  func badInput() throws {
    let server = try FakeTrackerProcess()
    defer { server.stop() }
    let (dir, _) = try filedAudit(server)

    try dir.write(config(server, project: "other/app"), to: "other.yml")
    let project = try CLIRunner.run(
      ["sync", "--from", "filled-tickets.csv", "--config", "other.yml"],
      in: dir, environment: Self.environment)
    #expect(project.status != 0)
    #expect(
      project.stderr.contains(
        "belongs to github project 'acme/app', not 'other/app'"),
      "\(project.stderr)")

    try dir.write(
      config(server, exporter: "gitlab", ledger: "issues.ledger.json"),
      to: "gitlab.yml")
    let tracker = try CLIRunner.run(
      ["sync", "--from", "filled-tickets.csv", "--config", "gitlab.yml"],
      in: dir, environment: Self.environment)
    #expect(tracker.status != 0)
    #expect(
      tracker.stderr.contains("belongs to 'github', not 'gitlab'"),
      "\(tracker.stderr)")

    try dir.write(
      config(server, ledger: "nowhere.ledger.json"), to: "missing.yml")
    let missing = try CLIRunner.run(
      ["sync", "--from", "filled-tickets.csv", "--config", "missing.yml"],
      in: dir, environment: Self.environment)
    #expect(
      missing.status != 0 && missing.stderr.contains("no ledger at ")
        && missing.stderr.contains(
          "nowhere.ledger.json, so criteria has filed nothing"),
      "\(missing.stderr)")

    let noTickets = try CLIRunner.run(
      ["sync", "--from", "audit.csv"], in: dir, environment: Self.environment)
    #expect(
      noTickets.status != 0
        && noTickets.stderr.contains(
          "audit.csv: no ticket keys in its Ticket column"),
      "\(noTickets.stderr)")
    #expect(
      noTickets.stderr.contains(
        "criteria tickets --from audit.csv files its failures"),
      "\(noTickets.stderr)")
    // The audit whose failures were filed, its Dates edited since, so the ledger knows none of them: sync
    // is sent to the copy that holds the keys, not told to file.
    try TesterScript.fill(
      dir.appendingPathComponent("filled.csv"),
      dir.appendingPathComponent("redated.csv"),
      [
        "2": ["Date": "2026-01-02"], "3": ["Date": "2026-01-02"],
        "4": ["Date": "2026-01-02"],
      ])
    try FileManager.default.removeItem(
      at: dir.appendingPathComponent("filled.csv"))
    try FileManager.default.moveItem(
      at: dir.appendingPathComponent("redated.csv"),
      to: dir.appendingPathComponent("filled.csv"))
    let original = try CLIRunner.run(
      ["sync", "--from", "filled.csv"], in: dir, environment: Self.environment)
    #expect(original.status == 65, "\(original.stderr)")
    #expect(
      original.stderr.contains(
        "criteria tickets wrote the keys into a copy, never into the audit: sync "
          + dir.appendingPathComponent("filled-tickets.csv").path),
      "\(original.stderr)")
    #expect(!original.stderr.contains("files its failures"))
    // The copy used again: its keys are counted as there, not as written by the run.
    let again = try CLIRunner.run(
      ["tickets", "--from", "filled-tickets.csv", "--to", "again.csv"], in: dir,
      environment: Self.environment)
    #expect(
      again.stderr.contains(
        "again.csv: 3 rows name a ticket: 0 keys written in, 3 already there"),
      "\(again.stderr)")
    #expect(!dir.listing.contains { $0.contains("synced") })
  }
}
