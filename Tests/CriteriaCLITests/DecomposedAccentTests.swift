import FakeTrackerSupport
import Foundation
import TestSupport
import Testing

/// Ids recorded by an earlier criteria, which made a combining accent a word break.
///
/// Before ids were made from composed text (NFC), a check written with decomposed accents ("o" and
/// U+0301, as macOS file names and some editors write it) got `flechas-de-direccio-n` where composed
/// text gets `flechas-de-dirección`. An audit and a ledger written then still name the old id: refresh
/// carries its results, and tickets are found, not filed again.
@Suite("Ids an earlier criteria made of decomposed accents", .serialized)
struct DecomposedAccentTests {
  static let rating = "native/controls/rating/keyboard/"
  /// The check's id today, and as the earlier criteria wrote it for the same words decomposed (read off
  /// that version's output: `tabulacio-n` for "Tabulación").
  static let composed = rating + "flechas-de-direcci\u{F3}n"
  static let decomposed = rating + "flechas-de-direccio-n"

  /// The samples, with the Rating's "arrow keys" check renamed "flechas de dirección" (composed).
  func setUp() throws -> URL {
    let dir = try CLIRunner.scratch(withSamples: [
      "criteria", "audit-filled.csv",
    ])
    let document = dir.appendingPathComponent(
      "criteria/native/controls/rating.md")
    let text = try String(contentsOf: document, encoding: .utf8)
    #expect(text.contains("  arrow keys: |"))
    try text.replacingOccurrences(
      of: "  arrow keys: |", with: "  flechas de direcci\u{F3}n: |"
    ).write(to: document, atomically: true, encoding: .utf8)
    return dir
  }

  @Test(
    "refresh carries the results of rows under the earlier id to the same checks"
  )
  func refresh() throws {
    let dir = try setUp()
    try dir.write("version: 1\nsources: [criteria]\n", to: "criteria.yml")
    let audit = dir.appendingPathComponent("audit-filled.csv")
    let old = try String(contentsOf: audit, encoding: .utf8)
    #expect(old.contains(Self.rating + "arrow-keys@android"))
    try old.replacingOccurrences(
      of: Self.rating + "arrow-keys@", with: Self.decomposed + "@"
    ).write(to: audit, atomically: true, encoding: .utf8)
    let refresh = try CLIRunner.run(
      ["refresh", "--from", "audit-filled.csv", "--output", "new.csv"], in: dir)
    #expect(refresh.status == 0, "\(refresh.stderr)")
    let table = try TesterScript.read(dir.appendingPathComponent("new.csv"))
    let id = try #require(table.header.firstIndex(of: "ID"))
    let result = try #require(table.header.firstIndex(of: "Result"))
    let byID = Dictionary(
      table.rows.values.map { ($0[id], $0[result]) },
      uniquingKeysWith: { a, _ in a })
    #expect(
      byID[Self.composed + "@android"] == "Fail",
      "the failure is carried: \(refresh.stderr)")
    #expect(byID[Self.composed + "@ios"] == "Pass", "\(refresh.stderr)")
    #expect(byID[Self.decomposed + "@android"] == nil)
    let retired = try TesterScript.read(
      dir.appendingPathComponent("new-retired.csv"))
    #expect(retired.rows.isEmpty, "nothing retired: \(refresh.stderr)")
    // diff compares the row under both ids as one check: still failing, nothing retired or added.
    let diff = try AuditCycleTests.jsonDiff(
      "audit-filled.csv", "new.csv", in: dir)
    let rows = diff["rows"] as? [[String: Any]] ?? []
    let buckets = Dictionary(
      rows.compactMap { row in
        (row["id"] as? String).map { ($0, row["bucket"] as? String ?? "") }
      }, uniquingKeysWith: { a, _ in a })
    #expect(
      buckets[Self.composed + "@android"] == "still-failing", "\(buckets)")
    #expect(buckets[Self.decomposed + "@android"] == nil, "\(buckets)")
    #expect(!buckets.values.contains("retired"), "\(buckets)")
    #expect(!buckets.values.contains("added"), "\(buckets)")
  }

  @Test(
    "criteria run finds the tickets the ledger holds under the earlier id, and files nothing again"
  )
  func tickets() throws {
    let server = try FakeTrackerProcess()
    defer { server.stop() }
    let dir = try setUp()
    try dir.write(
      ComponentMoveTests().trackerConfig(
        server, exporter: "gitlab", options: ["grouping: criterion"]),
      to: "criteria.yml")
    let environment = ["FAKE_TRACKER_TOKEN": "secret-token"]
    let first = try CLIRunner.run(["run"], in: dir, environment: environment)
    #expect(first.status == 0, "\(first.stderr)")
    let filed = try #require(try server.stats()["issues"] as? Int)
    // The ledger as the earlier criteria left it: the check's two tickets under the earlier id.
    let ledger = dir.appendingPathComponent("issues.ledger.json")
    var file =
      try JSONSerialization.jsonObject(with: Data(contentsOf: ledger))
      as? [String: Any] ?? [:]
    var entries = file["entries"] as? [String: Any] ?? [:]
    for platform in ["ios", "android"] {
      let entry = try #require(entries["\(Self.composed)@\(platform)"])
      entries["\(Self.composed)@\(platform)"] = nil
      entries["\(Self.decomposed)@\(platform)"] = entry
    }
    file["entries"] = entries
    try JSONSerialization.data(withJSONObject: file).write(to: ledger)

    let (second, _) = try ComponentMoveTests.runFilingNothing(
      dir, environment: environment, server: server, filed: filed, moved: 2)
    #expect(
      second.stderr.contains(
        "2 tickets filed under the id an earlier criteria made of decomposed accents, found and not filed again"
      ), "\(second.stderr)")
    let after =
      try JSONSerialization.jsonObject(with: Data(contentsOf: ledger))
      as? [String: Any]
    let keys = (after?["entries"] as? [String: Any])?.keys.sorted() ?? []
    #expect(keys.contains("\(Self.composed)@android"), "\(keys)")
    #expect(!keys.contains("\(Self.decomposed)@android"), "\(keys)")
  }
}
