import ACR
import Audit
import Config
import Conformance
import CriteriaModel
import Exporters
import Foundation

/// What `criteria acr` is asked to do.
public struct ACRRequest: Sendable {
  public init(
    audit: String, config: String, format: Format, output: String,
    draft: Bool = false, platform: Platform? = nil, edition: String? = nil,
    remarks: RemarksDetail? = nil, languages: TextLanguages = TextLanguages(),
    answersTemplate: Bool = false
  ) {
    self.answersTemplate = answersTemplate
    self.audit = audit
    self.config = config
    self.format = format
    self.output = output
    self.draft = draft
    self.platform = platform
    self.edition = edition
    self.remarks = remarks
    self.languages = languages
  }

  /// The formats an ACR is written in.
  public enum Format: String, Sendable, CaseIterable {
    case openacr, markdown, html, docx, pdf
  }

  /// The filled audit (XLSX or CSV).
  public var audit: String
  /// The config with the `acr:` section (and the criteria sources, for an audit without a WCAG column).
  public var config: String
  public var format: Format
  /// Where the report goes (`-` for standard output).
  public var output: String
  /// Mark Level A and AA criteria without evidence Not Evaluated and say "draft" in the title.
  public var draft: Bool = false
  /// Only this platform's rows (a report for a buyer of one app); nil for every row.
  public var platform: Platform?
  /// The OpenACR catalogue (VPAT edition), over the config's `acr.edition`; nil for the config's.
  public var edition: String?
  /// Write the answers file for the edition (every item the audit cannot decide) instead of the ACR.
  public var answersTemplate = false
  /// How much of the evidence the remarks tell, over the config's `acr.remarks.detail`; nil for the
  /// config's.
  public var remarks: RemarksDetail?
  /// The languages the documents and the testers' notes are written in (`--language`,
  /// `--notes-language`), over the config's.
  public var languages: TextLanguages = TextLanguages()
}

/// How much of the evidence an ACR's remarks tell (`acr.remarks.detail`, `--remarks`).
public typealias RemarksDetail = ACR.RemarksDetail

