import ArgumentParser
import Exporters
import Foundation
import Tickets

/// `criteria tickets --from audit.xlsx`: files a ticket for every failed row of a filled audit and writes
/// the ticket keys into a copy of it.
struct TicketsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tickets",
    abstract:
      "File a ticket for every row of a filled audit (XLSX or CSV) whose Result is Fail.",
    discussion: """
      The tracker is a tracker output of the config (its url, project, token_env, ledger). Each ticket carries
      the row's check, expected result, and the tester's severity, name, date and notes. The ticket keys go
      into the Ticket column of a new copy of the audit (the original is never changed); rows that already
      name a ticket are left alone, and the ledger makes a second run file nothing twice.
      """
  )

  @Option(
    help:
      "The filled audit: an .xlsx workbook or a .csv checklist written by criteria."
  )
  var from: String

  @Option(name: .shortAndLong, help: "The config file naming the tracker.")
  var config = "criteria.yml"

  @Option(
    help:
      "Which tracker output of the config to use (needed when it has more than one)."
  )
  var output: String?

  @Option(
    name: .customLong("to"),
    help:
      "Where to write the copy with ticket keys (default: beside the audit, '-tickets' added to its name)."
  )
  var copyPath: String?

  @Option(
    help:
      "The result word that means a failed check (default: the config's audit 'statuses', else Fail)."
  )
  var failWord: String?

  @Flag(
    help: "Write each ticket's payload to the output's path and send nothing.")
  var dryRun = false

  @OptionGroup var filing: FilingOptions

  func run() throws {
    let loadedConfig = try LoadedConfig(path: config)
    let registry = loadedConfig.registry
    let settings = loadedConfig.settings
    let chosen = try trackerOutput(settings)
    let exporter = try wrap { () throws(ExportError) in
      try registry.entry(named: chosen.exporter).make(chosen.options)
    }
    guard let trackerExporter = exporter as? TrackerExporter else {
      throw CLIError("\(chosen.keyPath): not a tracker")
    }

    let target = copyPath ?? Self.defaultCopyPath(for: from)
    guard
      URL(fileURLWithPath: target).standardizedFileURL
        != URL(fileURLWithPath: from).standardizedFileURL
    else {
      throw CLIError(
        "--to \(target): that is the audit itself; the copy with ticket keys must go to another file"
      )
    }
    let sheet: AuditSheet
    let findings: AuditFindings.Result
    do {
      sheet = try AuditSheet.read(path: from)
      let word =
        failWord ?? Self.configuredFailWord(settings)
        ?? AuditLayout.defaultStatuses[1]
      findings = try AuditFindings(
        failWord: word, labels: trackerExporter.tracker.settings.planner.labels
      ).findings(in: sheet)
    } catch {
      throw CLIError(error.message)
    }
    Terminal.note(
      "\(from): \(findings.rowCount) rows, \(findings.items.count + findings.alreadyTicketed.count) failed, "
        + "\(findings.alreadyTicketed.count) already with a ticket")
    let tickets = findings.items.map(\.ticket)

    if dryRun {
      let path = URL(
        fileURLWithPath: chosen.path,
        relativeTo: URL(fileURLWithPath: settings.baseDirectory + "/")
      ).standardizedFileURL.path
      let files: [(name: String, data: Data)]
      do {
        files = try DryRun.files(
          tracker: trackerExporter.tracker, tickets: tickets)
      } catch { throw CLIError(error.message) }
      try wrap { () throws(ExportError) in
        try FileSink(protecting: [from, config]).deliver(
          .folder(files), to: path)
      }
      Terminal.note(
        "wrote \(files.count) payloads to \(path); nothing was sent")
      return
    }
    if tickets.isEmpty {
      Terminal.note("nothing to file")
      return
    }
    // The ledger knows every key, including tickets filed by an earlier run of the same audit.
    let (summary, ledger) = try TicketRun.file(
      trackerExporter, tickets: tickets, output: chosen.name, options: filing)
    var keys: [Int: String] = [:]
    for item in findings.items {
      if let entry = ledger[item.ticket.identity], entry.state == .filed,
        let key = entry.key
      {
        keys[item.row] = key
      }
    }
    let artifact: ExportArtifact
    do { artifact = try sheet.copy(withTickets: keys) } catch {
      throw CLIError(error.message)
    }
    let folder = URL(fileURLWithPath: target).deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true)
    } catch {
      throw CLIError(
        "--to \(target): cannot create the folder '\(folder.path)': \(error.localizedDescription)"
      )
    }
    try wrap { () throws(ExportError) in
      try FileSink(protecting: [from, config]).deliver(artifact, to: target)
    }
    Terminal.note("wrote \(target) with \(keys.count) ticket keys")
    if summary.problemCount > 0 { throw ExitCode(1) }
  }

  /// The tracker output to use: the one named, or the only one.
  func trackerOutput(_ settings: CriteriaConfig) throws -> CriteriaConfig.Output
  {
    let trackers = settings.outputs.filter(\.isTracker)
    if let output {
      guard let found = trackers.first(where: { $0.name == output }) else {
        throw CLIError(
          "--output \(output): \(config) has no tracker output of that name; tracker outputs: "
            + (trackers.isEmpty
              ? "none" : trackers.map(\.name).joined(separator: ", ")))
      }
      return found
    }
    guard trackers.count == 1 else {
      throw CLIError(
        trackers.isEmpty
          ? "\(config): no tracker output; add one under outputs (for example exporter: jira-cloud) to file tickets"
          : "\(config) has \(trackers.count) tracker outputs (\(trackers.map(\.name).joined(separator: ", "))); choose one with --output"
      )
    }
    return trackers[0]
  }

  /// `audit.xlsx` → `audit-tickets.xlsx`, beside it.
  static func defaultCopyPath(for path: String) -> String {
    let url = URL(fileURLWithPath: path)
    let stem = url.deletingPathExtension().lastPathComponent
    return url.deletingLastPathComponent().appendingPathComponent(
      "\(stem)-tickets.\(url.pathExtension)"
    ).path
  }

  /// The fail word of the config's audit outputs, when they set their own `statuses`.
  static func configuredFailWord(_ settings: CriteriaConfig) -> String? {
    settings.outputs.lazy.filter {
      ["xlsx", "csv"].contains($0.exporter)
        && $0.options.values["statuses"] != nil
    }
    .compactMap { try? AuditLayout(options: $0.options).fail }.first
  }
}
