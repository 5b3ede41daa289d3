import ArgumentParser
import CriteriaPipeline
import Foundation

/// `criteria sync --from audit-tickets.xlsx`: each ticket's live status into a copy of the audit.
struct SyncCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sync",
    abstract:
      "Write each ticket's live status into a copy of an audit: Ticket status, Resolved on, Retest.",
    discussion: """
      Reads every ticket named in the audit's Ticket column from the config's tracker (the ledger tells which \
      tickets criteria filed there; a failed row whose Ticket cell is empty, as in the audit criteria tickets \
      read, gets the key the ledger filed for it), and writes a copy (the original is never changed) with \
      three columns: \
      Ticket status (the tracker's words, then open, done, not planned or deleted), Resolved on, and Retest, \
      which says Retest, highlighted, on a failed row whose ticket is done (Reopen when that failure is \
      a retest dated on or after the day the ticket was resolved). The rows a refresh retired (the \
      Retired sheet, or the -retired.csv beside a CSV) get them too. In a workbook the ticket keys \
      become links. Sync files nothing and changes nothing on the tracker. \
      An earlier copy holding a value the files it is made from do not (a retest written into it) is moved \
      aside to <name>-kept-1, with a warning.
      """
  )

  @Option(
    help:
      "The audit (.xlsx or .csv): the copy criteria tickets wrote, or the audit it read."
  )
  var from: String

  @OptionGroup var tracker: TrackerOutputOptions

  @OptionGroup var log: VerboseOption

  @Option(
    name: .customLong("to"),
    help:
      "Where to write the synced copy (default: beside the audit, '-synced' added to its name)."
  )
  var copyPath: String?

  @OptionGroup var fail: FailWordOption

  func run() throws {
    let request = SyncRequest(
      audit: from, config: tracker.config, output: tracker.output,
      copy: copyPath,
      failWord: fail.failWord, filing: FilingSettings(verbose: log.verbose))
    let problems = try cli { () throws(PipelineError) in
      try Pipeline.terminal().syncStatus(request)
    }
    if problems > 0 { throw ExitCode(1) }
  }
}

/// `criteria status`: the ledger's tickets with their live state, like `gh issue list`.
struct StatusCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract:
      "List the tickets criteria filed, with their live state on the tracker.",
    discussion: """
      Reads each filed ticket of the tracker output's ledger from the tracker (paced and retried like filing). \
      Tickets still pending or failed in the ledger are listed with that state and not read.
      """
  )

  @OptionGroup var tracker: TrackerOutputOptions

  @OptionGroup var log: VerboseOption

  @OptionGroup var listing: ListingFormatOption

  func run() throws {
    let lines = try cli { () throws(PipelineError) in
      try Pipeline.terminal().ticketStatus(
        config: tracker.config, output: tracker.output,
        filing: FilingSettings(verbose: log.verbose)
      )
    }
    switch listing.format {
    case .table:
      var table = TextTable(header: [
        "KEY", "STATE", "STATUS", "RESOLVED", "TICKET",
      ])
      for line in lines {
        table.rows.append([
          line.key.isEmpty ? "-" : line.key, line.state, line.status,
          line.resolvedOn ?? "-", line.identity,
        ])
      }
      print(table.render(), terminator: "")
      for line in lines where line.state == "unreadable" {
        Terminal.note("\(line.key): \(line.problem ?? "not read")")
      }
    case .json:
      print(try Terminal.json(["tickets": lines], snakeCaseKeys: true))
    }
    if lines.contains(where: { $0.state == "unreadable" }) { throw ExitCode(1) }
  }
}
