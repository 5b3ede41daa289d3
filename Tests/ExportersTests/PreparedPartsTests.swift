import CriteriaModel
import Foundation
import TestSupport
import Testing

@testable import Exporters

/// Exporters that make their part for each component while documents are read give the same bytes as
/// when they make everything at the end, and never use a part made from a component that changed since.
@Suite("Parts made ahead")
struct PreparedPartsTests {
  /// The JSON exporter, pretty and compact, and the HTML test plan with and without notes: two of each,
  /// made alike.
  ///
  /// The Markdown checklist as lists and as tables: the built-in template, rendered in
  /// parts, beside the shipped copy of the same template, which a user's template option renders whole.
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
      made.append(
        (
          try MarkdownChecklistExporter(
            options: ExportOptions(
              [
                "table": .string(value),
                "template": .string("templates/checklist.md.mustache"),
              ], baseDirectory: Paths.packageRoot.path)),
          try MarkdownChecklistExporter(options: options(["table": value]))
        ))
    }
    return made
  }

  /// The samples, and a copy whose first component's texts hold what a template or Markdown could
  /// take for their own: braces, ampersands, angle brackets, pipes, line breaks.
  func catalogs() throws -> [Catalog] {
    let catalog = try sampleCatalog()
    var hostile = catalog
    hostile.components[0].title = "Tab & {{title}} <b>|x|</b>\nnext"
    hostile.components[0].criteria[0].check = "{{#table}}a|b{{/table}} & <i>"
    hostile.components[0].criteria[0].expectation = "line one\nline | two"
    return [catalog, hostile]
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
    for catalog in try catalogs() {
      #expect(catalog.components.count > 1)
      for (fresh, ahead) in try pairs() {
        for component in catalog.components { ahead.prepare(component) }
        let expected = try bytes(
          try fresh.export(catalog, context: fixedContext))
        #expect(
          try bytes(try ahead.export(catalog, context: fixedContext))
            == expected)
        // The parts are handed over once: exporting again makes them afresh, to the same bytes.
        #expect(
          try bytes(try ahead.export(catalog, context: fixedContext))
            == expected)
      }
    }
  }

  @Test(
    "every part made ahead from the corpus: the same bytes as making them at the end",
    .enabled(if: SharedData.available, Comment(rawValue: SharedData.missing)))
  func corpusBytes() throws {
    let catalog = try loadCatalog(Paths.corpus)
    for (fresh, ahead) in try pairs() {
      for component in catalog.components { ahead.prepare(component) }
      #expect(
        try bytes(try ahead.export(catalog, context: fixedContext))
          == bytes(try fresh.export(catalog, context: fixedContext)))
    }
  }

  @Test(
    "the built-in checklist is cut at its one components section; a template without one is refused"
  )
  func sections() throws {
    #expect(throws: Never.self) {
      try ComponentSections(
        "{{% CONTENT_TYPE: TEXT }}\n# {{title}}\n{{#components}}\n{{id}}\n{{/components}}\n",
        name: "t")
    }
    for text in [
      "# {{title}}\n{{#components}}{{id}}{{/components}}\n",
      "{{#components}}\n{{/components}}\n{{#components}}\n{{/components}}\n",
      "# {{title}}\n",
    ] {
      #expect(throws: ExportError.self) {
        try ComponentSections(text, name: "t")
      }
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
