import Audit
import AuditCycle
import CriteriaModel
import Foundation

/// What `criteria diff` is asked to do.
public struct DiffRequest: Sendable {
  /// The earlier filled audit and the later one (XLSX or CSV).
  public var old: String
  public var new: String
  /// The config whose audit output gives the Result words (nil: the default words).
  public var config: String?
  public var format: AuditDiff.Format
  /// Where the diff goes (`-` for standard output).
  public var output: String
  /// The languages the audits' checks and notes are written in (`--language`, `--notes-language`),
  /// over the config's.
  public var languages: TextLanguages = TextLanguages()
  /// The releases the two audits cover, for the page (`--from-label 5.2 --to-label 5.3`).
  public var fromLabel = ""
  public var toLabel = ""

  public init(
    old: String, new: String, config: String? = nil, format: AuditDiff.Format,
    output: String, languages: TextLanguages = TextLanguages()
  ) {
    self.old = old
    self.new = new
    self.config = config
    self.format = format
    self.output = output
    self.languages = languages
  }
}

extension Pipeline {
  /// Compares two filled audits and writes the result: `criteria diff`.
  ///
  /// Returns the diff, so the CLI can say what it found and fail a CI step on a regression.
  public func diff(_ request: DiffRequest) throws(PipelineError) -> AuditDiff {
    let layout = try Self.auditLayout(
      config: request.config, reading: request.new)
    let reader = AuditResultsReader(layout: layout)
    let old: AuditSheet
    let newSheet: AuditSheet
    var newRows: [AuditResultRow]
    do {
      old = try AuditSheet.read(path: request.old)
      newSheet = try AuditSheet.read(path: request.new)
      warnIfRetiredFileMissing(old)
      warnIfRetiredFileMissing(newSheet)
      newRows = try reader.rows(of: newSheet)
    } catch {
      throw PipelineError(error)
    }
    // The later audit's conformance counts each row as its WCAG cell says (the earlier one may rest on
    // the mapping of its day), and a check of today's criteria it lacks as not tested: a row deleted is
    // no retired check.
    var languages = request.languages
    var product = ""
    if let path = request.config {
      let settings = try ConfigFile(path: path).settings
      languages = languages.over(settings.languages)
      product = Self.product(settings.acr)
      let today = todaysChecks(
        settings, config: path,
        audit: "the later audit")
      warnAboutWCAGCells(
        of: newSheet, layout: layout, mapping: today?.mapping,
        countedBy: "the diff's conformance changes count")
      if let today {
        newRows += lacking(
          today,
          rows: newRows.compactMap { row in row.platform.map { (row.id, $0) } },
          audit: request.new
        ).map { AuditResultRow(lacking: $0, in: request.new, layout: layout) }
      }
    }
    var diff: AuditDiff
    do {
      diff = try AuditDiff(
        old: try reader.rows(of: old), new: newRows,
        oldPlace: AuditResultsReader.location(old),
        newPlace: AuditResultsReader.location(newSheet),
        oldRetired: try old.retired().map(reader.rows) ?? [],
        newRetired: try newSheet.retired().map(reader.rows) ?? [])
    } catch {
      throw PipelineError(error)
    }
    diff.product = product
    diff.fromLabel = request.fromLabel
    diff.toLabel = request.toLabel
    let text = diff.render(
      request.format, old: request.old, new: request.new,
      languages: languages)
    let destination: Destination =
      request.output == "-" ? .standardOutput : .path(request.output)
    try ArtifactSink(
      protecting: [request.old, request.new]
        + (request.config.map { [$0] } ?? []),
      reporter: reporter
    ).deliver(.file(Data(text.utf8)), from: "diff", to: destination)
    return diff
  }
}
