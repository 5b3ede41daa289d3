import CriteriaModel
import Foundation
import Logging
import Options
import Testing

@testable import Tickets

/// A tracker scripted request by request: creates are counted and kept, so a test can ask "how many issues exist".
final class ScriptedTransport: HTTPTransport {
  var creates = 0
  var searches = 0
  /// The tickets the "server" holds, by marker text found in create bodies.
  var stored: [String] = []
  let answer:
    (ScriptedTransport, HTTPRequest) throws(TransportError) -> HTTPResponse

  init(
    _ answer:
      @escaping (ScriptedTransport, HTTPRequest) throws(TransportError) ->
      HTTPResponse
  ) {
    self.answer = answer
  }

  func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
    if request.method == "GET" { searches += 1 } else { creates += 1 }
    return try answer(self, request)
  }

  static func json(
    _ status: Int, _ text: String, headers: [String: String] = [:]
  ) -> HTTPResponse {
    HTTPResponse(status: status, headers: headers, body: Data(text.utf8))
  }
}

/// A tracker definition in a scratch folder, as a user would drop one into exporters/.
func definedTracker(search: Bool, key: String = "issue.id") throws
  -> any Tracker
{
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "defs-\(UUID().uuidString)")
  try FileManager.default.createDirectory(
    at: folder, withIntermediateDirectories: true)
  var text = """
    name: acme
    summary: Acme tickets.
    create:
      method: POST
      url: "{{url}}/issues.json"
      body: |
        {"subject": "{{title}}", "description": "{{body_text}}"}
    auth:
      header: X-Acme-Key
      scheme: plain
      env: ACME_KEY
    created:
      key: \(key)

    """
  if search {
    text +=
      "search:\n  url: \"{{url}}/issues.json?q={{marker}}\"\n  key: issues.0.id\n"
  }
  try Data(text.utf8).write(to: folder.appendingPathComponent("acme.yml"))
  let entry = try #require(
    try TrackerRegistry.entries(definitionFolders: [folder.path]).first {
      $0.name == "acme"
    })
  let options = ExportOptions([
    "url": .string("https://acme.example"), "project": .string("P"),
    "max_attempts": .int(3),
    "backoff": .string("0.01"), "grouping": .string("criterion"),
  ])
  return try entry.make(options)
}

func twoTickets() -> [Ticket] {
  let source = SourceLocation(file: "x.md", line: 1)
  let criteria = ["Tab", "Enter"].map { key in
    Criterion(
      id: "native/controls/x/keyboard/\(key.lowercased())", test: .keyboard,
      check: key, expectation: "Works",
      platforms: [.iOS], source: source)
  }
  let component = Component(
    id: "native/controls/x", title: "X", family: .native, category: "controls",
    criteria: criteria, source: source)
  return TicketPlanner(grouping: .criterion).tickets(
    for: Catalog(components: [component]))
}

func run(_ tracker: any Tracker, _ transport: ScriptedTransport, ledger: String)
  throws -> FilingSummary
{
  let filer = TicketFiler(
    tracker: tracker, transport: transport,
    ledger: try Ledger(path: ledger, tracker: tracker.name),
    credentials: Credentials(token: "secret-token"),
    pacer: RequestPacer(pacing: Pacing()))
  filer.logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
  return try filer.file(twoTickets())
}

