// swift-format-ignore-file
// The benchmark, the fuzzer and the fake tracker's support opt out of the product modules' style rules.
import Conformance
import CriteriaModel
import CriteriaReaders
import Foundation

/// `criteria-bench wcag [CORPUS_DIR]`: the WCAG mapping alone, in checks per second, over the corpus and
/// the corpus repeated ×1, ×2, ×4 and ×8 under new ids (so the growth shows whether it stays linear).
func benchWCAG(corpus: String) {
    let files = corpusFiles(corpus)
    guard !files.isEmpty else { print("no documents under \(corpus)"); exit(1) }
    let reader = DocumentReader()
    let components = files.compactMap { reader.read(path: $0).component }
    let start = DispatchTime.now().uptimeNanoseconds
    let mapping = WCAGMapping(rules: .builtIn())
    let parse = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    print(String(format: "built-in rules: %d rules read in %.2f ms", mapping.rules.rules.count, parse * 1000))
    print("copies  checks      median ms   checks/s    ms per 1,000 checks")
    for copies in [1, 2, 4, 8] {
        var all: [Component] = []
        for copy in 0..<copies {
            for var component in components {
                component.id += "-\(copy)"
                all.append(component)
            }
        }
        let catalog = Catalog(components: all)
        let checks = catalog.components.reduce(0) { $0 + $1.criteria.count }
        var runs: [Double] = []
        for _ in 0..<7 {
            runs.append(measure { _ = mapping.apply(to: catalog) })
        }
        runs.sort()
        let median = runs[runs.count / 2]
        print(String(format: "x%-6d %-11d %-11.2f %-11.0f %.2f", copies, checks, median * 1000,
                     Double(checks) / median, median * 1000 / Double(checks) * 1000))
    }
}
