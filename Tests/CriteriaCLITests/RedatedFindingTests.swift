import FakeTrackerSupport
import Foundation
import TestSupport
import Testing

/// A failed row filed once, then given another date in the same audit, failing again in a later round
/// of the copy that keeps its key, or its finding edited in that copy.
///
/// A corrected date, or the check failing again in a later round: its check's ticket is the one filed
/// while that ticket is open, and a new one only once the earlier was done. Against the fake tracker in
/// every tracker's shape.
@Suite("criteria tickets: a failure on another date", .serialized)
struct RedatedFindingTests {
  /// Rows 2 to 5 fail on 2026-11-02 and are filed from the original audit; returns the folder and keys.
  static func filed(_ server: FakeTrackerProcess, exporter: String) throws
    -> (URL, [String])
  {
    let dir = try CLIRunner.scratch()
    let export = try CLIRunner.run(
      [
        "export", RetestCommandTests.samples, "--to", "csv", "--output",
        "audit.csv",
      ],
      in: dir)
    #expect(export.status == 0, "\(export.stderr)")
    try dir.write(
      RetestCommandTests.config(server, exporter: exporter), to: "criteria.yml")
    let failed: [String: Any] = ["Result": "Fail", "Date": "2026-11-02"]
    try TesterScript.fill(
      dir.appendingPathComponent("audit.csv"),
      dir.appendingPathComponent("filled.csv"),
      ["2": failed, "3": failed, "4": failed, "5": failed])
    let run = try CLIRunner.run(
      ["tickets", "--from", "filled.csv"], in: dir,
      environment: RetestCommandTests.environment)
    #expect(run.status == 0, "\(run.stderr)")
    return (dir, try keys(dir))
  }

  /// The Ticket cells of rows 2 to 5 of the copy `filled-tickets.csv`.
  static func keys(_ dir: URL) throws -> [String] {
    let copy = try TesterScript.read(
      dir.appendingPathComponent("filled-tickets.csv"))
    let column = try #require(copy.header.firstIndex(of: "Ticket"))
    return ["2", "3", "4", "5"].map { copy.rows[$0]?[column] ?? "" }
  }

  /// Every row of the original audit dated 2026-11-20 instead, each still failing.
  static func redate(in dir: URL) throws {
    let later: [String: Any] = ["Result": "Fail", "Date": "2026-11-20"]
    try TesterScript.fill(
      dir.appendingPathComponent("filled.csv"),
      dir.appendingPathComponent("filled.csv"),
      ["2": later, "3": later, "4": later, "5": later])
  }

