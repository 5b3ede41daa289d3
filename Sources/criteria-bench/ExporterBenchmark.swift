// swift-format-ignore-file
// The benchmark, the fuzzer and the fake tracker's support opt out of the product modules' style rules.
import Audit
import Conformance
import CriteriaModel
import Exporters
import Foundation

/// Runs a program, waits for it, and returns its wall time and peak resident memory.
func spawnMeasured(_ arguments: [String]) -> (seconds: Double, peakMiB: Double, status: Int32, output: String) {
    var pid: pid_t = 0
    var pipe: [Int32] = [0, 0]
    _ = Glibc.pipe(&pipe)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
    posix_spawn_file_actions_addclose(&actions, pipe[0])
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let start = DispatchTime.now().uptimeNanoseconds
    guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ) == 0 else {
        return (0, 0, -1, "cannot start \(arguments[0])")
    }
    close(pipe[1])
    var output = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = read(pipe[0], &buffer, buffer.count)
        if n <= 0 { break }
        output.append(contentsOf: buffer[0..<n])
    }
    close(pipe[0])
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return (seconds, Double(usage.ru_maxrss) / 1024, status, String(decoding: output, as: UTF8.self))
}

/// The peak resident memory of this process image, from /proc (not inherited from the parent, unlike ru_maxrss).
func highWaterMiB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return peakRSSMiB() }
    return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
}

/// The workbook exporter both children make: constant memory, the checklist and its sheets alone.
func benchWorkbookExporter() throws -> AuditWorkbookExporter {
    try AuditWorkbookExporter(options: ExportOptions([
        "constant_memory": .string("true"), "scenarios": .bool(false), "notes": .bool(false)]))
}

func xlsxChild(rows: Int, output: String) {
    let catalog = SyntheticAudit.mappedCatalog(rows: rows)
    let before = highWaterMiB()
    do {
        let exporter = try benchWorkbookExporter()
        let seconds = try measureThrowing { try exporter.write(catalog, to: output) }
        print(String(format: "%.6f %.1f %.1f", seconds, before, highWaterMiB()))
    } catch {
        print("error: \(error)")
        exit(1)
    }
}

/// Child: makes the catalog and the exporter as `xlsxChild` does, and writes nothing.
func catalogChild(rows: Int) {
    let catalog = SyntheticAudit.mappedCatalog(rows: rows)
    do {
        _ = try benchWorkbookExporter()
        print(catalog.components.count)
    } catch {
        print("error: \(error)")
        exit(1)
    }
}

func measureThrowing(_ body: () throws -> Void) throws -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Child: writes the baseline inputs for `rows` rows into `folder`.
func inputsChild(rows: Int, folder: String) {
    let catalog = SyntheticAudit.mappedCatalog(rows: rows)
    writeBaselineInputs(catalog, layout: AuditLayout(), rows: URL(fileURLWithPath: folder + "/rows.tsv"),
                        summary: URL(fileURLWithPath: folder + "/summary.tsv"),
                        wcag: URL(fileURLWithPath: folder + "/wcag.tsv"), units: URL(fileURLWithPath: folder + "/units.tsv"))
}

/// Child: times the CSV exporter (render and write) and prints seconds and bytes.
func csvChild(rows: Int, output: String) {
    let catalog = SyntheticAudit.mappedCatalog(rows: rows)
    do {
        let exporter = try CSVExporter(options: ExportOptions())
        var bytes = 0
        let seconds = try measureThrowing {
            guard case .file(let data) = try exporter.export(catalog, context: ExportContext()) else { return }
            bytes = data.count
            try data.write(to: URL(fileURLWithPath: output))
        }
        print(String(format: "%.6f %d", seconds, bytes))
    } catch {
        print("error: \(error)")
        exit(1)
    }
}

