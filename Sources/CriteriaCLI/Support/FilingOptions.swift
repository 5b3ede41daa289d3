import ArgumentParser
import CriteriaPipeline
import Foundation

/// The options every command that files tickets takes.
struct FilingOptions: ParsableArguments {
  @Flag(
    help:
      "Before filing a ticket the ledger does not know, search the tracker for its marker: rebuilds a lost ledger without filing twice."
  )
  var rebuildLedger = false

  @Flag(
    help:
      "Show each HTTP request and response status on stderr (credentials redacted)."
  )
  var verbose = false
}

extension FilingOptions {
  /// The options as the pipeline takes them.
  var settings: FilingSettings {
    FilingSettings(rebuildLedger: rebuildLedger, verbose: verbose)
  }
}
