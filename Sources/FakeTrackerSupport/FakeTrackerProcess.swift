// swift-format-ignore-file
// The benchmark, the fuzzer and the fake tracker's support opt out of the product modules' style rules.
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
    let scheme: String
    public var url: String { "\(scheme)://127.0.0.1:\(port)" }

    /// Starts the server with the script's arguments (`--faults`, `--rate`, `--token`, ...) and waits for its
    /// port; with `tls`, it serves HTTPS with that certificate.
    public init(arguments: [String] = [], tls: Certificate? = nil) throws {
        scheme = tls == nil ? "http" : "https"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script.path] + arguments + (tls.map { ["--tls", $0.certificate, $0.key] } ?? [])
        let out = Pipe()
        process.standardOutput = out
        // Its complaints go to a file, so a server that cannot start says why in the test's failure.
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("fake-tracker-\(UUID().uuidString).err")
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw TicketError("the fake tracker did not start (python3 \(Self.script.path)): \(said.suffix(2000))")
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

    /// A self-signed certificate for 127.0.0.1 (made with openssl), which is its own CA file.
    public struct Certificate: Sendable {
        public var certificate: String
        public var key: String

        public static func make(in folder: URL) throws -> Certificate {
            let certificate = folder.appendingPathComponent("tracker-cert.pem").path, key = folder.appendingPathComponent("tracker-key.pem").path
            let openssl = Process()
            openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            openssl.arguments = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                                 "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", certificate]
            openssl.standardOutput = FileHandle.nullDevice
            openssl.standardError = FileHandle.nullDevice
            try openssl.run()
            openssl.waitUntilExit()
            guard openssl.terminationStatus == 0 else { throw TicketError("openssl could not make a test certificate") }
            return Certificate(certificate: certificate, key: key)
        }
    }

    /// A client for the server's own endpoints (trusting its test certificate when it has one).
    func client() throws -> CurlClient {
        var settings = CurlClient.Settings()
        settings.caFile = caFile
        return try CurlClient(settings: settings)
    }

    /// The CA file that verifies this server, when it serves HTTPS.
    public var caFile: String? { process.arguments?.firstIndex(of: "--tls").map { process.arguments![$0 + 1] } }

    /// The server's counters (GET /_stats).
    public func stats() throws -> [String: Any] {
        let response = try client().send(HTTPRequest(method: "GET", url: url + "/_stats", headers: []))
        return try JSONSerialization.jsonObject(with: response.body) as? [String: Any] ?? [:]
    }

    /// Changes an issue as a person on the tracker would: `close` (with a reason: completed, not_planned),
    /// `edit`, `delete`, or `chatter` (`count` comments of people, each `text` and its number). `key` is
    /// the tracker's key (`A11Y-3`, `#3`, `3`).
    public func act(
        _ action: String, key: String, reason: String = "completed", count: Int = 1,
        text: String = "A person's comment"
    ) throws {
        let number = Int(String(key.reversed().prefix { $0.isNumber }.reversed())) ?? 0
        let body = try JSONSerialization.data(withJSONObject: [
            "number": number, "reason": reason, "count": count, "text": text,
        ])
        let response = try client().send(HTTPRequest(method: "POST", url: url + "/_" + action, headers: [("Content-Type", "application/json")], body: body))
        guard response.status == 200 else { throw TicketError("the fake tracker did not \(action) \(key)") }
    }

    /// Makes later lookups answer in a shape no tracker documents (`html`, `garbage`, `empty`, `list`,
    /// `redirect`, `503`, `hang`; "" ends it), from the `afterComments`-th comment posted on (0: now).
    public func lookups(_ answer: String, afterComments: Int = 0) throws {
        let body = try JSONSerialization.data(withJSONObject: ["answer": answer, "after_comments": afterComments])
        let response = try client().send(HTTPRequest(method: "POST", url: url + "/_lookups", headers: [("Content-Type", "application/json")], body: body))
        guard response.status == 200 else { throw TicketError("the fake tracker did not take lookups \(answer)") }
    }

    /// Jira-style key → the identity in its marker when it was created, for every issue the server holds
    /// (GET /_issues); with `now`, the identity in the marker its body holds now (after updates).
    public func issues(now: Bool = false) throws -> [String: String] {
        let response = try client().send(HTTPRequest(method: "GET", url: url + "/_issues", headers: []))
        let list = try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: list.compactMap { issue in
            guard let number = issue["number"] as? Int,
                let marker = issue[now ? "body_marker" : "marker"] as? String
            else { return nil }
            return ("A11Y-\(number)", marker)
        })
    }
}
