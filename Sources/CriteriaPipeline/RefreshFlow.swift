import Audit
import AuditCycle
import Config
import CriteriaModel
import Exporters
import Foundation
import Tickets

/// What `criteria refresh` is asked to do.
public struct RefreshRequest: Sendable {
  /// The filled audit (XLSX or CSV) whose results are carried.
  public var from: String
  /// The config naming the criteria documents (`criteria.yml` in the current folder when nil).
  public var config: String?
  /// The refreshed audit to write: `.xlsx` or `.csv`, never the input.
  public var output: String
  /// Start a new audit cycle: every Result blank, the old one in "Previous result".
  public var fresh: Bool

  public init(from: String, config: String? = nil, output: String, fresh: Bool)
  {
    self.from = from
    self.config = config
    self.output = output
    self.fresh = fresh
  }
}

/// What a refresh did, for the terminal and `--format json`.
public struct RefreshSummary: Sendable, Codable, Hashable {
  public var counts: AuditRefresh.Counts
  /// The refreshed audit.
  public var output: String
  /// The `…-retired.csv` written beside a refreshed CSV, when any row retired.
  public var retiredFile: String?
}

extension Pipeline {
  /// Rebuilds a filled audit from today's criteria, carrying its results over by row id: `criteria refresh`.
  ///
  /// The layout (columns, Result words) is the config's output of the same format, so the old audit is
  /// read with the words it was written with.
  public func refresh(_ request: RefreshRequest) throws(PipelineError)
    -> RefreshSummary
  {
    let format = (request.output as NSString).pathExtension.lowercased()
    guard format == "xlsx" || format == "csv" else {
      throw PipelineError(
        "--output \(request.output): a refreshed audit is a workbook (.xlsx) or a CSV checklist (.csv)",
        status: .usage)
    }
    // Before anything is written: a refreshed CSV's retired rows go beside it first, which beside the
    // input are the input's own.
    guard
      OutputPath.canonical(request.output) != OutputPath.canonical(request.from)
    else {
      throw PipelineError(
        "cannot write '\(request.output)': it is the audit being refreshed (--from); choose another "
          + "output path",
        status: .cannotCreate)
    }
    let configPath = request.config ?? "criteria.yml"
    let config = try ConfigFile(path: configPath)
    let exporter = try Self.auditExporter(format, config: config.settings)
    let sheet = try readSheet(request.from)
    let (catalog, loaded) = try selectedCatalog(config.settings)
    // A ledger that does not read names nothing here; tickets still finds a moved failure by the
    // "moved from" cell, and the ACR and the report refuse the ledger themselves.
    let known = (try? Self.ledgerTickets(config: config)) ?? LedgerTickets()
    var carry: AuditCarry
    let counts: AuditRefresh.Counts
    do {
      (carry, counts) = try AuditRefresh(
        layout: exporter.layout, fresh: request.fresh
      ).carry(
        from: sheet, retired: sheet.retired(), to: catalog,
        failureFiled: known.failureFiled(ofRow:))
    } catch {
      throw PipelineError(error)
    }
    if !carry.movedFrom.isEmpty || !carry.movedBefore.isEmpty {
      Self.nameFiledTickets(in: &carry, layout: exporter.layout, known: known)
    }
    warnFiledFailures(
      counts.filedNotRetested, layout: exporter.layout, audit: request.from,
      fresh: request.fresh)
    try Self.refuseLosingResults(
      at: request.output, carrying: carry, layout: exporter.layout)
    let artifact: ExportArtifact
    do {
      artifact = try exporter.export(
        catalog, carrying: carry, context: context)
    } catch {
      throw PipelineError(error)
    }
    let sink = ArtifactSink(
      protecting: loaded.inputs + [configPath, request.from],
      reporter: reporter)
    var retiredFile: String?
    // The checklist first: one that cannot be written (73) leaves the retired rows beside it as they
    // were. A refreshed CSV then always has its retired rows' file beside it, their header alone when
    // none: one left by an earlier run is replaced, and a copy of the CSV without it can be told
    // (`readSheet`). Where that file cannot be written, the checklist just written goes too, so no
    // checklist stands beside another audit's retired rows.
    try sink.deliver(artifact, from: format, to: .path(request.output))
    if format == "csv", let csv = exporter as? CSVExporter {
      let path = AuditSheet.retiredFile(beside: request.output)
      do {
        try sink.deliver(
          .file(csv.retired(carry)), from: "csv", to: .path(path))
      } catch {
        try? FileManager.default.removeItem(atPath: request.output)
        throw PipelineError(
          "\(error.message); \(request.output) was removed again, since its retired rows could not be "
            + "written beside it",
          status: error.status)
      }
      if !carry.retired.isEmpty { retiredFile = path }
    }
    ReleaseAside.drop(
      (consume sheet, consume catalog, consume loaded, consume artifact))
    return RefreshSummary(
      counts: counts, output: request.output, retiredFile: retiredFile)
  }

