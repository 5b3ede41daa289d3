// swift-format-ignore-file
// The benchmark, the fuzzer and the fake tracker's support opt out of the product modules' style rules.
import CriteriaModel
import Exporters
import FakeTrackerSupport
import Foundation
import Tickets

/// The tickets benchmark, against the project's fake tracker on 127.0.0.1:
///  1. no limits: requests/s through libcurl with one reused connection versus a new connection per request,
///     first the bare transport, then whole filing runs (ledger saved and fsynced before and after each request);
///  2. a server enforcing N requests/s: the run's rate, and whether the server had to refuse anything.
func benchTickets(count: Int, rates: [Int]) {
    let token = "bench-token"
    setenv("BENCH_TRACKER_TOKEN", token, 1)
    let tickets = TicketPlanner(grouping: .criterion).tickets(for: SyntheticAudit.catalog(rows: count))
    print("tickets benchmark: \(tickets.count) tickets (one per check and platform), Redmine-shaped requests, fake tracker on 127.0.0.1")
    print("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores; median of 3 runs; each run starts a fresh server;")
    print("HTTPS with a self-signed RSA-2048 certificate, verified through ca_file")

    func tracker(_ url: String, rate: Int? = nil) -> any Tracker {
        var options: [String: ExportOptions.Value] = ["url": .string(url), "project": .string("a11y"), "token_env": .string("BENCH_TRACKER_TOKEN")]
        if let rate { options["rate"] = .string(String(rate)) }
        let entry = try! TrackerRegistry.entries(definitionFolders: []).first { $0.name == "redmine" }!
        return try! entry.make(ExportOptions(options))
    }
    func client(reuse: Bool, caFile: String? = nil) -> CurlClient {
        var settings = CurlClient.Settings()
        settings.reuseConnections = reuse
        settings.caFile = caFile
        return try! CurlClient(settings: settings)
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    let credentials = Credentials(token: token)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("criteria-bench-tickets-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }

    let certificate = try! FakeTrackerProcess.Certificate.make(in: folder)
    print("\n| protocol | connection | transport only (requests/s) | filing with the ledger (tickets/s) |")
    print("|---|---|---:|---:|")
    for tls in [false, true] {
        var results: [Bool: (Double, Double)] = [:]
        for reuse in [true, false] {
            var transport: [Double] = [], filing: [Double] = []
            for run in 0..<3 {
                let server = try! FakeTrackerProcess(arguments: ["--token", token], tls: tls ? certificate : nil)
                let target = tracker(server.url)
                let http = client(reuse: reuse, caFile: server.caFile)
                let requests = try! tickets.map { try target.createRequest(for: $0, credentials: credentials) }
                var started = Date()
                for request in requests { precondition((try? http.send(request))?.status == 201, "the fake tracker refused a request") }
                transport.append(Double(requests.count) / Date().timeIntervalSince(started))
                server.stop()

                let fresh = try! FakeTrackerProcess(arguments: ["--token", token], tls: tls ? certificate : nil)
                let ledger = try! Ledger(path: folder.appendingPathComponent("ledger-\(tls)-\(reuse)-\(run).json").path, tracker: "redmine")
                let filer = TicketFiler(tracker: tracker(fresh.url), transport: client(reuse: reuse, caFile: fresh.caFile), ledger: ledger,
                                        credentials: credentials)
                started = Date()
                let summary = try! filer.file(tickets)
                filing.append(Double(summary.filed.count) / Date().timeIntervalSince(started))
                precondition(summary.filed.count == tickets.count && (try! fresh.stats()["issues"] as? Int) == tickets.count)
                fresh.stop()
            }
            results[reuse] = (median(transport), median(filing))
            print(String(format: "| %@ | %@ | %.0f | %.0f |", tls ? "HTTPS" : "HTTP", reuse ? "one reused connection" : "a new connection per request",
                         median(transport), median(filing)))
        }
        if let reused = results[true], let fresh = results[false] {
            print(String(format: "| %@ | reuse speed-up | %.2fx | %.2fx |", tls ? "HTTPS" : "HTTP", reused.0 / fresh.0, reused.1 / fresh.1))
        }
    }

    // Achieved rate: requests after the first over the time from the first to the last, as the server saw them
    // (N requests at exactly N per second span N-1 gaps). Within N: the busiest one-second window holds at most N.
    print("\n| server limit N (requests/s) | tickets | seconds | achieved (requests/s) | of N | busiest second | refused (429) |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for rate in rates {
        let server = try! FakeTrackerProcess(arguments: ["--token", token, "--rate", String(rate)])
        let batch = Array(tickets.prefix(rate * 10))
        let ledger = try! Ledger(path: folder.appendingPathComponent("ledger-rate-\(rate).json").path, tracker: "redmine")
        let filer = TicketFiler(tracker: tracker(server.url, rate: rate), transport: client(reuse: true), ledger: ledger, credentials: credentials)
        let started = Date()
        let summary = try! filer.file(batch)
        let seconds = Date().timeIntervalSince(started)
        let stats = try! server.stats()
        let requests = stats["requests"] as? Int ?? 0
        let span = stats["span"] as? Double ?? seconds
        let achieved = Double(requests - 1) / span
        precondition(summary.filed.count == batch.count && (stats["issues"] as? Int) == batch.count)
        print(String(format: "| %d | %d | %.2f | %.2f | %.1f%% | %d | %d |", rate, batch.count, seconds, achieved,
                     100 * achieved / Double(rate), stats["busiest_second"] as? Int ?? 0, stats["rate_limited"] as? Int ?? 0))
        server.stop()
    }
}
