// swift-format-ignore-file
// The benchmark, the fuzzer and the fake tracker's support opt out of the product modules' style rules.
import Audit
import CriteriaPipeline
import CriteriaModel
import CriteriaReaders
import Exporters
import Foundation
import Tickets
import ZIPFoundation

// A bounded mutation fuzzer for what criteria reads from users: criteria documents, criteria.yml,
// exporters/*.yml and filled audits (XLSX and CSV). Each case is written to WORK/current.* before it runs,
// so when a case crashes or hangs the process, scripts/fuzz.sh keeps it as a reproducer. Invariants are
// checked too: a document's ids are unique, every error names its file.
//
// usage: criteria-fuzz TARGET SECONDS WORK [SEED_FILES...]   TARGET: documents | config | definitions | audit

struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Text that has broken parsers before: fences, front matter, YAML anchors, XML declarations and entities,
/// huge references, control characters, long runs.
let tokens: [[UInt8]] = [
    "```", "~~~", "---", "{% highlight swift %}", "{% endhighlight %}", "## ", "## Condensed", "## Gherkin",
    "1. Test keyboard for the following:", "    - Tab: ", "- ", "&a ", "*a", "<<: *a", "? *a\n: x", "!!binary",
    "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>", "&e;", "<![CDATA[", "]]>", "<?xml version=\"1.0\" encoding=\"UTF-16\"?>",
    "r=\"ZZZZZZZZZZZZZZZ1\"", "<row r=\"99999999999\">", "t=\"s\"><v>999999999</v>", "\u{0}", "\u{1B}[2J", "\r", "\u{FEFF}", "\"",
    "'", ",", ";", "\t", "=cmd|' /C calc'!A0", "Scenario: ", "Given ", "| a | b |", "version: 2", "outputs:\n  - exporter: json\n    path: .",
    "path: \"\"", "rate: 1e-300", "timeout: 0", "{{#rows}}", "{{/x}}", "{{{", String(repeating: "Z", count: 5000),
].map { Array($0.utf8) }

func mutate(_ input: [UInt8], _ others: [[UInt8]], _ rng: inout Generator) -> [UInt8] {
    var bytes = input
    for _ in 0..<Int.random(in: 1...4, using: &rng) {
        let at = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &rng)
        switch Int.random(in: 0..<7, using: &rng) {
        case 0 where !bytes.isEmpty:  // flip a byte
            let index = Int.random(in: 0..<bytes.count, using: &rng)
            bytes[index] ^= UInt8.random(in: 1...255, using: &rng)
        case 1 where !bytes.isEmpty:  // delete a range
            let end = min(bytes.count, at + Int.random(in: 1...64, using: &rng))
            if at < end { bytes.removeSubrange(at..<end) }
        case 2 where !bytes.isEmpty:  // duplicate a range
            let end = min(bytes.count, at + Int.random(in: 1...256, using: &rng))
            if at < end { bytes.insert(contentsOf: bytes[at..<end], at: at) }
        case 3:  // insert a token
            bytes.insert(contentsOf: tokens.randomElement(using: &rng) ?? [], at: at)
        case 4:  // truncate
            bytes = Array(bytes.prefix(at))
        case 5 where !others.isEmpty:  // splice in part of another input
            let other = others.randomElement(using: &rng) ?? []
            if !other.isEmpty {
                let from = Int.random(in: 0..<other.count, using: &rng)
                bytes.insert(contentsOf: other[from..<min(other.count, from + Int.random(in: 1...2048, using: &rng))], at: at)
            }
        default:  // a line repeated many times
            bytes.insert(contentsOf: Array(repeating: Array("- Tab: x\n".utf8), count: Int.random(in: 1...200, using: &rng)).joined(), at: at)
        }
    }
    return bytes
}

struct Finding: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

struct Fuzzer {
    let target: String
    let work: URL
    let seeds: [[UInt8]]
    let registry: OutputRegistry

