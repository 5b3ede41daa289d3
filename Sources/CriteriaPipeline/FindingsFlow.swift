import Audit
import Config
import CriteriaModel
import Exporters
import Foundation
import Tickets

/// What `criteria tickets` is asked to do.
public struct FindingsRequest: Sendable {
  /// The filled audit (XLSX or CSV).
  public var audit: String
  /// The config naming the tracker.
  public var config: String
  /// Which tracker output of the config, when it has more than one.
  public var output: String?
  /// Where the copy with ticket keys goes (default: beside the audit, `-tickets` added to its name).
  public var copy: String?
  /// The result word that means a failed check.
  public var failWord: String?
  /// Write the payloads and send nothing.
  public var dryRun: Bool = false
  /// How to file.
  public var filing: FilingSettings = FilingSettings()

  public init(
    audit: String, config: String, output: String? = nil, copy: String? = nil,
    failWord: String? = nil, dryRun: Bool = false,
    filing: FilingSettings = FilingSettings()
  ) {
    self.audit = audit
    self.config = config
    self.output = output
    self.copy = copy
    self.failWord = failWord
    self.dryRun = dryRun
    self.filing = filing
  }
}

extension Pipeline {
  /// Files a ticket for every failed row of a filled audit: `criteria tickets`.
  ///
  /// The keys go into a copy of the audit (the audit itself is never changed). Returns how many tickets
  /// failed or were not confirmed.
  public func fileFindings(_ request: FindingsRequest) throws(PipelineError)
    -> Int
  {
    let config = try ConfigFile(path: request.config)
    let settings = config.settings
    let chosen = try Self.trackerOutput(
      settings, named: request.output, config: request.config)
    guard
      case .tracker(let tracker) = try Self.make(
        try config.entry(chosen), chosen.options)
    else {
      throw PipelineError("\(chosen.keyPath): not a tracker", status: .config)
    }
    let target = try Self.copyTarget(
      request.copy, of: request.audit, suffix: "tickets",
      what: "the copy with ticket keys")
    let (sheet, retiredSheet) = try readAudit(request.audit)
    // The checklist's failures, and those among the rows a refresh retired (the ACR counts them until
    // retested, so they are filed too).
    var parts: [FindingsPart] = []
    do {
      var reader = AuditFindings(
        statuses: Self.configuredStatuses(settings)
          ?? AuditLayout.defaultStatuses,
        failWord: request.failWord, labels: tracker.settings.planner.labels)
      reader.components = documentComponents(settings)
      for part in [sheet] + (retiredSheet.map { [$0] } ?? []) {
        parts.append(
          FindingsPart(sheet: part, findings: try reader.findings(in: part)))
      }
    } catch {
      throw PipelineError(error, status: .dataError)
    }
    reporter.note(
      "\(request.audit): "
        + parts.enumerated().map { index, part in
          let findings = part.findings
          return (index == 0 ? "" : "its retired rows: ")
            + "\(findings.rowCount) rows, \(findings.items.count + findings.alreadyTicketed.count) "
            + "failed, \(findings.alreadyTicketed.count) already with a ticket"
        }.joined(separator: "; "))
    tellUnmappedSeverities(
      parts.flatMap { $0.findings.items.map(\.ticket) }, tracker.settings,
      key: "\(tracker.settings.origin).priority")
    let ledgerPath = TrackerSink.ledgerPath(
      tracker.settings, output: chosen.name)
    // The ledger is only read here (filing opens it again). A failure whose Date a spreadsheet spelled
    // anew is the one the ledger filed on that day; failures refresh carried from a moved document,
    // filed before under their old row id, are not filed again.
    if Ledger.exists(at: ledgerPath) {
      do {
        let ledger = try Ledger(
          path: ledgerPath, tracker: tracker.name,
          project: tracker.settings.project)
        for index in parts.indices {
          parts[index].findings.items = AuditFindings.sameDay(
            parts[index].findings.items, in: ledger)
          parts[index].findings.keyed = AuditFindings.sameDay(
            parts[index].findings.keyed, in: ledger)
          (parts[index].moved, parts[index].movedPending) =
            AuditFindings.movedFindings(
              parts[index].findings.items, in: parts[index].sheet,
              ledger: ledger)
        }
      } catch {
        throw PipelineError(error)
      }
    }
    for part in parts {
      for (row, old) in part.movedPending.sorted(by: { $0.key < $1.key }) {
        reporter.note(
          "\(part.sheet.place(row)): not filed: carried from a document moved or renamed since, its failure's "
            + "ticket under the old id (\(old)) is pending in the ledger (a request whose outcome is not "
            + "known); criteria tickets on the audit from before the refresh looks it up first"
        )
      }
    }
    let moved = parts.flatMap { $0.moved.values }
    if !moved.isEmpty {
      let one = moved.count == 1
      reporter.note(
        "\(Counted.phrase(moved.count, "failed row")) carried from a document moved or renamed since "
          + "(Since last audit: moved from …) \(one ? "was" : "were") filed before under \(one ? "its" : "their") "
          + "old id: not filed again; the copy names \(one ? "its ticket" : "their tickets"): "
          + parts.flatMap { $0.moved.sorted { $0.key < $1.key }.map(\.value) }
          .joined(separator: ", "))
    }
    // A retired row recording the same failure as a checklist row (the same id and Date) has its
    // identity: filing (and a dry run's payloads) take one ticket per identity.
    let tickets = parts.flatMap { part in
      part.findings.items.filter {
        part.moved[$0.row] == nil && part.movedPending[$0.row] == nil
      }.map(\.ticket)
    }
    let movedPendingCount = parts.reduce(0) { $0 + $1.movedPending.count }
    let keyed = parts.flatMap(\.findings.keyed)
    let sink = ArtifactSink(
      protecting: [request.audit, request.config], reporter: reporter)
    let follow = tracker.settings.followRetest
    if follow && !Self.canFollowRetests(tracker) {
      throw PipelineError(
        "\(chosen.keyPath).follow_retest: \(tracker.name) tickets cannot be commented on, closed and reopened "
          + "by criteria: its definition needs comment:, close: and reopen: blocks (see exporters/redmine.yml)",
        status: .config)
    }
    let reader = AuditFindings(
      statuses: Self.configuredStatuses(settings)
        ?? AuditLayout.defaultStatuses,
      failWord: request.failWord)
    // The rows naming a ticket that filing must see, by the ledger (`keyedFindings`); with
    // follow_retest a later failure reopens the done ticket its row names instead of a new one.
    let alongside = { (ledger: Ledger) in
      AuditFindings.keyedFindings(keyed, in: ledger, laterRounds: !follow).map(
        \.ticket)
    }
    let sheets = parts.map(\.sheet)
    if request.dryRun {
      let path = URL(
        fileURLWithPath: chosen.path,
        relativeTo: URL(fileURLWithPath: settings.baseDirectory + "/")
      ).standardizedFileURL.path
      var files: [(name: String, data: Data)]
      var known = ""
      var followUps = ""
      var payloads = 0
      do {
        // The ledger is only read: which findings and keys criteria filed, so what a real run would
        // leave alone, which failures of a later round it would file, and which retests it would follow.
        let ledger =
          Ledger.exists(at: ledgerPath)
          ? try Ledger(
            path: ledgerPath, tracker: tracker.name,
            project: tracker.settings.project) : nil
        var seen = Set<String>()
        let all = (tickets + (ledger.map(alongside) ?? [])).filter {
          seen.insert($0.identity).inserted
        }
        files = try DryRun.files(tracker: tracker, tickets: all)
        payloads = files.count
        if let ledger {
          known = Self.alreadyKnown(all, in: ledger)
          if follow {
            let retests = try DryRun.retestFiles(
              tracker: tracker,
              rows: try reader.retests(in: sheets, ledger: ledger))
            files += retests
            if !retests.isEmpty {
              followUps =
                " and \(Counted.phrase(retests.count, "retest follow-up")) (retest-*.json)"
            }
          }
        }
      } catch {
        throw PipelineError(error)
      }
      try ArtifactSink.createParent(of: path, key: "\(chosen.keyPath).path")
      try sink.deliver(.folder(files), from: chosen.exporter, to: .path(path))
      reporter.note(
        "\(Counted.phrase(payloads, "payload"))\(followUps); nothing was sent\(known)"
      )
      return 0
    }
    // Rows naming a ticket may hold a later round's failure, or a changed one; only the ledger tells.
    if tickets.isEmpty && moved.isEmpty && !follow
      && (keyed.isEmpty || !Ledger.exists(at: ledgerPath))
    {
      reporter.note("nothing to file")
      return movedPendingCount
    }
    if follow, Ledger.exists(at: ledgerPath) {
      do {
        let ledger = try Ledger(
          path: ledgerPath, tracker: tracker.name,
          project: tracker.settings.project)
        for said in try reader.passesWithoutRetest(in: sheets, ledger: ledger) {
          reporter.note("warning: \(said)")
        }
      } catch {
        throw PipelineError(error)
      }
    }
    // The ledger knows every key, including tickets filed by an earlier run of the same audit.
    let (summary, ledger, retest) = try TrackerSink(
      output: chosen.name, filing: request.filing, reporter: reporter
    )
    .deliver(
      tickets, to: tracker,
      more: alongside,
      retests: follow
        ? { ledger throws(TicketError) in
          try reader.retests(in: sheets, ledger: ledger)
        } : nil)
    // A row whose check's earlier ticket stands gets that ticket's key: the finding is on the tracker there.
    let standing = Dictionary(
      summary.standing.map { ($0.identity, $0.ticket.key) },
      uniquingKeysWith: { first, _ in first })
    // Per sheet, row number → the key its Ticket cell gets.
    let keys = parts.map { part in
      var keys = part.moved
      // A row naming an earlier ticket of its check that was done gets the ticket filed anew for its
      // failure (in this run or an earlier one); a cell naming anything else is the tester's and stays.
      for item in part.findings.keyed {
        guard let entry = ledger[item.ticket.identity], entry.state == .filed,
          let key = entry.key, key != item.key,
          let lineage = item.ticket.lineage,
          ledger.filed(inLineage: lineage, except: item.ticket.identity)
            .contains(where: { $0.entry.key == item.key })
        else { continue }
        keys[item.row] = key
      }
      for item in part.findings.items {
        if let entry = ledger[item.ticket.identity], entry.state == .filed,
          let key = entry.key
        {
          keys[item.row] = key
        } else if let key = standing[item.ticket.identity] {
          keys[item.row] = key
        }
      }
      return keys
    }
    let copy: (copy: AuditCopy, retiredRows: Data?)
    do {
      copy = try sheet.copy(
        withTickets: keys[0], retired: retiredSheet,
        retiredKeys: keys.count > 1 ? keys[1] : [:])
    } catch {
      throw PipelineError(error)
    }
    try Self.deliver(
      copy.copy, of: request.audit, as: "audit copy", to: target,
      madeFrom: [sheet] + (retiredSheet.map { [$0] } ?? []), through: sink,
      retiredRows: copy.retiredRows)
    // The copy's keys in all: the ones this run wrote and the ones its rows held already.
    var naming = 0
    var written = 0
    for (part, keys) in zip(parts, keys) {
      let ticketColumn = part.sheet.column(.ticket)
      var held: [Int: String] = [:]
      for row in part.sheet.rows
      where !row[ticketColumn].trimmingCharacters(in: .whitespaces).isEmpty {
        held[row.number] = row[ticketColumn]
      }
      written += keys.filter { row, key in held[row] != key }.count
      naming += Set(held.keys).union(keys.keys).count
    }
    let kept = naming - written
    reporter.note(
      "\(target): \(Counted.phrase(naming, "row")) \(naming == 1 ? "names" : "name") a ticket: "
        + "\(Counted.phrase(written, "key")) written in"
        + (kept > 0 ? ", \(kept) already there" : ""))
    return summary.problemCount + movedPendingCount
      + (retest.map { $0.failed.count + $0.listed.count } ?? 0)
  }