func benchExporters(rowCounts: [Int], root: URL) {
    // On tmpfs when there is one: both sides stream temporary files, and disk waits were most of the noise.
    let scratchRoot = FileManager.default.fileExists(atPath: "/dev/shm") ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
    let work = scratchRoot.appendingPathComponent("criteria-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let baseline = work.appendingPathComponent("xlsx_baseline").path
    // With the product's own answer to minizip (Sources/CZipLevel), so that both deflate at the same level.
    let compile = spawnMeasured(["sh", "-c", "cc -O2 -o \(baseline) \(root.path)/Benchmarks/xlsx_baseline.c \(root.path)/Sources/CZipLevel/zip_level.c $(pkg-config --cflags --libs xlsxwriter) -ldl"])
    guard compile.status == 0 else { print("cannot compile the C baseline"); exit(1) }
    let me = CommandLine.arguments[0]
    // Other tenants of the host only ever add time, so each program's best run is the one least disturbed;
    // each pair of runs is also taken side by side, one right after the other, and its own ratio kept.
    let environmentRepeats = ProcessInfo.processInfo.environment["CRITERIA_BENCH_REPEATS"].flatMap { Int($0) }
    print("medians of \(environmentRepeats ?? 5) runs (\(environmentRepeats ?? 3) at 1,000,000 rows; CRITERIA_BENCH_REPEATS sets both); peak RSS is the largest seen;")
    print("best: each program's fastest run; pairs: the median of each side-by-side pair's own ratio")
    print("rows       | XLSX: C baseline   criteria   ratio  rows/s   best: C  criteria  ratio  pairs   peak RSS (criteria / its export alone / C) | CSV: python  criteria  speed-up  MB/s")
    for rows in rowCounts {
        // The parent stays small: children generate, write and export, so each one's peak memory is its own.
        let tsv = work.appendingPathComponent("rows.tsv"), summary = work.appendingPathComponent("summary.tsv")
        let wcag = work.appendingPathComponent("wcag.tsv"), units = work.appendingPathComponent("units.tsv")
        _ = spawnMeasured([me, "inputs-child", String(rows), work.path])
        let repeats = max(1, environmentRepeats ?? (rows >= 1_000_000 ? 3 : 5))
        var cRuns: [(seconds: Double, peakMiB: Double)] = [], swiftRuns: [(seconds: Double, peak: Double, export: Double)] = []
        var csvRuns: [(seconds: Double, bytes: Double)] = [], pythonRuns: [Double] = []
        for _ in 0..<repeats {
            // The C program times itself from its inputs in memory to the closed file, as the child times the
            // exporter from its model in memory.
            let c = spawnMeasured([baseline, tsv.path, summary.path, wcag.path, units.path, work.appendingPathComponent("c.xlsx").path, "Accessibility audit"])
            let child = spawnMeasured([me, "xlsx-child", String(rows), work.appendingPathComponent("swift.xlsx").path])
            let parts = child.output.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            guard c.status == 0, child.status == 0, parts.count == 3 else { print("run failed: \(child.output)"); exit(1) }
            cRuns.append((Double(c.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? c.seconds, c.peakMiB))
            swiftRuns.append((parts[0], parts[2], parts[2] - parts[1]))
            let csv = spawnMeasured([me, "csv-child", String(rows), work.appendingPathComponent("swift.csv").path])
            let csvParts = csv.output.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            guard csvParts.count == 2 else { print("csv run failed: \(csv.output)"); exit(1) }
            csvRuns.append((csvParts[0], csvParts[1]))
            let python = spawnMeasured(["python3", "\(root.path)/Benchmarks/csv_baseline.py", tsv.path, work.appendingPathComponent("py.csv").path])
            pythonRuns.append(Double(python.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .nan)
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let cSeconds = median(cRuns.map(\.seconds)), swiftSeconds = median(swiftRuns.map(\.seconds))
        let cBest = cRuns.map(\.seconds).min() ?? .nan, swiftBest = swiftRuns.map(\.seconds).min() ?? .nan
        let pairRatio = median(zip(cRuns, swiftRuns).map { $1.seconds / $0.seconds })
        let csvSeconds = median(csvRuns.map(\.seconds)), csvBytes = csvRuns[0].bytes, pythonSeconds = median(pythonRuns)
        let swiftPeak = swiftRuns.map(\.peak).max() ?? 0, exportMiB = swiftRuns.map(\.export).max() ?? 0
        let cPeak = cRuns.map(\.peakMiB).max() ?? 0
        let auditRows = max(1, rows / 20) * 20
        print(String(format: "%-10d | %8.2f s %10.2f s %6.2fx %9.0f  %6.2f s %7.2f s %5.2fx %5.2fx   %6.1f / %6.1f / %6.1f MiB        | %7.2f s %7.3f s %7.1fx %7.0f",
                     auditRows, cSeconds, swiftSeconds, swiftSeconds / cSeconds,
                     Double(auditRows) / swiftSeconds, cBest, swiftBest, swiftBest / cBest, pairRatio,
                     swiftPeak, exportMiB, cPeak,
                     pythonSeconds, csvSeconds, pythonSeconds / csvSeconds, csvBytes / csvSeconds / 1e6))
    }
}

/// The exact cells the exporter writes, as TSV for the C program (and the Python CSV baseline): the header,
/// the widths and the checklist rows; the Summary's groups with the values their formulas have; the WCAG
/// sheet's criteria and the WCAG by component sheet's units with theirs. The C program builds the formulas
/// and the row heights itself.
func writeBaselineInputs(_ catalog: Catalog, layout: AuditLayout, rows: URL, summary: URL, wcag: URL, units unitsFile: URL) {
    var out = Data()
    out.append(contentsOf: (layout.columns.map(\.rawValue).joined(separator: "\t") + "\n").utf8)
    out.append(contentsOf: (layout.columns.map { String($0.width) }.joined(separator: "\t") + "\n").utf8)
    // A fresh audit: every row Not tested, or Not applicable where its expectation says N/A.
    var units: [String: [Int]] = [:]
    var byCriterion: [Bool: [String: [Int]]] = [:]
    // Per criterion and unit (component and platform), in the order rows first name them.
    var byUnit: [String: [Int]] = [:]
    var unitOrder: [Bool: [String: [(component: Component, platform: Platform)]]] = [:]
    let components = Dictionary(catalog.components.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    AuditRow.forEach(in: catalog) { row in
        out.append(contentsOf: (layout.cells(for: row).joined(separator: "\t") + "\n").utf8)
        let index = row.criterion.expectsNotApplicable ? 2 : 3
        units[row.componentID + "|" + row.platform.rawValue, default: [0, 0, 0, 0, 0]][index] += 1
        for number in row.criterion.wcag {
            byCriterion[row.platform == .web, default: [:]][number, default: [0, 0, 0, 0, 0]][index] += 1
            let key = number + "|" + row.componentID + "|" + row.platform.rawValue
            if byUnit[key] == nil, let component = components[row.componentID] {
                unitOrder[row.platform == .web, default: [:]][number, default: []].append((component, row.platform))
            }
            byUnit[key, default: [0, 0, 0, 0, 0]][index] += 1
        }
    }
    try? out.write(to: rows)
    func conformance(_ units: [[Int]], unknown: String) -> String {
        let counted = units.map { VPATRollup.UnitCounts(pass: $0[0], fail: $0[1], notApplicable: $0[2], total: $0.reduce(0, +)) }
        return VPATRollup.term(counted)?.label ?? unknown
    }
    var groups = ""
    for component in catalog.components {
        for platform in component.platforms {
            let count = component.criteria.filter { $0.platforms.contains(platform) }.count
            guard count > 0 else { continue }
            let counts = units[component.id + "|" + platform.rawValue] ?? [0, 0, 0, 0, 0]
            let pattern = StableID.rowPattern(component: component.id, platform: platform)
            let cached: String = counts.map(String.init).joined(separator: "\t")
            let level: String = conformance([counts], unknown: "Not Evaluated")
            let label: String = component.title + " · " + platform.rawValue
            let fields: [String] = [component.title, platform.rawValue, pattern, String(count), cached, level, label]
            groups += fields.joined(separator: "\t") + "\n"
        }
    }
    try? Data(groups.utf8).write(to: summary)
    var criteria = "", unitLines = ""
    let covered = WCAGOrder.sorted(catalog.components.flatMap(\.criteria).flatMap(\.wcag)).compactMap { WCAG22.criterion($0) }
    for criterion in covered {
        criteria += "\(criterion.number)\t\(criterion.handle)\t\(criterion.level.rawValue)"
        for web in [true, false] {
            let counts = byCriterion[web]?[criterion.number] ?? [0, 0, 0, 0, 0]
            let total = counts.reduce(0, +)
            let cached: String = counts.map(String.init).joined(separator: "\t")
            let order = unitOrder[web]?[criterion.number] ?? []
            let unitCounts = order.map { byUnit[criterion.number + "|" + $0.component.id + "|" + $0.platform.rawValue] ?? [] }
            let level: String = total == 0 ? "" : conformance(unitCounts, unknown: "Not enough evidence")
            criteria += "\t" + String(total) + "\t" + cached + "\t" + level
            for (unit, counts) in zip(order, unitCounts) {
                let pattern = StableID.rowPattern(component: unit.component.id, platform: unit.platform)
                let share = counts[0] + counts[1] == 0 ? "" : String(Double(counts[1]) / Double(counts[0] + counts[1]))
                let fields: [String] = [
                    criterion.number, web ? "Web" : "Software", unit.component.title, unit.platform.rawValue, pattern,
                    String(counts[0]), String(counts[1]), share,
                ]
                unitLines += fields.joined(separator: "\t") + "\n"
            }
        }
        criteria += "\n"
    }
    try? Data(criteria.utf8).write(to: wcag)
    try? Data(unitLines.utf8).write(to: unitsFile)
}
