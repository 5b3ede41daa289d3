import FakeTrackerSupport
import Foundation
import Testing

@testable import Tickets

/// Filing against the project's fake tracker, which checks each request against the vendor's documented
/// shape and injects faults: every ticket must end up filed exactly once.
@Suite("Filing against the fake tracker", .serialized)
struct FilingTests {
  static let trackers = [
    "github", "gitlab", "jira-cloud", "jira-dc", "azure-devops", "redmine",
    "linear",
  ]
  /// Twelve tickets: six components (the native samples, twice), iOS and Android each.
  static func tickets() throws -> [Ticket] {
    try sampleTickets(grouping: .componentPlatform)
  }

  static func expectExactlyOnce(
    _ server: FakeTrackerProcess, _ tickets: [Ticket],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let stats = try server.stats()
    #expect(stats["invalid"] as? [String] == [], sourceLocation: sourceLocation)
    #expect(
      stats["issues"] as? Int == tickets.count, "issues on the tracker",
      sourceLocation: sourceLocation)
    #expect(
      stats["unique_markers"] as? Int == tickets.count, "distinct tickets",
      sourceLocation: sourceLocation)
    #expect(
      stats["missing_markers"] as? Int == 0, sourceLocation: sourceLocation)
  }

  /// No ticket has two issues on the tracker (some may have none yet).
  static func expectAtMostOnce(
    _ server: FakeTrackerProcess,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let stats = try server.stats()
    #expect(stats["invalid"] as? [String] == [], sourceLocation: sourceLocation)
    #expect(
      stats["issues"] as? Int == stats["unique_markers"] as? Int,
      "one issue per ticket: \(stats["issues"] ?? "?") issues, \(stats["unique_markers"] ?? "?") tickets",
      sourceLocation: sourceLocation)
  }

  @Test(
    "a clean run files every ticket once, in the tracker's documented shape, one request each",
    arguments: trackers)
  func cleanRun(tracker name: String) throws {
    let server = try startFakeTracker()
    defer { server.stop() }
    let tickets = try Self.tickets()
    let ledgerPath = scratchLedger()
    let run = try filer(
      try makeTracker(name, url: server.url), ledger: ledgerPath)
    let summary = try run.file(tickets)
    #expect(
      summary.filed.count == tickets.count && summary.failed.isEmpty,
      "\(summary.text)")
    try Self.expectExactlyOnce(server, tickets)
    #expect(try server.stats()["requests"] as? Int == tickets.count)
    let ledger = try Ledger(path: ledgerPath, tracker: name)
    #expect(
      tickets.allSatisfy {
        ledger[$0.identity]?.state == .filed
          && ledger[$0.identity]?.key?.isEmpty == false
      })
    #expect(
      Set(tickets.compactMap { ledger[$0.identity]?.key }).count
        == tickets.count)

    // A second run finds everything in the ledger and sends nothing.
    let again = try filer(
      try makeTracker(name, url: server.url), ledger: ledgerPath
    ).file(tickets)
    #expect(again.alreadyFiled.count == tickets.count && again.filed.isEmpty)
    #expect(try server.stats()["requests"] as? Int == tickets.count)
  }

  @Test(
    "429 with Retry-After, 503, dropped connections before and after creating, slow answers: each ticket once",
    arguments: trackers)
  func faults(tracker name: String) throws {
    let server = try startFakeTracker(arguments: [
      "--faults", "429:5:1,503:7,created-drop:4,drop:6,slow:9:1",
    ])
    defer { server.stop() }
    let tickets = try Self.tickets()
    let summary = try filer(
      try makeTracker(name, url: server.url), ledger: scratchLedger()
    ).file(tickets)
    #expect(
      summary.filed.count == tickets.count && summary.failed.isEmpty,
      "\(summary.text)")
    try Self.expectExactlyOnce(server, tickets)
    // Every fault kind fired: more create attempts than tickets.
    #expect((try server.stats()["creates"] as? Int ?? 0) > tickets.count)
  }

  @Test(
    "GitHub's secondary rate limit (403, its message, no Retry-After) is waited out, not taken for refused credentials"
  )
  func secondaryRateLimit() throws {
    let server = try startFakeTracker(arguments: ["--faults", "secondary:3"])
    defer { server.stop() }
    let tickets = try Self.tickets()
    // backoff 0.01: a rate limit that names no time waits 60 backoffs (a minute by default), 0.6 s here.
    let tracker = try makeTracker(
      "github", url: server.url, extra: ["backoff": .string("0.01")])
    let started = Date()
    let summary = try filer(tracker, ledger: scratchLedger()).file(tickets)
    #expect(
      summary.filed.count == tickets.count && summary.failed.isEmpty,
      "\(summary.text)")
    try Self.expectExactlyOnce(server, tickets)
    let limits = try server.stats()["secondary_limits"] as? Int ?? 0
    #expect(limits > 0, "the fault fired")
    #expect(
      Date().timeIntervalSince(started) >= 0.6 * Double(limits),
      "each limit waited 60 backoffs at least")
  }

  @Test(
    "a request that times out after the tracker created the issue is found by its marker, not sent again",
    arguments: ["jira-dc", "redmine", "gitlab"])
  func timeoutAfterCreate(tracker name: String) throws {
    let server = try startFakeTracker(arguments: ["--faults", "slow:3:3"])
    defer { server.stop() }
    let tickets = try Self.tickets()
    let summary = try filer(
      try makeTracker(name, url: server.url), ledger: scratchLedger(),
      timeout: 1
    ).file(tickets)
    #expect(
      summary.filed.count == tickets.count && summary.failed.isEmpty,
      "\(summary.text)")
    try Self.expectExactlyOnce(server, tickets)
  }

  @Test(
    "a run killed mid-request leaves 'pending' entries; the next run looks them up instead of re-filing",
    arguments: trackers)
  func pendingEntries(tracker name: String) throws {
    let server = try startFakeTracker()
    defer { server.stop() }
    let tickets = try Self.tickets()
    let ledgerPath = scratchLedger()
    _ = try filer(try makeTracker(name, url: server.url), ledger: ledgerPath)
      .file(Array(tickets.prefix(8)))
    // As if killed after sending the 8th request and before recording its answer; the 9th was never sent.
    var ledger = try Ledger(path: ledgerPath, tracker: name)
    try ledger.markPending(tickets[7].identity)
    try ledger.markPending(tickets[8].identity)
    let summary = try filer(
      try makeTracker(name, url: server.url), ledger: ledgerPath
    ).file(tickets)
    #expect(
      summary.alreadyFiled.count == 8 && summary.filed.count == 4
        && summary.failed.isEmpty, "\(summary.text)")
    try Self.expectExactlyOnce(server, tickets)
  }

  @Test(
    "a lost ledger is rebuilt from the tracker by marker before anything is filed",
    arguments: trackers)
  func lostLedger(tracker name: String) throws {
    let server = try startFakeTracker()
    defer { server.stop() }
    let tickets = try Self.tickets()
    let first = scratchLedger()
    let filed = try filer(try makeTracker(name, url: server.url), ledger: first)
      .file(Array(tickets.prefix(5)))
    let rebuilt = scratchLedger()
    let run = try filer(try makeTracker(name, url: server.url), ledger: rebuilt)
    run.searchBeforeFiling = true
    let summary = try run.file(tickets)
    #expect(
      summary.alreadyFiled.count == 5 && summary.filed.count == 7
        && summary.failed.isEmpty, "\(summary.text)")
    try Self.expectExactlyOnce(server, tickets)
    let ledger = try Ledger(path: rebuilt, tracker: name)
    for (identity, ticket) in filed.filed {
      #expect(ledger[identity]?.key == ticket.key)
    }
  }

  @Test(
    "a tracker enforcing a request rate: 429s are waited out and every ticket is filed once",
    arguments: ["github", "redmine"])
  func rateLimitedServer(tracker name: String) throws {
    let server = try startFakeTracker(arguments: ["--rate", "4"])
    defer { server.stop() }
    let tickets = try Self.tickets()
    let tracker = try makeTracker(name, url: server.url)
    let run = TicketFiler(
      tracker: tracker, transport: try CurlClient(),
      ledger: try Ledger(path: scratchLedger(), tracker: name),
      credentials: Credentials(
        token: "secret-token", user: "auditor@example.com"),
      pacer: RequestPacer(pacing: Pacing()))
    let summary = try run.file(tickets)
    #expect(
      summary.filed.count == tickets.count && summary.failed.isEmpty,
      "\(summary.text)")
    try Self.expectExactlyOnce(server, tickets)
  }

  @Test(
    "labels dropped without an error (no push access, a Guest): the first ticket is recorded, then the run stops",
    arguments: ["github", "gitlab"])
  func droppedLabels(tracker name: String) throws {
    let server = try startFakeTracker(arguments: ["--no-push"])
    defer { server.stop() }
    let tickets = try Self.tickets()
    let ledgerPath = scratchLedger()
    let error = #expect(throws: TicketError.self) {
      try filer(try makeTracker(name, url: server.url), ledger: ledgerPath)
        .file(tickets)
    }
    #expect(error?.status == .credentialsRefused)
    #expect(
      error?.message.contains("without its labels") == true
        && error?.message.contains(tickets[0].markerLabel) == true,
      "\(error?.message ?? "")")
    // One issue, and the ledger has it: nothing more was sent that could not be looked up again.
    #expect(try server.stats()["issues"] as? Int == 1)
    let ledger = try Ledger(path: ledgerPath, tracker: name)
    #expect(ledger[tickets[0].identity]?.state == .filed)
  }

  @Test(
    "refused credentials stop the run after one request, naming the variable to set",
    arguments: trackers)
  func refusedCredentials(tracker name: String) throws {
    let server = try startFakeTracker()
    defer { server.stop() }
    let tickets = try Self.tickets()
    let tracker = try makeTracker(
      name, url: server.url, extra: ["token_env": .string("ACME_TRACKER_TOKEN")]
    )
    let error = #expect(throws: TicketError.self) {
      try filer(tracker, ledger: scratchLedger(), token: "wrong-token").file(
        tickets)
    }
    #expect(error?.isAuthentication == true)
    #expect(
      error?.message.contains("ACME_TRACKER_TOKEN") == true,
      "\(error?.message ?? "")")
    #expect(error?.message.contains("wrong-token") == false)
    let stats = try server.stats()
    #expect(stats["requests"] as? Int == 1 && stats["issues"] as? Int == 0)
  }

  @Test(
    "Azure DevOps answering a create with a sign-in page is an authentication failure, not a success"
  )
  func azureSignIn() throws {
    let server = try startFakeTracker(arguments: ["--signin"])
    defer { server.stop() }
    let error = #expect(throws: TicketError.self) {
      try filer(
        try makeTracker("azure-devops", url: server.url),
        ledger: scratchLedger()
      ).file(try Self.tickets())
    }
    #expect(error?.isAuthentication == true)
    #expect(try server.stats()["requests"] as? Int == 1)
  }

  @Test(
    "an unknown project fails each ticket with the tracker's own error text, and the run goes on",
    arguments: trackers)
  func unknownProject(tracker name: String) throws {
    let server = try startFakeTracker()
    defer { server.stop() }
    let tickets = Array(try Self.tickets().prefix(3))
    let project = name == "github" ? "nope/nope" : "NOPE"
    let tracker = try makeTracker(
      name, url: server.url, extra: ["project": .string(project)])
    let ledgerPath = scratchLedger()
    let summary = try filer(tracker, ledger: ledgerPath).file(tickets)
    #expect(summary.failed.count == 3 && summary.filed.isEmpty)
    let expected = [
      "github": "Not Found", "gitlab": "404 Project Not Found",
      "jira-cloud": "valid project is required",
      "jira-dc": "valid project is required", "azure-devops": "TF200016",
      "redmine": "Project cannot be blank",
      "linear": "Entity not found: Team (Could not find referenced Team.)",
    ][name]!
    #expect(
      summary.failed.allSatisfy { $0.reason.contains(expected) },
      "\(summary.text)")
    #expect(
      try Ledger(path: ledgerPath, tracker: name)[tickets[0].identity]?.state
        == .failed)
    #expect(
      try server.stats()["requests"] as? Int == 3, "no retries for a refusal")
  }

  @Test(
    "an unknown issue type: each ticket fails with the tracker's words",
    arguments: ["jira-cloud", "jira-dc", "azure-devops"])
  func unknownIssueType(tracker name: String) throws {
    let server = try startFakeTracker()
    defer { server.stop() }
    let tickets = Array(try Self.tickets().prefix(2))
    let tracker = try makeTracker(
      name, url: server.url, extra: ["issue_type": .string("Nope")])
    let summary = try filer(tracker, ledger: scratchLedger()).file(tickets)
    let expected =
      name == "azure-devops"
      ? "VS402323: Work item type Nope does not exist"
      : "The issue type selected is invalid."
    #expect(
      summary.failed.count == 2
        && summary.failed.allSatisfy { $0.reason.contains(expected) },
      "\(summary.text)")
    #expect(try server.stats()["issues"] as? Int == 0)
  }

  /// One ticket per check and platform: over a hundred, so bulk requests come in several batches.
  static func criterionTickets() throws -> [Ticket] {
    try sampleTickets(grouping: .criterion, copies: 4)
  }

  @Test(
    "Jira Cloud bulk create: batches of at most 50, one request each, every ticket once"
  )
  func jiraBulk() throws {
    let server = try startFakeTracker()
    defer { server.stop() }
    let tickets = try Self.criterionTickets()
    #expect(tickets.count > 100)
    let tracker = try makeTracker(
      "jira-cloud", url: server.url, extra: ["bulk": .bool(true)])
    let summary = try filer(tracker, ledger: scratchLedger()).file(tickets)
    #expect(
      summary.filed.count == tickets.count && summary.failed.isEmpty,
      "\(summary.text)")
    try Self.expectExactlyOnce(server, tickets)
    let stats = try server.stats()
    let batches = (tickets.count + 49) / 50
    #expect(
      stats["bulk_requests"] as? Int == batches
        && stats["requests"] as? Int == batches)
    // Keys map back to the right tickets: the fake numbers issues in the order it creates them.
    #expect(
      summary.filed.map(\.ticket.key)
        == (1...tickets.count).map { "A11Y-\($0)" })
    #expect(summary.filed.map(\.identity) == tickets.map(\.identity))
  }

  @Test(
    "bulk with faults (429, 503, dropped before and after creating): every ticket once"
  )
  func jiraBulkFaults() throws {
    let server = try startFakeTracker(arguments: [
      "--faults", "429:2:1,503:3,created-drop:4,drop:5",
    ])
    defer { server.stop() }
    let tickets = try Self.criterionTickets()
    let tracker = try makeTracker(
      "jira-cloud", url: server.url, extra: ["bulk": .bool(true)])
    let summary = try filer(tracker, ledger: scratchLedger()).file(tickets)
    #expect(
      summary.filed.count == tickets.count && summary.failed.isEmpty,
      "\(summary.text)")
    try Self.expectExactlyOnce(server, tickets)
  }

  @Test(
    "bulk answers lost while the index lags past search_settle: left pending, the run goes on, nothing twice"
  )
  func jiraBulkLaggingIndex() throws {
    try ConsistencyTests.fileWhileIndexLags(
      "jira-cloud", faults: "created-drop:2",
      tickets: try Self.criterionTickets(),
      options: ["bulk": .bool(true)])
  }

  @Test(
    "bulk partial success: refused elements fail with Jira's reason (failedElementNumber), the rest are filed"
  )
  func jiraBulkPartial() throws {
    let server = try startFakeTracker(arguments: ["--reject", "Toggle"])
    defer { server.stop() }
    let tickets = try Self.criterionTickets()
    let refused = Set(
      tickets.filter { $0.title.contains("Toggle") }.map(\.identity))
    #expect(!refused.isEmpty)
    let ledgerPath = scratchLedger()
    let tracker = try makeTracker(
      "jira-cloud", url: server.url, extra: ["bulk": .bool(true)])
    let summary = try filer(tracker, ledger: ledgerPath).file(tickets)
    #expect(Set(summary.failed.map(\.identity)) == refused)
    #expect(
      summary.failed.allSatisfy {
        $0.reason == "Jira rejected it: summary: Summary may not mention Toggle"
      }, "\(summary.text)")
    #expect(summary.filed.count == tickets.count - refused.count)
    let stats = try server.stats()
    #expect(
      stats["issues"] as? Int == tickets.count - refused.count
        && stats["invalid"] as? [String] == [])
    let ledger = try Ledger(path: ledgerPath, tracker: "jira-cloud")
    #expect(refused.allSatisfy { ledger[$0]?.state == .failed })
    // Each filed ticket's key is the issue created for it, not a neighbour's.
    let issues = try server.issues()
    for (identity, filed) in summary.filed {
      #expect(issues[filed.key] == identity, "\(filed.key)")
    }
  }

  @Test(
    "HTTPS: verified against the ca_file option; without it the run stops at once with what to set"
  )
  func tls() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tls-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true)
    let certificate = try FakeTrackerProcess.Certificate.make(in: folder)
    let server = try startFakeTracker(tls: certificate)
    defer { server.stop() }
    #expect(server.url.hasPrefix("https://127.0.0.1:"))
    let tickets = try Self.tickets()

    let untrusted = try makeTracker("gitlab", url: server.url)
    let error = #expect(throws: TicketError.self) {
      try filer(untrusted, ledger: scratchLedger()).file(tickets)
    }
    #expect(error?.stopsRun == true)
    #expect(
      error?.message.contains("TLS verification failed") == true
        && error?.message.contains("ca_file") == true, "\(error?.message ?? "")"
    )
    #expect(try server.stats()["issues"] as? Int == 0)

    let trusted = try makeTracker(
      "gitlab", url: server.url,
      extra: ["ca_file": .string(certificate.certificate)])
    let summary = try filer(trusted, ledger: scratchLedger()).file(tickets)
    #expect(
      summary.filed.count == tickets.count && summary.failed.isEmpty,
      "\(summary.text)")
    try Self.expectExactlyOnce(server, tickets)
  }
}
