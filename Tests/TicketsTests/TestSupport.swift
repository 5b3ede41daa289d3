import CriteriaModel
import CriteriaReaders
import FakeTrackerSupport
import Foundation
import Options
import TestSupport
import Testing

@testable import Tickets

enum TicketPaths {
  static let packageRoot = SharedData.packageRoot
  static let shared = SharedData.root
  static let adfSchema = shared.appendingPathComponent("schemas/adf-full.json")
  static let linearSchema = shared.appendingPathComponent(
    "schemas/linear/schema.graphql")
}

/// The fake tracker, checking Jira Cloud descriptions against Atlassian's ADF schema when ../shared has it.
func startFakeTracker(
  arguments: [String] = [], tls: FakeTrackerProcess.Certificate? = nil
) throws -> FakeTrackerProcess {
  var schema =
    FileManager.default.fileExists(atPath: TicketPaths.adfSchema.path)
    ? ["--adf-schema", TicketPaths.adfSchema.path] : []
  if FileManager.default.fileExists(atPath: TicketPaths.linearSchema.path) {
    schema += ["--linear-schema", TicketPaths.linearSchema.path]
  }
  return try FakeTrackerProcess(arguments: schema + arguments, tls: tls)
}

/// Tickets from the project's own sample documents: each native sample twice, under a second id, so the
/// filing tests need nothing outside this repository (three samples give twelve component tickets).
func sampleTickets(grouping: TicketPlanner.Grouping, copies: Int = 2) throws
  -> [Ticket]
{
  let folder = TicketPaths.packageRoot.appendingPathComponent(
    "Samples/criteria/native")
  let paths = try SourceCollector().collect([folder.path])
  var components: [Component] = []
  for copy in 1...copies {
    for path in paths {
      guard var component = DocumentReader().read(path: path).component else {
        throw TicketError("cannot read \(path)")
      }
      if copy > 1 {
        let id = "\(component.id)-\(copy)"
        for index in component.criteria.indices {
          component.criteria[index].id =
            id + component.criteria[index].id.dropFirst(component.id.count)
        }
        component.id = id
        component.title += " \(copy)"
      }
      components.append(component)
    }
  }
  return TicketPlanner(grouping: grouping).tickets(
    for: Catalog(components: components))
}

/// Tickets from corpus documents.
func corpusTickets(_ names: [String], grouping: TicketPlanner.Grouping) throws
  -> [Ticket]
{
  let reader = DocumentReader()
  let components = try names.map { name in
    let path = TicketPaths.shared.appendingPathComponent(
      "corpus/magentaa11y/native/\(name).md"
    ).path
    guard let component = reader.read(path: path).component else {
      throw TicketError("cannot read \(path)")
    }
    return component
  }
  return TicketPlanner(grouping: grouping).tickets(
    for: Catalog(components: components))
}

/// A tracker from the registry, as a user's config would make it.
func makeTracker(
  _ name: String, url: String, extra: [String: ExportOptions.Value] = [:]
) throws -> any Tracker {
  let entries = try TrackerRegistry.entries(definitionFolders: [])
  guard let entry = entries.first(where: { $0.name == name }) else {
    throw TicketError("no tracker \(name)")
  }
  var values: [String: ExportOptions.Value] = [
    "url": .string(url),
    "project": .string(name == "github" ? "acme/app" : "A11Y"),
    "backoff": .string("0.05"), "max_attempts": .int(6),
    // The fake tracker's searches do not lag unless a test starts it with --index-lag.
    "search_settle": .string("0"),
  ]
  if name == "jira-cloud" { values["user_env"] = .string("TEST_USER") }
  values.merge(extra) { $1 }
  return try entry.make(ExportOptions(values))
}

func scratchLedger() -> String {
  FileManager.default.temporaryDirectory.appendingPathComponent(
    "ledger-\(UUID().uuidString).json"
  ).path
}

/// A filer with a fast pacer (no minimum gaps) for tests.
func filer(
  _ tracker: any Tracker, ledger: String, token: String = "secret-token",
  timeout: Int = 60,
  lowSpeedTime: Int = 30
) throws -> TicketFiler {
  var settings = CurlClient.Settings()
  settings.timeout = timeout
  settings.lowSpeedTime = lowSpeedTime
  settings.caFile = tracker.settings.caFile
  return TicketFiler(
    tracker: tracker, transport: try CurlClient(settings: settings),
    ledger: try Ledger(path: ledger, tracker: tracker.name),
    credentials: Credentials(token: token, user: "auditor@example.com"),
    pacer: RequestPacer(pacing: Pacing()))
}