  /// Says which Severity words the tracker's priority mapping lacks: those findings are filed without
  /// a priority (their severity-* label still says it).
  func tellUnmappedSeverities(
    _ tickets: [Ticket], _ settings: TrackerSettings, key: String
  ) {
    guard !settings.priorities.isEmpty else { return }
    var unmapped: [String: Int] = [:]
    for ticket in tickets {
      guard let severity = ticket.finding?.severity,
        !severity.trimmingCharacters(in: .whitespaces).isEmpty,
        settings.priority(for: ticket) == nil
      else { continue }
      unmapped[severity, default: 0] += 1
    }
    for (severity, count) in unmapped.sorted(by: { $0.key < $1.key }) {
      reporter.note(
        "warning: Severity '\(severity)' (\(Counted.phrase(count, "finding"))) has no priority in \(key); "
          + "filed without one, its label severity-\(Label.clean(severity)) says it"
      )
    }
  }

  /// The config's criteria documents by component id, for the finding tickets' scenarios and links;
  /// empty (and said) when the config names none or they cannot be read, since the audit alone is
  /// enough to file.
  func documentComponents(_ settings: CriteriaConfig) -> [String: Component] {
    guard !settings.sources.isEmpty else { return [:] }
    let loaded: CatalogLoader.Loaded
    do {
      loaded = try CatalogLoader().load(
        settings.sources, relativeTo: settings.baseDirectory,
        namedIn: "\(settings.file): sources")
    } catch {
      reporter.note(
        "\(error.message); the finding tickets carry no Gherkin scenario or criteria link"
      )
      return [:]
    }
    if loaded.hasErrors {
      reporter.note(
        "\(settings.file): sources: a criteria document has errors (criteria validate lists them); "
          + "the finding tickets carry no Gherkin scenario or criteria link")
      return [:]
    }
    return Dictionary(
      loaded.catalog.components.map { ($0.id, $0) },
      uniquingKeysWith: { first, _ in first })
  }

