import CriteriaModel
import Exporters
import Foundation

/// The trackers: built-in Swift ones, the shipped definitions, and definitions in the user's folders.
public enum TrackerRegistry {
  /// Entries for the exporter registry; later definitions with the same name replace earlier ones.
  ///
  /// A user's definition that cannot be read becomes an entry named after its file that fails, with the
  /// file and line, only when it is used: one broken definition never breaks an unrelated export.
  public static func entries(definitionFolders: [String]) throws(ExportError)
    -> [ExporterEntry]
  {
    var entries = builtIn
    var definitions: [TrackerDefinition] = []
    var broken: [ExporterEntry] = []
    do {
      for file in ShippedDefinitions.files {
        definitions.append(
          try TrackerDefinition(yaml: file.text, file: file.name))
      }
      for folder in definitionFolders {
        let names =
          ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
          .filter { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") }.sorted()
        for name in names {
          let path = folder + "/" + name
          let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
          let definition: TrackerDefinition
          do {
            definition = try TrackerDefinition(yaml: text, file: path)
          } catch {
            broken.append(Self.broken(file: path, error))
            continue
          }
          definitions.removeAll { $0.name == definition.name }
          definitions.append(definition)
        }
      }
    } catch {
      throw ExportError(error.message)
    }
    for definition in definitions {
      let entry = ExporterEntry(
        name: definition.name, summary: definition.summary,
        optionHelp: TrackerSettings.optionHelp,
        origin: definition.file, isTracker: true
      ) { options throws(ExportError) in
        try TrackerExporter(
          options: options, allowed: TrackerSettings.optionHelp.keys
        ) { options throws(ExportError) in
          let settings = try TrackerSettings(
            tracker: definition.name, options: options,
            defaultURL: definition.defaultURL,
            defaultPacing: definition.pacing,
            defaultTokenEnv: definition.defaultTokenEnv)
          try settings.requireProject()
          return DefinedTracker(definition: definition, settings: settings)
        }
      }
      entries.removeAll { $0.name == entry.name }
      entries.append(entry)
    }
    for entry in broken
    where !entries.contains(where: { $0.name == entry.name }) {
      entries.append(entry)
    }
    return entries
  }

  /// An entry for a definition that cannot be read: named after its file, failing with the reason.
  static func broken(file: String, _ error: TicketError) -> ExporterEntry {
    let name = URL(fileURLWithPath: file).deletingPathExtension()
      .lastPathComponent
    let message = error.message
    return ExporterEntry(
      name: name, summary: "cannot be used: \(message)", optionHelp: [:],
      origin: file, isTracker: true
    ) { _ throws(ExportError) in
      throw ExportError(message)
    }
  }

  static let builtIn: [ExporterEntry] = [
    tracker(
      "jira-cloud",
      "Jira Cloud issues (REST v3, descriptions in Atlassian Document Format, optional bulk create).",
      defaultToken: "JIRA_API_TOKEN"
    ) { settings in JiraCloudTracker(settings: settings) },
    tracker(
      "jira-dc",
      "Jira Data Center issues (REST v2, wiki markup descriptions, personal access token).",
      defaultToken: "JIRA_TOKEN"
    ) { settings in JiraDataCenterTracker(settings: settings) },
    tracker(
      "github",
      "GitHub issues (GFM task lists, labels; long bodies continue as comments; GitHub's rate limits).",
      defaultURL: "https://api.github.com", pacing: GitHubTracker.defaultPacing,
      defaultToken: "GITHUB_TOKEN"
    ) { settings in
      GitHubTracker(settings: settings)
    },
    tracker(
      "azure-devops",
      "Azure DevOps work items (JSON Patch, HTML description, System.Tags).",
      defaultToken: "AZURE_DEVOPS_TOKEN"
    ) { settings in AzureDevOpsTracker(settings: settings) },
  ]

  static func tracker(
    _ name: String, _ summary: String, defaultURL: String? = nil,
    pacing: Pacing = Pacing(),
    defaultToken: String,
    make: @escaping @Sendable (TrackerSettings) -> any Tracker
  ) -> ExporterEntry {
    ExporterEntry(
      name: name, summary: summary, optionHelp: TrackerSettings.optionHelp,
      isTracker: true
    ) { options throws(ExportError) in
      try TrackerExporter(
        options: options, allowed: TrackerSettings.optionHelp.keys
      ) { options throws(ExportError) in
        let settings = try TrackerSettings(
          tracker: name, options: options, defaultURL: defaultURL,
          defaultPacing: pacing, defaultTokenEnv: defaultToken,
          defaultIssueType: name == "azure-devops" ? "Task" : "Task")
        try settings.requireProject()
        return make(settings)
      }
    }
  }
}

/// A tracker as an exporter: rendering writes each ticket's create payload to a folder (the dry run);
/// filing is `TicketFiler`'s job.
public struct TrackerExporter: Exporter {
  public static let name = "tracker"
  public static let summary = "Tickets in a tracker."
  public static let writesFolder = true

  public let tracker: any Tracker

  public init(options: ExportOptions) throws(ExportError) {
    throw ExportError("a tracker exporter is made through the registry")
  }

  init(
    options: ExportOptions, allowed: Dictionary<String, String>.Keys,
    make: (ExportOptions) throws(ExportError) -> any Tracker
  ) throws(ExportError) {
    try options.checkKeys(allowed: allowed, exporter: "tracker")
    tracker = try make(options)
  }

  /// The tickets this tracker would file for a catalog.
  public func tickets(for catalog: Catalog) -> [Ticket] {
    tracker.settings.planner.tickets(for: catalog)
  }

  public func export(_ catalog: Catalog, context: ExportContext)
    throws(ExportError) -> ExportArtifact
  {
    do {
      return .folder(
        try DryRun.files(tracker: tracker, tickets: tickets(for: catalog)))
    } catch {
      throw ExportError(error.message)
    }
  }
}

/// `--dry-run`: one JSON file per ticket holding the body of its create request, named after its identity.
public enum DryRun {
  public static func files(tracker: any Tracker, tickets: [Ticket])
    throws(TicketError) -> [(name: String, data: Data)]
  {
    var names = UniqueFileNames()
    return try tickets.map { ticket throws(TicketError) in
      var data = try tracker.payload(for: ticket)
      if let json = try? JSONSerialization.jsonObject(with: data),
        let pretty = try? JSONSerialization.data(
          withJSONObject: json,
          options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
      {
        data = pretty + Data("\n".utf8)
      }
      return (
        name: names.name(StableID.slug(ticket.identity), extension: "json"),
        data: data
      )
    }
  }
}
