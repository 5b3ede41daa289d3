import Exporters
import Foundation
import Tickets

/// The registry the CLI uses: built-in file exporters, built-in trackers, the tracker definitions that ship
/// with the tool, and the user's own definitions in `exporters/` (beside the config and in the working folder).
enum RegistryLoader {
  static func load(configDirectory: String?) throws(CLIError)
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
      throw CLIError(error.message)
    }
  }
}