@Suite("Nothing twice when an answer cannot be read")
struct OutcomeTests {
  /// A server whose creates succeed but whose answers have no readable key.
  ///
  /// The key is missing through a wrong created.key path, or an HTML page from a proxy; search finds what
  /// was stored.
  func unreadableServer(html: Bool) -> ScriptedTransport {
    ScriptedTransport { server, request throws(TransportError) in
      if request.method == "GET" {
        let marker = request.url.components(separatedBy: "q=").last ?? ""
        let index = server.stored.firstIndex {
          $0.contains(marker.removingPercentEncoding ?? marker)
        }
        return ScriptedTransport.json(
          200,
          index.map { #"{"issues": [{"id": \#($0 + 1)}]}"# }
            ?? #"{"issues": []}"#)
      }
      server.stored.append(
        String(decoding: request.body ?? Data(), as: UTF8.self))
      return html
        ? ScriptedTransport.json(
          200, "<html><body>Welcome to the proxy</body></html>")
        : ScriptedTransport.json(201, #"{"issue": {"number": 7}}"#)
    }
  }

  @Test(
    "a 2xx whose answer cannot be read is never 'failed': three runs, one issue per ticket",
    arguments: [false, true])
  func unreadableCreated(html: Bool) throws {
    let tracker = try definedTracker(search: true)
    let server = unreadableServer(html: html)
    let ledger = scratchLedger()
    let first = try run(tracker, server, ledger: ledger)
    #expect(first.unknown.count == 2 && first.failed.isEmpty)
    #expect(
      first.unknown[0].reason.contains(
        "answered \(html ? 200 : 201) to the create, so the ticket was probably filed"
      ))
    let second = try run(tracker, server, ledger: ledger)
    let third = try run(tracker, server, ledger: ledger)
    #expect(
      server.stored.count == 2, "issues on the server: \(server.stored.count)")
    #expect(second.alreadyFiled.count == 2 && third.alreadyFiled.count == 2)
    #expect(
      try Ledger(path: ledger, tracker: "acme")[
        "native/controls/x/keyboard/tab@ios"]?.key == "1")
  }

  @Test(
    "a bulk create answered with an answer that cannot be taken leaves every ticket pending, never failed; the next run finds them and sends no create"
  )
  func bulkAnswerNotTaken() throws {
    let tracker = try makeTracker(
      "jira-cloud", url: "https://jira.example",
      extra: ["bulk": .bool(true), "max_attempts": .int(3)])
    let server = ScriptedTransport { server, request throws(TransportError) in
      if request.method == "GET" {
        // JQL: ... labels = "criteria-<hash>"; found once the bulk create carried that label.
        let query = request.url.removingPercentEncoding ?? request.url
        let label =
          query.components(separatedBy: "labels = \"").last?.components(
            separatedBy: "\""
          ).first ?? "?"
        let found = server.stored.contains { $0.contains(label) }
        return ScriptedTransport.json(
          200,
          found
            ? #"{"issues": [{"key": "A11Y-\#(server.stored.count)"}]}"#
            : #"{"issues": []}"#)
      }
      server.stored.append(
        String(decoding: request.body ?? Data(), as: UTF8.self))
      // The tracker took the request; its answer is more than criteria reads.
      throw TransportError(
        message: "the answer is larger than 16 MiB", retryable: false,
        answered: true)
    }
    let ledger = scratchLedger()
    let first = try run(tracker, server, ledger: ledger)
    #expect(first.failed.isEmpty, "\(first.failed)")
    #expect(first.unknown.count == 2)
    #expect(server.creates == 1, "one bulk request, never resent")
    let second = try run(tracker, server, ledger: ledger)
    #expect(server.creates == 1, "the next run looked them up and sent nothing")
    #expect(second.failed.isEmpty && second.unknown.isEmpty)
    #expect(second.alreadyFiled.count + second.filed.count == 2)
  }

  @Test(
    "a search that keeps failing leaves the ticket pending with the cause; the next run asks before sending"
  )
  func failingSearch() throws {
    let tracker = try definedTracker(search: true)
    var searchesWork = false
    let server = ScriptedTransport { server, request throws(TransportError) in
      if request.method == "GET" {
        guard searchesWork else {
          return ScriptedTransport.json(502, "<html>Bad Gateway</html>")
        }
        return ScriptedTransport.json(
          200,
          server.stored.isEmpty
            ? #"{"issues": []}"# : #"{"issues": [{"id": 1}]}"#)
      }
      server.stored.append("created")
      throw TransportError(message: "Connection reset by peer", retryable: true)
    }
    let ledger = scratchLedger()
    let first = try run(tracker, server, ledger: ledger)
    #expect(first.failed.isEmpty && first.unknown.count == 2)
    #expect(
      first.unknown[0].reason.contains(
        "searching acme failed (acme answered 502: <html>Bad Gateway</html>)"),
      "\(first.unknown)")
    searchesWork = true
    let second = try run(tracker, server, ledger: ledger)
    #expect(second.alreadyFiled.count == 2)
    #expect(
      server.stored.count == 2,
      "creates reaching the server: \(server.stored.count)")
  }

