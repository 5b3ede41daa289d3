import ArgumentParser
import CriteriaPipeline

/// `criteria validate`: report every problem in every document.
struct ValidateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "validate",
    abstract:
      "Check that the documents read cleanly; print every problem as file:line and exit 1 on errors.",
    discussion:
      "Warnings (a misspelt heading, a link to another component) are printed but do not fail, unless --strict."
  )

  @Argument(help: "Criteria documents, folders or globs.")
  var paths: [String]

  @Flag(help: "Fail on warnings too.")
  var strict = false

  func run() throws {
    let loaded = try cli { () throws(PipelineError) in
      try CatalogLoader().load(paths)
    }
    loaded.skipped.forEach(Terminal.note)
    Terminal.report(loaded.diagnostics)
    let errors = loaded.diagnostics.filter { $0.severity == .error }.count
    let warnings = loaded.diagnostics.count - errors
    let skipped =
      loaded.skipped.isEmpty ? "" : ", \(loaded.skipped.count) skipped"
    Terminal.note(
      "\(loaded.documentCount) documents, \(loaded.catalog.components.count) components, "
        + "\(errors) errors, \(warnings) warnings\(skipped)")
    // --strict: warnings and skipped files fail too.
    if errors > 0 || (strict && (warnings > 0 || !loaded.skipped.isEmpty)) {
      throw ExitCode(1)
    }
  }
}
