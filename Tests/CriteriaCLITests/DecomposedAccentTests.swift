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

  /// The samples (and `also`), with the Rating's "arrow keys" check renamed "flechas de dirección"
  /// (composed).
  func setUp(also: [String] = []) throws -> URL {
    let dir = try CLIRunner.scratch(
      withSamples: ["criteria", "audit-filled.csv"] + also)
    let document = dir.appendingPathComponent(
      "criteria/native/controls/rating.md")
    let text = try String(contentsOf: document, encoding: .utf8)
    #expect(text.contains("  arrow keys: |"))
    try text.replacingOccurrences(
      of: "  arrow keys: |", with: "  flechas de direcci\u{F3}n: |"
    ).write(to: document, atomically: true, encoding: .utf8)
    return dir
  }

  /// The filled sample audit as the earlier criteria wrote it: the check's rows under the earlier id.
  func recordUnderEarlierID(in dir: URL) throws {
    let audit = dir.appendingPathComponent("audit-filled.csv")
    let old = try String(contentsOf: audit, encoding: .utf8)
    #expect(old.contains(Self.rating + "arrow-keys@android"))
    try old.replacingOccurrences(
      of: Self.rating + "arrow-keys@", with: Self.decomposed + "@"
    ).write(to: audit, atomically: true, encoding: .utf8)
  }

  @Test(
    "refresh carries the results of rows under the earlier id to the same checks"
  )
  func refresh() throws {
    let dir = try setUp()
    try dir.write("version: 1\nsources: [criteria]\n", to: "criteria.yml")
    try recordUnderEarlierID(in: dir)
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
    "acr and report count an audit's rows under the earlier id as today's checks, not as checks it lacks"
  )
  func conformance() throws {
    let dir = try setUp(also: ["criteria.yml", "wcag-rules.yml"])
    try recordUnderEarlierID(in: dir)
    let said =
      "2 of audit-filled.csv's rows carry the id an earlier criteria made of decomposed accents"
    let acr = try CLIRunner.run(
      [
        "acr", "--remarks", "full", "--from", "audit-filled.csv", "--to",
        "markdown", "--output",
        "-", "--draft",
      ], in: dir)
    #expect(acr.status == 0, "\(acr.stderr)")
    #expect(acr.stderr.contains(said), "\(acr.stderr)")
    #expect(!acr.stderr.contains("lacks"), "\(acr.stderr)")
    #expect(!acr.stderr.contains("are no checks"), "\(acr.stderr)")
    // The Rating's checks were all tested on both platforms, and the Android failure still counts.
    #expect(
      acr.stdout.contains("| Rating | iOS | 8 of 8 |"),
      "\(acr.stdout)")
    #expect(
      acr.stdout.contains("| Rating | Android | 8 of 8 |"),
      "\(acr.stdout)")
    #expect(
      acr.stdout.contains("Fails: Rating (Android) Keyboard: Arrow keys"),
      "\(acr.stdout)")
    #expect(!acr.stdout.contains("it lacks"), "\(acr.stdout)")

    let report = try CLIRunner.run(
      ["report", "--from", "audit-filled.csv", "--output", "report.html"],
      in: dir)
    #expect(report.status == 0, "\(report.stderr)")
    #expect(report.stderr.contains(said), "\(report.stderr)")
    let page = try dir.read("report.html")
    #expect(page.contains("58 checks from audit-filled.csv,"))
    #expect(!page.contains("Flechas de direcci\u{F3}n</th>"))
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