  @Test(
    "an open or not-planned earlier ticket stands, a done one gets a new ticket, a deleted one is held back; nothing twice",
    arguments: RetestCommandTests.everyTracker)
  func redated(exporter: String) throws {
    let server = try RetestCommandTests.server()
    defer { server.stop() }
    let (dir, keys) = try Self.filed(server, exporter: exporter)
    #expect(keys.allSatisfy { !$0.isEmpty }, "\(keys)")
    // Row 2's ticket stays open; row 3's was done; row 4's closed as not planned; row 5's deleted.
    try server.act("close", key: keys[1])
    try server.act("close", key: keys[2], reason: "not_planned")
    try server.act("delete", key: keys[3])
    try Self.redate(in: dir)
    // A dry run shows every payload, and says which a real run would look at first.
    let dry = try CLIRunner.run(
      ["tickets", "--from", "filled.csv", "--dry-run"], in: dir,
      environment: RetestCommandTests.environment)
    #expect(dry.status == 0, "\(dry.stderr)")
    #expect(
      dry.stderr.contains(
        "4 payloads and 4 retest follow-ups (retest-*.json); nothing was sent; 4 are of checks filed before under another date"
      ),
      "\(dry.stderr)")
    // Each follow-up a failure of the original audit would send is a comment alone, never a reopen.
    let payloads = dir.appendingPathComponent("out/issues-payloads")
    let followUps = try FileManager.default.contentsOfDirectory(
      atPath: payloads.path
    ).filter { $0.hasPrefix("retest-") }
    #expect(followUps.count == 4, "\(followUps)")
    for name in followUps {
      let document =
        try JSONSerialization.jsonObject(
          with: Data(contentsOf: payloads.appendingPathComponent(name)))
        as? [String: Any]
      #expect(document?["action"] as? String == "comment", "\(name)")
      #expect(
        (document?["requests"] as? [Any])?.count == 1,
        "\(name): \(document ?? [:])")
    }
    let run = try CLIRunner.run(
      ["tickets", "--from", "filled.csv"], in: dir,
      environment: RetestCommandTests.environment)
    // The deleted ticket is for a person to decide: exit 1.
    #expect(run.status == 1, "\(run.stderr)")
    // GitLab has no "closed as not planned": there, row 4's closed ticket is done and is filed anew.
    let gitlab = exporter == "gitlab"
    #expect(
      (try server.stats())["issues"] as? Int == (gitlab ? 6 : 5),
      "only the check whose ticket was done is filed anew: \(run.stderr)")
    let now = try Self.keys(dir)
    #expect(now[0] == keys[0], "row 2 names its open ticket: \(now)")
    #expect(
      !now[1].isEmpty && now[1] != keys[1], "row 3 has a new ticket: \(now)")
    #expect(
      gitlab ? !now[2].isEmpty && now[2] != keys[2] : now[2] == keys[2],
      "row 4: \(now)")
    #expect(
      now[3].isEmpty, "row 5 has no ticket until a person decides: \(now)")
    #expect(run.stderr.contains("stands"), "\(run.stderr)")
    #expect(run.stderr.contains("filed anew"), "\(run.stderr)")
    #expect(
      run.stderr.contains("\(keys[3])") && run.stderr.contains("deleted"),
      "\(run.stderr)")
    // follow_retest: the open ticket that stands is told the check still fails, once; the done and
    // not-planned ones are never reopened (a new ticket is filed, or it stays as a person closed it).
    #expect(
      run.stderr.contains("1 still failing (commented)"), "\(run.stderr)")
    func followed() throws -> (comments: [String: Int], moves: [String: Int]) {
      let stats = try server.stats()
      return (
        stats["retest_comments"] as? [String: Int] ?? [:],
        stats["transitions"] as? [String: Int] ?? [:]
      )
    }
    var (comments, moves) = try followed()
    #expect(
      comments == [RetestCommandTests.number(keys[0]): 1],
      "\(comments)")
    #expect(moves.values.allSatisfy { $0 == 0 }, "nothing reopened: \(moves)")
    // Again: the new ticket is filed, the others stand or are held back as before.
    let again = try CLIRunner.run(
      ["tickets", "--from", "filled.csv"], in: dir,
      environment: RetestCommandTests.environment)
    #expect(again.status == 1, "\(again.stderr)")
    #expect(
      (try server.stats())["issues"] as? Int == (gitlab ? 6 : 5),
      "nothing filed twice: \(again.stderr)")
    #expect(try Self.keys(dir) == now)
    (comments, moves) = try followed()
    #expect(
      comments == [RetestCommandTests.number(keys[0]): 1],
      "the comment goes once: \(comments)")
    let dryAgain = try CLIRunner.run(
      ["tickets", "--from", "filled.csv", "--dry-run"], in: dir,
      environment: RetestCommandTests.environment)
    #expect(
      dryAgain.stderr.contains(
        gitlab
          ? "2 of them the ledger has filed already (a real run does not file them again); 2 are"
          : "1 of them the ledger has filed already (a real run does not file it again); 3 are"
      ),
      "\(dryAgain.stderr)")
  }

  @Test(
    "a later round's failure in a row naming its earlier ticket (a new cycle keeps the keys): filed anew when that one was done, and the copy names the new one; an open one stands",
    arguments: ["github", "redmine", "jira-cloud"])
  func laterRoundKeepsKeys(exporter: String) throws {
    let server = try RetestCommandTests.server()
    defer { server.stop() }
    let (dir, keys) = try Self.filed(server, exporter: exporter)
    #expect(keys.allSatisfy { !$0.isEmpty }, "\(keys)")
    // Without follow_retest: filing alone decides.
    try dir.write(
      RetestCommandTests.config(server, exporter: exporter, follow: false),
      to: "criteria.yml")
    try server.act("close", key: keys[0])
    // The next round, in the copy that keeps the keys: rows 2 and 3 fail again; row 4 still says the
    // failure that was filed.
    let later: [String: Any] = ["Result": "Fail", "Date": "2026-11-20"]
    try TesterScript.fill(
      dir.appendingPathComponent("filled-tickets.csv"),
      dir.appendingPathComponent("round2.csv"), ["2": later, "3": later])
    let dry = try CLIRunner.run(
      ["tickets", "--from", "round2.csv", "--dry-run"], in: dir,
      environment: RetestCommandTests.environment)
    #expect(
      dry.stderr.contains(
        "4 payloads; nothing was sent; 2 of them the ledger has filed already (a real run does not file them again); 2 are of checks filed before under another date"
      ),
      "\(dry.stderr)")
    for run in 1...2 {
      let result = try CLIRunner.run(
        ["tickets", "--from", "round2.csv"], in: dir,
        environment: RetestCommandTests.environment)
      #expect(result.status == 0, "run \(run): \(result.stderr)")
      #expect(
        (try server.stats())["issues"] as? Int == 5,
        "one new ticket, for the check whose ticket was done, once: \(result.stderr)"
      )
      let copy = try TesterScript.read(
        dir.appendingPathComponent("round2-tickets.csv"))
      let column = try #require(copy.header.firstIndex(of: "Ticket"))
      let now = ["2", "3", "4"].map { copy.rows[$0]?[column] ?? "" }
      #expect(
        !now[0].isEmpty && now[0] != keys[0],
        "run \(run): row 2 names its new ticket: \(now)")
      #expect(
        now[1] == keys[1] && now[2] == keys[2],
        "run \(run): the others keep theirs: \(now)")
      if run == 1 {
        #expect(result.stderr.contains("filed anew"), "\(result.stderr)")
        #expect(result.stderr.contains("stands"), "\(result.stderr)")
      }
    }
    // The copy naming the new ticket files nothing more.
    let again = try CLIRunner.run(
      ["tickets", "--from", "round2-tickets.csv"], in: dir,
      environment: RetestCommandTests.environment)
    #expect(again.status == 0, "\(again.stderr)")
    #expect((try server.stats())["issues"] as? Int == 5, "\(again.stderr)")
  }

  @Test(
    "the copy's own finding edited (severity, notes): out of date without --update, updated once with it, like the original audit's row"
  )
  func editedInCopy() throws {
    let server = try RetestCommandTests.server()
    defer { server.stop() }
    let (dir, keys) = try Self.filed(server, exporter: "github")
    try dir.write(
      RetestCommandTests.config(server, exporter: "github", follow: false),
      to: "criteria.yml")
    try TesterScript.fill(
      dir.appendingPathComponent("filled-tickets.csv"),
      dir.appendingPathComponent("edited.csv"),
      ["2": ["Severity": "Critical", "Notes": "Focus is lost entirely"]])
    let told = try CLIRunner.run(
      ["tickets", "--from", "edited.csv"], in: dir,
      environment: RetestCommandTests.environment)
    #expect(told.status == 0, "\(told.stderr)")
    #expect(
      told.stderr.contains("filed 0, already filed 4")
        && told.stderr.contains("1 ticket is out of date"), "\(told.stderr)")
    for _ in 1...2 {
      let update = try CLIRunner.run(
        ["tickets", "--from", "edited.csv", "--update"], in: dir,
        environment: RetestCommandTests.environment)
      #expect(update.status == 0, "\(update.stderr)")
    }
    let stats = try server.stats()
    let updates = try #require(stats["updates_per_issue"] as? [String: Int])
    #expect(
      updates[RetestCommandTests.number(keys[0])] == 1
        && updates.values.reduce(0, +) == 1,
      "the edited row's ticket, once: \(updates)")
    #expect(stats["issues"] as? Int == 4, "nothing filed")
  }

  @Test(
    "a lost ledger rebuilt while the checks fail on another date: the run says the new tickets may repeat older ones, and files none twice"
  )
  func lostLedger() throws {
    let server = try RetestCommandTests.server()
    defer { server.stop() }
    let (dir, keys) = try Self.filed(server, exporter: "github")
    #expect(keys.allSatisfy { !$0.isEmpty }, "\(keys)")
    let ledgers = try FileManager.default.contentsOfDirectory(
      atPath: dir.path
    ).filter { $0.contains(".ledger.json") }
    #expect(!ledgers.isEmpty, "\(ledgers)")
    for name in ledgers {
      try FileManager.default.removeItem(at: dir.appendingPathComponent(name))
    }
    try Self.redate(in: dir)
    let rebuilt = try CLIRunner.run(
      ["tickets", "--from", "filled.csv", "--rebuild-ledger"], in: dir,
      environment: RetestCommandTests.environment)
    #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
    // The earlier tickets were filed under the 2026-11-02 identities, which the marker search cannot
    // reach from the 2026-11-20 ones: the run says so, rather than being silent about a likely repeat.
    #expect(
      rebuilt.stderr.contains(
        "4 tickets filed with a rebuilt ledger may repeat an older ticket of the same check"
      ),
      "\(rebuilt.stderr)")
    #expect((try server.stats())["issues"] as? Int == 8, "\(rebuilt.stderr)")
    let again = try CLIRunner.run(
      ["tickets", "--from", "filled.csv", "--rebuild-ledger"], in: dir,
      environment: RetestCommandTests.environment)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stderr.contains("already filed 4"), "\(again.stderr)")
    #expect(!again.stderr.contains("may repeat"), "\(again.stderr)")
    #expect((try server.stats())["issues"] as? Int == 8, "nothing twice")
  }

  @Test(
    "when the earlier ticket cannot be read, nothing is filed and the run says so"
  )
  func unreadable() throws {
    let server = try RetestCommandTests.server(faults: "read-503:1")
    defer { server.stop() }
    let (dir, keys) = try Self.filed(server, exporter: "github")
    #expect(keys.allSatisfy { !$0.isEmpty }, "\(keys)")
    try Self.redate(in: dir)
    let run = try CLIRunner.run(
      ["tickets", "--from", "filled.csv"], in: dir,
      environment: RetestCommandTests.environment)
    #expect(run.status != 0, "\(run.stderr)")
    #expect(
      (try server.stats())["issues"] as? Int == 4,
      "nothing filed on a guess: \(run.stderr)")
    #expect(run.stderr.contains(keys[0]), "\(run.stderr)")
  }

  @Test(
    "follow_retest: a row of the original audit that passes now (on either day its Date may mean) closes its check's open ticket, once; read from the copy too, still once",
    arguments: ["github", "redmine", "jira-cloud"])
  func passesInOriginal(exporter: String) throws {
    let server = try RetestCommandTests.server()
    defer { server.stop() }
    let (dir, keys) = try Self.filed(server, exporter: exporter)
    #expect(keys.allSatisfy { !$0.isEmpty }, "\(keys)")
    // A pass dated before the failure (an older copy's) closes nothing.
    try TesterScript.fill(
      dir.appendingPathComponent("filled.csv"),
      dir.appendingPathComponent("older.csv"),
      ["2": ["Result": "Pass", "Tester": "Ben", "Date": "2026-11-01"]])
    let older = try CLIRunner.run(
      ["tickets", "--from", "older.csv"], in: dir,
      environment: RetestCommandTests.environment)
    #expect(older.status == 0, "\(older.stderr)")
    #expect(
      (try server.stats()["states"] as? [String: String])?[
        RetestCommandTests.number(keys[0])] == "open", "\(older.stderr)")
    // Row 2 passes now, in the audit the tester kept working in: its Ticket cell is empty there. Its
    // Date may mean December 11 or November 12; both are after the failure of November 2.
    try TesterScript.fill(
      dir.appendingPathComponent("filled.csv"),
      dir.appendingPathComponent("filled.csv"),
      ["2": ["Result": "Pass", "Tester": "Ana", "Date": "12/11/2026"]])
    let number = RetestCommandTests.number(keys[0])
    for (run, file) in [
      (1, "filled.csv"), (2, "filled.csv"), (3, "filled-tickets.csv"),
    ] {
      if file == "filled-tickets.csv" {
        // The copy says the same retest with the key in its Ticket cell.
        try TesterScript.fill(
          dir.appendingPathComponent("filled.csv"),
          dir.appendingPathComponent("filled-tickets.csv"),
          ["2": ["Ticket": keys[0]]])
      }
      let result = try CLIRunner.run(
        ["tickets", "--from", file], in: dir,
        environment: RetestCommandTests.environment)
      #expect(result.status == 0, "run \(run): \(result.stderr)")
      let stats = try server.stats()
      #expect(
        (stats["states"] as? [String: String])?[number] == "closed",
        "run \(run): \(result.stderr)")
      #expect(
        (stats["retest_comments"] as? [String: Int])?[number] == 1,
        "run \(run): one comment, however often and from whichever file: \(stats)"
      )
      #expect(stats["issues"] as? Int == 4, "run \(run): nothing filed")
    }
  }

  /// Redmine's search matches text: looking up a failure filed without a date also finds the same
  /// check's earlier failure, whose marker is this one with `/2026-11-02` after it.
  @Test(
    "a failure without a date whose create was lost is filed, not taken for the check's earlier ticket"
  )
  func datelessAfterDated() throws {
    // The fifth create (the one of the second run) loses its connection before anything is created.
    let server = try RetestCommandTests.server(faults: "drop:5")
    defer { server.stop() }
    let (dir, keys) = try Self.filed(server, exporter: "redmine")
    #expect(keys.allSatisfy { !$0.isEmpty }, "\(keys)")
    // Row 2's ticket was done; the check fails again and the tester left the Date empty.
    try server.act("close", key: keys[0])
    try TesterScript.fill(
      dir.appendingPathComponent("filled.csv"),
      dir.appendingPathComponent("filled.csv"),
      ["2": ["Result": "Fail", "Date": ""]])
    let run = try CLIRunner.run(
      ["tickets", "--from", "filled.csv"], in: dir,
      environment: RetestCommandTests.environment)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      (try server.stats())["issues"] as? Int == 5,
      "the new failure has its own ticket: \(run.stderr)")
    let now = try Self.keys(dir)
    #expect(
      !now[0].isEmpty && now[0] != keys[0],
      "row 2 names its new ticket, not the done one: \(now) \(run.stderr)")
  }
}
