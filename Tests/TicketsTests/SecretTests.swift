import CriteriaModel
import Foundation
import Options
import Testing

@testable import Tickets

/// A server (or proxy) that answers every request with an error echoing the request back, headers and all.
final class EchoingTransport: HTTPTransport {
  var requests: [HTTPRequest] = []

  func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
    requests.append(request)
    let echo =
      "bad request; you sent \(request.method) \(request.url) with "
      + request.headers.map { "\($0.0): \($0.1)" }.joined(separator: "; ")
    return HTTPResponse(status: 400, headers: [:], body: Data(echo.utf8))
  }
}

@Suite("Secrets are never printed or written")
struct SecretTests {
  static let token = "tok-9f8e7d6c5b4a"
  static let password = "hunter2-hunter2"

  func tickets() -> [Ticket] {
    let criterion = Criterion(
      id: "native/controls/x/keyboard/tab", test: .keyboard, check: "Tab",
      expectation: "Focus moves",
      platforms: [.iOS], source: SourceLocation(file: "x.md", line: 1))
    let component = Component(
      id: "native/controls/x", title: "X", family: .native,
      category: "controls",
      criteria: [criterion], source: SourceLocation(file: "x.md", line: 1))
    return TicketPlanner(grouping: .criterion).tickets(
      for: Catalog(components: [component]))
  }

  @Test(
    "a tracker echoing the request: the token, its Basic form and the URL password never reach messages or the ledger",
    arguments: ["jira-cloud", "github", "redmine", "gitlab"])
  func echoedSecrets(tracker name: String) throws {
    let tracker = try makeTracker(
      name,
      url:
        "https://bob:\(Self.password)@tracker.example/api?private_token=\(Self.token)",
      extra: ["max_attempts": .int(1)])
    let ledgerPath = scratchLedger()
    let transport = EchoingTransport()
    let filer = TicketFiler(
      tracker: tracker, transport: transport,
      ledger: try Ledger(path: ledgerPath, tracker: tracker.name),
      credentials: Credentials(token: Self.token, user: "auditor@example.com"),
      pacer: RequestPacer(pacing: Pacing()))
    let summary = try filer.file(tickets())
    #expect(summary.failed.count == 1)
    #expect(transport.requests.count == 1)
    let basic = Data("auditor@example.com:\(Self.token)".utf8)
      .base64EncodedString()
    let written =
      summary.text + summary.failed.map(\.1).joined()
      + String(
        decoding: try Data(contentsOf: URL(fileURLWithPath: ledgerPath)),
        as: UTF8.self)
    for secret in [Self.token, Self.password, basic] {
      #expect(!written.contains(secret), "\(name) leaked a secret: \(written)")
    }
    #expect(written.contains("[redacted]"), "\(written)")
  }

  @Test(
    "a user-defined tracker's own auth header is hidden in the verbose log, whatever its name"
  )
  func definedHeader() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "defs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true)
    try Data(
      """
      name: acme
      summary: Acme tickets.
      create:
        method: POST
        url: "{{url}}/tickets"
        body: |
          {"title": "{{title}}"}
      auth:
        header: X-Acme-Pass
        scheme: plain
        env: ACME_PASS
      created:
        key: id

      """.utf8
    ).write(to: folder.appendingPathComponent("acme.yml"))
    let entries = try TrackerRegistry.entries(definitionFolders: [folder.path])
    let entry = try #require(entries.first { $0.name == "acme" })
    let tracker = try entry.make(
      ExportOptions([
        "url": .string("https://acme.example"), "project": .string("P"),
      ]))
    let credentials = Credentials(token: Self.token)
    let request = try tracker.createRequest(
      for: tickets()[0], credentials: credentials)
    let log = Redactor(credentials: credentials).describe(request)
    #expect(!log.contains(Self.token))
    #expect(log.contains("> X-Acme-Pass: [redacted]"))
    // By name alone, without knowing the value: anything that looks like a credential header.
    for name in [
      "Authorization", "X-Api-Key", "PRIVATE-TOKEN", "X-Session-Secret",
      "Cookie",
    ] {
      #expect(Redactor.isSecretHeaderName(name), "\(name)")
    }
    #expect(!Redactor.isSecretHeaderName("Accept"))
  }

  @Test("credentials in URLs are hidden anywhere in a text")
  func urls() {
    let redactor = Redactor()
    #expect(
      redactor.text(
        "POST https://bob:pw@host.example/a?x=1&private_token=abc&key=k2 failed"
      )
        == "POST https://[redacted]@host.example/a?x=1&private_token=[redacted]&key=[redacted] failed"
    )
    #expect(
      redactor.text("see https://host.example/issues/12")
        == "see https://host.example/issues/12")
    #expect(
      redactor.text("ftp://user@host/x, then \"token=zzz\"")
        == "ftp://[redacted]@host/x, then \"token=[redacted]\"")
  }
}
