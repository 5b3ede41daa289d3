import CriteriaModel
import CriteriaReaders
import Exporters
import Foundation
import Testing
@testable import Tickets

enum TicketPaths {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let shared = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    static let adfSchema = shared.appendingPathComponent("schemas/adf-full.json")
}

/// The project's fake tracker (Scripts/fake_tracker.py) on 127.0.0.1, for one test. Call `stop()` when done
/// (Swift may release a local before the end of its scope, so the test decides when the server goes).
final class FakeTracker {
    let process = Process()
    let port: Int
    var url: String { "http://127.0.0.1:\(port)" }

    init(arguments: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", TicketPaths.packageRoot.appendingPathComponent("Tests/TicketsTests/Scripts/fake_tracker.py").path,
                             "--adf-schema", TicketPaths.adfSchema.path] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    deinit { stop() }

    /// Stops the server. SIGKILL, because a child started from a dispatch worker thread inherits its
    /// blocked signal mask, and SIGTERM would wait there forever.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Key → the identity in its marker, for every issue the server holds (Jira keys).
    func issues() throws -> [String: String] {
        let response = try CurlClient().send(HTTPRequest(method: "GET", url: url + "/_issues", headers: []))
        let list = try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: list.compactMap { issue in
            guard let number = issue["number"] as? Int, let marker = issue["marker"] as? String else { return nil }
            return ("A11Y-\(number)", marker)
        })
    }

    func stats() throws -> [String: Any] {
        let response = try CurlClient().send(HTTPRequest(method: "GET", url: url + "/_stats", headers: []))
        return try JSONSerialization.jsonObject(with: response.body) as? [String: Any] ?? [:]
    }
}

/// Tickets from corpus documents.
func corpusTickets(_ names: [String], grouping: TicketPlanner.Grouping) throws -> [Ticket] {
    let reader = DocumentReader()
    let components = try names.map { name in
        let path = TicketPaths.shared.appendingPathComponent("corpus/magentaa11y/native/\(name).md").path
        guard let component = reader.read(path: path).component else { throw TicketError("cannot read \(path)") }
        return component
    }
    return TicketPlanner(grouping: grouping).tickets(for: Catalog(components: components))
}

/// A tracker from the registry, as a user's config would make it.
func makeTracker(_ name: String, url: String, extra: [String: ExportOptions.Value] = [:]) throws -> any Tracker {
    let entries = try TrackerRegistry.entries(definitionFolders: [])
    guard let entry = entries.first(where: { $0.name == name }) else { throw TicketError("no tracker \(name)") }
    var values: [String: ExportOptions.Value] = ["url": .string(url), "project": .string(name == "github" ? "acme/app" : "A11Y"),
                                                 "backoff": .string("0.05"), "max_attempts": .int(6)]
    if name == "jira-cloud" { values["user_env"] = .string("TEST_USER") }
    values.merge(extra) { $1 }
    guard let exporter = try entry.make(ExportOptions(values)) as? TrackerExporter else { throw TicketError("not a tracker") }
    return exporter.tracker
}

func scratchLedger() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID().uuidString).json").path
}

/// A filer with a fast pacer (no minimum gaps) for tests.
func filer(_ tracker: any Tracker, ledger: String, token: String = "secret-token", timeout: Int = 60) throws -> TicketFiler {
    var settings = CurlClient.Settings()
    settings.timeout = timeout
    return TicketFiler(tracker: tracker, transport: try CurlClient(settings: settings), ledger: try Ledger(path: ledger, tracker: tracker.name),
                credentials: Credentials(token: token, user: "auditor@example.com"),
                pacer: RequestPacer(pacing: Pacing()))
}
