// swift-format-ignore-file
import Audit
import Exporters
import Foundation

/// A folder of its own under the temporary directory, removed when the benchmark is done with it.
final class ScratchFolder {
    let url: URL

    init(_ prefix: String) {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Reading a filled audit back: what every command that reads an audit (refresh, merge, diff, tickets,
/// sync, acr, report, and a run over its own outputs) pays first. Synthetic workbooks and CSVs of each
/// size are written, then read in a process of their own (so its peak memory is the reader's alone).
func benchAuditRead(rowCounts: [Int]) {
    let folder = ScratchFolder("criteria-bench-audit")
    print("rows      format   read (median of 5)   rows/s      peak RSS of the reading process")
    for rows in rowCounts {
        let catalog = SyntheticAudit.mappedCatalog(rows: rows)
        for format in ["xlsx", "csv"] {
            let path = folder.url.appendingPathComponent("audit-\(rows).\(format)").path
            do {
                if format == "xlsx" {
                    let exporter = try AuditWorkbookExporter(options: ExportOptions(["scenarios": .bool(false), "notes": .bool(false)]))
                    try exporter.write(catalog, to: path)
                } else {
                    let artifact = try CSVExporter(options: ExportOptions()).export(catalog, context: ExportContext())
                    try FileSink().deliver(artifact, to: path)
                }
            } catch {
                print("audit: cannot write \(path): \(error)"); exit(1)
            }
            var times: [Double] = []
            var peak = 0.0
            var read = 0
            for _ in 0..<5 {
                let child = spawnMeasured([CommandLine.arguments[0], "audit-child", path])
                let fields = child.output.split(whereSeparator: { $0 == " " || $0 == "\n" })
                guard child.status == 0, fields.count == 3, let seconds = Double(fields[0]), let count = Int(fields[1]),
                      let highWater = Double(fields[2]) else {
                    print("audit: the reading process failed: \(child.output)"); exit(1)
                }
                times.append(seconds)
                peak = max(peak, highWater)
                read = count
            }
            times.sort()
            let median = times[times.count / 2]
            print(String(format: "%-9d %-8@ %8.1f ms %17.0f   %6.1f MiB", read, format as NSString, median * 1000, Double(read) / median, peak))
        }
    }
}

/// The copies `tickets` and `sync` write of a workbook audit: one in twenty rows failed, each with a key;
/// `sync` adds the three status columns to every row and links each key.
func benchAuditCopies(rowCounts: [Int]) {
    let folder = ScratchFolder("criteria-bench-copy")
    print("rows      copy      written in (median of 3)")
    for rows in rowCounts {
        let path = folder.url.appendingPathComponent("audit-\(rows).xlsx").path
        do {
            let exporter = try AuditWorkbookExporter(options: ExportOptions(["scenarios": .bool(false), "notes": .bool(false)]))
            try exporter.write(SyntheticAudit.mappedCatalog(rows: rows), to: path)
            let sheet = try AuditSheet.read(path: path)
            let failed = sheet.rows.enumerated().filter { $0.offset % 20 == 3 }.map(\.element.number)
            var keys: [Int: String] = [:]
            var status = TicketStatusColumns()
            for (index, number) in failed.enumerated() {
                keys[number] = "A11Y-\(index + 1)"
                status.values[number] = ["Done", "2026-11-20", "Retest"]
                status.links[number] = "https://tracker.example/browse/A11Y-\(index + 1)"
            }
            for (name, make) in [("tickets", { try sheet.copy(withTickets: keys) }), ("sync", { try sheet.copy(withStatus: status) })] as [(String, () throws -> AuditCopy)] {
                var times: [Double] = []
                for _ in 0..<3 {
                    times.append(try measureThrowing {
                        guard case .workbook(let write) = try make() else { return }
                        let copy = folder.url.appendingPathComponent("copy.xlsx").path
                        try? FileManager.default.removeItem(atPath: copy)
                        try write(copy)
                    })
                }
                times.sort()
                print(String(format: "%-9d %-9@ %8.1f ms", sheet.rows.count, name as NSString, times[1] * 1000))
            }
        } catch {
            print("copies: \(error)"); exit(1)
        }
    }
}

/// Reads one audit and prints the seconds it took, the rows it found and this process's peak memory (from
/// /proc: a spawned child's `ru_maxrss` can be its parent's).
func auditChild(path: String) {
    do {
        var rows = 0
        let seconds = try measureThrowing { rows = try AuditSheet.read(path: path).rows.count }
        print(String(format: "%.6f %d %.1f", seconds, rows, highWaterMiB()))
    } catch {
        print("error: \(error)")
        exit(1)
    }
}