  @Test(
    "a definition without search: an unknown outcome is reported and never re-sent"
  )
  func noSearch() throws {
    let tracker = try definedTracker(search: false)
    // The first create of each ticket is carried out but its connection dies before the answer.
    let server = ScriptedTransport { server, request throws(TransportError) in
      server.stored.append(
        String(decoding: request.body ?? Data(), as: UTF8.self))
      throw TransportError(message: "Connection reset by peer", retryable: true)
    }
    let ledger = scratchLedger()
    let first = try run(tracker, server, ledger: ledger)
    #expect(first.unknown.count == 2)
    #expect(
      first.unknown[0].reason.contains(
        "which cannot be searched (its definition has no search:); look for its marker criteria:id="
      ))
    let second = try run(tracker, server, ledger: ledger)
    #expect(second.unknown.count == 2)
    #expect(server.creates == 2, "creates sent: \(server.creates)")
    #expect(
      try Ledger(path: ledger, tracker: "acme")[
        "native/controls/x/keyboard/tab@ios"]?.state == .pending)
  }

  @Test(
    "a server asking to wait a day, forever or until 2286 stops the run at once, saying so",
    arguments: [
      ["retry-after": "86400"], ["retry-after": "inf"], ["retry-after": "nan"],
      ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "9999999999"],
      // Past Int64, and Int64's own maximum: no trap while the message is built.
      ["retry-after": "1e19"], ["retry-after": "9223372036854775807"],
      ["retry-after": "1e308"],
      ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "1e300"],
      [
        "x-ratelimit-requests-remaining": "0",
        "x-ratelimit-requests-reset": "9223372036854775807",
      ],
    ])
  func endlessWaits(headers: [String: String]) throws {
    let tracker = try definedTracker(search: true)
    let server = ScriptedTransport { _, _ throws(TransportError) in
      ScriptedTransport.json(429, "slow down", headers: headers)
    }
    let started = Date()
    #expect {
      _ = try run(tracker, server, ledger: scratchLedger())
    } throws: { error in
      let message = (error as? TicketError)?.message ?? ""
      return message.contains("acme asks to wait")
        && message.contains("longer than max_wait (300 s); stopping here")
    }
    #expect(Date().timeIntervalSince(started) < 5)
    #expect(server.creates == 1)
  }

  @Test(
    "numeric options are checked: rate, timeout, attempts, backoff and max_wait",
    arguments: [
      ("rate", "1e-300", "'1e-300' is not a number from 0.01 to 1000"),
      ("timeout", "0", "'0' is not a whole number from 1 to 3600"),
      (
        "max_attempts", "1000000",
        "'1000000' is not a whole number from 1 to 100"
      ), ("backoff", "inf", "'inf' is not a number from 0.001 to 60"),
      ("max_wait", "-1", "'-1' is not a number from 0 to 86400"),
    ])
  func numericOptions(key: String, value: String, message: String) throws {
    #expect {
      _ = try makeTracker(
        "redmine", url: "https://r.example", extra: [key: .string(value)])
    } throws: { error in
      "\(error)".contains("\(key): \(message)")
    }
  }

  @Test(
    "an answer larger than 16 MiB is not buffered; a create answered so is left pending, not failed"
  )
  func hugeAnswer() throws {
    let port = Int.random(in: 20_000..<40_000)
    let server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    server.arguments = [
      "python3", "-c",
      """
      import http.server, sys
      class H(http.server.BaseHTTPRequestHandler):
          def do_POST(self):
              self.rfile.read(int(self.headers.get('Content-Length', 0)))
              self.send_response(201); self.send_header('Content-Length', str(40 << 20)); self.end_headers()
              try:
                  for _ in range(40): self.wfile.write(b' ' * (1 << 20))
              except Exception: pass
          def log_message(self, *a): pass
      s = http.server.HTTPServer(('127.0.0.1', \(port)), H); s.serve_forever()
      """,
    ]
    server.standardOutput = FileHandle.nullDevice
    server.standardError = FileHandle.nullDevice
    try server.run()
    // SIGKILL, not terminate(): a child started from a test's worker thread inherits its blocked
    // signal mask, so SIGTERM would leave the server running after every test run.
    defer {
      kill(server.processIdentifier, SIGKILL)
      server.waitUntilExit()
    }
    Thread.sleep(forTimeInterval: 1)
    let client = try CurlClient(settings: CurlClient.Settings())
    #expect {
      _ = try client.send(
        HTTPRequest(
          method: "POST", url: "http://127.0.0.1:\(port)/issues.json",
          body: Data("{}".utf8)))
    } throws: { error in
      let transport = error as? TransportError
      return transport?.answered == true
        && transport?.message.contains("the answer is larger than 16 MiB")
          == true
    }
  }
}

