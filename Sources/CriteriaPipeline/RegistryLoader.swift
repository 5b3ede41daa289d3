import Exporters
import Foundation
import Tickets

/// The registry the CLI uses: built-in file exporters, built-in trackers, the tracker definitions that ship
/// with the tool, and the user's own definitions in `exporters/` (beside the config and in the working folder).
public enum RegistryLoader {
  /// The registry, with definitions from `exporters/` in the current folder and beside the config.
  public static func load(configDirectory: String?) throws(PipelineError)
    -> ExporterRegistry
  {
    var folders = [FileManager.default.currentDirectoryPath + "/exporters"]
    if let configDirectory {
      let beside = URL(fileURLWithPath: configDirectory).appendingPathComponent(
        "exporters"
      ).standardizedFileURL.path
      if !folders.contains(beside) { folders.append(beside) }
    }
    do {
      return ExporterRegistry(
        extra: try TrackerRegistry.entries(definitionFolders: folders))
    } catch {
      throw PipelineError(error.message)
    }
  }
}
