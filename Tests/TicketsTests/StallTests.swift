import FakeTrackerSupport
import Foundation
import Testing

@testable import Tickets

/// A tracker that answers a byte at a time: a stalled request fails like a dropped connection, a run
/// stops once one request has spent its retries that way, and a slow but moving answer is read whole.
@Suite("Stalled trackers", .serialized)
struct StallTests {
  static func drip(_ server: FakeTrackerProcess, _ bytesPerSecond: Double)
    throws
  {
    let body = try JSONSerialization.data(withJSONObject: [
      "bytes_per_second": bytesPerSecond
    ])
    let response = try CurlClient().send(
      HTTPRequest(
        method: "POST", url: server.url + "/_drip",
        headers: [("Content-Type", "application/json")], body: body))
    try #require(response.status == 200)
  }

  @Test(
    "a read that drips two bytes a second stops the run at that ticket after its attempts, within seconds"
  )
  func stalledRead() throws {
    let server = try startFakeTracker()
    defer { server.stop() }
    let tracker = try makeTracker(
      "github", url: server.url, extra: ["max_attempts": .int(2)])
    let ledger = scratchLedger()
    let filed = try filer(tracker, ledger: ledger).file(
      Array(try FilingTests.tickets().prefix(2))
    ).filed
    try #require(filed.count == 2)
    try Self.drip(server, 2)
    let reader = try filer(tracker, ledger: ledger, lowSpeedTime: 1)
    let started = Date()
    #expect {
      _ = try reader.read(filed[0].ticket)
    } throws: { error in
      guard let error = error as? TicketError else { return false }
      return error.stopsRun && error.unreachable
        && error.message.contains(
          "the tracker gave no answer to 2 requests in a row")
    }
    // Two attempts of about a second each, and a backoff: not five full timeouts.
    #expect(Date().timeIntervalSince(started) < 20)
  }

  @Test(
    "a create that stalls stops the run naming the ticket; the next run looks it up and files nothing twice"
  )
  func stalledCreate() throws {
    let server = try startFakeTracker()
    defer { server.stop() }
    let tracker = try makeTracker(
      "github", url: server.url, extra: ["max_attempts": .int(2)])
    let ledger = scratchLedger()
    let tickets = Array(try FilingTests.tickets().prefix(3))
    try Self.drip(server, 2)
    #expect {
      _ = try filer(tracker, ledger: ledger, lowSpeedTime: 1).file(tickets)
    } throws: { error in
      guard let error = error as? TicketError else { return false }
      return error.unreachable
        && error.message.contains("(stopped at \(tickets[0].identity);")
    }
    // The stalled create reached the tracker; the ledger says so, and nothing went further.
    #expect(
      try Ledger(path: ledger, tracker: "github")[tickets[0].identity]?.state
        == .pending)
    #expect(
      try Ledger(path: ledger, tracker: "github")[tickets[1].identity] == nil)
    try Self.drip(server, 0)
    let second = try filer(tracker, ledger: ledger).file(tickets)
    #expect(second.alreadyFiled.contains(tickets[0].identity))
    try FilingTests.expectExactlyOnce(server, tickets)
  }

  @Test("a slow but moving answer is read whole, never cut off")
  func slowButMoving() throws {
    let server = try startFakeTracker()
    defer { server.stop() }
    let tracker = try makeTracker("github", url: server.url)
    let ledger = scratchLedger()
    let filed = try filer(tracker, ledger: ledger).file(
      Array(try FilingTests.tickets().prefix(1))
    ).filed
    try #require(filed.count == 1)
    // About 1,500 bytes at 800 a second: two seconds, over the one-second window, never below the limit.
    try Self.drip(server, 800)
    let snapshot = try filer(tracker, ledger: ledger, lowSpeedTime: 1).read(
      filed[0].ticket)
    #expect(snapshot.category == .open)
  }
}