/// A Jira whose JQL index holds issues up to `indexed`, while its store holds `stored` (read by key) and
/// answers `moved` keys under another project's key.
func scriptedJira(indexed: Int?, stored: Set<Int>, moved: Set<Int> = [])
  -> ScriptedTransport
{
  ScriptedTransport { _, request throws(TransportError) in
    if request.url.contains("ORDER%20BY") || request.url.contains("ORDER+BY") {
      let issues = indexed.map { #"[{"key": "A11Y-\#($0)"}]"# } ?? "[]"
      return ScriptedTransport.json(200, #"{"issues": \#(issues)}"#)
    }
    guard let match = request.url.firstMatch(of: /issue\/A11Y-(\d+)/),
      let number = Int(match.1)
    else { return ScriptedTransport.json(400, "unexpected request") }
    if moved.contains(number) {
      return ScriptedTransport.json(200, #"{"key": "OTHER-\#(number)"}"#)
    }
    return stored.contains(number)
      ? ScriptedTransport.json(200, #"{"key": "A11Y-\#(number)"}"#)
      : ScriptedTransport.json(
        404, #"{"errorMessages": ["Issue does not exist"]}"#)
  }
}

@Suite("A lagging Jira index is read against the issues after its newest")
struct LaggingIndexTests {
  func lookup(_ transport: ScriptedTransport) throws -> TicketLookup {
    let tracker = try makeTracker("jira-cloud", url: "http://127.0.0.1:9")
    return TicketLookup(
      loop: RequestLoop(
        tracker: tracker, transport: transport,
        credentials: Credentials(token: "t", user: "u"),
        retry: RetryPolicy(maxAttempts: 2, base: 0.001),
        pacer: RequestPacer(pacing: Pacing())))
  }

  @Test(
    "three missing keys after the newest indexed issue: caught up, and remembered for older requests"
  )
  func caughtUp() throws {
    let jira = scriptedJira(indexed: 5, stored: Set(1...5))
    let lookup = try lookup(jira)
    #expect(try lookup.indexBehind(since: 0) == nil)
    #expect(jira.searches == 4, "the newest, then A11Y-6, 7 and 8")
    #expect(try lookup.indexBehind(since: 0) == nil)
    #expect(jira.searches == 4, "a pass covers requests sent before it")
    #expect(
      try lookup.indexBehind(since: Date().timeIntervalSince1970 + 60) == nil)
    #expect(
      jira.searches == 8, "a request sent after the pass is checked again")
  }

  @Test(
    "an issue past the newest indexed one, also past a gap (deleted or hidden) or moved ones: behind",
    arguments: [
      (Set(1...6), Set<Int>()), (Set(1...5).union([7]), Set<Int>()),
      (Set(1...5).union([8]), Set<Int>()), (Set(1...5).union([9]), Set([6])),
    ])
  func behind(stored: Set<Int>, moved: Set<Int>) throws {
    let lookup = try lookup(
      scriptedJira(indexed: 5, stored: stored, moved: moved))
    let behind = try lookup.indexBehind(since: 0)
    let first = try #require(stored.subtracting(1...5).min())
    #expect(behind == "A11Y-\(first) exists, and the newest it holds is A11Y-5")
    #expect(lookup.loop.indexCaughtUpAt == nil)
  }

  @Test("an empty index of a project named by key starts at A11Y-1")
  func emptyIndex() throws {
    let lookup = try lookup(scriptedJira(indexed: nil, stored: [1]))
    #expect(
      try lookup.indexBehind(since: 0)
        == "A11Y-1 exists, and it holds no issue of the project")
  }
}
