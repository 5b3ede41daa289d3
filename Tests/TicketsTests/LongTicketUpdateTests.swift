import CriteriaModel
import FakeTrackerSupport
import Foundation
import Testing

@testable import Tickets

/// A ticket whose body continues in comments stays true as a whole: a change in a comment's part makes
/// it out of date, and `--update` rewrites the comments in place, each edit exactly once.
@Suite("Updating a ticket whose body continues in comments", .serialized)
struct LongTicketUpdateTests {
  /// The long tickets with their last check reworded: a change that lands in a comment, not the issue.
  static func tailChanged(_ tickets: [Ticket]) -> [Ticket] {
    tickets.map { ticket in
      var changed = ticket
      changed.checklist[changed.checklist.count - 1].expectation +=
        " (reworded at the end)"
      return changed
    }
  }

  /// The long tickets with only their first checks: a body that needs fewer comments.
  static func shortened(_ tickets: [Ticket]) -> [Ticket] {
    tickets.map { ticket in
      var shorter = ticket
      shorter.checklist = Array(ticket.checklist.prefix(8))
      return shorter
    }
  }

  static func stats(_ server: FakeTrackerProcess) throws -> (
    comments: Int, edits: Int, requests: Int, texts: [String: [String]]
  ) {
    let stats = try server.stats()
    return (
      stats["comments"] as? Int ?? -1, stats["comment_edits"] as? Int ?? -1,
      stats["requests"] as? Int ?? -1,
      stats["comment_texts"] as? [String: [String]] ?? [:]
    )
  }