extension Pipeline {
  /// Writes the Accessibility Conformance Report of a filled audit: `criteria acr`.
  public func acr(_ request: ACRRequest) throws(PipelineError) {
    let config = try ConfigFile(path: request.config)
    let settings = config.settings
    guard var acr = settings.acr else {
      throw PipelineError(
        "\(request.config): no acr: section; add the product and author facts the report needs "
          + "(criteria init shows one)", status: .config)
    }
    if let edition = request.edition {
      guard ACRSettings.editions.contains(edition) else {
        throw PipelineError(
          "--edition \(edition): criteria writes \(ACRSettings.editions.joined(separator: ", "))",
          status: .usage)
      }
      acr.edition = edition
    }
    if let remarks = request.remarks { acr.remarksDetail = remarks }
    let sheet = try readSheet(request.audit)
    // Today's mapping of every row id's check, from the config's sources and rules: an audit from before
    // WCAG mapping takes its WCAG numbers from it; an audit with a WCAG column has its cells checked
    // against it (`mapping`), so a Supports rests on checks that test the criterion.
    // The same checks tell which of the criteria's checks the audit lacks, so that a deleted row (a
    // failure among them) is counted not tested, never silently gone.
    var wcagByID: [String: [String]]?
    var mapping: [String: [String]]?
    let today: TodaysChecks?
    if sheet.column(.wcag) == nil {
      today = try TodaysChecks(settings, reporter: reporter)
      wcagByID = today?.mapping
      reporter.note(
        "\(request.audit) has no WCAG column; the mapping was recomputed from \(request.config)'s sources"
      )
    } else if request.draft || request.answersTemplate {
      today = todaysChecks(
        settings, config: request.config)
      mapping = today?.mapping
    } else {
      // A final ACR claims what the audit's WCAG cells say only once they are checked against today's
      // mapping: sources that do not read leave a planted or stale cell unchecked, so it is refused.
      do {
        today = try TodaysChecks(settings, reporter: reporter)
      } catch {
        throw PipelineError(
          error.message
            + "; a final ACR counts the audit's WCAG cells only once they are checked "
            + "against today's mapping, so none is written (criteria validate names the problems; "
            + "--draft writes the ACR unchecked, saying so)",
          status: error.status)
      }
      mapping = today?.mapping
    }
    // The ticket keys the remarks name link to the pages the config's ledgers recorded.
    let known = try Self.ledgerTickets(config: config)
    var report: ACRReport?
    var template: String?
    answered: do throws(ACRError) {
      var evidence =
        try ACREvidence.rows(of: sheet, wcagByID: wcagByID)
        + ACREvidence.retiredFindings(of: sheet)
      guard !evidence.isEmpty else {
        throw ACRError(Self.noRows(in: sheet, "an ACR"), status: .dataError)
      }
      // The notes as testers wrote them, before a ledger's sentence is added to any.
      let written = evidence
      known.name(
        in: &evidence, outcome: \.outcome, id: \.id, date: \.date,
        movedFrom: \.movedFrom, ticket: \.ticket)
      if let only = request.platform {
        evidence = evidence.filter { $0.platform == only.rawValue }
        guard !evidence.isEmpty else {
          throw ACRError(
            "\(request.audit) has no \(only.rawValue) rows; --platform chooses rows the audit has",
            status: .usage)
        }
      }
      // A row not tested whose failure a ledger filed, no retest passing it since, is such a Fail.
      let untested = { (row: ACREvidence) in
        row.outcome == .notTested && row.earlierResult == nil && !row.retired
      }
      let filedUntested = filedFailures(
        ofUntested: evidence.filter(untested).map { ($0.id, $0.what) },
        known: known, audit: request.audit)
      for (index, row) in evidence.enumerated() where untested(row) {
        guard let failure = filedUntested[row.id] else { continue }
        var marked = row
        marked.earlierFinding = .fail
        marked.earlierResult = .fail
        failure.record(notes: &marked.notes, ticket: &marked.ticket)
        evidence[index] = marked
      }
      if let today {
        // Counted as a fresh audit would hold them (`AuditResultRow(lacking:)`), apart from the
        // audit's own rows.
        let layout = AuditLayout()
        let checks = lacking(
          today,
          rows: evidence.filter { !$0.retired }.compactMap { row in
            Platform(rawValue: row.platform).map { (row.id, $0) }
          }, audit: request.audit)
        let filed = filedFailures(
          of: checks, known: known, audit: request.audit)
        evidence += checks.map { check in
          var lacking = ACREvidence(
            AuditResultRow(
              lacking: check, in: request.audit, layout: layout,
              filed: filed[check.id]),
            platform: check.platform, wcag: check.criterion.wcag)
          lacking.inAudit = false
          return lacking
        }
      }
      var answers = ACRAnswers()
      if !acr.answers.isEmpty {
        guard let data = FileManager.default.contents(atPath: acr.answers)
        else {
          throw ACRError("acr.answers: cannot read '\(acr.answers)'")
        }
        answers = try ACRAnswers(
          yaml: String(decoding: data, as: UTF8.self), origin: acr.answers)
      }
      // A report for one platform's buyers says so where the product is described: the config's
      // description may name every platform the product ships on.
      if let only = request.platform {
        let covers =
          only == .web
          ? "This report covers the web version only."
          : "This report covers the \(only.rawValue) app only."
        acr.productDescription =
          acr.productDescription.isEmpty
          ? covers : acr.productDescription + " " + covers
      }
      let builder = ACRBuilder(
        settings: acr, answers: answers, draft: request.draft,
        today: context.day,
        toolVersion: context.toolVersion, ticketLinks: known.links,
        mapping: mapping)
      if request.answersTemplate {
        template = builder.answersTemplate(evidence)
        break answered
      }
      report = try builder.build(evidence)
      report?.languages = request.languages.over(settings.languages)
      report?.quoted = ACRQuoted.phrases(names: evidence, notes: written)
    } catch {
      throw PipelineError(error)
    }
    let destination: Destination =
      request.output == "-" ? .standardOutput : .path(request.output)
    let sink = ArtifactSink(
      protecting: [request.audit, request.config]
        + (acr.answers.isEmpty ? [] : [acr.answers]),
      reporter: reporter)
    guard var report else {
      try sink.deliver(
        .file(Data((template ?? "").utf8)), from: "acr", to: destination)
      return
    }
    report.scope.mapping = ACRScope.mappingSentence(
      ruleFiles: settings.wcagRules, hasWCAGColumn: wcagByID == nil,
      checked: mapping != nil, toolVersion: context.toolVersion)
    for warning in report.missingFacts + report.warnings {
      reporter.note("warning: \(warning)")
    }
    let bytes: Data
    switch request.format {
    case .openacr: bytes = Data(OpenACRWriter.yaml(report).utf8)
    case .markdown: bytes = Data(ACRMarkdownWriter.markdown(report).utf8)
    case .html: bytes = Data(ACRHTMLWriter.html(report).utf8)
    case .docx, .pdf:
      let docx: Data
      do { docx = try ACRDocxWriter.docx(report) } catch {
        throw PipelineError(error)
      }
      // A PDF is the Word document as LibreOffice prints it, tagged.
      bytes =
        request.format == .pdf ? try PDFConversion.pdf(fromDocx: docx) : docx
    }
    try sink.deliver(.file(bytes), from: "acr", to: destination)
  }
}
