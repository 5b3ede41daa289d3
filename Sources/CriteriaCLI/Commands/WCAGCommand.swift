import ArgumentParser
import Conformance
import CriteriaModel
import CriteriaPipeline
import Foundation

/// `criteria wcag`: which WCAG success criteria each check tests, and the rule that said so.
struct WCAGCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "wcag",
    abstract:
      "Show the WCAG 2.2 success criteria each check maps to, with the rules that matched, for review.",
    discussion: """
      Rules match a check's test kind, words of its key and words of its expectation. The built-in \
      rules print with --print-rules; a team adds rules, or replaces one by id, in a YAML file named with \
      --rules here or under wcag.rules in criteria.yml.
      """
  )

  enum Format: String, ExpressibleByArgument, CaseIterable { case table, json }

  @Argument(help: "Criteria documents, folders or globs.")
  var paths: [String] = []

  @Option(
    name: .customLong("rules"),
    help: "A YAML file of rules added after the built-in ones (repeatable).")
  var ruleFiles: [String] = []

  @Option(help: "table for people, json for scripts.")
  var format: Format = .table

  @Flag(help: "Print the built-in rules as YAML and exit.")
  var printRules = false

  @OptionGroup var selection: SelectionOptions

  func validate() throws {
    if !printRules, paths.isEmpty {
      throw ValidationError(
        "name the criteria documents, folders or globs to map")
    }
  }

  func run() throws {
    if printRules {
      print(WCAGRules.builtInYAML, terminator: "")
      return
    }
    let (loaded, rows) = try cli { () throws(PipelineError) in
      let loaded = try CatalogLoader().load(paths)
      let mapping = try Pipeline.wcagMapping(ruleFiles)
      return (
        loaded,
        mapping.apply(to: selection.selection.apply(to: loaded.catalog)).rows
      )
    }
    loaded.skipped.forEach(Terminal.note)
    Terminal.report(loaded.diagnostics, warnings: false)
    switch format {
    case .table:
      var table = TextTable(header: ["CHECK", "WCAG", "RULES"])
      for row in rows {
        table.rows.append([
          "\(row.component) / \(row.test) / \(row.check)",
          row.wcag.isEmpty ? "-" : row.wcag.joined(separator: ", "),
          row.rules.joined(separator: ", "),
        ])
      }
      print(table.render(), terminator: "")
    case .json:
      let encoder = JSONEncoder()
      encoder.outputFormatting = [
        .sortedKeys, .prettyPrinted, .withoutEscapingSlashes,
      ]
      print(
        String(decoding: try encoder.encode(["checks": rows]), as: UTF8.self))
    }
    let unmapped = rows.filter(\.wcag.isEmpty).count
    let covered = Set(rows.flatMap(\.wcag)).count
    Terminal.note(
      "\(rows.count) checks map to \(covered) success criteria"
        + (unmapped > 0 ? "; \(unmapped) map to none (add a rule)" : ""))
    if loaded.hasErrors { throw ExitCode(ExitStatus.dataError.rawValue) }
  }
}
