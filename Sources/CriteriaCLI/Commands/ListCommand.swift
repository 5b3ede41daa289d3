import ArgumentParser
import CriteriaModel
import CriteriaPipeline
import Foundation

/// `criteria list`: what components the documents describe.
struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract:
      "Show the components in the given documents, with their platforms and how many checks each has."
  )

  @Argument(help: "Criteria documents, folders or globs.")
  var paths: [String]

  @OptionGroup var listing: ListingFormatOption

  func run() throws {
    let loaded = try cli { () throws(PipelineError) in
      try CatalogLoader().load(paths)
    }
    loaded.skipped.forEach(Terminal.note)
    Terminal.report(loaded.diagnostics, warnings: false)
    switch listing.format {
    case .table:
      var table = TextTable(header: [
        "COMPONENT", "FAMILY", "PLATFORMS", "CRITERIA", "SCENARIOS",
      ])
      for c in loaded.catalog.components {
        table.rows.append([
          c.id, c.family.rawValue,
          c.platforms.map(\.rawValue).joined(separator: ", "),
          String(c.criteria.count), String(c.scenarios.count),
        ])
      }
      print(table.render(), terminator: "")
      Terminal.note(
        Counted.phrase(loaded.catalog.components.count, "component") + ", "
          + Counted.phrase(
            loaded.catalog.criterionCount, "criterion", plural: "criteria")
      )
    case .json:
      let rows = loaded.catalog.components.map {
        ListRow(
          id: $0.id, title: $0.title, family: $0.family.rawValue,
          category: $0.category,
          platforms: $0.platforms.map(\.rawValue), criteria: $0.criteria.count,
          scenarios: $0.scenarios.count, source: $0.source.file)
      }
      print(try Terminal.json(["components": rows]))
    }
    let failed = loaded.hasErrors
    ReleaseAside.drop(consume loaded)
    if failed { throw ExitCode(ExitStatus.dataError.rawValue) }
  }

  struct ListRow: Encodable {
    var id, title, family, category: String
    var platforms: [String]
    var criteria, scenarios: Int
    var source: String
  }
}
