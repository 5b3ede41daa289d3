import Foundation
import Tickets

/// The project's fake tracker (Tests/TicketsTests/Scripts/fake_tracker.py) on 127.0.0.1, for tests and the
/// tickets benchmark. Call `stop()` when done: Swift may release a local before the end of its scope.
public final class FakeTrackerProcess {
    /// The package's root folder (the script lives in the checkout; nothing here ships with the product).
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    public static let script = packageRoot.appendingPathComponent("Tests/TicketsTests/Scripts/fake_tracker.py")

    let process = Process()
    public let port: Int
    public var url: String { "http://127.0.0.1:\(port)" }

    /// Starts the server with the script's arguments (`--faults`, `--rate`, `--token`, ...) and waits for its port.
    public init(arguments: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script.path] + arguments
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
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            throw TicketError("the fake tracker did not start (python3 \(Self.script.path))")
        }
        self.port = port
    }

    deinit { stop() }

    /// Stops the server. SIGKILL, because a child started from a dispatch worker thread inherits its
    /// blocked signal mask, and SIGTERM would wait there forever.
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The server's counters (GET /_stats).
    public func stats() throws -> [String: Any] {
        let response = try CurlClient().send(HTTPRequest(method: "GET", url: url + "/_stats", headers: []))
        return try JSONSerialization.jsonObject(with: response.body) as? [String: Any] ?? [:]
    }

    /// Jira-style key → the identity in its marker, for every issue the server holds (GET /_issues).
    public func issues() throws -> [String: String] {
        let response = try CurlClient().send(HTTPRequest(method: "GET", url: url + "/_issues", headers: []))
        let list = try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: list.compactMap { issue in
            guard let number = issue["number"] as? Int, let marker = issue["marker"] as? String else { return nil }
            return ("A11Y-\(number)", marker)
        })
    }
}
