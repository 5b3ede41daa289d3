import Audit
import CriteriaModel
import Exporters
import Foundation
import Options

/// Reading a filled audit and writing its copies, as every command that takes an audit does: the
/// checklist with the rows a refresh retired from it, and copies that keep them beside or inside.
extension Pipeline {
  /// Writes a copy of the audit `source` (CSV bytes, or a workbook zipped straight to its place)
  /// through the sink.
  ///
  /// A workbook's copy holds its Retired sheet; a CSV's retired rows (the `-retired.csv` beside it) are
  /// copied beside the copy, so that its ACR, report and next refresh still find them.
  ///
  /// `retiredRows` are the bytes of the retired rows' copy when they changed (a CSV's retired rows with
  /// ticket keys), written instead of the file beside the source. `sources` are the checklists and
  /// retired rows the copy is made from: an earlier copy at `target` holding results none of them holds
  /// is kept aside (`keepEarlierCopy`).
  static func deliver(
    _ copy: AuditCopy, of source: String, as name: String, to target: String,
    madeFrom sources: [AuditSheet], through sink: ArtifactSink,
    retiredRows: Data? = nil
  ) throws(PipelineError) {
    // An input (the config, a document) is the sink's to refuse: never moved aside.
    if !sink.protecting.map(OutputPath.canonical).contains(
      OutputPath.canonical(target))
    {
      try keepEarlierCopy(
        at: target, madeFrom: sources, reporter: sink.reporter)
    }
    let artifact: ExportArtifact
    switch copy {
    case .bytes(let data): artifact = .file(data)
    case .workbook(let write):
      artifact = .writtenByLibrary { temporary throws(ExportError) in
        // The library writes to a temporary file beside the target: the message names the target.
        do throws(AuditError) { try write(temporary) } catch {
          throw ExportError(
            "cannot write '\(target)': \(error.message)", status: error.status)
        }
      }
    }
    try ArtifactSink.createParent(of: target, key: "--to \(target)")
    try sink.deliver(artifact, from: name, to: .path(target))
    guard case .bytes = copy else { return }
    func retired(_ path: String) -> String {
      AuditSheet.retiredFile(
        beside: URL(fileURLWithPath: path).standardizedFileURL.path)
    }
    guard retired(source) != retired(target) else { return }
    if let rows = retiredRows
      ?? FileManager.default.contents(atPath: retired(source))
    {
      try sink.deliver(
        .file(rows), from: name + "'s retired rows",
        to: .path(
          AuditSheet.retiredFile(beside: target))
      )
    } else {
      try removeStaleRetired(beside: target, reporter: sink.reporter)
    }
  }

  /// Moves an earlier copy at `target` (and the `-retired.csv` beside a CSV) aside, to the first free
  /// `<name>-kept-<n>`, when it holds results none of `sources` holds, or cannot be read as an audit.
  ///
  /// Those are `AuditSheet.recorded(layout:notIn:)`: a retest written into the copy `tickets` or `sync`
  /// wrote, say, which the copy written again from the audit would lose. The audit may as well have
  /// changed since the copy was made (a Fail corrected there): which of the two is the newer result only
  /// a person can tell, so nothing stops, and nothing is lost.
  static func keepEarlierCopy(
    at target: String, madeFrom sources: [AuditSheet], reporter: Reporter
  ) throws(PipelineError) {
    // The audits by name (a CSV's retired rows are in the file beside it).
    let names = Set(
      sources.map(\.path).filter { !$0.hasSuffix(AuditSheet.retiredSuffix) }
    ).sorted()
    guard
      let found = resultsLost(
        at: target, key: "",
        what:
          "holds results that \(names.joined(separator: " and ")) \(names.count == 1 ? "does" : "do") not",
        counting: "value",
        lost: { $0.recorded(layout: AuditLayout(), notIn: sources) })
    else { return }
    let csv = (target as NSString).pathExtension.lowercased() == "csv"
    let stem = (target as NSString).deletingPathExtension
    let ext = (target as NSString).pathExtension
    var kept = ""
    for number in 1... {
      kept = "\(stem)-kept-\(number).\(ext)"
      if !FileManager.default.fileExists(atPath: kept),
        !FileManager.default.fileExists(
          atPath: AuditSheet.retiredFile(beside: kept))
      {
        break
      }
    }
    do {
      if FileManager.default.fileExists(atPath: target) {
        try FileManager.default.moveItem(atPath: target, toPath: kept)
      }
      if csv,
        FileManager.default.fileExists(
          atPath: AuditSheet.retiredFile(beside: target))
      {
        try FileManager.default.moveItem(
          atPath: AuditSheet.retiredFile(beside: target),
          toPath: AuditSheet.retiredFile(beside: kept))
      }
    } catch {
      throw PipelineError(
        "\(found); it cannot be moved aside to \(kept) (\(error.localizedDescription)), so nothing was "
          + "written. Move it away, or give --to another file",
        status: .cannotCreate)
    }
    reporter.note(
      "warning: \(found): a retest written into it, or a result changed since in what it is made from. It is kept "
        + "as \(kept)\(csv ? " (with its retired rows beside it)" : ""), and the copy is written anew; "
        + "if it held the newer results, work from it")
  }

