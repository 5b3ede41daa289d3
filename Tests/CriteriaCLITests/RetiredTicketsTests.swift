import FakeTrackerSupport
import Foundation
import TestSupport
import Testing

/// A failure whose check left the criteria before its ticket was filed: `refresh` retired its row, and
/// the ACR counts it until retested, so `tickets` files it too, once, and follows its retest.
@Suite("Tickets for retired failures", .serialized)
struct RetiredTicketsTests {
  static let arrowKeys = "native/controls/rating/keyboard/arrow-keys@android"

  @Test(
    "tickets files a failure among the retired rows once, writes its key on the retired row, a retest there closes it, and sync shows it",
    arguments: ["csv", "xlsx"])
  func retiredFailureFiled(format: String) throws {
    let server = try FakeTrackerProcess()
    defer { server.stop() }
    let moves = ComponentMoveTests()
    let dir = try moves.setUp()
    // The next release drops the rating's Arrow keys check, which fails on Android; the audit was
    // refreshed before its failures were filed.
    try RetiredWorkbookTests.dropArrowKeys(in: dir, criteria: "criteria")
    _ = try moves.refreshed(dir, format: format)
    try dir.write(
      moves.trackerConfig(
        server, exporter: "github", options: ["follow_retest: true"]),
      to: "criteria.yml")

    let filed = try CLIRunner.run(
      ["tickets", "--from", "new.\(format)"], in: dir,
      environment: ComponentMoveTests.environment)
    #expect(filed.status == 0, "\(filed.stderr)")
    #expect(
      filed.stderr.contains(
        "its retired rows: 2 rows, 1 failed, 0 already with a ticket"),
      "\(filed.stderr)")
    #expect(
      try server.stats()["issues"] as? Int == 2,
      "the Banner's failure and the retired one")
    let markers = try server.issues().values
    #expect(
      markers.contains { $0.contains("finding/\(Self.arrowKeys)/") },
      "\(markers)")

    // The copy's retired row names the ticket (the workbook's Retired sheet, or the file beside the CSV).
    func retired(_ stem: String) throws -> [String: [String: String]] {
      format == "xlsx"
        ? try TesterScript.rows(
          dir.appendingPathComponent("\(stem).xlsx"), sheet: "Retired")
        : try TesterScript.rows(
          dir.appendingPathComponent("\(stem)-retired.csv"))
    }
    let key = try #require(retired("new-tickets")[Self.arrowKeys]?["Ticket"])
    #expect(key.hasPrefix("#"), "\(key)")
    #expect(
      try retired("new")[Self.arrowKeys]?["Ticket"] == "",
      "the audit itself is never written")

    // Nothing twice: from the audit again, or from the copy.
    for audit in ["new.\(format)", "new-tickets.\(format)"] {
      let again = try CLIRunner.run(
        ["tickets", "--from", audit, "--to", "again.\(format)"], in: dir,
        environment: ComponentMoveTests.environment)
      #expect(again.status == 0, "\(again.stderr)")
      #expect(try server.stats()["issues"] as? Int == 2, "\(audit)")
      #expect(try retired("again")[Self.arrowKeys]?["Ticket"] == key)
    }

    // A retest written on the retired row passes: its ticket is closed, once.
    let number = try #require(
      try
        (format == "xlsx"
        ? TesterScript.read(
          dir.appendingPathComponent("new-tickets.xlsx"), sheet: "Retired")
        : TesterScript.read(
          dir.appendingPathComponent("new-tickets-retired.csv"))).rows.first {
          $0.value.contains(Self.arrowKeys)
        }?.key)
    let retest: [String: [String: Any]] = [
      number: ["Result": "Pass", "Date": "2026-12-01"]
    ]
    if format == "xlsx" {
      try TesterScript.fill(
        dir.appendingPathComponent("new-tickets.xlsx"),
        dir.appendingPathComponent("retest.xlsx"), retest, sheet: "Retired")
    } else {
      try FileManager.default.copyItem(
        at: dir.appendingPathComponent("new-tickets.csv"),
        to: dir.appendingPathComponent("retest.csv"))
      try TesterScript.fill(
        dir.appendingPathComponent("new-tickets-retired.csv"),
        dir.appendingPathComponent("retest-retired.csv"), retest)
    }
    for _ in 0..<2 {
      let closing = try CLIRunner.run(
        ["tickets", "--from", "retest.\(format)"], in: dir,
        environment: ComponentMoveTests.environment)
      #expect(closing.status == 0, "\(closing.stderr)")
    }
    let stats = try server.stats()
    let states = stats["states"] as? [String: String]
    #expect(states?[String(key.dropFirst())] == "closed", "\(stats)")
    #expect(stats["issues"] as? Int == 2)
    #expect(
      (stats["transitions"] as? [String: Int])?[String(key.dropFirst())] == 1,
      "closed once: \(stats)")

    // sync brings the ticket's status onto the retired row: done, so the copy still failing there asks
    // for a retest (the audit itself gets the key from the ledger), and the retested one does not.
    for (audit, retest) in [
      ("new", "Retest"), ("new-tickets", "Retest"), ("retest", ""),
    ] {
      let sync = try CLIRunner.run(
        ["sync", "--from", "\(audit).\(format)"], in: dir,
        environment: ComponentMoveTests.environment)
      #expect(sync.status == 0, "\(sync.stderr)")
      let row = try retired("\(audit)-synced")[Self.arrowKeys]
      // A workbook's key is a link to the ticket.
      #expect(
        row?["Ticket"] == key
          || row?["Ticket"]?.hasSuffix(",\"\(key)\")") == true,
        "\(audit): \(row ?? [:])")
      #expect(
        row?["Ticket status"]?.contains("done") == true,
        "\(audit): \(row ?? [:])")
      #expect(row?["Retest"] == retest, "\(audit): \(row ?? [:])")
    }
  }
}
