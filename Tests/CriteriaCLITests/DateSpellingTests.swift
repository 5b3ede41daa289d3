import FakeTrackerSupport
import Foundation
import TestSupport
import Testing

/// A filled audit whose Date cells a spreadsheet wrote back in another spelling.
///
/// A CSV opened and saved in Excel comes back with `2026-11-20` written as `11/20/2026` (a US locale) or
/// `20.11.2026` (a German one). A failure's ticket is filed under its row and Date, so the same failure
/// spelled anew must be neither filed again nor taken for a retest (no "still fails" comment, no reopened
/// ticket); a later retest still is one.
@Suite("Dates a spreadsheet spelled anew", .serialized)
struct DateSpellingTests {
  static let environment = ["FAKE_TRACKER_TOKEN": "secret-token"]
  static let arrowKeys = "native/controls/rating/keyboard/arrow-keys@android"

  /// A folder with the sample criteria, the filled sample audit and a config filing into `server`
  /// (GitLab, following retests).
  func setUp(_ server: FakeTrackerProcess) throws -> URL {
    let dir = try CLIRunner.scratch(withSamples: [
      "criteria", "audit-filled.csv",
    ])
    try dir.write(
      """
      version: 1
      sources: [criteria]
      outputs:
        - name: issues
          exporter: gitlab
          options:
            url: \(server.url)
            project: acme/app
            token_env: FAKE_TRACKER_TOKEN
            follow_retest: true
            max_attempts: 2
            backoff: 0.05
      """, to: "criteria.yml")
    return dir
  }

  /// `file` with every Date cell `2026-11-20` written as `spelling`, saved as `name`.
  func respelled(
    _ dir: URL, _ file: String, as spelling: String, to name: String
  )
    throws
  {
    let text = try dir.read(file)
    #expect(text.contains(",2026-11-20,"))
    try dir.write(
      text.replacingOccurrences(of: ",2026-11-20,", with: ",\(spelling),"),
      to: name)
  }

  func tickets(_ dir: URL, _ audit: String) throws -> CLIRunner.Outcome {
    let run = try CLIRunner.run(
      ["tickets", "--from", audit], in: dir, environment: Self.environment)
    #expect(run.status == 0, "\(run.stderr)")
    return run
  }

  @Test(
    "the same failure's Date respelled: nothing filed again, no retest comment, no ticket reopened; a later retest still counts",
    arguments: ["11/20/2026", "20.11.2026", "2026/11/20"])
  func respelledDates(spelling: String) throws {
    let server = try FakeTrackerProcess()
    defer { server.stop() }
    let dir = try setUp(server)
    _ = try tickets(dir, "audit-filled.csv")
    #expect(try server.stats()["issues"] as? Int == 2)
    func comments() throws -> [String: Int] {
      try server.stats()["retest_comments"] as? [String: Int] ?? [:]
    }

    // The copy with its keys, and the audit itself, respelled: no comment, nothing filed.
    try respelled(
      dir, "audit-filled-tickets.csv", as: spelling, to: "copy.csv")
    let copy = try tickets(dir, "copy.csv")
    #expect(copy.stderr.contains("0 still failing"), "\(copy.stderr)")
    try respelled(dir, "audit-filled.csv", as: spelling, to: "original.csv")
    let original = try tickets(dir, "original.csv")
    #expect(original.stderr.contains("already filed 2"), "\(original.stderr)")
    #expect(try comments() == [:])
    #expect(try server.stats()["issues"] as? Int == 2)
    // The original's copy names the tickets the ledger filed.
    let keys = try TesterScript.read(
      dir.appendingPathComponent("original-tickets.csv"))
    let ticket = try #require(keys.header.firstIndex(of: "Ticket"))
    #expect(keys.rows.values.filter { !$0[ticket].isEmpty }.count == 2)

    // sync and the report name those tickets from the ledger, too.
    let sync = try CLIRunner.run(
      ["sync", "--from", "original.csv"], in: dir,
      environment: Self.environment)
    #expect(sync.status == 0, "\(sync.stderr)")
    let synced = try TesterScript.read(
      dir.appendingPathComponent("original-synced.csv"))
    #expect(
      synced.rows.values.filter { !$0[ticket].isEmpty }.count == 2,
      "\(sync.stderr)")
    let report = try CLIRunner.run(
      ["report", "--from", "original.csv", "--to", "junit", "--output", "-"],
      in: dir)
    #expect(report.status == 0, "\(report.stderr)")
    for key in ["1", "2"] {
      #expect(report.stdout.contains("Ticket: \(key)"), "\(report.stdout)")
    }

    // Both tickets closed by developers (fixed, awaiting the retest): the respelled failures reopen
    // nothing and file nothing.
    for key in ["1", "2"] { try server.act("close", key: key) }
    _ = try tickets(dir, "copy.csv")
    _ = try tickets(dir, "original.csv")
    let states = try server.stats()["states"] as? [String: String] ?? [:]
    #expect(states == ["1": "closed", "2": "closed"], "\(states)")
    #expect(try server.stats()["issues"] as? Int == 2)
    #expect(try comments() == [:])

    // A retest on a later day that fails again reopens its ticket. It is dated today: the tickets were
    // closed today, and a retest dated before the fix is no retest of it.
    let table = try TesterScript.read(dir.appendingPathComponent("copy.csv"))
    let row = try #require(
      table.rows.first { $0.value.contains(Self.arrowKeys) }?.key)
    try TesterScript.fill(
      dir.appendingPathComponent("copy.csv"),
      dir.appendingPathComponent("retest.csv"),
      [row: ["Result": "Fail", "Date": Scratch.today()]])
    let retest = try tickets(dir, "retest.csv")
    #expect(retest.stderr.contains("1 reopened"), "\(retest.stderr)")
  }

  @Test(
    "a Date either day-first or month-first (03/04/2026) is taken for the filed failure, never for a retest"
  )
  func ambiguousDate() throws {
    let server = try FakeTrackerProcess()
    defer { server.stop() }
    let dir = try setUp(server)
    // The failures recorded on 4 March.
    let text = try dir.read("audit-filled.csv")
    try dir.write(
      text.replacingOccurrences(of: ",2026-11-20,", with: ",2026-03-04,"),
      to: "march.csv")
    _ = try tickets(dir, "march.csv")
    for key in ["1", "2"] { try server.act("close", key: key) }
    let march = try dir.read("march-tickets.csv")
    for spelling in ["03/04/2026", "04/03/2026", "4.3.2026"] {
      try dir.write(
        march.replacingOccurrences(of: ",2026-03-04,", with: ",\(spelling),"),
        to: "respelled.csv")
      let run = try tickets(dir, "respelled.csv")
      #expect(run.stderr.contains("0 reopened"), "\(spelling): \(run.stderr)")
    }
    #expect(try server.stats()["issues"] as? Int == 2)
    let states = try server.stats()["states"] as? [String: String] ?? [:]
    #expect(states == ["1": "closed", "2": "closed"], "\(states)")
  }

  @Test("merge: one day in two spellings is no conflict")
  func mergeRespelled() throws {
    let dir = try CLIRunner.scratch(withSamples: ["audit-filled.csv"])
    try respelled(dir, "audit-filled.csv", as: "11/20/2026", to: "excel.csv")
    let merge = try CLIRunner.run(
      ["merge", "audit-filled.csv", "excel.csv", "--output", "merged.csv"],
      in: dir)
    #expect(merge.status == 0, "\(merge.stderr)")
    #expect(!merge.stderr.contains("conflict"), "\(merge.stderr)")
  }
}
