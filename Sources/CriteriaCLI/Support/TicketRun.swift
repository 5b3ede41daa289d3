import Foundation
import Tickets

/// Files a tracker output's tickets: credentials from the environment, the ledger, libcurl, a summary.
enum TicketRun {
  /// The run's summary, and the ledger as the run left it (keys of tickets filed now and before).
  static func file(
    _ exporter: TrackerExporter, tickets: [Ticket], output: String,
    options: FilingOptions
  ) throws(CLIError) -> (summary: FilingSummary, ledger: Ledger) {
    let tracker = exporter.tracker
    let settings = tracker.settings
    do {
      let credentials = try Credentials.fromEnvironment(settings)
      let ledgerPath = settings.ledger ?? "\(output).ledger.json"
      let ledger = try Ledger(path: ledgerPath, tracker: tracker.name)
      var clientSettings = CurlClient.Settings()
      clientSettings.caFile = settings.caFile
      clientSettings.timeout = settings.timeout
      clientSettings.logger = StderrLogHandler.logger(
        "criteria.http", verbose: options.verbose)
      clientSettings.redactor = Redactor(
        credentials: credentials, url: settings.url)
      let client: CurlClient
      do { client = try CurlClient(settings: clientSettings) } catch {
        throw TicketError(error.message)
      }
      Terminal.note(
        "\(output): \(tickets.count) tickets for \(tracker.name) at \(clientSettings.redactor.text(settings.url)) (ledger \(ledgerPath))"
      )
      let filer = TicketFiler(
        tracker: tracker, transport: client, ledger: ledger,
        credentials: credentials,
        progress: FilingProgress())
      filer.searchBeforeFiling = options.rebuildLedger
      filer.logger = StderrLogHandler.logger(
        "criteria.tickets", verbose: options.verbose)
      let summary = try filer.file(tickets)
      Terminal.note("\(output): \(summary.text)")
      return (summary, filer.ledger)
    } catch {
      let credentials = try? Credentials.fromEnvironment(settings)
      throw CLIError(
        "\(output): \(Redactor(credentials: credentials, url: settings.url).text("\(error)"))"
      )
    }
  }
}
