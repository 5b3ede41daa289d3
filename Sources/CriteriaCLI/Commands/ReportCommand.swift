import ArgumentParser
import CriteriaPipeline
import Foundation

/// `criteria report --from audit.xlsx`: the audit report stakeholders open in a browser.
struct ReportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract:
      "Write a self-contained, accessible HTML report of a filled audit: summary, failures first, every component, WCAG, what was not tested.",
    discussion: """
      One HTML file with no external requests, readable without JavaScript; filters by platform, result, \
      severity and component work with the keyboard and a screen reader. Ticket keys link to the tracker when \
      the config's ledgers know them.
      """
  )

  @OptionGroup var audit: FilledAuditOption

  @Option(
    name: .shortAndLong,
    help:
      "The config whose tracker ledgers link ticket keys and whose sources the audit is checked against (a check it lacks counts as not tested; default: criteria.yml when it exists)."
  )
  var config: String?

  @Option(
    name: .customLong("to"),
    help:
      "html (the report) or junit (JUnit XML for CI and test-management tools)."
  )
  var format: ReportRequest.Format = .html

  @OptionGroup var file: OutputFileOption

  @Option(
    help:
      "The report's title (default: the config's acr.product name and version, '<name> <version>: accessibility audit report', else 'Accessibility audit report')."
  )
  var title: String?

  @OptionGroup var language: LanguageOption

  func validate() throws {
    try language.validate(html: format == .html, format: format.rawValue)
  }

  func run() throws {
    let config = optionalConfig(self.config)
    try cli { () throws(PipelineError) in
      try Pipeline.terminal().report(
        ReportRequest(
          audit: audit.from, config: config, output: file.output,
          title: title ?? "",
          format: format, languages: language.languages))
    }
  }
}
