import ArgumentParser
import AuditCycle
import CriteriaModel
import CriteriaPipeline
import Foundation

/// `criteria merge a.xlsx b.xlsx --output merged.xlsx`: testers' copies of one audit joined.
struct MergeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract:
      "Join filled copies of one audit, row by row id, into a copy of the first.",
    discussion: """
      The tester columns are Result, Severity, Tester, Date, Notes, Ticket and any column a tester added. \
      A cell filled in one file is taken; filled identically in several, once. Testers who agree on a \
      row's Result are no conflict: Tester keeps both names, Date the later day, Notes each tester's note \
      under their name; a copy without a Result never overrides the record of one with a Result. \
      A cell filled differently \
      in two files is a conflict: each is listed (row id, check, column, each file's value, tester and \
      date) and nothing is written (exit 1), unless --prefer latest: the later Date wins and the choice \
      is recorded in the row's Notes (equal dates stay a conflict); a Result so settled brings that \
      file's Severity, Tester, Notes and Failed WCAG with it. A row whose id the first file lacks \
      is an error: the files were made from other criteria. The rows a refresh retired (the Retired \
      sheet, or the -retired.csv beside a CSV) are merged the same way. \
      An earlier copy holding a value the files it is made from do not (a retest written into it) is moved \
      aside to <name>-kept-1, with a warning.
      """
  )

  enum Prefer: String, ExpressibleByArgument { case latest }

  @Argument(
    help:
      "Two or more filled copies of one audit (.xlsx or .csv); the first is copied."
  )
  var files: [String]

  @Option(
    name: .shortAndLong,
    help:
      "The merged audit to write, in the first file's format (never one of the inputs)."
  )
  var output: String

  @Option(
    help:
      "latest: settle a conflict by the later Date, noting the choice in Notes."
  )
  var prefer: Prefer?

  @OptionGroup var resultWords: ResultWordsConfigOption

  func run() throws {
    let config = resultWords.path
    let summary = try cli { () throws(PipelineError) in
      try Pipeline.terminal().merge(
        MergeRequest(
          files: files, output: output, preferLatest: prefer == .latest,
          config: config))
    }
    let counts = summary.counts
    let unresolved = summary.unresolved
    guard unresolved.isEmpty else {
      let latest = prefer == .latest
      var lines = [
        "\(unresolved.count) \(unresolved.count == 1 ? "cell is" : "cells are") filled differently"
          + (latest
            ? " and the later Date does not settle \(unresolved.count == 1 ? "it" : "them")"
            : "")
          + "; nothing was written. Settle each in one file"
          + (latest ? ":" : ", or give --prefer latest:")
      ]
      var row = ""
      for conflict in unresolved {
        if conflict.id != row {
          row = conflict.id
          lines.append("  \(conflict.id) (\(conflict.check))")
        }
        lines.append(
          "    \(conflict.column)"
            + (latest ? " (\(AuditMerge.unsettled(conflict.entries)))" : "")
            + ":")
        for entry in conflict.entries {
          let who = [entry.tester, entry.date].filter { !$0.isEmpty }.joined(
            separator: ", ")
          lines.append(
            "      \(entry.place): '\(entry.value)'"
              + (who.isEmpty ? "" : " (\(who))"))
        }
      }
      throw CLIError(lines.joined(separator: "\n"), status: .failure)
    }
    Terminal.note(
      "merged \(files.count) files into \(output): \(Counted.phrase(counts.rows, "row")), \(counts.taken) with cells "
        + "from another file, \(counts.agreed) filled alike in several"
        + (counts.chosen > 0
          ? ", \(Counted.phrase(counts.chosen, "conflict")) settled by the later date"
          : "")
        + (summary.retired.map {
          "; of the rows a refresh retired, \($0.taken) with cells from another file"
            + ($0.chosen > 0
              ? ", \(Counted.phrase($0.chosen, "conflict")) settled by the later date"
              : "")
        } ?? ""))
  }
}
