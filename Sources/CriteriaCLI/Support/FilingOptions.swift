import ArgumentParser
import CriteriaPipeline
import Foundation

/// The options every command that files tickets takes.
struct FilingOptions: ParsableArguments {
  @Flag(
    help:
      "Before filing a ticket the ledger does not know, search the tracker for its marker: rebuilds a lost ledger without filing twice. An older ticket of a check, filed for a failure on another date, is not found; the run names the tickets that may repeat one."
  )
  var rebuildLedger = false

  @OptionGroup var log: VerboseOption

  @Flag(
    help:
      "Update filed tickets whose criteria changed since, in place (never a new ticket for a changed one)."
  )
  var update = false

  @Flag(
    help:
      "With --update, also overwrite tickets someone edited on the tracker since criteria wrote them."
  )
  var force = false
}

extension FilingOptions {
  /// The options as the pipeline takes them.
  var settings: FilingSettings {
    FilingSettings(
      rebuildLedger: rebuildLedger, verbose: log.verbose, update: update,
      force: force)
  }
}
