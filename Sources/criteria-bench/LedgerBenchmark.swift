// swift-format-ignore-file
// The benchmark, the fuzzer and the fake tracker's support opt out of the product modules' style rules.
import CriteriaModel
import Exporters
import FakeTrackerSupport
import Foundation
import Tickets

/// The ledger at scale: the per-ticket cost of recording (pending before each request, filed after it, each
/// flushed to disk) should not grow with the ledger. Prints, for 1,000 to 20,000 tickets:
///  1. the ledger alone: microseconds per ticket for the first and the last thousand, and the final compaction;
///  2. whole filing runs against the fake tracker on 127.0.0.1: milliseconds per ticket.
func benchLedger(counts: [Int]) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("criteria-bench-ledger-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    print("ledger benchmark: each ticket is two records (pending, then filed), each flushed to disk (fdatasync)")
    print("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores; temporary folder \(FileManager.default.temporaryDirectory.path)")

    func identities(_ n: Int) -> [String] { (0..<n).map { "native/controls/component-\($0 / 20)/check-\($0 % 20)@ios" } }

    print("\n| tickets | journal: µs per ticket, first 1,000 | last 1,000 | compaction at the end (ms) |")
    print("|---:|---:|---:|---:|")
    for n in counts {
        let ids = identities(n)
        var ledger = try! Ledger(path: folder.appendingPathComponent("journal-\(n).json").path, tracker: "redmine")
        var firstThousand = 0.0, lastThousand = 0.0
        for (index, id) in ids.enumerated() {
            let seconds = measure {
                try! ledger.markPending(id, fingerprint: "0123456789abcdef")
                try! ledger.markFiled(id, FiledTicket(key: String(index + 1), url: "https://tracker.example/issues/\(index + 1)"))
            }
            if index < 1000 { firstThousand += seconds }
            if index >= n - 1000 { lastThousand += seconds }
        }
        let compaction = measure { try! ledger.compact() }
        print(String(format: "| %d | %.0f | %.0f | %.1f |", n, firstThousand / 1000 * 1e6, lastThousand / 1000 * 1e6,
                     compaction * 1000))
    }

    let token = "bench-token"
    setenv("BENCH_TRACKER_TOKEN", token, 1)
    print("\n| tickets | filing run against the fake tracker (s) | ms per ticket | tickets/s |")
    print("|---:|---:|---:|---:|")
    for n in counts {
        let tickets = Array(TicketPlanner(grouping: .criterion).tickets(for: SyntheticAudit.catalog(rows: n)).prefix(n))
        let server = try! FakeTrackerProcess(arguments: ["--token", token])
        let options: [String: ExportOptions.Value] = ["url": .string(server.url), "project": .string("a11y"), "token_env": .string("BENCH_TRACKER_TOKEN")]
        let entry = try! TrackerRegistry.entries(definitionFolders: []).first { $0.name == "redmine" }!
        let tracker = try! entry.make(ExportOptions(options))
        let ledger = try! Ledger(path: folder.appendingPathComponent("run-\(n).json").path, tracker: "redmine")
        let filer = TicketFiler(tracker: tracker, transport: try! CurlClient(), ledger: ledger, credentials: Credentials(token: token))
        var summary: FilingSummary?
        let seconds = measure { summary = try! filer.file(tickets) }
        guard let summary else { fatalError("no filing summary") }
        precondition(summary.filed.count == tickets.count, "\(summary.text)")
        precondition((try! server.stats()["issues"] as? Int) == tickets.count)
        server.stop()
        print(String(format: "| %d | %.1f | %.2f | %.0f |", tickets.count, seconds, seconds / Double(tickets.count) * 1000,
                     Double(tickets.count) / seconds))
    }
}