    /// Runs one case; throws a Finding when an invariant breaks. Crashes end the process.
    func run(_ bytes: [UInt8]) throws {
        switch target {
        case "documents":
            let path = "docs/native/controls/fuzz.md"
            let result = DocumentReader().read(bytes: bytes, path: path)
            if let component = result.component {
                let ids = component.criteria.map(\.id) + component.scenarios.map(\.id)
                if Set(ids).count != ids.count { throw Finding("two checks share an id: \(ids)") }
            }
            for diagnostic in result.diagnostics where diagnostic.location.file != path {
                throw Finding("a diagnostic does not name the file: \(diagnostic)")
            }
        case "config":
            let file = work.appendingPathComponent("criteria.yml")
            try Data(bytes).write(to: file)
            do { _ = try ConfigLoader(registry: registry).load(path: file.path) } catch {
                if !error.description.hasPrefix(file.path) { throw Finding("a config error does not name the file: \(error)") }
            }
        case "definitions":
            let folder = work.appendingPathComponent("exporters")
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(bytes).write(to: folder.appendingPathComponent("fuzz.yml"))
            _ = try? TrackerRegistry.entries(definitionFolders: [folder.path])
        case "audit-csv":
            let file = work.appendingPathComponent("audit.csv")
            try Data(bytes).write(to: file)
            _ = try? AuditSheet.read(path: file.path)
        default:  // audit: the bytes are the Checklist sheet's XML, packed into a copy of a real workbook
            let file = work.appendingPathComponent("audit.xlsx")
            try? FileManager.default.removeItem(at: file)
            let archive = try Archive(url: file, accessMode: .create)
            for (name, data) in workbookParts {
                let content = name == "xl/worksheets/sheet1.xml" ? Data(bytes) : data
                try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(content.count), compressionMethod: .deflate) {
                    position, size in content.subdata(in: Int(position)..<Int(position) + size)
                }
            }
            _ = try? AuditSheet.read(path: file.path)
        }
    }

    /// The parts of a real workbook (audit target); the Checklist sheet is replaced by each case.
    let workbookParts: [(String, Data)]
}

let arguments = CommandLine.arguments
guard arguments.count >= 4, let seconds = Double(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: criteria-fuzz documents|config|definitions|audit|audit-csv SECONDS WORK [SEED...]\n".utf8))
    exit(2)
}
let target = arguments[1]
let work = URL(fileURLWithPath: arguments[3])
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
var parts: [(String, Data)] = []
var seeds = arguments.dropFirst(4).compactMap { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }

if target == "audit" || target == "audit-csv" {
    // The seed is an audit criteria itself writes from the documents given.
    let catalog = Catalog(components: arguments.dropFirst(4).compactMap { DocumentReader().read(path: $0).component })
    if target == "audit" {
        let file = work.appendingPathComponent("seed.xlsx")
        try AuditWorkbookExporter(options: ExportOptions()).write(catalog, to: file.path)
        let archive = try Archive(url: file, accessMode: .read)
        for entry in archive {
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            parts.append((entry.path, data))
        }
        seeds = parts.filter { $0.0 == "xl/worksheets/sheet1.xml" }.map { [UInt8]($0.1) }
    } else if case .file(let data) = try CSVExporter(options: ExportOptions()).export(catalog, context: ExportContext()) {
        seeds = [[UInt8](data)]
    }
}
guard !seeds.isEmpty else {
    FileHandle.standardError.write(Data("criteria-fuzz: no seed inputs\n".utf8))
    exit(2)
}

let registry = OutputRegistry(configDirectory: nil)
let fuzzer = Fuzzer(target: target, work: work, seeds: seeds, registry: registry, workbookParts: parts)
var rng = Generator(state: UInt64(ProcessInfo.processInfo.environment["FUZZ_SEED"].flatMap(UInt64.init) ?? 1))
let current = work.appendingPathComponent("current.bin")
let start = Date()
var cases = 0
var findings = 0
var slowest = 0.0
while Date().timeIntervalSince(start) < seconds {
    let input = mutate(seeds.randomElement(using: &rng) ?? [], seeds, &rng)
    try Data(input).write(to: current)
    let began = Date()
    do { try fuzzer.run(input) } catch let finding as Finding {
        findings += 1
        let kept = work.appendingPathComponent("finding-\(findings).bin")
        try? FileManager.default.copyItem(at: current, to: kept)
        print("FINDING \(target): \(finding.description.prefix(300)) (input: \(kept.path))")
    }
    slowest = max(slowest, Date().timeIntervalSince(began))
    cases += 1
}
print("\(target): \(cases) cases in \(Int(seconds)) s, \(findings) findings, slowest case \(String(format: "%.3f", slowest)) s")
exit(findings > 0 ? 1 : 0)