  /// One sheet of a filled audit (the checklist, or its retired rows) and its failures: what filing
  /// reads, and where the keys go back.
  struct FindingsPart {
    let sheet: AuditSheet
    var findings: AuditFindings.Result
    /// Row → key: failures carried from a moved document, filed under their old id.
    var moved: [Int: String] = [:]
    /// Row → old identity: the same, pending in the ledger (not filed until it is looked up).
    var movedPending: [Int: String] = [:]
  }

  /// What a dry run's payloads include that a real run would not file: findings the ledger has filed,
  /// and findings of a check filed before under another date (a real run reads that ticket first).
  static func alreadyKnown(_ tickets: [Ticket], in ledger: Ledger) -> String {
    let filed = tickets.filter { ledger[$0.identity]?.state == .filed }.count
    let earlier = tickets.filter { ticket in
      ledger[ticket.identity]?.state != .filed
        && !(ticket.lineage.map {
          ledger.filed(inLineage: $0, except: ticket.identity)
        } ?? []).isEmpty
    }.count
    let parts = [
      filed == 0
        ? nil
        : "\(filed) of them the ledger has filed already (a real run does not file \(filed == 1 ? "it" : "them") again)",
      earlier == 0
        ? nil
        : "\(earlier) \(earlier == 1 ? "is" : "are") of checks filed before under another date (a real run "
          + "reads those tickets first and files only where they were done)",
    ].compactMap { $0 }
    return parts.isEmpty ? "" : "; " + parts.joined(separator: "; ")
  }