  /// Removes the `-retired.csv` an earlier run left beside the CSV `target` when the audit written there
  /// has no retired rows: read beside it, its rows would count as this audit's (a failure counted twice,
  /// or one retested since).
  static func removeStaleRetired(beside target: String, reporter: Reporter)
    throws(PipelineError)
  {
    let path =
      AuditSheet.retiredFile(beside: target)
    guard FileManager.default.fileExists(atPath: path) else { return }
    do { try FileManager.default.removeItem(atPath: path) } catch {
      throw PipelineError(
        "cannot remove '\(path)', left beside \(target) by an earlier run: \(error.localizedDescription); "
          + "remove it, or its rows count as the new audit's retired rows",
        status: .cannotCreate)
    }
    reporter.note(
      "removed \(path): an earlier run left it; \(target) has no retired rows")
  }

  /// Removes the rows an earlier refresh retired from the CSV audit at `target`, once a fresh checklist
  /// (`run`, `export`) is written there: they belonged to the audit written over (`refuseFilledAudits`
  /// let it be written over only when none of them held a result), and read beside the new one they would
  /// count as its own.
  static func removeRetiredRows(
    beside target: String, of exporter: any Exporter, reporter: Reporter
  ) throws(PipelineError) {
    guard exporter is any AuditExporter,
      (target as NSString).pathExtension.lowercased() == "csv"
    else { return }
    try removeStaleRetired(beside: target, reporter: reporter)
  }

  /// A filled audit's checklist, and the rows a refresh retired from it (its Retired sheet, or the
  /// `-retired.csv` beside a CSV) when it has some.
  func readAudit(_ path: String) throws(PipelineError) -> (
    sheet: AuditSheet, retired: AuditSheet?
  ) {
    let sheet = try readSheet(path)
    do { return (sheet, try sheet.retired()) } catch {
      throw PipelineError(error)
    }
  }

  /// The error for an audit with a header and no rows: a report or ACR of it (`what`) would claim results no
  /// one recorded, and an empty JUnit file reads as a passing run.
  static func noRows(in sheet: AuditSheet, _ what: String) -> String {
    "\(AuditResultsReader.location(sheet)): no rows below the header; \(what) needs test results "
      + "(is this the audit the testers filled in?)"
  }

  /// Reads a filled audit's checklist, warning when it is a refreshed CSV whose retired rows' file is
  /// not beside it (`AuditSheet.missingRetiredFile`): the failures among them would not be counted.
  func readSheet(_ path: String) throws(PipelineError) -> AuditSheet {
    let sheet: AuditSheet
    do { sheet = try AuditSheet.read(path: path) } catch {
      throw PipelineError(error)
    }
    warnIfRetiredFileMissing(sheet)
    return sheet
  }

  /// The warnings `readSheet` gives: a refreshed CSV without its retired rows, or a CSV no refresh
  /// wrote with retired rows beside it.
  func warnIfRetiredFileMissing(_ sheet: AuditSheet) {
    if let unexpected = sheet.unexpectedRetiredFile {
      reporter.note(
        "warning: \(unexpected) is beside \(sheet.path), which no refresh wrote (it has no Since last audit "
          + "column): its rows are counted as \(sheet.path)'s retired rows (a failure among them until "
          + "retested); remove it if it was left there by another audit")
    }
    guard let missing = sheet.missingRetiredFile else { return }
    reporter.note(
      "warning: \(missing) is not beside \(sheet.path): a refresh wrote \(sheet.path) (its Since last audit "
        + "column) and puts the rows it retired in that file; without it, a failure among them is not "
        + "counted. Put the file beside it (copied with the CSV), or refresh the audit again"
    )
  }

