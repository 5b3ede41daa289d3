// swift-format-ignore-file
// The benchmark, the fuzzer and the fake tracker's support opt out of the product modules' style rules.
import CriteriaModel
import CriteriaReaders
import Foundation

// Benchmarks that print figures; none of them asserts a time. Usage:
//   criteria-bench readers [CORPUS_DIR]      read the corpus 100 times, then 1,000 and 10,000 synthetic documents
//   criteria-bench exporters [ROWS...]       see BENCHMARKS.md
//   criteria-bench tickets [N [RATE...]]     connection reuse and rate limits against the fake tracker
//   criteria-bench ledger [TICKETS...]       the ledger's per-ticket cost from 1,000 to 20,000 tickets
//   criteria-bench audit [ROWS...]           reading a filled audit back (XLSX and CSV)
//   criteria-bench audit-copies [ROWS...]    the workbook copies tickets and sync write

func peakRSSMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

func measure(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func report(_ label: String, documents: Int, bytes: Int, seconds: Double) {
    let line = String(format: "%-34@ %8d docs %9.1f ms %10.0f docs/s %8.1f MB/s   peak RSS %6.1f MiB",
                      label as NSString, documents, seconds * 1000, Double(documents) / seconds,
                      Double(bytes) / seconds / 1e6, peakRSSMiB())
    print(line)
}

func corpusFiles(_ root: String) -> [String] {
    let walker = FileManager.default.enumerator(atPath: root)
    var files: [String] = []
    while let name = walker?.nextObject() as? String {
        if name.hasSuffix(".md") { files.append(root + "/" + name) }
    }
    return files.sorted()
}

func benchReaders(corpus: String) {
    let files = corpusFiles(corpus)
    guard !files.isEmpty else { print("no documents under \(corpus)"); exit(1) }
    let reader = DocumentReader()
    let documents = files.map { ($0, [UInt8](FileManager.default.contents(atPath: $0) ?? Data())) }
    let corpusBytes = documents.reduce(0) { $0 + $1.1.count }
    print("corpus: \(files.count) documents, \(corpusBytes) bytes")
    var criteria = 0
    // One untimed warm-up pass.
    for (path, bytes) in documents { criteria += reader.read(bytes: bytes, path: path).component?.criteria.count ?? 0 }

    var passes: [Double] = []
    for _ in 0..<100 {
        passes.append(measure { for path in files { _ = reader.read(path: path) } })
    }
    passes.sort()
    let total = passes.reduce(0, +)
    report("corpus x100 from disk (total)", documents: files.count * 100, bytes: corpusBytes * 100, seconds: total)
    print(String(format: "  one pass over the corpus: median %.2f ms, best %.2f ms, worst %.2f ms (goal: < 50 ms)",
                 passes[50] * 1000, passes[0] * 1000, passes[99] * 1000))

    for count in [1_000, 10_000] {
        // Synthetic set: the corpus repeated under new paths (so ids differ), read from memory.
        let synthetic = (0..<count).map { i -> (String, [UInt8]) in
            let (path, bytes) = documents[i % documents.count]
            return (path.replacingOccurrences(of: ".md", with: "-\(i).md"), bytes)
        }
        let bytes = synthetic.reduce(0) { $0 + $1.1.count }
        var read = 0
        let seconds = measure { for (path, data) in synthetic where reader.read(bytes: data, path: path).component != nil { read += 1 } }
        report("synthetic \(count)", documents: read, bytes: bytes, seconds: seconds)
    }
    _ = criteria
}

let arguments = Array(CommandLine.arguments.dropFirst())
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
switch arguments.first {
case "readers", nil:
    let corpus = arguments.dropFirst().first ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/magentaa11y").path
    benchReaders(corpus: corpus)
case "exporters":
    let counts = arguments.dropFirst().compactMap { Int($0) }
    benchExporters(rowCounts: counts.isEmpty ? [10_000, 100_000, 1_000_000] : counts, root: packageRoot)
case "tickets":
    let numbers = arguments.dropFirst().compactMap { Int($0) }
    benchTickets(count: numbers.first ?? 2_000, rates: numbers.count > 1 ? Array(numbers.dropFirst()) : [5, 20, 50])
case "ledger":
    let counts = arguments.dropFirst().compactMap { Int($0) }
    benchLedger(counts: counts.isEmpty ? [1_000, 5_000, 10_000, 20_000] : counts)
case "wcag":
    benchWCAG(corpus: arguments.dropFirst().first ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/magentaa11y").path)
case "acr":
    benchACR(corpus: arguments.dropFirst().first ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/magentaa11y").path)
case "audit":
    let counts = arguments.dropFirst().compactMap { Int($0) }
    benchAuditRead(rowCounts: counts.isEmpty ? [2_000, 20_000, 100_000] : counts)
case "audit-copies":
    let counts = arguments.dropFirst().compactMap { Int($0) }
    benchAuditCopies(rowCounts: counts.isEmpty ? [2_000, 5_000, 10_000] : counts)
case "audit-child":
    guard arguments.count == 2 else { exit(2) }
    auditChild(path: arguments[1])
case "xlsx-child":
    // Runs in its own process so that its peak memory can be measured apart from the parent's.
    guard arguments.count == 3, let rows = Int(arguments[1]) else { exit(2) }
    xlsxChild(rows: rows, output: arguments[2])
case "catalog-child":
    // What xlsx-child does before it writes, alone: scripts/bench-instructions.sh subtracts it.
    guard arguments.count == 2, let rows = Int(arguments[1]) else { exit(2) }
    catalogChild(rows: rows)
case "inputs-child":
    guard arguments.count == 3, let rows = Int(arguments[1]) else { exit(2) }
    inputsChild(rows: rows, folder: arguments[2])
case "csv-child":
    guard arguments.count == 3, let rows = Int(arguments[1]) else { exit(2) }
    csvChild(rows: rows, output: arguments[2])
default:
    print("usage: criteria-bench readers [CORPUS_DIR] | exporters [ROWS...] | tickets [TICKETS [RATE...]] | ledger [TICKETS...] | acr [CORPUS_DIR] | wcag [CORPUS_DIR] | audit [ROWS...] | audit-copies [ROWS...]")
    exit(2)
}
