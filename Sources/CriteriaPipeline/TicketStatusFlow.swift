import Audit
import CriteriaModel
import Exporters
import Foundation
import Tickets

/// What `criteria sync` is asked to do.
public struct SyncRequest: Sendable {
  /// The audit copy with ticket keys (what `criteria tickets` wrote), XLSX or CSV.
  public var audit: String
  /// The config naming the tracker.
  public var config: String
  /// Which tracker output of the config, when it has more than one.
  public var output: String?
  /// Where the synced copy goes (default: beside the audit, `-synced` added to its name).
  public var copy: String?
  /// The result word that means a failed check.
  public var failWord: String?
  /// How to reach the tracker.
  public var filing: FilingSettings = FilingSettings()

  public init(
    audit: String, config: String, output: String? = nil, copy: String? = nil,
    failWord: String? = nil, filing: FilingSettings = FilingSettings()
  ) {
    self.audit = audit
    self.config = config
    self.output = output
    self.copy = copy
    self.failWord = failWord
    self.filing = filing
  }
}

/// One ledger ticket with its live state, as `criteria status` lists it.
public struct TicketStatusLine: Sendable, Codable, Hashable {
  /// The tracker's key (`A11Y-12`, `#4`).
  public var key: String
  /// The tracker's status words, or the ledger's state for a ticket not (yet) filed.
  public var status: String
  /// open, done, not planned, deleted, pending, failed, or unreadable.
  public var state: String
  /// The day it was resolved, when done.
  public var resolvedOn: String?
  /// The ledger identity (component and platform, check, or audit row).
  public var identity: String
  /// The ticket's page.
  public var url: String?
  /// Why it could not be read.
  public var problem: String?
}

extension Pipeline {
  /// Opens the config's tracker output, its ledger (which must exist), and a filer to read with.
  func openTracker(config path: String, output: String?, filing: FilingSettings)
    throws(PipelineError) -> (
      tracker: any Tracker, reader: TicketFiler, ledger: Ledger, output: String
    )
  {
    let config = try ConfigFile(path: path)
    let chosen = try Self.trackerOutput(
      config.settings, named: output, config: path)
    guard
      case .tracker(let tracker) = try Self.make(
        try config.entry(chosen), chosen.options)
    else {
      throw PipelineError("\(chosen.keyPath): not a tracker", status: .config)
    }
    let settings = tracker.settings
    let ledgerPath = TrackerSink.ledgerPath(settings, output: chosen.name)
    guard Ledger.exists(at: ledgerPath) else {
      throw PipelineError(
        "\(chosen.name): no ledger at \(ledgerPath), so criteria has filed nothing with this output yet "
          + "(set \(chosen.keyPath).options.ledger if it is elsewhere)",
        status: .noInput)
    }
    do throws(TicketError) {
      let ledger = try Ledger(
        path: ledgerPath, tracker: tracker.name, project: settings.project)
      let credentials = try Credentials.fromEnvironment(settings)
      let client = try TrackerSink.client(
        settings, credentials: credentials,
        logger: reporter.logger("criteria.http", filing.verbose))
      let reader = TicketFiler(
        tracker: tracker, transport: client, ledger: ledger,
        credentials: credentials)
      reader.logger = reporter.logger("criteria.tickets", filing.verbose)
      return (tracker, reader, ledger, chosen.name)
    } catch {
      let credentials = try? Credentials.fromEnvironment(settings)
      // Only the redacted words go on: the tracker's error itself may hold the secret.
      throw PipelineError(
        "\(chosen.name): \(Redactor(credentials: credentials, url: settings.url).text(error.message))",
        status: error.status)
    }
  }

  /// Every ledger ticket with its live state from the tracker: `criteria status`.
  public func ticketStatus(
    config: String, output: String?, filing: FilingSettings = FilingSettings()
  ) throws(PipelineError) -> [TicketStatusLine] {
    let opened = try openTracker(config: config, output: output, filing: filing)
    var lines: [TicketStatusLine] = []
    for (identity, entry) in opened.ledger.entries.sorted(by: {
      $0.key < $1.key
    }) {
      guard entry.state == .filed, let key = entry.key else {
        lines.append(
          TicketStatusLine(
            key: entry.key ?? "", status: entry.state.rawValue,
            state: entry.state.rawValue, identity: identity, url: entry.url,
            problem: entry.reason))
        continue
      }
      do {
        let snapshot = try opened.reader.read(
          FiledTicket(key: key, url: entry.url ?? ""), identity: identity)
        lines.append(
          TicketStatusLine(
            key: key, status: snapshot.status,
            state: snapshot.category.rawValue,
            resolvedOn: snapshot.resolvedOn, identity: identity, url: entry.url)
        )
      } catch  where error.stopsRun {
        throw Self.stopped(opened.output, error, at: key)
      } catch {
        lines.append(
          TicketStatusLine(
            key: key, status: "not read", state: "unreadable",
            identity: identity, url: entry.url, problem: error.message))
      }
    }
    return lines
  }

