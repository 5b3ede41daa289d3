import ACR
import Audit
import Config
import CriteriaModel
import Exporters
import Foundation
import Report
import Tickets

/// What `criteria report` is asked to do.
public struct ReportRequest: Sendable {
  /// The filled audit (XLSX or CSV).
  public var audit: String
  /// The config whose tracker outputs' ledgers give each ticket key its link, or nil for none.
  public var config: String?
  /// Where the report goes (`-` for standard output).
  public var output: String
  /// The report's title; empty for the default, which names the product the config's `acr:` section
  /// names.
  public var title: String
  /// The format.
  public var format: Format = .html
  /// The languages the documents and the testers' notes are written in (`--language`,
  /// `--notes-language`), over the config's.
  public var languages: TextLanguages = TextLanguages()

  public init(
    audit: String, config: String? = nil, output: String, title: String,
    format: Format = .html, languages: TextLanguages = TextLanguages()
  ) {
    self.audit = audit
    self.config = config
    self.output = output
    self.title = title
    self.format = format
    self.languages = languages
  }

  /// The formats a report is written in.
  public enum Format: String, Sendable, CaseIterable {
    case html, junit
  }
}

extension Pipeline {
  /// The product and release the config's `acr.product` names (`Sample App 1.0`); empty without one.
  static func product(_ acr: ACRSettings?) -> String {
    [acr?.productName ?? "", acr?.productVersion ?? ""]
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      .joined(separator: " ")
  }

  /// The report's default title: what a stakeholder asks first, which product and release it covers
  /// (`Sample App 1.0: accessibility audit report`), from the config's `acr.product`.
  static func reportTitle(_ acr: ACRSettings?) -> String {
    let product = Self.product(acr)
    return product.isEmpty
      ? "Accessibility audit report" : "\(product): accessibility audit report"
  }

  /// Writes the HTML audit report of a filled audit: `criteria report`.
  public func report(_ request: ReportRequest) throws(PipelineError) {
    let sheet = try readSheet(request.audit)
    var results: AuditResults
    do {
      results = try AuditResults(sheet: sheet)
      try results.add(retiredFrom: sheet)
    } catch {
      throw PipelineError(error)
    }
    guard !results.rows.isEmpty else {
      throw PipelineError(
        Self.noRows(in: sheet, "a report"), status: .dataError)
    }
    var links: [String: String] = [:]
    var protected = [request.audit]
    var languages = request.languages
    var title = request.title.isEmpty ? Self.reportTitle(nil) : request.title
    if let path = request.config {
      protected.append(path)
      let config = try ConfigFile(path: path)
      languages = languages.over(config.settings.languages)
      if request.title.isEmpty { title = Self.reportTitle(config.settings.acr) }
      let known = try Self.ledgerTickets(config: config)
      links = known.links
      known.name(
        in: &results.rows, outcome: \.outcome, id: \.id, date: \.date,
        movedFrom: \.movedFrom, ticket: \.ticket)
      // A row not tested whose failure a ledger filed, no retest passing it since, is such a Fail.
      let untested = { (row: ResultRow) in
        row.outcome == .notTested && row.earlierResult == nil && !row.retired
      }
      let filedUntested = filedFailures(
        ofUntested: results.rows.filter(untested).map {
          ($0.id, "\($0.component) (\($0.platform)) \($0.checkName)")
        }, known: known, audit: request.audit)
      for (index, row) in results.rows.enumerated() where untested(row) {
        guard let failure = filedUntested[row.id] else { continue }
        var marked = row
        marked.failedBefore = true
        marked.earlierResult = .fail
        failure.record(notes: &marked.addedNote, ticket: &marked.ticket)
        results.rows[index] = marked
      }
      // The conformance table counts each row as its WCAG cell says, and a check the audit lacks as
      // not tested.
      let today = todaysChecks(
        config.settings, config: path)
      warnAboutWCAGCells(
        of: sheet, layout: AuditLayout(), mapping: today?.mapping,
        countedBy: "the report's conformance table counts")
      if let today {
        let checks = lacking(
          today,
          rows: results.rows.filter { !$0.retired }.compactMap { row in
            Platform(rawValue: row.platform).map { (row.id, $0) }
          }, audit: request.audit)
        results.add(
          lacking: checks,
          filed: filedFailures(of: checks, known: known, audit: request.audit))
      }
    }
    let page: String
    switch request.format {
    case .html:
      page = HTMLReport(
        results: results, title: title,
        date: context.day,
        ticketLinks: links, toolVersion: context.toolVersion,
        languages: languages
      ).html()
    case .junit:
      page = JUnitReport(
        results: results, title: title,
        timestamp: context.timestamp("yyyy-MM-dd'T'HH:mm:ss")
      ).xml()
    }
    let destination: Destination =
      request.output == "-" ? .standardOutput : .path(request.output)
    try ArtifactSink(protecting: protected, reporter: reporter)
      .deliver(.file(Data(page.utf8)), from: "report", to: destination)
  }

