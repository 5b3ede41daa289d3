import FakeTrackerSupport
import Foundation
import Testing

@testable import Tickets

/// A request whose outcome is unknown, then a lookup whose answer cannot be read: nothing is sent again
/// until the tracker has been asked and has answered in its own shape.
///
/// Each answer is one a real server or what stands in front of it gives: a sign-in page with 200, a
/// body that is not JSON, `{}`, a list where an object is due (or the other way round), a redirect to a
/// sign-in page, an HTML 503, and no answer at all before the timeout.
@Suite("Nothing twice after a lookup that cannot be read", .serialized)
struct UnreadableLookupTests {
  static let answers = [
    "html", "garbage", "empty", "list", "redirect", "503", "hang",
  ]

  /// A tracker that gives up soon: two attempts, and a timeout shorter than the fake's `hang`.
  static func tracker(_ name: String, _ server: FakeTrackerProcess) throws
    -> any Tracker
  {
    try makeTracker(
      name, url: server.url,
      extra: ["max_attempts": .int(2), "follow_retest": .bool(true)])
  }

  /// A tracker that stops answering stops the run, with what may have reached it left pending.
  static func expectStopped(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
  ) throws {
    do {
      try body()
      Issue.record("the run went on", sourceLocation: sourceLocation)
    } catch let error as TicketError {
      #expect(
        error.message.contains("gave no answer")
          && error.message.contains("pending in the ledger"),
        "\(error.message)", sourceLocation: sourceLocation)
    }
  }

  @Test(
    "a create whose answer is lost, then an unreadable search: pending, never filed again, found once the tracker answers",
    arguments: FilingTests.trackers)
  func lostCreate(tracker name: String) throws {
    // Every create reaches the tracker and its connection closes before the answer.
    let server = try startFakeTracker(arguments: ["--faults", "created-drop:1"])
    defer { server.stop() }
    let tickets = Array(try FilingTests.tickets().prefix(Self.answers.count))
    let tracker = try Self.tracker(name, server)
    for (index, answer) in Self.answers.enumerated() {
      let ledger = scratchLedger()
      try server.lookups(answer)
      if answer == "hang" {
        try Self.expectStopped {
          _ = try filer(tracker, ledger: ledger, timeout: 2)
            .file([tickets[index]])
        }
      } else {
        let first = try filer(tracker, ledger: ledger, timeout: 2)
          .file([tickets[index]])
        #expect(
          first.unknown.count == 1 && first.failed.isEmpty
            && first.filed.isEmpty,
          "\(answer): \(first.text)")
        #expect(
          first.unknown.first?.reason.contains("cannot tell") == true,
          "\(answer): \(first.unknown)")
      }
      #expect(
        try server.stats()["issues"] as? Int == index + 1,
        "\(answer): one create reached the tracker, and only one")
      try server.lookups("")
      let second = try filer(tracker, ledger: ledger, timeout: 2)
        .file([tickets[index]])
      #expect(
        second.alreadyFiled.count + second.filed.count == 1
          && second.unknown.isEmpty,
        "\(answer): \(second.text)")
      #expect(try server.stats()["issues"] as? Int == index + 1, "\(answer)")
    }
    let stats = try server.stats()
    #expect((stats["unreadable_lookups"] as? Int ?? 0) >= Self.answers.count)
    try FilingTests.expectAtMostOnce(server)
  }

  @Test(
    "a retest comment whose answer is lost, then an unreadable comment list: never posted twice",
    arguments: FilingTests.trackers)
  func lostRetestComment(tracker name: String) throws {
    // Every comment reaches the tracker and its connection closes before the answer.
    let server = try startFakeTracker(arguments: ["--faults", "comment-drop:1"])
    defer { server.stop() }
    let tickets = Array(try FilingTests.tickets().prefix(Self.answers.count))
    let tracker = try Self.tracker(name, server)
    let ledger = scratchLedger()
    let filed = try filer(tracker, ledger: ledger).file(tickets).filed
    try #require(filed.count == tickets.count)
    for (index, answer) in Self.answers.enumerated() {
      let entry = filed[index]
      let row = RetestRow(
        identity: entry.identity, filed: entry.ticket, passes: false,
        revision: "retest-\(answer)", said: "Ana retested it.",
        place: "retest.csv:\(index + 2)", days: ["2099-01-01"])
      // Lookups are served as usual until the comment is posted, then answer unreadably.
      try server.lookups(answer, afterComments: index + 1)
      if answer == "hang" {
        try Self.expectStopped {
          _ = try filer(tracker, ledger: ledger, timeout: 2)
            .followRetests([row])
        }
      } else {
        let first = try filer(tracker, ledger: ledger, timeout: 2)
          .followRetests([row])
        #expect(
          first.failed.count == 1 && first.stillFailing.isEmpty,
          "\(answer): \(first.text)")
        #expect(
          first.failed.first?.message.contains("cannot tell") == true,
          "\(answer): \(first.failed)")
      }
      try server.lookups("")
      let second = try filer(tracker, ledger: ledger, timeout: 2)
        .followRetests([row])
      #expect(second.failed.isEmpty, "\(answer): \(second.text)")
      // One retest comment for each answer tried so far, on the tracker as a whole.
      let counts = try server.stats()["retest_comments"] as? [String: Int]
      #expect(
        counts?.values.reduce(0, +) == index + 1,
        "\(answer): retest comments per issue: \(counts ?? [:])")
    }
  }
}
