import FakeTrackerSupport
import Foundation
import TestSupport
import Testing

@testable import Tickets

/// Linear: ids chosen by criteria and recorded before the create, GraphQL errors and rate limits, and every
/// request checked against Linear's published schema (../shared/schemas/linear/schema.graphql).
@Suite("Linear over GraphQL", .serialized)
struct LinearTests {
  /// A lower-case UUID version 4, as Linear's IssueCreateInput.id asks.
  static func isUUIDv4(_ text: String) -> Bool {
    text.wholeMatch(
      of: /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/)
      != nil
  }

  /// The issues on the fake tracker as Linear stores them: identifier → the id the client chose.
  static func linearIDs(_ server: FakeTrackerProcess) throws -> [String: String]
  {
    var ids: [String: String] = [:]
    for key in try server.issues().keys {
      let request = HTTPRequest(
        method: "POST", url: server.url + "/graphql",
        headers: [
          ("Authorization", "secret-token"),
          ("Content-Type", "application/json"),
        ],
        body: try JSONSerialization.data(withJSONObject: [
          "query": LinearTracker.findDocument, "variables": ["id": key],
        ]))
      let json = try CurlClient().send(request).json
      if let id = JSONBody.value(at: "data.issue.id", in: json) as? String {
        ids[key] = id
      }
    }
    return ids
  }