  /// An audit without ticket keys cannot be synced: which file to sync instead.
  ///
  /// `criteria tickets` writes the keys into a copy, never into the audit; when that copy is beside
  /// the audit (its failures were filed), it is named, rather than asking for a filing already done.
  static func withoutKeys(_ audit: String, _ lacking: String) -> PipelineError {
    let copy = try? copyTarget(nil, of: audit, suffix: "tickets", what: "")
    if let copy, FileManager.default.fileExists(atPath: copy) {
      return PipelineError(
        "\(audit): \(lacking); criteria tickets wrote the keys into a copy, never into the audit: "
          + "sync \(copy)", status: .dataError)
    }
    return PipelineError(
      "\(audit): \(lacking); criteria tickets --from \(audit) files its failures and writes their keys "
        + "into a copy (\(copy ?? "its --to")): sync that copy",
      status: .dataError)
  }

  /// Writes each ticket's live status into a copy of the audit (`criteria sync`).
  ///
  /// Returns how many tickets could not be read.
  public func syncStatus(_ request: SyncRequest) throws(PipelineError) -> Int {
    let target = try Self.copyTarget(
      request.copy, of: request.audit, suffix: "synced",
      what: "the synced copy")
    let (sheet, retired) = try readAudit(request.audit)
    guard sheet.column(.ticket) != nil else {
      throw Self.withoutKeys(request.audit, "no Ticket column")
    }
    // The checklist, and the rows a refresh retired (their failures count until retested, so their
    // tickets' status and a Retest are shown there too).
    let parts =
      [sheet] + (retired.map { $0.column(.ticket) != nil ? [$0] : [] } ?? [])
    let opened = try openTracker(
      config: request.config, output: request.output, filing: request.filing)
    let settings = try ConfigFile(path: request.config).settings
    let failWord =
      request.failWord ?? Self.configuredFailWord(settings)
      ?? AuditLayout.defaultStatuses[1]
    var byKey: [String: Ledger.Entry] = [:]
    var identities: [String: String] = [:]
    for (identity, entry) in opened.ledger.entries where entry.state == .filed {
      if let key = entry.key {
        byKey[key] = entry
        identities[key] = identity
      }
    }
    // The original audit: `tickets` wrote the keys into a copy, so a filed failure's Ticket cell is
    // empty here; the ledger knows the key it was filed as (by its row id and Date, or the old id of a
    // row a refresh carried from a moved document).
    func keysFromLedger(_ part: AuditSheet) -> [Int: String] {
      let ticketColumn = part.column(.ticket)
      let idColumn = part.column(.id)
      let dateColumn = part.column(.date)
      let markColumn = part.markColumn
      var keys: [Int: String] = [:]
      for row in part.rows
      where failed(row, in: part)
        && row[ticketColumn].trimmingCharacters(in: .whitespaces).isEmpty
      {
        let id = row[idColumn].trimmingCharacters(in: .whitespacesAndNewlines)
        let date = AuditDate.text(
          row[dateColumn].trimmingCharacters(in: .whitespacesAndNewlines))
        guard !id.isEmpty,
          let key = AuditFindings.filed(
            ofRow: id, date: date,
            movedFrom: AuditCarry.movedFrom(mark: row[markColumn]),
            in: opened.ledger)?.key
        else { continue }
        keys[row.number] = key
      }
      return keys
    }
    func failed(_ row: AuditSheet.Row, in part: AuditSheet) -> Bool {
      row[part.column(.result)].trimmingCharacters(in: .whitespaces)
        .caseInsensitiveCompare(failWord) == .orderedSame
    }
    let fromLedger = parts.map(keysFromLedger)
    func key(of row: AuditSheet.Row, part index: Int) -> String {
      let cell = row[parts[index].column(.ticket)].trimmingCharacters(
        in: .whitespaces)
      return cell.isEmpty ? fromLedger[index][row.number] ?? "" : cell
    }
    let ticketed = parts.indices.flatMap { index in
      parts[index].rows.compactMap { row -> (Int, String)? in
        let key = key(of: row, part: index)
        return key.isEmpty ? nil : (row.number, key)
      }
    }
    guard !ticketed.isEmpty else {
      throw Self.withoutKeys(
        request.audit, "no ticket keys in its Ticket column")
    }
    let known = ticketed.filter { byKey[$0.1] != nil }
    if known.isEmpty {
      throw PipelineError(
        "none of the \(ticketed.count) ticket keys in \(request.audit) (\(ticketed.prefix(3).map(\.1).joined(separator: ", "))) "
          + "is in the ledger \(opened.ledger.path) of \(opened.tracker.name) project '\(opened.tracker.settings.project)': "
          + "they were filed with another tracker or project; choose its output with --output",
        status: .dataError)
    }
    var cache: [String: TicketSnapshot] = [:]
    var problems = 0
    var counts: [String: Int] = [:]
    var columnsByPart: [TicketStatusColumns] = []
    for (index, part) in parts.enumerated() {
      var columns = TicketStatusColumns()
      columns.keys = fromLedger[index]
      let dateColumn = part.column(.date)
      let idColumn = part.column(.id)
      for row in part.rows {
        let key = key(of: row, part: index)
        guard !key.isEmpty else { continue }
        guard let entry = byKey[key] else {
          columns.values[row.number] = ["not in the ledger", "", ""]
          reporter.note(
            "\(part.place(row.number)): \(key) is not in the ledger \(opened.ledger.path); not read"
          )
          continue
        }
        if let url = entry.url, !url.isEmpty { columns.links[row.number] = url }
        let snapshot: TicketSnapshot
        if let cached = cache[key] {
          snapshot = cached
        } else {
          do {
            snapshot = try opened.reader.read(
              FiledTicket(key: key, url: entry.url ?? ""),
              identity: identities[key])
          } catch  where error.stopsRun {
            throw Self.stopped(opened.output, error, at: key)
          } catch {
            problems += 1
            reporter.note("\(part.place(row.number)): \(error.message)")
            columns.values[row.number] = ["not read", "", ""]
            continue
          }
          cache[key] = snapshot
          if !snapshot.isOurs {
            reporter.note(
              "\(part.place(row.number)): \(key) is no longer the ticket criteria filed (\(snapshot.status)); "
                + "no Retest is set and nothing is filed again; a person decides"
            )
          }
        }
        var retest = ""
        if failed(row, in: part) && snapshot.category == .done {
          // A retest dated on or after the day the ticket was resolved already failed: the fix did not
          // hold, and the ticket wants reopening, not another retest. A Date that may mean two days
          // (03/04/2027) says so when both are.
          let date = AuditDate.text(row[dateColumn])
          var reopen = false
          if let identity = identities[key], let resolved = snapshot.resolvedOn
          {
            reopen =
              AuditDate.surely(date) { $0 >= resolved }
              && AuditFindings.failsAgain(
                row: row[idColumn], date: date, filed: identity)
          }
          retest =
            reopen
            ? TicketStatusColumns.reopenWord : TicketStatusColumns.retestWord
          counts[reopen ? "reopen" : "retest", default: 0] += 1
        }
        counts[snapshot.category.rawValue, default: 0] += 1
        columns.values[row.number] = [
          Self.statusText(snapshot), snapshot.resolvedOn ?? "", retest,
        ]
      }
      columnsByPart.append(columns)
    }
    let copy: (copy: AuditCopy, retiredRows: Data?)
    do {
      copy = try sheet.copy(
        withStatus: columnsByPart[0], retired: parts.count > 1 ? parts[1] : nil,
        retiredStatus: columnsByPart.count > 1 ? columnsByPart[1] : .init())
    } catch {
      throw PipelineError(error)
    }
    try Self.deliver(
      copy.copy, of: request.audit, as: "synced audit", to: target,
      madeFrom: [sheet] + (retired.map { [$0] } ?? []),
      through: ArtifactSink(
        protecting: [request.audit, request.config], reporter: reporter),
      retiredRows: copy.retiredRows)
    let fromLedgerCount = fromLedger.reduce(0) { $0 + $1.count }
    let summary = [
      "open", "done", "not planned", "deleted", "moved", "replaced", "retest",
      "reopen",
    ]
    .compactMap {
      name in counts[name].map { "\(name) \($0)" }
    }
    reporter.note(
      "\(target): \(Counted.phrase(known.count, "ticket")) from \(opened.tracker.name)"
        + (summary.isEmpty ? "" : " (\(summary.joined(separator: ", ")))")
        + (problems > 0 ? "; \(problems) could not be read" : "")
        + (fromLedgerCount == 0
          ? ""
          : "; \(Counted.phrase(fromLedgerCount, "key")) from the ledger written into "
            + "\(fromLedgerCount == 1 ? "its" : "their") failures' empty Ticket cells "
            + "(criteria tickets filed them and wrote the keys into a copy)"))
    return problems
  }

  /// The error of a read that stops the run: the output's name, and the ticket it stopped at when the
  /// tracker could not be reached.
  static func stopped(_ output: String, _ error: TicketError, at key: String)
    -> PipelineError
  {
    PipelineError(
      "\(output): \(error.message)\(error.unreachable ? " (stopped at \(key))" : "")",
      wrapping: error)
  }

  /// The tracker's words, then what they mean when the words do not say it: `In Review (open)`.
  static func statusText(_ snapshot: TicketSnapshot) -> String {
    let meaning = snapshot.category.rawValue
    return snapshot.status.lowercased() == meaning
      ? snapshot.status : "\(snapshot.status) (\(meaning))"
  }
}
