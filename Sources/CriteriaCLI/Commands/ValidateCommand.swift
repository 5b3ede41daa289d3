import ArgumentParser
import CriteriaModel
import CriteriaPipeline

/// `criteria validate`: report every problem in every document.
struct ValidateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "validate",
    abstract:
      "Check that the documents read cleanly; print every problem as file:line and exit 1 on errors.",
    discussion:
      "Warnings (a misspelt heading, a link to another component, a check no WCAG rule maps) are printed but do not fail, unless --strict."
  )

  @Argument(help: "Criteria documents, folders or globs.")
  var paths: [String]

  @Flag(help: "Fail on warnings too.")
  var strict = false

  @OptionGroup var rules: WCAGRulesOption

  func run() throws {
    let (loaded, unmapped) = try cli { () throws(PipelineError) in
      let loaded = try CatalogLoader().load(paths)
      return (
        loaded, loaded.unmappedChecks(try Pipeline.wcagMapping(rules.files))
      )
    }
    let diagnostics = loaded.diagnostics + unmapped
    loaded.skipped.forEach(Terminal.note)
    Terminal.report(diagnostics)
    let errors = diagnostics.filter { $0.severity == .error }.count
    let warnings = diagnostics.count - errors
    let skipped =
      loaded.skipped.isEmpty ? "" : ", \(loaded.skipped.count) skipped"
    Terminal.note(
      [
        Counted.phrase(loaded.documentCount, "document"),
        Counted.phrase(loaded.catalog.components.count, "component"),
        Counted.phrase(errors, "error"), Counted.phrase(warnings, "warning"),
      ].joined(separator: ", ") + skipped)
    // --strict: warnings and skipped files fail too.
    let failed =
      errors > 0 || (strict && (warnings > 0 || !loaded.skipped.isEmpty))
    ReleaseAside.drop(consume loaded)
    if failed { throw ExitCode(1) }
  }
}
