import FakeTrackerSupport
import Foundation
import TestSupport
import Testing

@testable import Tickets

/// Tickets that stay true: a changed criterion updates its ticket in place, exactly once, never over a
/// person's edit without --force, never re-filing a deleted one; and every tracker's status reads back.
@Suite("Updating and reading filed tickets", .serialized)
struct UpdateTests {
  static let trackers = FilingTests.trackers

  /// The same tickets with one expectation reworded: what a changed document gives.
  static func changed(_ tickets: [Ticket]) -> [Ticket] {
    tickets.map { ticket in
      var changed = ticket
      changed.checklist[0].expectation += " (reworded)"
      return changed
    }
  }

  static func updates(_ server: FakeTrackerProcess) throws -> [String: Int] {
    try server.stats()["updates_per_issue"] as? [String: Int] ?? [:]
  }

  @Test(
    "a changed criterion is counted, then updated in place once per ticket with --update",
    arguments: trackers)
  func updateInPlace(tracker name: String) throws {
    let server = try startFakeTracker()
    defer { server.stop() }
    let tickets = Array(try FilingTests.tickets().prefix(4))
    let ledgerPath = scratchLedger()
    let tracker = try makeTracker(name, url: server.url)
    _ = try filer(tracker, ledger: ledgerPath).file(tickets)

    // Unchanged: nothing out of date, nothing sent.
    let requests = try server.stats()["requests"] as? Int
    let same = try filer(tracker, ledger: ledgerPath).file(tickets)
    #expect(same.outdated.isEmpty && same.updated.isEmpty)
    #expect(try server.stats()["requests"] as? Int == requests)

    // Changed without --update: counted and said, nothing sent.
    let changed = Self.changed(tickets)
    let counted = try filer(tracker, ledger: ledgerPath).file(changed)
    #expect(counted.outdated.count == tickets.count)
    #expect(counted.text.contains("\(tickets.count) tickets are out of date"))
    #expect(try server.stats()["requests"] as? Int == requests)

    // With --update: each updated once, no ticket created, the new revision on the tracker.
    let run = try filer(tracker, ledger: ledgerPath)
    run.updateChanged = true
    let updated = try run.file(changed)
    #expect(
      updated.updated.count == tickets.count && updated.failed.isEmpty,
      "\(updated.text)")
    let stats = try server.stats()
    #expect(stats["invalid"] as? [String] == [])
    #expect(stats["issues"] as? Int == tickets.count)
    #expect(try Self.updates(server).values.allSatisfy { $0 == 1 })
    let ledger = try Ledger(path: ledgerPath, tracker: tracker.name)
    for ticket in changed {
      let stamped = try TicketRevision.stamp(ticket, for: tracker)
      #expect(ledger[ticket.identity]?.fingerprint == stamped.revision)
      #expect(ledger[ticket.identity]?.updating == nil)
    }