  @Test(
    "each issue gets the UUID v4 criteria chose and recorded; lost answers, RATELIMITED and drops file each once"
  )
  func chosenIDsUnderFaults() throws {
    let server = try startFakeTracker(arguments: [
      "--faults", "ratelimited:3,created-drop:4,drop:5,html200:7,slow:9:1",
    ])
    defer { server.stop() }
    let tickets = try FilingTests.tickets()
    let ledgerPath = scratchLedger()
    let tracker = try makeTracker("linear", url: server.url)
    let summary = try filer(tracker, ledger: ledgerPath).file(tickets)
    // A 200 whose body is a proxy's HTML page: probably created, not confirmed, left pending.
    #expect(
      summary.failed.isEmpty
        && summary.filed.count + summary.unknown.count == tickets.count,
      "\(summary.text)")
    let second = try filer(tracker, ledger: ledgerPath).file(tickets)
    #expect(
      second.alreadyFiled.count == tickets.count && second.filed.isEmpty,
      "\(second.text)")
    try FilingTests.expectExactlyOnce(server, tickets)
    let stats = try server.stats()
    #expect(
      stats["duplicate_ids"] as? Int == 0,
      "no create was sent again with its id")
    #expect(
      (stats["rate_limited"] as? Int ?? 0) > 0, "the RATELIMITED fault fired")
    let ledger = try Ledger(path: ledgerPath, tracker: "linear")
    let onTracker = try Self.linearIDs(server)
    for ticket in tickets {
      let entry = try #require(ledger[ticket.identity])
      let id = try #require(entry.clientID)
      #expect(Self.isUUIDv4(id), "\(id)")
      #expect(onTracker[entry.key ?? ""] == id)
    }
  }

  @Test(
    "the create asks back the fields as Linear stores them, and a ticket's revision is taken as before it did"
  )
  func createAsksStoredFields() throws {
    let tracker = try makeTracker("linear", url: "http://127.0.0.1:9")
    var ticket = try FilingTests.tickets()[0]
    ticket.revision = nil
    let sent = String(decoding: try tracker.payload(for: ticket), as: UTF8.self)
    #expect(
      sent.contains("issue { id identifier url ")
        && sent.contains("title description labels { nodes { id } }"), "\(sent)"
    )
    // The create's document as criteria sent it before: the revisions of tickets filed then are over it.
    let before =
      "mutation CriteriaIssueCreate($input: IssueCreateInput!) { issueCreate(input: $input) { success "
      + "issue { id identifier url updatedAt createdAt completedAt canceledAt trashed state { name type } } } }"
    let query = try #require(
      JSONBody.value(at: "query", in: JSONBody.parsed(Data(sent.utf8)))
        as? String)
    #expect(query != before)
    let earlier = sent.replacingOccurrences(of: query, with: before)
    #expect(earlier != sent)
    #expect(
      try TicketRevision.stamp(ticket, for: tracker).revision
        == TicketRevision.of(Data(earlier.utf8)))
  }

  @Test(
    "a run killed after its create reached Linear: the next run finds the issue by the recorded id, sends no create"
  )
  func killedAfterCreate() throws {
    let server = try startFakeTracker()
    defer { server.stop() }
    let tickets = Array(try FilingTests.tickets().prefix(2))
    let tracker = try makeTracker("linear", url: server.url)
    let ledgerPath = scratchLedger()
    // As the filer does: the id recorded as pending, then the create sent; the answer never recorded.
    var stamped = try TicketRevision.stamp(tickets[0], for: tracker)
    stamped.clientID = UUID().uuidString.lowercased()
    do {
      var ledger = try Ledger(path: ledgerPath, tracker: "linear")
      try ledger.markPending(
        stamped.identity, fingerprint: stamped.revision,
        clientID: stamped.clientID)
    }
    let request = try tracker.createRequest(
      for: stamped, credentials: Credentials(token: "secret-token"))
    #expect(try CurlClient().send(request).status == 200)

    let creates = try server.stats()["creates"] as? Int ?? 0
    let summary = try filer(tracker, ledger: ledgerPath).file(tickets)
    #expect(
      summary.alreadyFiled == [tickets[0].identity] && summary.filed.count == 1,
      "\(summary.text)")
    let stats = try server.stats()
    #expect(stats["issues"] as? Int == 2 && stats["duplicate_ids"] as? Int == 0)
    #expect(
      stats["creates"] as? Int == creates + 1,
      "one create by the run, for the second ticket only")
  }

  @Test(
    "every request document and its variables are valid against Linear's published schema",
    .enabled(if: SharedData.available, Comment(rawValue: SharedData.missing)))
  func schemaValidated() throws {
    let server = try startFakeTracker()
    defer { server.stop() }
    let tickets = Array(try FilingTests.tickets().prefix(3))
    let tracker = try makeTracker(
      "linear", url: server.url, extra: ["label_ids": .list(["label-a11y"])])
    let ledgerPath = scratchLedger()
    let filed = try filer(tracker, ledger: ledgerPath).file(tickets).filed
    // Rebuild (marker search), update and read: each kind of request once more.
    let rebuilt = try filer(tracker, ledger: scratchLedger())
    rebuilt.searchBeforeFiling = true
    #expect(try rebuilt.file(tickets).alreadyFiled.count == 3)
    let updating = try filer(tracker, ledger: ledgerPath)
    updating.updateChanged = true
    #expect(try updating.file(UpdateTests.changed(tickets)).updated.count == 3)
    _ = try updating.read(filed[0].ticket)
    let stats = try server.stats()
    #expect(stats["invalid"] as? [String] == [])
    #expect((stats["linear_validated"] as? Int ?? 0) >= 3 + 3 + 6 + 1)

    // The check bites: a document asking for a field Linear does not have is refused and recorded.
    let wrong = HTTPRequest(
      method: "POST", url: server.url + "/graphql",
      headers: [
        ("Authorization", "secret-token"), ("Content-Type", "application/json"),
      ],
      body: try JSONSerialization.data(withJSONObject: [
        "query":
          "mutation M($input: IssueCreateInput!) { issueCreate(input: $input) { success ticketNumber } }",
        "variables": ["input": ["teamId": "A11Y", "title": "x"]],
      ]))
    #expect(try CurlClient().send(wrong).status == 400)
    let badVariables = HTTPRequest(
      method: "POST", url: server.url + "/graphql",
      headers: [
        ("Authorization", "secret-token"), ("Content-Type", "application/json"),
      ],
      body: try JSONSerialization.data(withJSONObject: [
        "query": LinearTracker.createDocument,
        "variables": ["input": ["title": "no team"]],
      ]))
    #expect(try CurlClient().send(badVariables).status == 400)
    let invalid = try server.stats()["invalid"] as? [String] ?? []
    #expect(
      invalid.count == 2 && invalid[0].contains("ticketNumber")
        && invalid[1].contains("teamId"), "\(invalid)")
  }
}
