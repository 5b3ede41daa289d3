import CriteriaModel
import FakeTrackerSupport
import Foundation
import Options
import Testing

@testable import Tickets

/// Passes requests on, but a comment (GitHub's `/comments`, Jira's `/comment`) never leaves: as if the run
/// were killed between an issue and its comments.
final class NoCommentsTransport: HTTPTransport {
  let inner: HTTPTransport
  init(_ inner: HTTPTransport) { self.inner = inner }

  func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
    if request.method == "POST",
      request.url.hasSuffix("/comments") || request.url.hasSuffix("/comment")
    {
      throw TransportError(
        message: "Couldn't connect to server", retryable: true, neverSent: true)
    }
    return try inner.send(request)
  }
}

@Suite("Nothing twice against answers real servers get wrong", .serialized)
struct ConsistencyTests {
  @Test(
    "searches that lag creates never cause a second issue: GitHub lists by label; Jira waits for its index",
    arguments: ["github", "jira-cloud", "jira-dc"])
  func laggingIndex(tracker name: String) throws {
    let server = try startFakeTracker(arguments: [
      "--index-lag", "2", "--faults", "created-drop:3",
    ])
    defer { server.stop() }
    let tickets = try FilingTests.tickets()
    let tracker = try makeTracker(
      name, url: server.url, extra: ["search_settle": .string("3")])
    let summary = try filer(tracker, ledger: scratchLedger()).file(tickets)
    #expect(
      summary.filed.count == tickets.count && summary.problemCount == 0,
      "\(summary.text)")
    try FilingTests.expectExactlyOnce(server, tickets)
  }

  @Test(
    "a Jira index lagging past search_settle: the key after the newest indexed one exists, so nothing is re-sent",
    arguments: ["jira-cloud", "jira-dc"])
  func indexLaggingPastSettle(tracker name: String) throws {
    try Self.fileWhileIndexLags(
      name, faults: "created-drop:3", tickets: try FilingTests.tickets())
  }

  /// Files `tickets` while the fake tracker's index lags 3 s, far past `search_settle` (0.2 s), with
  /// `faults` losing create answers; then again once the index has caught up.
  ///
  /// The first run waits for what the index hides or leaves it pending, never files it again; the
  /// second finds every pending one.
  static func fileWhileIndexLags(
    _ name: String, faults: String, tickets: [Ticket],
    options: [String: ExportOptions.Value] = [:],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let server = try startFakeTracker(arguments: [
      "--index-lag", "3", "--faults", faults,
    ])
    defer { server.stop() }
    let ledgerPath = scratchLedger()
    let tracker = try makeTracker(
      name, url: server.url,
      extra: options.merging(["search_settle": .string("0.2")]) { $1 })
    let summary = try filer(tracker, ledger: ledgerPath).file(tickets)
    #expect(
      summary.failed.isEmpty, "\(summary.text)", sourceLocation: sourceLocation)
    #expect(
      summary.filed.count + summary.unknown.count == tickets.count,
      sourceLocation: sourceLocation)
    try FilingTests.expectAtMostOnce(server, sourceLocation: sourceLocation)
    Thread.sleep(forTimeInterval: 3.5)
    let again = try filer(tracker, ledger: ledgerPath).file(tickets)
    #expect(
      again.problemCount == 0, "\(again.text)", sourceLocation: sourceLocation)
    try FilingTests.expectExactlyOnce(
      server, tickets, sourceLocation: sourceLocation)
  }

  @Test(
    "201 with an unexpected body and 200 with an HTML page: not confirmed, then found; one issue per ticket",
    arguments: [
      ("github", "odd201:2"), ("gitlab", "html200:2"),
      ("jira-cloud", "odd201:3"), ("redmine", "html200:3"),
    ])
  func wrongShapes(tracker name: String, faults: String) throws {
    let server = try startFakeTracker(arguments: ["--faults", faults])
    defer { server.stop() }
    let tickets = try FilingTests.tickets()
    let ledgerPath = scratchLedger()
    let first = try filer(
      try makeTracker(name, url: server.url), ledger: ledgerPath
    ).file(tickets)
    #expect(first.failed.isEmpty && !first.unknown.isEmpty, "\(first.text)")
    #expect(first.filed.count + first.unknown.count == tickets.count)
    let second = try filer(
      try makeTracker(name, url: server.url), ledger: ledgerPath
    ).file(tickets)
    #expect(
      second.problemCount == 0 && second.alreadyFiled.count == tickets.count,
      "\(second.text)")
    try FilingTests.expectExactlyOnce(server, tickets)
  }

  /// The trackers whose over-long bodies continue in comments.
  static let continuing = ["github", "jira-cloud", "jira-dc"]

  /// Two tickets whose bodies need continuation comments: three each on GitHub, more on Jira.
  static func longTickets() -> [Ticket] {
    let source = CriteriaModel.SourceLocation(file: "long.md", line: 1)
    let components = ["a", "b"].map { name in
      let criteria = (1...40).map { n in
        Criterion(
          id: "native/controls/\(name)/keyboard/check-\(n)", test: .keyboard,
          check: "Check \(n)",
          expectation: String(
            repeating: "Focus moves visibly and predictably. ", count: 140),
          platforms: [.iOS], source: source)
      }
      return Component(
        id: "native/controls/\(name)", title: name.uppercased(),
        family: .native, category: "controls",
        criteria: criteria, source: source)
    }
    return TicketPlanner(grouping: .componentPlatform).tickets(
      for: Catalog(components: components))
  }

  /// Files `tickets` through a transport on which no comment gets an answer: with one attempt a
  /// request (`max_attempts: 1`), the first comment stops the run (the tracker counts as unreachable)
  /// after its issue was filed, as a run killed between an issue and its comments.
  static func fileStopped(
    _ tickets: [Ticket], _ tracker: any Tracker, ledger: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let stopped = TicketFiler(
      tracker: tracker,
      transport: NoCommentsTransport(
        try CurlClient(settings: CurlClient.Settings())),
      ledger: try Ledger(path: ledger, tracker: tracker.name),
      credentials: Credentials(
        token: "secret-token", user: "auditor@example.com"),
      pacer: RequestPacer(pacing: Pacing()))
    #expect(sourceLocation: sourceLocation) {
      _ = try stopped.file(tickets)
    } throws: { error in
      (error as? TicketError)?.unreachable == true
    }
  }

  static func expectCommentsOnce(
    _ server: FakeTrackerProcess, _ count: Int,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let stats = try server.stats()
    #expect(
      stats["comment_parts"] as? Int == count, "comments posted",
      sourceLocation: sourceLocation)
    #expect(
      stats["unique_comment_parts"] as? Int == count, "distinct comments",
      sourceLocation: sourceLocation)
  }

  @Test(
    "continuation comments whose answers are lost are looked up by marker, never posted twice",
    arguments: continuing)
  func commentsOnce(tracker name: String) throws {
    let tickets = Self.longTickets()
    let tracker = try makeTracker(name, url: "http://127.0.0.1:9")
    let comments = try tracker.followUpCount(for: tickets[0])
    #expect(
      comments >= 3, "the fixture should need at least three comments")
    if name == "github" { #expect(comments == 3) }
    let server = try startFakeTracker(arguments: [
      "--faults", "comment-drop:2,comment-503:5",
    ])
    defer { server.stop() }
    // The fake tracker refuses a Jira description or comment over 32,767 characters.
    let summary = try filer(
      try makeTracker(name, url: server.url), ledger: scratchLedger()
    ).file(tickets)
    #expect(
      summary.filed.count == tickets.count && summary.problemCount == 0,
      "\(summary.text)")
    try FilingTests.expectExactlyOnce(server, tickets)
    try Self.expectCommentsOnce(server, tickets.count * comments)
  }

  @Test(
    "a run stopped between an issue and its comments: the next run posts exactly the missing ones",
    arguments: continuing)
  func commentsResume(tracker name: String) throws {
    let tickets = Self.longTickets()
    let server = try startFakeTracker()
    defer { server.stop() }
    let tracker = try makeTracker(
      name, url: server.url, extra: ["max_attempts": .int(1)])
    let comments = try tracker.followUpCount(for: tickets[0])
    let ledgerPath = scratchLedger()
    try Self.fileStopped(tickets, tracker, ledger: ledgerPath)
    let ledger = try Ledger(path: ledgerPath, tracker: name)
    #expect(ledger[tickets[0].identity]?.state == .filed)
    #expect(ledger[tickets[0].identity]?.followUpsSent ?? 0 == 0)
    #expect(ledger[tickets[1].identity] == nil)
    try Self.expectCommentsOnce(server, 0)

    let second = try filer(tracker, ledger: ledgerPath).file(tickets)
    #expect(
      second.alreadyFiled == [tickets[0].identity] && second.filed.count == 1
        && second.problemCount == 0,
      "\(second.text)")
    try FilingTests.expectExactlyOnce(server, tickets)
    try Self.expectCommentsOnce(server, tickets.count * comments)
    let third = try filer(tracker, ledger: ledgerPath).file(tickets)
    #expect(third.alreadyFiled.count == tickets.count)
    try Self.expectCommentsOnce(server, tickets.count * comments)
  }

  @Test(
    "a resumed run's continuation whose answer is lost is found past the first page of a busy ticket's comments",
    arguments: continuing)
  func commentsResumeBusy(tracker name: String) throws {
    let tickets = Self.longTickets()
    let server = try startFakeTracker(arguments: ["--faults", "comment-drop:2"])
    defer { server.stop() }
    let tracker = try makeTracker(name, url: server.url)
    let comments = try tracker.followUpCount(for: tickets[0])
    let ledgerPath = scratchLedger()
    try Self.fileStopped(
      tickets,
      try makeTracker(name, url: server.url, extra: ["max_attempts": .int(1)]),
      ledger: ledgerPath)
    let key = try #require(
      try Ledger(path: ledgerPath, tracker: name)[tickets[0].identity]?.key)
    // People talk on the issue before the run resumes: more comments than one page of the list (100).
    try server.act("chatter", key: key, count: 150)

    // Every second continuation's answer is lost: it is looked for past the people's comments.
    let second = try filer(tracker, ledger: ledgerPath).file(tickets)
    #expect(second.alreadyFiled == [tickets[0].identity], "\(second.text)")
    try FilingTests.expectExactlyOnce(server, tickets)
    try Self.expectCommentsOnce(server, tickets.count * comments)
  }

  @Test(
    "past 10,000 comments whether a continuation is there cannot be told: the ticket fails so, and nothing is posted"
  )
  func tooManyComments() throws {
    let tickets = Self.longTickets()
    let server = try startFakeTracker()
    defer { server.stop() }
    let tracker = try makeTracker("jira-dc", url: server.url)
    let comments = try tracker.followUpCount(for: tickets[0])
    let ledgerPath = scratchLedger()
    try Self.fileStopped(
      tickets,
      try makeTracker(
        "jira-dc", url: server.url, extra: ["max_attempts": .int(1)]),
      ledger: ledgerPath)
    let key = try #require(
      try Ledger(path: ledgerPath, tracker: "jira-dc")[tickets[0].identity]?.key
    )
    try server.act("chatter", key: key, count: 10_050)

    let second = try filer(tracker, ledger: ledgerPath).file(tickets)
    #expect(second.problemCount == 1, "\(second.text)")
    #expect(
      second.text.contains(
        "its comments cannot be listed (the comments run past 100 pages"),
      "\(second.text)")
    // The other ticket's comments went out; none of the busy one's.
    try Self.expectCommentsOnce(server, comments)
  }
}
