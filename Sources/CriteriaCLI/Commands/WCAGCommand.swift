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
      Rules match a check's test kind, its component's kind (from the document's own Role check, then \
      its title; on WAI-ARIA's role categories), words of its key and words of its expectation. WCAG lists what a check tests (evidence for the ACR and the workbook); RELATED lists \
      criteria practitioners also name for it, never counted. A check whose expectation is N/A tests \
      nothing. --explain ID shows the component's kind and the words it came from, and which rules \
      matched one check and why. The built-in rules print with \
      --print-rules; a team adds rules, or replaces one by id, in a YAML file named with --rules here \
      or under wcag.rules in criteria.yml.
      """
  )

  @Argument(help: "Criteria documents, folders or globs.")
  var paths: [String] = []

  @OptionGroup var rules: WCAGRulesOption

  @OptionGroup var listing: ListingFormatOption

  @Flag(help: "Print the built-in rules as YAML and exit.")
  var printRules = false

  @Option(
    help: ArgumentHelp(
      "Show which rules matched one check (its id, as `criteria list` or the workbook's ID column gives it) and why.",
      valueName: "id"))
  var explain: String?

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
    let (loaded, mapped) = try cli { () throws(PipelineError) in
      let reading = try MappedReading(
        paths, rules: rules.files, selection: selection.selection)
      return (reading.loaded, try reading.mapped())
    }
    let (mapping, rows) = (mapped.mapping, mapped.rows)
    loaded.skipped.forEach(Terminal.note)
    Terminal.report(loaded.diagnostics, warnings: false)
    if let explain {
      try self.explain(
        explain, in: loaded.catalog, mapping: mapping, rows: rows)
      return
    }
    switch listing.format {
    case .table:
      var table = TextTable(header: ["CHECK", "WCAG", "RELATED", "RULES"])
      for row in rows {
        table.rows.append([
          "\(row.component) / \(row.test) / \(row.check)",
          row.notEvidence != nil
            ? "N/A" : row.wcag.isEmpty ? "-" : row.wcag.joined(separator: ", "),
          row.related.joined(separator: ", "),
          row.rules.joined(separator: ", "),
        ])
      }
      print(table.render(), terminator: "")
    case .json:
      print(try Terminal.json(["checks": rows]))
    }
    let unplaced = rows.filter {
      $0.wcag.isEmpty && $0.related.isEmpty && $0.notEvidence == nil
    }
    let unmapped = unplaced.count
    let covered = Set(rows.flatMap(\.wcag)).count
    let unknown = mapped.catalog.components.filter {
      $0.kind == ComponentKinds.fallback
    }
    if !unknown.isEmpty {
      Terminal.note(
        "\(Counted.phrase(unknown.count, "component")) of unknown kind (no Role check names a role and no kind "
          + "rule matches the title), mapped as user interface components: "
          + unknown.prefix(8).map(\.title).joined(separator: ", ")
          + (unknown.count > 8 ? " and \(unknown.count - 8) more" : "")
          + "; --explain ID says why, and a kinds: rule in a rules file says what they are"
      )
    }
    Terminal.note(
      "\(Counted.phrase(rows.count, "check")) \(rows.count == 1 ? "maps" : "map") to "
        + Counted.phrase(
          covered, "success criterion", plural: "success criteria")
        + (unmapped > 0
          ? "; \(unmapped) \(unmapped == 1 ? "maps" : "map") to none (add a rule):"
          : ""))
    // The checks no rule places, each at its line: they still count as failures in an ACR when they fail.
    for row in unplaced.prefix(20) {
      Terminal.note(
        "  \(row.source): \(row.component) / \(row.test) / \(row.check)")
    }
    if unmapped > 20 {
      Terminal.note("  and \(unmapped - 20) more (validate lists every one)")
    }
    let failed = loaded.hasErrors
    ReleaseAside.drop((consume loaded, consume mapped))
    if failed { throw ExitCode(ExitStatus.dataError.rawValue) }
  }

  /// Prints, for one check, its component's kind and the kind rule that gave it, every rule that matched
  /// with what it says and why, and the result.
  private func explain(
    _ id: String, in catalog: Catalog, mapping: WCAGMapping,
    rows: [WCAGMappingRow]
  ) throws {
    guard let row = rows.first(where: { $0.id == id }),
      let component = catalog.components.first(where: {
        $0.criteria.contains { $0.id == id }
      }),
      let check = component.criteria.first(where: { $0.id == id })
    else {
      let hint =
        Suggestion.hint(for: id, in: rows.map(\.id))
      Terminal.note(
        "error: no check has the id '\(id)' in the sources read.\(hint)")
      throw ExitCode(ExitStatus.usage.rawValue)
    }
    var lines = [
      "\(row.id)  (\(row.source))",
      "  \(row.test): \(row.check) | \(row.expectation)",
    ]
    lines.append(
      "  component: \(component.title): \(mapping.rules.kinds.decide(component).explanation)"
    )
    let matched = mapping.rules.matching(check, kind: row.kind)
    if matched.isEmpty { lines.append("  no rule matched") }
    for rule in matched {
      var gives: [String] = []
      if !rule.wcag.isEmpty {
        gives.append("tests \(rule.wcag.joined(separator: ", "))")
      }
      if !rule.related.isEmpty {
        gives.append("related \(rule.related.joined(separator: ", "))")
      }
      lines.append(
        "  rule \(rule.id) (\(rule.origin)): \(gives.joined(separator: "; "))")
      lines.append("    \(rule.reason)")
    }
    if let why = row.notEvidence {
      lines.append("  result: no evidence: \(why)")
    } else {
      lines.append(
        "  result: tests \(row.wcag.isEmpty ? "nothing" : row.wcag.joined(separator: ", "))"
          + (row.related.isEmpty
            ? "" : "; related \(row.related.joined(separator: ", "))"))
    }
    print(lines.map(Terminal.printable).joined(separator: "\n"))
  }
}
