import Config
import Exporters
import Foundation

/// A config file read against its exporter registry (built-ins, plus definitions in `exporters/` beside
/// the config and in the current folder).
public struct ConfigFile {
  /// The registry the config was checked against.
  public let registry: OutputRegistry
  /// The config itself.
  public let settings: CriteriaConfig

  /// Reads and checks the config at `path`.
  public init(path: String) throws(PipelineError) {
    registry = OutputRegistry(
      configDirectory: URL(fileURLWithPath: path).deletingLastPathComponent()
        .path)
    do {
      settings = try ConfigLoader(names: registry).load(path: path)
    } catch {
      throw PipelineError(
        error.description, status: error.missing ? .noInput : .config)
    }
  }

  /// The file exporter or tracker an output names (the loader has checked the name).
  public func entry(_ output: CriteriaConfig.Output) throws(PipelineError)
    -> OutputRegistry.Entry
  {
    try registry.entry(named: output.exporter)
  }
}
