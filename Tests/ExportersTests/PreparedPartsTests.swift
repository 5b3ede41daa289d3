import CriteriaModel
import Exporters
import Foundation
import Testing

/// Exporters that make their part for each component while documents are read give the same bytes as
/// when they make everything at the end, and never use a part made from a component that changed since.
@Suite("Parts made ahead")
struct PreparedPartsTests {
  /// The JSON exporter, pretty and compact, and the HTML test plan with and without notes: two of each,
  /// made alike.
  func pairs() throws -> [(any PreparingExporter, any PreparingExporter)] {
    func options(_ pairs: [String: String]) -> ExportOptions {
      ExportOptions(pairs.mapValues { .string($0) }, origin: "test")
    }
    var made: [(any PreparingExporter, any PreparingExporter)] = []
    for value in ["true", "false"] {
      made.append(
        (
          try JSONExporter(options: options(["pretty": value])),
          try JSONExporter(options: options(["pretty": value]))
        ))
      made.append(
        (
          try HTMLTestPlanExporter(options: options(["notes": value])),
          try HTMLTestPlanExporter(options: options(["notes": value]))
        ))
    }
    return made
  }

  func bytes(_ artifact: ExportArtifact) throws -> Data {
    guard case .file(let data) = artifact else {
      Issue.record("expected one file")
      return Data()
    }
    return data
  }

  @Test(
    "every part made ahead: the same bytes as making them at the end, with each option"
  )
  func sameBytes() throws {
    let catalog = try sampleCatalog()
    #expect(catalog.components.count > 1)
    for (fresh, ahead) in try pairs() {
      for component in catalog.components { ahead.prepare(component) }
      let expected = try bytes(try fresh.export(catalog, context: fixedContext))
      #expect(
        try bytes(try ahead.export(catalog, context: fixedContext)) == expected)
      // The parts are handed over once: exporting again makes them afresh, to the same bytes.
      #expect(
        try bytes(try ahead.export(catalog, context: fixedContext)) == expected)
    }
  }

  @Test(
    "a part made from an earlier version of a component (same id) is not used")
  func staleParts() throws {
    let catalog = try sampleCatalog()
    var changed = catalog
    changed.components[0].title = "A title the earlier version did not have"
    changed.components[0].criteria[0].check =
      "A check the earlier version did not have"
    for (fresh, ahead) in try pairs() {
      for component in catalog.components { ahead.prepare(component) }
      let made = try bytes(try ahead.export(changed, context: fixedContext))
      #expect(
        made == (try bytes(try fresh.export(changed, context: fixedContext))))
      #expect(
        String(decoding: made, as: UTF8.self).contains(
          "A check the earlier version did not have"))
    }
  }
}
