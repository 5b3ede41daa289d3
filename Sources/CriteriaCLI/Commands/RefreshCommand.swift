import ArgumentParser
import CriteriaModel
import CriteriaPipeline
import Foundation

/// `criteria refresh --from filled.xlsx --output new.xlsx`: today's criteria with yesterday's results.
struct RefreshCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "refresh",
    abstract:
      "Rebuild a filled audit from today's criteria, carrying its results over by row id.",
    discussion: """
      A check whose id and expected result are unchanged keeps its Result, Severity, Tester, Date, Notes, \
      Ticket and any column a tester added. A check whose expectation changed arrives with its Result \
      cleared, its Ticket kept, and the old result and expectation in its Notes. A new check arrives \
      blank; one the audit lacked whose failure a ticket ledger of the config filed, no passing retest \
      recorded since, arrives as that failure not retested (marked `new (was Fail, not retested)`, its \
      Ticket cell naming the ticket); a row held Not tested, with no earlier result, whose failure a \
      ledger filed in the same way is kept as that failure (`kept (was Fail, not retested)`). \
      A removed check goes, with its results, to a Retired sheet (a …-retired.csv beside a CSV), and rows \
      an earlier refresh retired stay there, unless their check is back: it then takes their results \
      (marked returned). A warning names each retired row that holds a Fail or Cannot \
      tell, which the ACR and report of the refreshed audit count until it is retested there. A component \
      whose document moved or was renamed (its id changed, its checks did not: more than half its rows the \
      same test, check, platform and expected result, and no other component as alike) brings its results \
      to the same checks under the new id. The \
      "Since last audit" column says kept, changed, moved from <old component id>, returned or new on every row (and \
      keeps, in parentheses, the old ids of a failure without a ticket that an earlier refresh moved, so \
      tickets still finds its ticket, or "was Fail, not retested" on a changed check's failure until a \
      result is recorded, so no ACR answer calls it Supports). --fresh starts a new cycle: every \
      Result blank, the old one in "Previous result", tickets kept. The input is never written over, nor \
      an output holding results this refresh would not write again (exit 73): refresh from that audit instead.
      """
  )

  @OptionGroup var audit: FilledAuditOption

  @Option(
    name: .shortAndLong,
    help: "The config naming the criteria documents (default: criteria.yml).")
  var config: String?

  @Option(
    name: .shortAndLong,
    help: "The refreshed audit to write: .xlsx or .csv (never the input).")
  var output: String

  @Flag(
    help:
      "Start a new audit cycle: every Result blank, the old result in a 'Previous result' column."
  )
  var fresh = false

  func run() throws {
    let summary = try cli { () throws(PipelineError) in
      try Pipeline.terminal().refresh(
        RefreshRequest(
          from: audit.from, config: config, output: output, fresh: fresh))
    }
    let counts = summary.counts
    Terminal.note(
      "refreshed \(audit.from) into \(summary.output): \(counts.kept) kept, \(counts.changed) changed, "
        + (counts.moved > 0 ? "\(counts.moved) moved, " : "")
        + (counts.returned > 0
          ? "\(counts.returned) back from the retired rows, " : "")
        + "\(counts.new) new, \(counts.retired) retired"
        + (counts.retiredEarlier > 0
          ? " (and \(counts.retiredEarlier) retired earlier, kept)" : "")
        + (summary.retiredFile.map { " (retired rows in \($0))" } ?? ""))
    for move in counts.moves {
      Terminal.note(
        "\(move.from) is \(move.to) now (its document moved or was renamed): "
          + "\(Counted.phrase(move.rows.count, "row")) carried to the same checks"
      )
    }
    let findings = counts.retiredFindings
    guard !findings.isEmpty else { return }
    let kept =
      summary.retiredFile ?? "the Retired sheet of \(summary.output)"
    let one = findings.count == 1
    Terminal.note(
      "warning: \(Counted.phrase(findings.count, "retired row")) \(one ? "holds" : "hold") a finding: a row "
        + "is carried over by its ID, and \(one ? "its ID names no check" : "their IDs name no check") of "
        + "today's criteria (the check left, or the row was added by hand). \(one ? "It is" : "They are") "
        + "kept in \(kept), and the ACR and report of \(summary.output) count \(one ? "it as a failure" : "them as failures") "
        + "until the behaviour is retested: write the retest's Result on \(one ? "that row" : "those rows") "
        + "(or test it under a current check and delete the row):\n"
        + findings.map {
          let tags =
            ($0.id.isEmpty ? ["no ID"] : [])
            + ($0.earlier ? ["retired earlier"] : [])
          return
            "  \($0.place)\(tags.isEmpty ? "" : " (\(tags.joined(separator: ", ")))"): "
            + "\($0.check): \($0.result)"
        }.joined(separator: "\n"))
  }
}
