// swift-format-ignore-file
import ACR
import Audit
import Conformance
import CriteriaModel
import CriteriaReaders
import Exporters
import Foundation

/// The ACR of the whole corpus with every row filled: from the filled workbook on disk to each format.
func benchACR(corpus: String) {
    guard let files = try? SourceCollector().collect([corpus]) else {
        print("acr: cannot read \(corpus) (pass the corpus folder)")
        exit(1)
    }
    let (read, _) = CatalogReader().read(files)
    let catalog = WCAGMapping(rules: .builtIn()).apply(to: read).catalog
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("criteria-bench-acr-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let workbook = folder.appendingPathComponent("filled.xlsx").path
    // Every row filled: about one in twenty fails, one in ten is not applicable, the rest pass.
    guard let exporter = try? AuditWorkbookExporter(options: ExportOptions()),
          let artifact = try? exporter.export(catalog, context: ExportContext()),
          (try? FileSink().deliver(artifact, to: workbook)) != nil else {
        print("acr: cannot write the workbook"); exit(1)
    }
    var answers = ACRAnswers()
    for criterion in WCAG22.all where criterion.level != .aaa {
        answers.answers[criterion.number] = [.software: ACRAnswer(term: nil, notes: "Reviewed.", origin: "bench")]
    }
    var settings = ACRSettings()
    settings.productName = "Corpus"
    settings.author.email = "bench@example.com"
    // The International edition: the WCAG tables, then every Section 508 and EN 301 549 chapter.
    settings.edition = ACRSettings.internationalEdition
    var times: [Double] = []
    var rows = 0
    var sizes: [String: Int] = [:]
    for _ in 0..<7 {
        times.append(measure {
            guard let sheet = try? AuditSheet.read(path: workbook),
                  var evidence = try? ACREvidence.rows(of: sheet) else { print("acr: cannot read the workbook"); exit(1) }
            for index in evidence.indices {
                evidence[index].outcome = index % 20 == 3 ? .fail : index % 10 == 5 ? .notApplicable : .pass
            }
            rows = evidence.count
            let builder = ACRBuilder(settings: settings, answers: answers, draft: true, today: "2026-11-23", toolVersion: "bench")
            guard let report = try? builder.build(evidence) else { print("acr: cannot build"); exit(1) }
            sizes["openacr"] = OpenACRWriter.yaml(report).utf8.count
            sizes["markdown"] = ACRMarkdownWriter.markdown(report).utf8.count
            sizes["html"] = ACRHTMLWriter.html(report).utf8.count
            sizes["docx"] = (try? ACRDocxWriter.docx(report))?.count ?? 0
        })
    }
    times.sort()
    print(String(format: "ACR (International edition) of the corpus: %d components, %d filled rows; read the workbook, build, write OpenACR + Markdown + HTML + DOCX: median %.1f ms (min %.1f, max %.1f); peak RSS %.1f MiB",
                 catalog.components.count, rows, times[times.count / 2] * 1000, times[0] * 1000, times[times.count - 1] * 1000, peakRSSMiB()))
    print("sizes: " + sizes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value / 1024) KiB" }.joined(separator: ", "))
}
