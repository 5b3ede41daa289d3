import Config
import CriteriaModel
import Exporters
import Foundation
import Tickets

/// Every output a config or `--to` can name, in two kinds.
///
/// File exporters render an artifact; trackers file tickets. Tracker definitions in `exporters/` are read only when a name is not a file
/// format, so a broken definition never touches a file export.
public struct OutputRegistry: Sendable {
  /// What a name resolves to.
  public enum Entry: Sendable {
    /// A file exporter.
    case file(ExporterEntry)
    /// A tracker.
    case tracker(TrackerEntry)

    /// The name users write.
    public var name: String {
      switch self {
      case .file(let entry): entry.name
      case .tracker(let entry): entry.name
      }
    }
  }

  /// The file exporters.
  public let files: ExporterRegistry
  /// The folders searched for tracker definitions (`exporters/` in the current folder and beside the config).
  public let definitionFolders: [String]

  /// A registry reading definitions from `exporters/` in the current folder and beside the config.
  public init(configDirectory: String?) {
    var folders = [FileManager.default.currentDirectoryPath + "/exporters"]
    if let configDirectory {
      let beside = URL(fileURLWithPath: configDirectory).appendingPathComponent(
        "exporters"
      )
      .standardizedFileURL.path
      if !folders.contains(beside) { folders.append(beside) }
    }
    files = ExporterRegistry(extra: FileDefinitions.entries(folders: folders))
    definitionFolders = folders
  }

  /// The trackers: built-in, shipped definitions, and the user's.
  public func trackers() throws(PipelineError) -> [TrackerEntry] {
    do {
      return try TrackerRegistry.entries(definitionFolders: definitionFolders)
    } catch {
      throw PipelineError(error, status: .config)
    }
  }

  /// Every entry, file formats first (for `criteria exporters`).
  public func all() throws(PipelineError) -> [Entry] {
    files.entries.map(Entry.file) + (try trackers()).map(Entry.tracker)
  }

  /// The output named `name`, or an error with a suggestion.
  ///
  /// An unknown name is a config error (78) unless `unknown` says otherwise: a name given on the command
  /// line is a usage error (64).
  public func entry(named name: String, unknown: ExitStatus = .config)
    throws(PipelineError) -> Entry
  {
    if let file = files.entries.first(where: { $0.name == name }) {
      return .file(file)
    }
    let trackers = try trackers()
    if let tracker = trackers.first(where: { $0.name == name }) {
      return .tracker(tracker)
    }
    throw PipelineError(
      ExporterRegistry.unknown(name, among: files.names + trackers.map(\.name)),
      status: unknown)
  }
}

extension OutputRegistry.Entry {
  /// A file format or a tracker, as the config sees it.
  public var kind: OutputKind {
    switch self {
    case .file: .file
    case .tracker: .tracker
    }
  }
}

extension OutputRegistry: OutputNames {
  public func kind(ofOutput name: String) throws(UnknownOutput) -> OutputKind {
    do { return try entry(named: name).kind } catch {
      throw UnknownOutput(error.message)
    }
  }
}
