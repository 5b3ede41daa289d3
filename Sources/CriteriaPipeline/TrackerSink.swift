import CriteriaModel
import Foundation
import Logging
import Tickets

/// Delivers tickets to a tracker: credentials from the environment, the ledger, libcurl, a summary.
public struct TrackerSink {
  /// The tracker output's name, for messages and the default ledger name.
  public var output: String
  /// How to file.
  public var filing: FilingSettings
  /// Where notes and logs go.
  public var reporter: Reporter

  public init(output: String, filing: FilingSettings, reporter: Reporter) {
    self.output = output
    self.filing = filing
    self.reporter = reporter
  }

  /// A tracker output's ledger: its `ledger` option, else `<output name>.ledger.json`.
  static func ledgerPath(_ settings: TrackerSettings, output: String) -> String
  {
    settings.ledger ?? "\(output).ledger.json"
  }

  /// The libcurl client for a tracker output: its CA file and timeout, logging with its secrets redacted.
  static func client(
    _ settings: TrackerSettings, credentials: Credentials, logger: Logger
  ) throws(TicketError) -> CurlClient {
    var clientSettings = CurlClient.Settings()
    clientSettings.caFile = settings.caFile
    clientSettings.timeout = settings.timeout
    clientSettings.lowSpeedLimit = settings.lowSpeedLimit
    clientSettings.lowSpeedTime = settings.lowSpeedTime
    clientSettings.logger = logger
    clientSettings.redactor = Redactor(
      credentials: credentials, url: settings.url)
    do { return try CurlClient(settings: clientSettings) } catch {
      throw TicketError(error.message)
    }
  }

  /// Files the tickets not yet filed; returns the summary and the ledger as the run left it.
  ///
  /// `held` are the identities the sources hold, selected or not (`criteria run`): with them, a ticket
  /// whose component's document moved or was renamed is found under its old identity, not filed again.
  ///
  /// `more` adds the tickets only the ledger can tell filing must see (rows naming their own ticket, or
  /// an earlier ticket of a later round's failure). With `retests`, it then follows the retested rows it finds with
  /// the ledger (`follow_retest`).
  public func deliver(
    _ given: [Ticket], to tracker: any Tracker, held: Set<String>? = nil,
    more: ((Ledger) -> [Ticket])? = nil,
    retests: ((Ledger) throws(TicketError) -> [RetestRow])? = nil
  )
    throws(PipelineError)
    -> (summary: FilingSummary, ledger: Ledger, retest: RetestSummary?)
  {
    let settings = tracker.settings
    do {
      let credentials = try Credentials.fromEnvironment(settings)
      let ledgerPath = Self.ledgerPath(settings, output: output)
      let ledger = try Ledger(
        path: ledgerPath, tracker: tracker.name, project: settings.project,
        waitForLock: true)
      // One ticket per identity, whatever asks for it twice (a retired row and a checklist row recording
      // one failure): the first is filed.
      var seen = Set<String>()
      let tickets = (given + (more?(ledger) ?? [])).filter {
        seen.insert($0.identity).inserted
      }
      let client = try Self.client(
        settings, credentials: credentials,
        logger: reporter.logger("criteria.http", filing.verbose))
      reporter.note(
        "\(output): \(Counted.phrase(tickets.count, "ticket")) for \(tracker.name) at "
          + "\(Redactor(credentials: credentials, url: settings.url).text(settings.url)) (ledger \(ledgerPath))"
      )
      let filer = TicketFiler(
        tracker: tracker, transport: client, ledger: ledger,
        credentials: credentials,
        progress: reporter.progress.map { FilingProgress(report: $0) })
      filer.searchBeforeFiling = filing.rebuildLedger
      filer.updateChanged = filing.update || settings.update
      filer.overwriteEdited = filing.force
      filer.heldIdentities = held
      filer.logger = reporter.logger("criteria.tickets", filing.verbose)
      let summary = try filer.file(tickets)
      reporter.note("\(output): \(summary.text)")
      guard let retests else { return (summary, filer.ledger, nil) }
      let rows = try retests(filer.ledger)
      let retest = try filer.followRetests(rows)
      reporter.note(
        "\(output): \(Counted.phrase(rows.count, "retested row")) with a ticket; \(retest.text)"
      )
      for item in retest.listed {
        reporter.note("\(output): \(item.key) (\(item.place)): \(item.why)")
      }
      for item in retest.failed {
        reporter.note("\(output): \(item.key): \(item.message)")
      }
      return (summary, filer.ledger, retest)
    } catch {
      let credentials = try? Credentials.fromEnvironment(settings)
      // Only the redacted words go on: the tracker's error itself may hold the secret.
      throw PipelineError(
        "\(output): \(Redactor(credentials: credentials, url: settings.url).text("\(error)"))",
        status: error.status)
    }
  }
}
