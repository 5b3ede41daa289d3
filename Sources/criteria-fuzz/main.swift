// swift-format-ignore-file
// The benchmark, the fuzzer and the fake tracker's support opt out of the product modules' style rules.
import Config
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
// usage: criteria-fuzz TARGET SECONDS WORK [SEED_FILES...]
//   TARGET: documents | config | definitions | audit | audit-csv | tracker-answers | templates

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
    // Tracker answers: huge and odd numbers, control characters, markers, other shapes.
    "1e19", "9223372036854775807", "-1", "NaN", "inf", "\u{7}", "\u{FFFE}", "\u{9B}", "criteria:id=", "criteria:rev=",
    "\"key\": \"OTHER-1\"", "\"state\": \"closed\"", "\"state_reason\": \"not_planned\"", "null", "[]", "{}",
    "<html><body>Sign in</body></html>", "\"status\": {\"name\": \"\u{1B}]0;x\u{7}\"}",
    // Templates: sections inside themselves, lambdas, partials, delimiters.
    "{{#rows}}{{#rows}}", "{{/rows}}{{/rows}}", "{{#components}}{{#criteria}}", "{{/criteria}}{{/components}}",
    "{{> partial}}", "{{=<% %>=}}", "{{^rows}}", "{{.}}", "{{check}}", "{{{expected}}}", "{{#first}}",
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
            do { _ = try ConfigLoader(names: registry).load(path: file.path) } catch {
                if !error.description.hasPrefix(file.path) { throw Finding("a config error does not name the file: \(error)") }
            }
        case "definitions":
            let folder = work.appendingPathComponent("exporters")
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(bytes).write(to: folder.appendingPathComponent("fuzz.yml"))
            _ = try? TrackerRegistry.entries(definitionFolders: [folder.path])
        case "tracker-answers":
            try trackerAnswers(bytes)
        case "templates":
            // The bytes are a template; the definition around it is fixed, and the output is bounded small.
            let indented = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .map { "  " + $0 }.joined(separator: "\n")
            let yaml = "name: fuzz\nkind: file\nextension: txt\nescape: none\ntemplate: |\n\(indented)\n"
            guard let definition = try? FileDefinition(yaml: yaml, file: "fuzz.yml"),
                  let exporter = try? DefinedFileExporter(definition: definition, options: ExportOptions(["max_output_mib": .string("4")]))
            else { return }
            if case .file(let data)? = try? exporter.export(catalog, context: ExportContext()), data.count > 5 << 20 {
                throw Finding("a template rendered \(data.count) bytes past its 4 MiB bound")
            }
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
    /// The catalog templates render (templates target).
    let catalog: Catalog

    /// Every built-in tracker files two tickets and reads one back against a server whose every answer is
    /// the case (a status, headers with Retry-After and rate-limit numbers, a body): nothing may trap, hang
    /// (waits are not slept, only checked) or leave text no reader can hold.
    func trackerAnswers(_ bytes: [UInt8]) throws {
        let text = String(decoding: bytes, as: UTF8.self)
        let statuses = [200, 201, 204, 301, 400, 401, 404, 410, 429, 500, 503]
        let status = statuses[Int(bytes.first ?? 0) % statuses.count]
        let number = String(text.prefix(40))
        let headers = ["retry-after": number, "x-ratelimit-remaining": "0", "x-ratelimit-reset": number,
                       "x-ratelimit-requests-remaining": "0", "x-ratelimit-requests-reset": number]
        let answer = HTTPResponse(status: status, headers: headers, body: Data(bytes))
        if let pause = RetryPolicy.serverPause(answer, now: Date().timeIntervalSince1970),
           !(pause == .infinity || (pause >= 0 && pause <= RetryPolicy.longestPause)) {
            throw Finding("a server pause outside 0...\(RetryPolicy.longestPause) or forever: \(pause)")
        }
        for entry in try TrackerRegistry.entries(definitionFolders: []) {
            let options = ExportOptions(["url": .string("https://tracker.example"), "project": .string("P"),
                                         "max_attempts": .int(2), "backoff": .string("0.001"), "max_wait": .string("5"),
                                         "token_env": .string("FUZZ_TOKEN"), "user_env": .string("FUZZ_USER")])
            guard let tracker = try? entry.make(options) else { continue }
            if let snapshot = tracker.snapshot(from: answer) {
                if OOXMLText.escape(snapshot.status).unicodeScalars.contains(where: OOXMLText.needsEscape) {
                    throw Finding("\(entry.name): a status the sheet cannot hold after escaping")
                }
                _ = TicketSnapshot.identity(of: answer, key: "A-1", marker: "criteria:id=x", answeredKey: tracker.answeredKey(answer))
            }
            let ledger = work.appendingPathComponent("ledger-\(entry.name).json").path
            for suffix in ["", ".journal", ".lock"] { try? FileManager.default.removeItem(atPath: ledger + suffix) }
            let transport = AnswerTransport(answer: answer)
            let filer = TicketFiler(
                tracker: tracker, transport: transport,
                ledger: try Ledger(path: ledger, tracker: tracker.name),
                credentials: Credentials(token: "fuzz-token", user: "fuzz@example.com"),
                pacer: RequestPacer(pacing: Pacing(), sleep: { _ in }))
            _ = try? filer.file(tickets)
            _ = try? filer.read(FiledTicket(key: "A-1", url: ""), identity: "x")
            if transport.sent > 200 { throw Finding("\(entry.name): \(transport.sent) requests for two tickets") }
        }
    }

    var tickets: [Ticket] {
        Array(TicketPlanner(grouping: .criterion).tickets(for: catalog).prefix(2))
    }
}

/// Answers every request with the same response, counting them.
final class AnswerTransport: HTTPTransport {
    let answer: HTTPResponse
    var sent = 0
    init(answer: HTTPResponse) { self.answer = answer }
    func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
        sent += 1
        return answer
    }
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

let documentsCatalog = Catalog(components: ["Samples/criteria/native/controls/rating.md", "Samples/criteria/web/component/disclosure.md"]
    .compactMap { DocumentReader().read(path: $0).component })
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
let fuzzer = Fuzzer(target: target, work: work, seeds: seeds, registry: registry, workbookParts: parts,
                    catalog: documentsCatalog)
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