  /// Whether a tracker has the requests following a retest needs: a comment, and a close and a reopen
  /// (or the list of choices they are built from).
  static func canFollowRetests(_ tracker: any Tracker) -> Bool {
    let probe = FiledTicket(key: "1", url: "")
    let credentials = Credentials(token: "")
    let comments =
      (try? tracker.commentRequest("", filed: probe, credentials: credentials))
      != nil
    let transitions =
      tracker.transitionChoicesRequest(
        filed: probe, finding: true, credentials: credentials)
      != nil
      || RetestAction.allCases.allSatisfy {
        (try? tracker.transitionRequest(
          $0, filed: probe, choices: nil, credentials: credentials)) != nil
      }
    return comments && transitions
  }

  /// The tracker output to use: the one named, or the only one.
  static func trackerOutput(
    _ settings: CriteriaConfig, named output: String?, config: String
  )
    throws(PipelineError) -> CriteriaConfig.Output
  {
    let trackers = settings.outputs.filter(\.isTracker)
    if let output {
      guard let found = trackers.first(where: { $0.name == output }) else {
        throw PipelineError(
          "--output \(output): \(config) has no tracker output of that name; tracker outputs: "
            + (trackers.isEmpty
              ? "none" : trackers.map(\.name).joined(separator: ", ")),
          status: .usage)
      }
      return found
    }
    guard trackers.count == 1, let only = trackers.first else {
      throw PipelineError(
        trackers.isEmpty
          ? "\(config): no tracker output; add one under outputs (for example exporter: jira-cloud) to file tickets"
          : "\(config) has \(trackers.count) tracker outputs (\(trackers.map(\.name).joined(separator: ", "))); "
            + "choose one with --output",
        status: trackers.isEmpty ? .config : .usage)
    }
    return only
  }

  /// The result words of the config's audit outputs, when they set their own `statuses`.
  static func configuredStatuses(_ settings: CriteriaConfig) -> [String]? {
    settings.outputs.lazy.filter {
      ["xlsx", "csv"].contains($0.exporter)
        && $0.options.values["statuses"] != nil
    }
    .compactMap { try? AuditLayout(options: $0.options).statuses }.first
  }

  /// The fail word of the config's audit outputs, when they set their own `statuses`.
  static func configuredFailWord(_ settings: CriteriaConfig) -> String? {
    configuredStatuses(settings).map { $0[1] }
  }
}
