import Audit
import AuditCycle
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

  public init(
    old: String, new: String, config: String?, format: AuditDiff.Format,
    output: String
  ) {
    self.old = old
    self.new = new
    self.config = config
    self.format = format
    self.output = output
  }
}

extension Pipeline {
  /// Compares two filled audits and writes the result: `criteria diff`.
  ///
  /// Returns the diff, so the CLI can say what it found and fail a CI step on a regression.
  public func diff(_ request: DiffRequest) throws(PipelineError) -> AuditDiff {
    let layout = try Self.auditLayout(
      config: request.config, reading: request.new)
    let diff: AuditDiff
    let newSheet: AuditSheet
    do {
      let reader = AuditResultsReader(layout: layout)
      let old = try AuditSheet.read(path: request.old)
      newSheet = try AuditSheet.read(path: request.new)
      diff = try AuditDiff(
        old: try reader.rows(of: old), new: try reader.rows(of: newSheet),
        oldPlace: AuditResultsReader.location(old),
        newPlace: AuditResultsReader.location(newSheet))
    } catch {
      throw PipelineError(error)
    }
    // The later audit's conformance counts each row as its WCAG cell says (the earlier one may rest on
    // the mapping of its day).
    if let path = request.config {
      warnAboutWCAGCells(
        of: newSheet, layout: layout,
        mapping: mappingToCheck(
          try ConfigFile(path: path).settings, config: path),
        countedBy: "the diff's conformance changes count")
    }
    let text = diff.render(request.format, old: request.old, new: request.new)
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
