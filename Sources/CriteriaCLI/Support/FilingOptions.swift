import ArgumentParser
import Exporters
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

/// A config file with the exporter registry it is read against (built-ins, plus definitions in
/// `exporters/` beside the config and in the current folder).
struct LoadedConfig {
  let registry: ExporterRegistry
  let settings: CriteriaConfig

  init(path: String) throws {
    registry = try RegistryLoader.load(
      configDirectory: URL(fileURLWithPath: path).deletingLastPathComponent()
        .path)
    do {
      settings = try ConfigLoader(registry: registry).load(path: path)
    } catch { throw CLIError(error.description) }
  }
}
