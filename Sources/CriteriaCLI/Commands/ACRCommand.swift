import ArgumentParser
import CriteriaModel
import CriteriaPipeline
import Foundation

/// `criteria acr --from audit.xlsx`: the Accessibility Conformance Report of a filled audit.
struct ACRCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "acr",
    abstract:
      "Write the Accessibility Conformance Report (VPAT 2.5: WCAG, Revised Section 508 or International edition; OpenACR, Markdown or HTML) of a filled audit.",
    discussion: """
      Conformance per WCAG success criterion, for web rows and for iOS and Android rows (software): \
      Does Not Support when most of the evaluated functionality fails (each component on each platform \
      weighted equally, VPAT 2.5's definition); Partially Supports for any other failure; every row Pass \
      or Not applicable with at least one Pass, Supports; every row Not applicable, Not Applicable (with \
      its reason). Level A and AA criteria without enough evidence need a level in the answers file \
      (acr.answers), or --draft. A failed row with no WCAG number stops a final report.
      """
  )

  @OptionGroup var audit: FilledAuditOption

  @Option(
    name: .shortAndLong,
    help:
      "The config with the acr: section and the criteria sources: the audit's WCAG cells and rows are checked against today's checks (a check the audit lacks counts as not tested)."
  )
  var config = "criteria.yml"

  @Option(
    name: .customLong("to"),
    help:
      "openacr (YAML), markdown, html, docx (Word, laid out as VPAT 2.5Rev's template) or pdf (that document as a tagged PDF, where LibreOffice is installed)."
  )
  var format: ACRRequest.Format = .openacr

  @OptionGroup var file: OutputFileOption

  @Flag(
    help:
      "Mark Level A and AA criteria without enough evidence Not Evaluated, and say Draft in the title."
  )
  var draft = false

  @Option(
    help:
      "Only this platform's rows (ios, android or web): a report for a buyer of one app."
  )
  var platform: String?

  @Option(
    help:
      "The VPAT 2.5 edition (OpenACR catalogue): 2.5-edition-wcag-2.2-en (WCAG 2.2, the default), 2.5-edition-wcag-2.2-508-en (WCAG 2.2 and Revised Section 508) or 2.5-edition-wcag-2.2-508-eu-en (International: WCAG 2.2, Revised Section 508 and EN 301 549); overrides acr.edition."
  )
  var edition: String?

  @Flag(
    help:
      "Write the answers file for the edition instead of the ACR: every criterion and provision the audit cannot decide, with what its evidence says, an empty level to fill in, and the answers the config's answers file already gives."
  )
  var answersTemplate = false

  @Option(
    help:
      "How much of the evidence the remarks tell: summary (what a buyer reads: what fails, on which platform, in which components; the default) or full (what a reviewer checks: every failure with its severity, ticket and note, and the counts); overrides acr.remarks.detail."
  )
  var remarks: RemarksDetail?

  @OptionGroup var language: LanguageOption

  func validate() throws {
    try language.validate(html: format == .html, format: format.rawValue)
    if [.docx, .pdf].contains(format), file.output == "-" {
      throw ValidationError(
        "--to \(format.rawValue) writes a binary file, not text for a terminal; give --output PATH"
      )
    }
    if let platform, Platform(userValue: platform) == nil {
      throw ValidationError(
        "--platform '\(platform)' is not a platform; use ios, android or web")
    }
  }

  func run() throws {
    try cli { () throws(PipelineError) in
      try Pipeline.terminal().acr(
        ACRRequest(
          audit: audit.from, config: config, format: format,
          output: file.output,
          draft: draft, platform: platform.flatMap(Platform.init(userValue:)),
          edition: edition, remarks: remarks,
          languages: language.languages, answersTemplate: answersTemplate))
    }
  }
}
