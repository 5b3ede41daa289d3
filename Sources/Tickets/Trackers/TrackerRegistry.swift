import CriteriaModel
import Foundation
import Options

/// One registered tracker: its name, help (the options every tracker takes, `TrackerSettings.optionHelp`,
/// unless it cannot be used), and how to make it from an output's options.
public typealias TrackerEntry = RegistryEntry<any Tracker>

/// The trackers: built-in Swift ones, the shipped definitions, and definitions in the user's folders.
public enum TrackerRegistry {
  /// Entries for the exporter registry; later definitions with the same name replace earlier ones.
  ///
  /// A user's definition that cannot be read becomes an entry named after its file that fails, with the
  /// file and line, only when it is used: one broken definition never breaks an unrelated export.
  public static func entries(definitionFolders: [String]) throws(ExportError)
    -> [TrackerEntry]
  {
    var entries = builtIn
    var definitions: [TrackerDefinition] = []
    var broken: [TrackerEntry] = []
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
          // File exporters live beside trackers; the file registry reads those.
          if DefinitionKind.isFile(text) { continue }
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
      let entry = TrackerEntry(
        name: definition.name, summary: definition.summary,
        optionHelp: TrackerSettings.optionHelp, origin: definition.file
      ) { options throws(ExportError) in
        try options.checkKeys(
          allowed: TrackerSettings.optionHelp.keys, exporter: definition.name)
        let settings = try TrackerSettings(
          tracker: definition.name, options: options,
          defaultURL: definition.defaultURL,
          defaultPacing: definition.pacing,
          defaultTokenEnv: definition.defaultTokenEnv,
          priority: definition.priority)
        try settings.requireProject()
        return DefinedTracker(definition: definition, settings: settings)
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
  static func broken(file: String, _ error: TicketError) -> TrackerEntry {
    let name = URL(fileURLWithPath: file).deletingPathExtension()
      .lastPathComponent
    let message = error.message
    return TrackerEntry(
      name: name, summary: "cannot be used: \(message)", optionHelp: [:],
      origin: file
    ) { _ throws(ExportError) in
      throw ExportError(message)
    }
  }

  static let builtIn: [TrackerEntry] = [
    tracker(
      "jira-cloud",
      "Jira Cloud issues (REST v3, descriptions in Atlassian Document Format, optional bulk create).",
      defaultToken: "JIRA_API_TOKEN", priority: jiraPriority
    ) { settings in JiraCloudTracker(settings: settings) },
    tracker(
      "jira-dc",
      "Jira Data Center issues (REST v2, wiki markup descriptions, personal access token).",
      defaultToken: "JIRA_TOKEN", priority: jiraPriority
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
      defaultToken: "AZURE_DEVOPS_TOKEN",
      priority: .number(
        ["critical": "1", "high": "2", "medium": "3", "low": "4"], in: 1...4)
    ) { settings in AzureDevOpsTracker(settings: settings) },
    tracker(
      "linear",
      "Linear issues (GraphQL issueCreate, Markdown, labels by id; ids chosen first, so a retry never files twice).",
      defaultURL: LinearTracker.defaultURL, defaultToken: "LINEAR_API_KEY",
      priority: .number(
        ["critical": "1", "high": "2", "medium": "3", "low": "4"], in: 0...4)
    ) { settings in LinearTracker(settings: settings) },
  ]

  /// Jira's default priority scheme (Highest, High, Medium, Low, Lowest), by the workbook's severities.
  static let jiraPriority = PriorityField.named([
    "critical": "Highest", "high": "High", "medium": "Medium", "low": "Low",
  ])

  static func tracker(
    _ name: String, _ summary: String, defaultURL: String? = nil,
    pacing: Pacing = Pacing(),
    defaultToken: String, priority: PriorityField? = nil,
    make: @escaping @Sendable (TrackerSettings) -> any Tracker
  ) -> TrackerEntry {
    TrackerEntry(
      name: name, summary: summary, optionHelp: TrackerSettings.optionHelp
    ) { options throws(ExportError) in
      try options.checkKeys(
        allowed: TrackerSettings.optionHelp.keys, exporter: name)
      let settings = try TrackerSettings(
        tracker: name, options: options, defaultURL: defaultURL,
        defaultPacing: pacing, defaultTokenEnv: defaultToken,
        priority: priority)
      try settings.requireProject()
      return make(settings)
    }
  }
}

/// `--dry-run`: one JSON file per request a real run would send: a ticket's create body, named after its
/// identity, or with `bulk: true` each batch's body (`batch-001.json`, ...), and the comments continuing
/// a body too long for one request (`<identity>-part-2.json`, ...).
public enum DryRun {
  public static func files(tracker: any Tracker, tickets unstamped: [Ticket])
    throws(TicketError) -> [(name: String, data: Data)]
  {
    // Stamped with their revisions, as the filer sends them: a dry run shows the real payload.
    let tickets = try unstamped.map { ticket throws(TicketError) in
      try TicketRevision.stamp(ticket, for: tracker)
    }
    var files: [(name: String, data: Data)] = []
    var single = tickets
    if let bulk = tracker.bulkCreate {
      // A ticket whose body continues in comments is filed on its own, as the filer does.
      var batched: [Ticket] = []
      single = []
      for ticket in tickets {
        if try tracker.followUpCount(for: ticket) == 0 {
          batched.append(ticket)
        } else {
          single.append(ticket)
        }
      }
      var start = 0
      while start < batched.count {
        let batch = Array(
          batched[start..<min(batched.count, start + bulk.bulkLimit)])
        // Credentials go into headers only; the body a dry run shows does not depend on them.
        let request = try bulk.bulkRequest(
          for: batch, credentials: Credentials(token: "dry-run"))
        files.append(
          (
            String(format: "batch-%03d.json", files.count + 1),
            pretty(request.body ?? Data())
          ))
        start += bulk.bulkLimit
      }
    }
    var names = UniqueFileNames()
    for ticket in single {
      let slug = StableID.slug(ticket.identity)
      files.append(
        (
          name: names.name(slug, extension: "json"),
          data: pretty(try tracker.payload(for: ticket))
        ))
      // The comments that continue an over-long body, posted after the create: `<ticket>-part-2.json`, ...
      let followUps = try tracker.followUps(
        for: ticket, filed: FiledTicket(key: "KEY", url: ""),
        credentials: Credentials(token: "dry-run"))
      for (index, request) in followUps.enumerated() {
        files.append(
          (
            name: names.name(slug + "-part-\(index + 2)", extension: "json"),
            data: pretty(request.body ?? Data())
          ))
      }
    }
    return files
  }

  /// What following each retested row would send (`follow_retest` with `--dry-run`): the comment, then
  /// the close or reopen, each as method, URL and body, under the ticket state that calls for it (a dry
  /// run reads nothing from the tracker).
  public static func retestFiles(tracker: any Tracker, rows: [RetestRow])
    throws(TicketError) -> [(name: String, data: Data)]
  {
    var names = UniqueFileNames()
    let credentials = Credentials(token: "dry-run")
    return try rows.map { row throws(TicketError) in
      // A failure found through its lineage only ever comments on an open ticket.
      let action: RetestAction? =
        row.passes ? .close : row.reopens ? .reopen : nil
      // Where the tracker decides the transition from a list it gives (Jira, Azure DevOps), the dry run
      // shows the request that reads the list: the transition itself is chosen from the answer.
      let choices = action.flatMap {
        _ in
        tracker.transitionChoicesRequest(
          filed: row.filed, finding: row.isFinding, credentials: credentials)
      }
      let requests = [
        choices,
        try tracker.commentRequest(
          row.comment(action), filed: row.filed,
          credentials: credentials),
        try action.flatMap { action throws(TicketError) in
          choices == nil
            ? try tracker.transitionRequest(
              action, filed: row.filed, choices: nil, credentials: credentials)
            : nil
        },
      ].compactMap { $0 }
      let shown: [[String: Any]] = requests.map { request in
        var item: [String: Any] = [
          "method": request.method, "url": request.url,
        ]
        if let body = request.body {
          item["body"] =
            (try? JSONSerialization.jsonObject(with: body))
            ?? String(decoding: body, as: UTF8.self)
        }
        return item
      }
      let document: [String: Any] = [
        "ticket": row.filed.key, "row": row.place,
        "action": action?.rawValue ?? "comment",
        "when": row.passes
          ? "the ticket is open (a done or not-planned ticket is left as it is)"
          : row.reopens
            ? "the ticket is done (an open one gets a comment that the check still fails and stays open, "
              + "a not-planned one is listed)"
            : "the ticket is open (the check still fails; filing decides about a done or not-planned one)",
        "requests": shown,
      ]
      let data =
        (try? JSONSerialization.data(
          withJSONObject: document,
          options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
        ?? Data()
      return (
        name: names.name(
          "retest-" + StableID.slug(row.filed.key), extension: "json"),
        data: data + Data("\n".utf8)
      )
    }
  }

  /// JSON pretty-printed with sorted keys (other bodies as they are).
  static func pretty(_ data: Data) -> Data {
    guard let json = try? JSONSerialization.jsonObject(with: data),
      let pretty = try? JSONSerialization.data(
        withJSONObject: json,
        options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    else { return data }
    return pretty + Data("\n".utf8)
  }
}