  /// Runs `--update` on `tickets` and expects every one updated, nothing failed.
  static func update(
    _ tracker: any Tracker, _ ledger: String, _ tickets: [Ticket],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let run = try filer(tracker, ledger: ledger)
    run.updateChanged = true
    let summary = try run.file(tickets)
    #expect(
      summary.updated.count == tickets.count && summary.problemCount == 0
        && summary.edited.isEmpty,
      "\(summary.text)", sourceLocation: sourceLocation)
  }

  @Test(
    "a continuation comment a person changed (a box ticked) is their edit: --update leaves the ticket alone and their words stay; --force rewrites it",
    arguments: ConsistencyTests.continuing)
  func personsComment(tracker name: String) throws {
    let server = try startFakeTracker()
    defer { server.stop() }
    let tickets = ConsistencyTests.longTickets()
    let tracker = try makeTracker(name, url: server.url)
    let ledger = scratchLedger()
    let keys = try filer(tracker, ledger: ledger).file(tickets).filed.map(
      \.ticket.key)
    try #require(keys.count == tickets.count && keys.count > 1)
    // The update time stays: not every tracker moves it for a comment's edit.
    try server.act("comment_edit", key: keys[0])
    func theirs() throws -> Bool {
      let number = String(keys[0].reversed().prefix { $0.isNumber }.reversed())
      return try Self.stats(server).texts[number]?.contains {
        $0.contains("(ticked by a person)")
      } == true
    }
    #expect(try theirs())

    let changed = Self.tailChanged(tickets)
    let run = try filer(tracker, ledger: ledger)
    run.updateChanged = true
    let summary = try run.file(changed)
    #expect(summary.edited.map(\.key) == [keys[0]], "\(summary.text)")
    #expect(
      summary.edited.first?.what == "a continuation comment", "\(summary.text)")
    #expect(
      Set(summary.updated.map(\.key)) == Set(keys.dropFirst()),
      "\(summary.text)")
    #expect(try theirs(), "the person's words are still there")

    let forced = try filer(tracker, ledger: ledger)
    forced.updateChanged = true
    forced.overwriteEdited = true
    let again = try forced.file(changed)
    #expect(again.updated.map(\.key) == [keys[0]], "\(again.text)")
    #expect(try !theirs())
    // What --force wrote is criteria's again: a later change is updated without it.
    let later = try filer(tracker, ledger: ledger)
    later.updateChanged = true
    let third = try later.file(Self.tailChanged(changed))
    #expect(
      third.updated.count == keys.count && third.edited.isEmpty,
      "\(third.text)")
  }

  @Test(
    "a change in a comment's part is out of date; --update edits the comments in place, once each, under dropped answers",
    arguments: ConsistencyTests.continuing)
  func rewritesComments(tracker name: String) throws {
    let server = try startFakeTracker(arguments: ["--faults", "update-drop:2"])
    defer { server.stop() }
    let tickets = ConsistencyTests.longTickets()
    let tracker = try makeTracker(name, url: server.url)
    let ledger = scratchLedger()
    let first = try filer(tracker, ledger: ledger).file(tickets)
    #expect(first.filed.count == tickets.count, "\(first.text)")
    let posted = try Self.stats(server)
    let pieces = try tracker.followUpCount(for: tickets[0])
    #expect(posted.comments == tickets.count * pieces)

    // The change is in the last comment's part: the ticket is out of date all the same.
    let changed = Self.tailChanged(tickets)
    let counted = try filer(tracker, ledger: ledger).file(changed)
    #expect(counted.outdated.count == tickets.count, "\(counted.text)")

    try Self.update(tracker, ledger, changed)
    let after = try Self.stats(server)
    #expect(after.comments == posted.comments, "no comment posted again")
    // One comment of each ticket holds the change; every second edit's answer is lost after it landed,
    // and is read back, not sent again.
    #expect(after.edits == tickets.count, "edits: \(after.edits)")
    for texts in after.texts.values {
      #expect(texts.contains { $0.contains("(reworded at the end)") })
    }

    // In step: a further run sends nothing.
    let again = try filer(tracker, ledger: ledger)
    again.updateChanged = true
    let quiet = try again.file(changed)
    #expect(quiet.updated.isEmpty && quiet.outdated.isEmpty, "\(quiet.text)")
    #expect(try Self.stats(server).requests == after.requests)
    try FilingTests.expectExactlyOnce(server, tickets)
  }

  @Test(
    "a shorter body retires the comments it no longer needs (edited to say so, never deleted); a longer one fills them again",
    arguments: ConsistencyTests.continuing)
  func shorterAndLonger(tracker name: String) throws {
    let server = try startFakeTracker()
    defer { server.stop() }
    let tickets = ConsistencyTests.longTickets()
    let tracker = try makeTracker(name, url: server.url)
    let ledger = scratchLedger()
    _ = try filer(tracker, ledger: ledger).file(tickets)
    let pieces = try tracker.followUpCount(for: tickets[0])
    let shorter = Self.shortened(tickets)
    let fewer = try tracker.followUpCount(for: shorter[0])
    #expect(fewer < pieces, "the shortened body needs fewer comments")

    try Self.update(tracker, ledger, shorter)
    var now = try Self.stats(server)
    #expect(
      now.comments == tickets.count * pieces, "nothing posted, nothing deleted")
    for texts in now.texts.values {
      let retired = texts.filter { $0.contains(TextPieces.retiredContinuation) }
      #expect(retired.count == pieces - fewer)
    }

    try Self.update(tracker, ledger, tickets)
    now = try Self.stats(server)
    #expect(
      now.comments == tickets.count * pieces,
      "the retired comments are filled again")
    for texts in now.texts.values {
      #expect(!texts.contains { $0.contains(TextPieces.retiredContinuation) })
    }
    try FilingTests.expectExactlyOnce(server, tickets)
  }

  @Test(
    "comments a stopped run left unposted are not posted for content changed since; --update posts them with the issue's new text",
    arguments: ["github", "jira-dc"])
  func stoppedThenChanged(tracker name: String) throws {
    let server = try startFakeTracker()
    defer { server.stop() }
    let tickets = Array(ConsistencyTests.longTickets().prefix(1))
    let tracker = try makeTracker(
      name, url: server.url, extra: ["max_attempts": .int(1)])
    let ledger = scratchLedger()
    try ConsistencyTests.fileStopped(tickets, tracker, ledger: ledger)
    #expect(try Self.stats(server).comments == 0)

    // The content changed before the next run: its comments would not match the text.
    let changed = Self.tailChanged(tickets)
    let plain = try filer(tracker, ledger: ledger).file(changed)
    #expect(plain.outdated.count == 1, "\(plain.text)")
    #expect(
      try Self.stats(server).comments == 0, "nothing goes out without --update")

    try Self.update(tracker, ledger, changed)
    let after = try Self.stats(server)
    #expect(after.comments == (try tracker.followUpCount(for: changed[0])))
    #expect(
      after.texts.values.joined().contains {
        $0.contains("(reworded at the end)")
      })
    try FilingTests.expectExactlyOnce(server, tickets)
  }

  @Test(
    "a comment that must change but comes without an id fails the update, says so, and is tried again; nothing is posted twice"
  )
  func commentWithoutID() throws {
    let server = try startFakeTracker(arguments: ["--faults", "comment-noid:1"])
    defer { server.stop() }
    let tickets = Array(ConsistencyTests.longTickets().prefix(1))
    let tracker = try makeTracker("github", url: server.url)
    let ledger = scratchLedger()
    _ = try filer(tracker, ledger: ledger).file(tickets)
    let posted = try Self.stats(server).comments
    let changed = Self.tailChanged(tickets)
    for _ in 1...2 {
      let run = try filer(tracker, ledger: ledger)
      run.updateChanged = true
      let summary = try run.file(changed)
      #expect(summary.updated.isEmpty, "\(summary.text)")
      #expect(
        summary.failed.contains {
          $0.reason.contains("gives no id to edit it by")
        },
        "\(summary.text)")
    }
    #expect(try Self.stats(server).comments == posted)
    #expect(try Self.stats(server).edits == 0)
  }
}