  /// Refuses to write a fresh checklist (`run`, `export`) over a filled audit.
  ///
  /// Filled is holding what a tester recorded (`AuditSheet.recorded`: in its checklist, its Retired sheet,
  /// or the `-retired.csv` beside a CSV), or being a file that cannot be read as an audit at all: written
  /// over, those results would be lost. Called before anything is written; `outputs` are each target, the
  /// output's layout (its not-tested word is what a fresh row starts with) and the key naming it; `ofRun`
  /// when they are a run's outputs, which can be left out (`--only`).
  static func refuseFilledAudits(
    _ outputs: [(target: String, layout: AuditLayout, key: String)],
    ofRun: Bool = true
  ) throws(PipelineError) {
    let found = outputs.compactMap { target, layout, key in
      resultsLost(
        at: target, key: key, what: "holds results a tester recorded",
        counting: "row", lost: { sheet in sheet.recorded(layout: layout) })
    }
    guard !found.isEmpty else { return }
    throw PipelineError(
      found.joined(separator: "\n")
        + "\nWriting a fresh checklist there would lose those results, so nothing was written. To carry "
        + "them to today's criteria: criteria refresh --from <the audit> --output <another file>. "
        + (ofRun
          ? "To write the other outputs alone: criteria run --only <their names>. "
          : "")
        + "To start over: move the audit away first.",
      status: .cannotCreate)
  }

  /// Refuses to write a refreshed audit (`refresh`, carrying `carry`) over results it would not write again.
  ///
  /// Those are `AuditSheet.recorded(layout:notCarriedBy:)` of the audit at `target`: an earlier refresh of
  /// the same audit, since filled in, or another audit. A refreshed audit as it was written is written over.
  static func refuseLosingResults(
    at target: String, carrying carry: AuditCarry, layout: AuditLayout
  ) throws(PipelineError) {
    guard
      let found = resultsLost(
        at: target, key: "--output",
        what:
          "holds results a tester recorded that this refresh does not carry",
        counting: "value",
        lost: { sheet in sheet.recorded(layout: layout, notCarriedBy: carry) })
    else { return }
    throw PipelineError(
      found
        + "\nWriting the refreshed audit there would lose them, so nothing was written. To carry them too: "
        + "criteria refresh --from \(target) --output <another file>.",
      status: .cannotCreate)
  }

  /// What is said of an audit at `target` that holds values `lost` finds (in its checklist, its Retired
  /// sheet, or the `-retired.csv` beside a CSV), or that cannot be read as an audit; nil when there is no
  /// such file, or writing over it loses nothing.
  private static func resultsLost(
    at target: String, key: String, what: String, counting noun: String,
    lost: (AuditSheet) -> [AuditSheet.Recorded]
  ) -> String? {
    let isCSV = (target as NSString).pathExtension.lowercased() == "csv"
    var files = [target]
    if isCSV {
      files.append(
        AuditSheet.retiredFile(beside: target))
    }
    for file in files {
      // Only a regular file can hold an audit: a device or FIFO output (/dev/stdout) is never read.
      guard
        (try? FileManager.default.attributesOfItem(atPath: file)[.type])
          as? FileAttributeType == .typeRegular,
        let data = FileManager.default.contents(atPath: file),
        data.contains(where: { !Set(" \t\r\n,;\u{FEFF}".utf8).contains($0) })
      else { continue }
      var found: [AuditSheet.Recorded]
      do {
        let sheet = try AuditSheet.read(path: file)
        found = lost(sheet)
        if !isCSV, let retired = try sheet.retired() { found += lost(retired) }
      } catch {
        return
          "\(key.isEmpty ? "" : "\(key): ")\(file) is there and cannot be read as an audit (\(error.message)): it may hold "
          + "a tester's results"
      }
      guard let first = found.first else { continue }
      return
        "\(key.isEmpty ? "" : "\(key): ")\(file) \(what): \(Counted.phrase(found.count, noun)), the first at "
        + "\(first.place) (\(first.header) '\(first.value)')"
    }
    return nil
  }

  /// Where a copy of an audit goes: `--to`, or beside the audit with `-suffix` added to its name
  /// (`audit.xlsx` → `audit-tickets.xlsx`); never the audit itself.
  static func copyTarget(
    _ chosen: String?, of audit: String, suffix: String, what: String
  ) throws(PipelineError) -> String {
    let url = URL(fileURLWithPath: audit)
    let stem = url.deletingPathExtension().lastPathComponent
    let target =
      chosen
      ?? url.deletingLastPathComponent().appendingPathComponent(
        "\(stem)-\(suffix).\(url.pathExtension)"
      ).path
    guard OutputPath.canonical(target) != OutputPath.canonical(audit) else {
      throw PipelineError(
        "--to \(target): that is the audit itself; \(what) must go to another file",
        status: .usage)
    }
    return target
  }
}
