import FakeTrackerSupport
import Foundation
import Logging
import Testing

@testable import Tickets

/// Collects log lines, so tests can read what a user would see on stderr.
final class LogBox: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []
  var lines: [String] { lock.withLock { stored } }
  func append(_ line: String) { lock.withLock { stored.append(line) } }
}

struct CapturingLogHandler: LogHandler {
  let box: LogBox
  var logLevel: Logger.Level = .trace
  var metadata: Logger.Metadata = [:]
  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }
  func log(event: LogEvent) { box.append("\(event.level): \(event.message)") }
}

@Suite("Logging through swift-log", .serialized)
struct LoggingTests {
  @Test(
    "the HTTP log (debug) and the filer's notices go through the logger, with every secret redacted"
  )
  func capturedLog() throws {
    let server = try startFakeTracker(arguments: ["--faults", "429:3:2"])
    defer { server.stop() }
    let box = LogBox()
    let logger = Logger(label: "test") { _ in CapturingLogHandler(box: box) }
    var settings = CurlClient.Settings()
    settings.logger = logger
    settings.redactor = Redactor(
      credentials: Credentials(
        token: "secret-token", user: "auditor@example.com"))
    let tracker = try makeTracker("jira-cloud", url: server.url)
    let filer = TicketFiler(
      tracker: tracker, transport: try CurlClient(settings: settings),
      ledger: try Ledger(path: scratchLedger(), tracker: tracker.name),
      credentials: Credentials(
        token: "secret-token", user: "auditor@example.com"),
      pacer: RequestPacer(pacing: Pacing()))
    filer.logger = logger
    let summary = try filer.file(
      Array(
        try sampleTickets(grouping: .componentPlatform, copies: 1).prefix(3)))
    #expect(summary.filed.count == 3)
    let lines = box.lines
    #expect(
      lines.contains {
        $0.hasPrefix("debug: > POST ") && $0.contains("/rest/api/3/issue")
      })
    #expect(lines.contains { $0.contains("> Authorization: [redacted]") })
    #expect(
      lines.contains { $0.hasPrefix("notice: jira-cloud asks to wait 2 s") },
      "\(lines)")
    let basic = Data("auditor@example.com:secret-token".utf8)
      .base64EncodedString()
    #expect(
      !lines.contains { $0.contains("secret-token") || $0.contains(basic) })
  }

  @Test(
    "a fake tracker that cannot start says why in the failure (its stderr is kept)"
  )
  func fakeTrackerSaysWhy() {
    #expect {
      _ = try FakeTrackerProcess(arguments: ["--no-such-option"])
    } throws: { error in
      "\(error)".contains("the fake tracker did not start")
        && "\(error)".contains("unrecognized arguments: --no-such-option")
    }
  }
}
