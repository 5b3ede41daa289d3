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
  /// Each output name resolved while the config was checked (trackers are read from their definitions).
  private let entries: [String: OutputRegistry.Entry]

  /// Reads and checks the config at `path`.
  public init(path: String) throws(PipelineError) {
    registry = OutputRegistry(
      configDirectory: URL(fileURLWithPath: path).deletingLastPathComponent()
        .path)
    let names = ResolvedNames(registry: registry)
    do {
      settings = try ConfigLoader(names: names).load(path: path)
    } catch {
      throw PipelineError(error)
    }
    entries = names.entries
  }

  /// The file exporter or tracker an output names (the loader has checked the name).
  public func entry(_ output: CriteriaConfig.Output) throws(PipelineError)
    -> OutputRegistry.Entry
  {
    if let entry = entries[output.exporter] { return entry }
    return try registry.entry(named: output.exporter)
  }
}

/// The loader's questions about output names, answered by the registry once per name and kept, so the
/// run takes the same entries without reading the tracker definitions again.
private final class ResolvedNames: OutputNames {
  let registry: OutputRegistry
  var entries: [String: OutputRegistry.Entry] = [:]

  init(registry: OutputRegistry) { self.registry = registry }

  func kind(ofOutput name: String) throws(UnknownOutput) -> OutputKind {
    if let entry = entries[name] { return entry.kind }
    do {
      let entry = try registry.entry(named: name)
      entries[name] = entry
      return entry.kind
    } catch { throw UnknownOutput(error.message) }
  }
}
