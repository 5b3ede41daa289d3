import ArgumentParser
import CriteriaPipeline
import Foundation

/// `criteria tickets --from audit.xlsx`: files a ticket for every failed row of a filled audit and writes
/// the ticket keys into a copy of it.
struct TicketsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tickets",
    abstract:
      "File a ticket for every row of a filled audit (XLSX or CSV) whose Result is Fail.",
    discussion: """
      The tracker is a tracker output of the config (its url, project, token_env, ledger). Each ticket carries \
      the row's check, expected result, and the tester's severity, name, date and notes. The ticket keys go \
      into the Ticket column of a new copy of the audit (the original is never changed), and the ledger \
      makes a second run file nothing twice. The failed rows a refresh retired (the Retired sheet, or the \
      -retired.csv beside a CSV) are filed too, their keys written on the retired rows of the copy. A row \
      that already names a ticket files no new one, unless \
      that is its check's earlier ticket and was done (a later round); a row naming its own ticket is \
      compared with it, so --update brings an edit made in the copy to the tracker. A failed row \
      whose check was filed before under another date is the same check failing: its earlier ticket is \
      read first, and a new one is filed only when that one was done (while it is open, its key goes \
      into the copy). With follow_retest, a retested row closes its open ticket (Pass), or reopens its \
      done one (Fail dated after the failure and after the fix) or comments on its open one that the \
      check still fails; a row still holding the failure its ticket was filed for is no retest. \
      An earlier copy holding a value the files it is made from do not (a retest written into it) is moved \
      aside to <name>-kept-1, with a warning.
      """
  )

  @OptionGroup var audit: FilledAuditOption

  @OptionGroup var tracker: TrackerOutputOptions

  @Option(
    name: .customLong("to"),
    help:
      "Where to write the copy with ticket keys (default: beside the audit, '-tickets' added to its name)."
  )
  var copyPath: String?

  @OptionGroup var fail: FailWordOption

  @Flag(
    help: "Write each ticket's payload to the output's path and send nothing.")
  var dryRun = false

  @OptionGroup var filing: FilingOptions

  func run() throws {
    let request = FindingsRequest(
      audit: audit.from, config: tracker.config, output: tracker.output,
      copy: copyPath,
      failWord: fail.failWord, dryRun: dryRun,
      filing: filing.settings)
    let problems = try cli { () throws(PipelineError) in
      try Pipeline.terminal().fileFindings(request)
    }
    if problems > 0 { throw ExitCode(1) }
  }
}