  /// Names the checks the refresh carries as failures a ledger of the config filed with no passing
  /// retest recorded since (`AuditRefresh.Counts.filedNotRetested`): the ones the audit lacked (added
  /// back marked `new (was Fail, not retested)`), then the ones it held not tested; in a new cycle,
  /// their Previous result says the failure.
  func warnFiledFailures(
    _ filed: [AuditRefresh.FiledNotRetested], layout: AuditLayout,
    audit: String, fresh: Bool
  ) {
    let fail = layout.word(for: .fail)
    for lacked in [true, false] {
      let named = filed.filter { $0.lacked == lacked }.map {
        "\($0.check) (filed as \($0.key))"
      }
      guard !named.isEmpty else { continue }
      let them = named.count == 1 ? "it" : "them"
      let checks = Counted.phrase(named.count, "check")
      let said =
        fresh
        ? "with the Previous result \(fail)"
        : lacked
          ? "marked `new (was \(fail), not retested)`"
          : "the Since last audit cell saying `(was \(fail), not retested)`"
      reporter.note(
        "warning: "
          + (lacked
            ? "\(audit) lacks \(checks) whose failure a ticket ledger filed"
            : "\(audit) holds \(checks) not tested, with no earlier result, whose failure a ticket "
              + "ledger filed")
          + ", and the ledger records no retest passing \(them) since; the refreshed audit "
          + (lacked ? "adds" : "keeps") + " \(them) as "
          + (named.count == 1 ? "a failure" : "failures")
          + " not retested (\(said), the Ticket cell naming the ticket):\n  "
          + named.joined(separator: "\n  "))
    }
  }

  /// Gives each carried failure of a moved component whose Ticket cell is empty the ticket the ledgers
  /// of the config's tracker outputs filed for it under an old row id (the same Date; this refresh's
  /// move first, then the ones earlier refreshes marked): its new id is no identity the ledger knows,
  /// so the key in the cell is what keeps `tickets` from filing it again.
  static func nameFiledTickets(
    in carry: inout AuditCarry, layout: AuditLayout, known: LedgerTickets
  ) {
    guard !known.ledgers.isEmpty else { return }
    for (new, var cells) in carry.cells {
      let from =
        (carry.movedFrom[new].map { [$0] } ?? [])
        + (carry.movedBefore[new] ?? [])
      guard !from.isEmpty, (cells[.ticket] ?? "").isEmpty,
        layout.outcome(of: cells[.result] ?? "") == .fail,
        let key = known.key(
          ofRow: new, date: cells[.date] ?? "", movedFrom: from)
      else { continue }
      cells[.ticket] = key
      carry.cells[new] = cells
    }
  }

  /// The config's audit exporter for a format (its first output of that format, with its options), or
  /// the format's defaults when the config has none.
  static func auditExporter(_ format: String, config: CriteriaConfig)
    throws(PipelineError) -> any AuditExporter
  {
    let output = config.outputs.first { $0.exporter == format }
    let options = output?.options ?? ExportOptions([:], origin: format)
    do {
      return format == "csv"
        ? try CSVExporter(options: options)
        : try AuditWorkbookExporter(options: options)
    } catch {
      throw PipelineError(error, status: .config)
    }
  }

  /// The words to read a filled audit with: the config's audit output of the file's format (its first
  /// workbook or CSV output), or the default words without a config.
  static func auditLayout(config path: String?, reading file: String)
    throws(PipelineError) -> AuditLayout
  {
    guard let path else { return AuditLayout() }
    let format =
      (file as NSString).pathExtension.lowercased() == "csv" ? "csv" : "xlsx"
    return try auditExporter(format, config: ConfigFile(path: path).settings)
      .layout
  }
}