  /// What the ledgers of the config's tracker outputs know: each ticket key's page, and the key filed
  /// for each audit failure (`AuditFindings.filed`).
  struct LedgerTickets {
    var links: [String: String] = [:]
    /// The ledgers, in the config's order.
    var ledgers: [Ledger] = []

    /// Gives each failing row whose Ticket cell is empty the ticket criteria filed for it (the original
    /// audit: `tickets` wrote the keys into a copy), as the copy names it; other rows stay as they are.
    func name<Row>(
      in rows: inout [Row], outcome: KeyPath<Row, Outcome>,
      id: KeyPath<Row, String>, date: KeyPath<Row, String>,
      movedFrom: KeyPath<Row, [String]>, ticket: WritableKeyPath<Row, String>
    ) {
      for index in rows.indices
      where rows[index][keyPath: outcome] == .fail
        && rows[index][keyPath: ticket].isEmpty
      {
        let row = rows[index]
        if let key = key(
          ofRow: row[keyPath: id], date: row[keyPath: date],
          movedFrom: row[keyPath: movedFrom])
        {
          rows[index][keyPath: ticket] = key
        }
      }
    }

    /// The ticket a ledger filed for the latest failure of the row `id`, when no retest has passed it.
    ///
    /// That is a failure known and not retested, for a check the audit lacks (its row deleted) or holds
    /// Not tested with no earlier result of its own (its Result cleared, or a refresh added it back). Nil
    /// when none was filed, when a retest of it passed, or when the ledger does not say how its retest
    /// went.
    func failureFiled(ofRow id: String) -> AuditResultRow.FiledFailure? {
      let found = ledgers.flatMap {
        AuditFindings.filedFailures(ofRow: id, in: $0)
      }
      // The latest by the day its date names (unreadable dates first), then by identity order.
      guard
        let latest = found.enumerated().max(by: { one, other in
          let days = (
            AuditDate.days(one.element.date).max() ?? "",
            AuditDate.days(other.element.date).max() ?? ""
          )
          return days.0 == days.1 ? one.offset < other.offset : days.0 < days.1
        })?.element, let key = latest.entry.key
      else { return nil }
      let entry = latest.entry
      if entry.retest?.action == .close || entry.retestPassed == true
        || (entry.retested != nil && entry.retestPassed == nil)
      {
        return nil
      }
      return AuditResultRow.FiledFailure(key: key, date: latest.date)
    }

    /// The key the first ledger that filed the failure of the row `id` on `date` filed it as.
    func key(ofRow id: String, date: String, movedFrom: [String]) -> String? {
      ledgers.lazy.compactMap {
        AuditFindings.filed(
          ofRow: id, date: date, movedFrom: movedFrom, in: $0)?.key
      }.first
    }
  }

  /// Ticket key to its page, and each filed failure's key, from the ledgers of the config's tracker
  /// outputs.
  static func ledgerTickets(config: ConfigFile) throws(PipelineError)
    -> LedgerTickets
  {
    var known = LedgerTickets()
    for output in config.settings.outputs where output.isTracker {
      guard
        case .tracker(let tracker) = try make(
          try config.entry(output), output.options)
      else { continue }
      let path = TrackerSink.ledgerPath(tracker.settings, output: output.name)
      guard Ledger.exists(at: path) else { continue }
      do {
        let ledger = try Ledger(path: path, tracker: tracker.name)
        for entry in ledger.entries.values {
          guard let key = entry.key, let url = entry.url, !url.isEmpty
          else { continue }
          known.links[key] = url
        }
        known.ledgers.append(ledger)
      } catch {
        throw PipelineError(error)
      }
    }
    return known
  }
}
