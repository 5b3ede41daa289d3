import ArgumentParser
import AuditCycle
import CriteriaModel
import CriteriaPipeline
import Foundation

/// `criteria diff OLD NEW`: what regressed, what was fixed, and how conformance moved.
struct DiffCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract:
      "Compare two filled audits row by row id: regressions, new failures, fixes, and conformance changes.",
    discussion: """
      Every row falls in exactly one bucket: regression (Pass or Not applicable, now Fail), new failure (a \
      new row, or one Not tested or Cannot tell, now Fail), fix (Fail, now Pass), failure now Not \
      applicable (Fail, now Not applicable: no longer counted, though nothing was fixed), still failing, \
      newly untested (evaluated, now Not tested or Cannot tell), other result change (such as Not tested, \
      now Pass), unchanged (the same result), added, retired. A row whose \
      expectation changed is marked in its bucket. Then the change of conformance per WCAG criterion and \
      product type, under the ACR's roll-up. Exit 0; with --fail-on regression, exit 1 when there is a \
      regression or a new failure.
      """
  )

  enum FailOn: String, ExpressibleByArgument { case regression }

  @Argument(help: "The earlier filled audit (.xlsx or .csv).")
  var old: String

  @Argument(help: "The later filled audit (.xlsx or .csv).")
  var new: String

  @Option(name: .customLong("to"), help: "markdown, html or json.")
  var format: AuditDiff.Format = .markdown

  @OptionGroup var file: OutputFileOption

  @OptionGroup var resultWords: ResultWordsConfigOption

  @OptionGroup var language: LanguageOption

  func validate() throws {
    try language.validate(html: format == .html, format: format.rawValue)
  }

  @Option(
    help: "regression: exit 1 when a row regressed or newly fails (for CI).")
  var failOn: FailOn?

  @Option(
    help: ArgumentHelp(
      "The release the earlier audit covers, such as 5.2, named on the page.",
      valueName: "label"))
  var fromLabel = ""

  @Option(
    help: ArgumentHelp(
      "The release the later audit covers, such as 5.3.", valueName: "label"))
  var toLabel = ""

  func run() throws {
    let config = resultWords.path
    let diff = try cli { () throws(PipelineError) in
      var request = DiffRequest(
        old: old, new: new, config: config, format: format,
        output: file.output,
        languages: language.languages)
      request.fromLabel = fromLabel
      request.toLabel = toLabel
      return try Pipeline.terminal().diff(request)
    }
    let counts = AuditDiff.Bucket.allCases.map {
      $0.counted(diff.rows($0).count)
    }
    Terminal.note(
      counts.joined(separator: ", ") + "; "
        + Counted.phrase(diff.conformance.count, "conformance change"))
    if failOn == .regression, diff.hasRegressions {
      throw CLIError(
        Counted.phrase(diff.rows(.regression).count, "regression") + " and "
          + Counted.phrase(diff.rows(.newFailure).count, "new failure"),
        status: .failure)
    }
  }
}