    // In step again: a further run sends nothing.
    let after = try server.stats()["requests"] as? Int
    let again = try run.file(changed)
    #expect(again.outdated.isEmpty && again.updated.isEmpty)
    #expect(try server.stats()["requests"] as? Int == after)
  }

  @Test(
    "updates and reads under dropped answers, 503s and 429s: each ticket updated exactly once",
    arguments: trackers)
  func updateFaults(tracker name: String) throws {
    let server = try startFakeTracker(arguments: [
      "--faults",
      "update-drop:2,update-503:3,update-429:5,read-503:4,read-429:7",
    ])
    defer { server.stop() }
    let tickets = Array(try FilingTests.tickets().prefix(6))
    let ledgerPath = scratchLedger()
    let tracker = try makeTracker(name, url: server.url)
    _ = try filer(tracker, ledger: ledgerPath).file(tickets)
    let run = try filer(tracker, ledger: ledgerPath)
    run.updateChanged = true
    let summary = try run.file(Self.changed(tickets))
    #expect(summary.updated.count == tickets.count, "\(summary.text)")
    let counts = try Self.updates(server)
    #expect(counts.values.allSatisfy { $0 == 1 }, "\(counts)")
    #expect(try server.stats()["issues"] as? Int == tickets.count)
    #expect(
      (try server.stats()["read_faults"] as? Int ?? 0) > 0,
      "the read faults fired")
  }

  @Test(
    "a run stopped after sending an update reads the ticket and does not send it again"
  )
  func interruptedUpdate() throws {
    let server = try startFakeTracker()
    defer { server.stop() }
    let tickets = Array(try FilingTests.tickets().prefix(2))
    let ledgerPath = scratchLedger()
    let tracker = try makeTracker("redmine", url: server.url)
    _ = try filer(tracker, ledger: ledgerPath).file(tickets)
    let changed = Self.changed(tickets)
    // The first ticket's update reached the tracker, and the run died before recording the answer.
    let stamped = try TicketRevision.stamp(changed[0], for: tracker)
    var ledger = try Ledger(path: ledgerPath, tracker: tracker.name)
    let key = try #require(ledger[stamped.identity]?.key)
    try ledger.change(stamped.identity) { $0.updating = stamped.revision }
    let request = try #require(
      try tracker.updateRequest(
        for: stamped, filed: FiledTicket(key: key, url: ""),
        credentials: Credentials(token: "secret-token")))
    #expect(try CurlClient().send(request).status == 204)

    let run = try filer(tracker, ledger: ledgerPath)
    run.updateChanged = true
    let summary = try run.file(changed)
    #expect(summary.updated.count == 2, "\(summary.text)")
    #expect(try Self.updates(server).values.sorted() == [1, 1])
  }

  @Test(
    "a ticket someone edited is listed, not overwritten, unless --force; a deleted one is never filed again",
    arguments: trackers)
  func editedAndDeleted(tracker name: String) throws {
    let server = try startFakeTracker()
    defer { server.stop() }
    let tickets = Array(try FilingTests.tickets().prefix(3))
    let ledgerPath = scratchLedger()
    let tracker = try makeTracker(name, url: server.url)
    let first = try filer(tracker, ledger: ledgerPath).file(tickets)
    let keys = first.filed.map(\.ticket.key)
    try server.act("edit", key: keys[0])
    try server.act("delete", key: keys[1])

    let run = try filer(tracker, ledger: ledgerPath)
    run.updateChanged = true
    let summary = try run.file(Self.changed(tickets))
    #expect(summary.edited.map(\.key) == [keys[0]])
    #expect(summary.deleted.map(\.key) == [keys[1]])
    #expect(summary.updated.map(\.key) == [keys[2]])
    #expect(summary.text.contains("--force"))
    #expect(try server.stats()["issues"] as? Int == 3, "nothing re-filed")
    #expect(try Self.updates(server)["1"] == 0)

    let forced = try filer(tracker, ledger: ledgerPath)
    forced.updateChanged = true
    forced.overwriteEdited = true
    let again = try forced.file(Self.changed(tickets))
    #expect(again.updated.map(\.key) == [keys[0]], "\(again.text)")
    #expect(try Self.updates(server)["1"] == 1)
    #expect(try server.stats()["issues"] as? Int == 3)
  }

  @Test(
    "a ticket commented on, closed or labelled since criteria wrote it is updated, keeping the person's label; one whose description or title a person changed, or one of criteria's labels they removed, is left alone",
    arguments: [
      "github", "jira-cloud", "jira-dc", "azure-devops", "linear", "gitlab",
      "redmine",
    ])
  func activityIsNoEdit(tracker name: String) throws {
    let server = try startFakeTracker()
    defer { server.stop() }
    let tickets = Array(try FilingTests.tickets().prefix(6))
    #expect(tickets.count == 6)
    let ledgerPath = scratchLedger()
    // Linear's labels are criteria's only where the output sets label ids.
    let tracker = try makeTracker(
      name, url: server.url,
      extra: name == "linear" ? ["label_ids": .list(["label-1"])] : [:])
    let keys = try filer(tracker, ledger: ledgerPath).file(tickets).filed.map(
      \.ticket.key)
    try #require(keys.count == 6)
    try server.act("chatter", key: keys[0], count: 3)
    try server.act("close", key: keys[1])
    try server.act("edit", key: keys[2])
    try server.act("retitle", key: keys[3])
    try server.act("label", key: keys[4])
    try server.act("unlabel", key: keys[5])

    let run = try filer(tracker, ledger: ledgerPath)
    run.updateChanged = true
    let summary = try run.file(Self.changed(tickets))
    // Redmine issues have no labels: a label is nothing an update overwrites.
    let edited = name == "redmine" ? [2, 3] : [2, 3, 5]
    #expect(
      Set(summary.updated.map(\.key))
        == Set(keys.indices.filter { !edited.contains($0) }.map { keys[$0] }),
      "\(summary.text)")
    #expect(
      Set(summary.edited.map(\.key)) == Set(edited.map { keys[$0] }),
      "\(summary.text)")
    // What each person changed is said: what --force would overwrite.
    let said = Dictionary(
      uniqueKeysWithValues: summary.edited.map { ($0.key, $0.what) })
    #expect(said[keys[2]] == "its title or description", "\(summary.text)")
    #expect(said[keys[3]] == "its title or description", "\(summary.text)")
    if name != "redmine" {
      #expect(
        said[keys[5]] == "a label of criteria's removed", "\(summary.text)")
    }
    #expect(
      summary.text.contains("\(keys[2]) (its title or description)"),
      "\(summary.text)")
    let updates = try Self.updates(server)
    #expect(
      (1...6).map { updates[String($0)] ?? -1 }
        == (0..<6).map { edited.contains($0) ? 0 : 1 }, "\(updates)")
    // The person's label is still on the updated ticket (where tickets have labels).
    if name != "redmine" {
      let labels = try #require(try Self.shown(tracker, keys[4]).labels)
      #expect(labels.contains("triaged"), "\(labels)")
    }

    // What criteria wrote is recorded again: a later comment or label is no edit either.
    try server.act("chatter", key: keys[0], count: 1)
    try server.act("label", key: keys[4])
    let later = try filer(tracker, ledger: ledgerPath)
    later.updateChanged = true
    let again = try later.file(Self.changed(Self.changed(tickets)))
    #expect(
      Set(again.updated.map(\.key)).isSuperset(of: [keys[0], keys[4]]),
      "\(again.text)")
  }

  /// The title, description and labels the tracker shows for `key` now (read as criteria reads them).
  static func shown(_ tracker: any Tracker, _ key: String) throws
    -> WrittenFields
  {
    let read = try #require(
      tracker.readRequest(
        for: FiledTicket(key: key, url: ""),
        credentials: Credentials(token: "secret-token", user: "a@example.com")))
    return try #require(tracker.writtenFields(in: try CurlClient().send(read)))
  }

  @Test(
    "a tracker that keeps the description in its own form: what its create or update answered is what criteria compares, so a comment is still no edit",
    arguments: ["azure-devops", "linear"])
  func storedForm(tracker name: String) throws {
    let server = try startFakeTracker(arguments: ["--restyle"])
    defer { server.stop() }
    let tickets = Array(try FilingTests.tickets().prefix(2))
    let ledgerPath = scratchLedger()
    let tracker = try makeTracker(name, url: server.url)
    let keys = try filer(tracker, ledger: ledgerPath).file(tickets).filed.map(
      \.ticket.key)
    try #require(keys.count == 2)
    // The tracker shows another description than the one sent.
    let shown = try Self.shown(tracker, keys[0])
    #expect(
      shown.digest != (try tracker.writtenFields(for: tickets[0]))?.digest,
      "the fake tracker restyles descriptions")

    // The create's answer shows the work item or issue as stored: a comment since is still no edit.
    try server.act("chatter", key: keys[0], count: 2)
    try server.act("edit", key: keys[1])
    let run = try filer(tracker, ledger: ledgerPath)
    run.updateChanged = true
    let summary = try run.file(Self.changed(tickets))
    #expect(summary.updated.map(\.key) == [keys[0]], "\(summary.text)")
    #expect(summary.edited.map(\.key) == [keys[1]], "\(summary.text)")

    // What the update answered is recorded in turn.
    try server.act("chatter", key: keys[0], count: 1)
    let later = try filer(tracker, ledger: ledgerPath)
    later.updateChanged = true
    let again = try later.file(Self.changed(Self.changed(tickets)))
    #expect(again.updated.map(\.key) == [keys[0]], "\(again.text)")
  }

  @Test(
    "criteria's own continuation comments are no edit: a changed long ticket is updated, not left alone",
    arguments: ConsistencyTests.continuing)
  func ownFollowUps(tracker name: String) throws {
    let server = try startFakeTracker()
    defer { server.stop() }
    let tickets = ConsistencyTests.longTickets()
    let ledgerPath = scratchLedger()
    let tracker = try makeTracker(name, url: server.url)
    let first = try filer(tracker, ledger: ledgerPath).file(tickets)
    #expect(first.filed.count == tickets.count, "\(first.text)")
    #expect(try tracker.followUpCount(for: tickets[0]) > 0)

    try LongTicketUpdateTests.update(tracker, ledgerPath, Self.changed(tickets))
  }

  @Test(
    "criteria's own retest comments and transitions are no edit: the ticket is updated afterwards",
    arguments: ["github", "jira-cloud", "redmine"])
  func ownRetests(tracker name: String) throws {
    let server = try startFakeTracker()
    defer { server.stop() }
    let tickets = Array(try FilingTests.tickets().prefix(2))
    let ledgerPath = scratchLedger()
    let tracker = try makeTracker(
      name, url: server.url, extra: ["follow_retest": .bool(true)])
    let filed = try filer(tracker, ledger: ledgerPath).file(tickets).filed
    #expect(filed.count == 2)
    // The first ticket's check passes now (closed); the second's still fails (a comment alone).
    let rows = filed.enumerated().map { index, entry in
      RetestRow(
        identity: entry.identity, filed: entry.ticket, passes: index == 0,
        revision: "retest-\(index)", said: "Ana retested row \(index + 2).",
        place: "retest.csv:\(index + 2)", days: ["2099-01-01"])
    }
    let followed = try filer(tracker, ledger: ledgerPath).followRetests(rows)
    #expect(
      followed.closed.count == 1 && followed.stillFailing.count == 1,
      "\(followed.text)")

    try LongTicketUpdateTests.update(tracker, ledgerPath, Self.changed(tickets))
  }

  @Test(
    "every tracker's status reads back: open, done with its day, closed without a fix, deleted",
    arguments: trackers)
  func statusReadsBack(tracker name: String) throws {
    let server = try startFakeTracker()
    defer { server.stop() }
    let tickets = Array(try FilingTests.tickets().prefix(4))
    let tracker = try makeTracker(name, url: server.url)
    let run = try filer(tracker, ledger: scratchLedger())
    let filed = try run.file(tickets).filed.map(\.ticket)
    try server.act("close", key: filed[1].key)
    try server.act("close", key: filed[2].key, reason: "not_planned")
    try server.act("delete", key: filed[3].key)
    let states = try filed.map { try run.read($0) }
    // GitLab issues are only opened or closed: a closed one reads as done.
    let unfixed: TicketSnapshot.Category =
      name == "gitlab" ? .done : .notPlanned
    #expect(
      states.map(\.category) == [.open, .done, unfixed, .deleted], "\(states)")
    let today = Scratch.today()
    #expect(states[1].resolvedOn == today)
    #expect(states[0].resolvedOn == nil)
    #expect(!states[1].status.isEmpty && states[1].status != states[0].status)
  }

  @Test(
    "a key that now names another criteria ticket reads as replaced on every tracker; --update leaves it alone and files nothing",
    // Linear's ids are UUIDs criteria chose: never reused.
    arguments: trackers.filter { $0 != "linear" })
  func replacedTicket(tracker name: String) throws {
    let server = try startFakeTracker()
    defer { server.stop() }
    let tickets = Array(try FilingTests.tickets().prefix(2))
    let ledgerPath = scratchLedger()
    let tracker = try makeTracker(name, url: server.url)
    let run = try filer(tracker, ledger: ledgerPath)
    let filed = try run.file(tickets).filed
    try #require(filed.count == 2)
    try server.act("replace", key: filed[0].ticket.key)
    let states = try filed.map {
      try run.read($0.ticket, identity: $0.identity)
    }
    #expect(states.map(\.category) == [.replaced, .open], "\(states)")
    #expect(states[0].status == "replaced" && !states[0].isOurs)
    // Without the identity (an older caller), the read is what the tracker says.
    #expect(try run.read(filed[0].ticket).category == .open)
    let update = try filer(tracker, ledger: ledgerPath)
    update.updateChanged = true
    let summary = try update.file(Self.changed(tickets))
    #expect(
      summary.notOurs.map(\.key) == [filed[0].ticket.key], "\(summary.text)")
    #expect(summary.updated.map(\.key) == [filed[1].ticket.key])
    #expect(summary.filed.isEmpty)
    #expect(summary.text.contains("no longer the tickets criteria filed"))
    #expect(try server.stats()["issues"] as? Int == 2)
    #expect(
      try Self.updates(server)[
        String(filed[0].ticket.key.reversed().prefix { $0.isNumber }.reversed())
      ] == 0)
  }

  @Test(
    "a moved ticket reads as moved: Jira answering under another key, GitHub answering 301",
    arguments: ["jira-cloud", "jira-dc", "github"])
  func movedTicket(tracker name: String) throws {
    let server = try startFakeTracker()
    defer { server.stop() }
    let tracker = try makeTracker(name, url: server.url)
    let run = try filer(tracker, ledger: scratchLedger())
    let filed = try run.file(Array(try FilingTests.tickets().prefix(1))).filed
    try #require(filed.count == 1)
    try server.act("move", key: filed[0].ticket.key)
    let state = try run.read(filed[0].ticket, identity: filed[0].identity)
    #expect(state.category == .moved && state.status == "moved", "\(state)")
  }
}
