import CriteriaModel
import Exporters
import Foundation
import Testing

@Suite("JSON export and the exporter registry")
struct JSONAndRegistryTests {
  @Test("golden JSON of the samples: the model with sorted keys")
  func golden() throws {
    let data = try JSONExporter.encode(try sampleCatalog())
    try expectGolden(String(decoding: data, as: UTF8.self), "samples.json")
  }

  @Test(
    "exporter names are unique, every built-in is registered, typos get a suggestion"
  )
  func registry() throws {
    let registry = ExporterRegistry()
    #expect(Set(registry.names).count == registry.names.count)
    #expect(
      Array(registry.names.prefix(5)) == [
        "json", "csv", "xlsx", "markdown", "gherkin",
      ])
    #expect(
      throws: ExportError(
        "Unknown exporter 'xslx'. Did you mean 'xlsx'? Available: \(registry.names.joined(separator: ", "))."
      )
    ) {
      try registry.entry(named: "xslx")
    }
    for entry in registry.entries {
      #expect(!entry.summary.isEmpty)
      #expect(throws: ExportError.self) {
        try entry.make(ExportOptions(["no_such_option": .bool(true)]))
      }
    }
  }
}
