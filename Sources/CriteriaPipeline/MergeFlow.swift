import Audit
import AuditCycle
import Foundation

/// What `criteria merge` is asked to do.
public struct MergeRequest: Sendable {
  /// The filled copies of one audit (XLSX or CSV); the first is the one copied with the others' cells.
  public var files: [String]
  /// The merged audit: the first file's format, never one of the inputs.
  public var output: String
  /// Settle a conflict by the later Date, noting the choice in the row's Notes.
  public var preferLatest: Bool
  /// The config whose audit output gives the Result words (nil: the default words).
  public var config: String?

  public init(
    files: [String], output: String, preferLatest: Bool, config: String? = nil
  ) {
    self.files = files
    self.output = output
    self.preferLatest = preferLatest
    self.config = config
  }
}

/// What a merge found: the counts, every conflict, and whether the merged file was written.
public struct MergeSummary: Sendable, Codable, Hashable {
  public var counts: AuditMerge.Counts
  /// The counts of the rows a refresh retired (the Retired sheet, or the `-retired.csv` beside a
  /// CSV), merged as the checklist is; nil when the first file has none.
  public var retired: AuditMerge.Counts? = nil
  public var conflicts: [AuditMerge.Conflict]
  /// The merged audit; nil when an unsettled conflict stopped the merge and nothing was written.
  public var output: String?

  /// The conflicts nothing settled.
  public var unresolved: [AuditMerge.Conflict] {
    conflicts.filter { $0.chosen == nil }
  }
}

extension Pipeline {
  /// Joins testers' filled copies of one audit: `criteria merge`.
  ///
  /// With a conflict left unsettled it writes nothing and returns the conflicts, for the CLI to list
  /// (exit status 1).
  public func merge(_ request: MergeRequest) throws(PipelineError)
    -> MergeSummary
  {
    guard request.files.count >= 2 else {
      throw PipelineError(
        "merge needs two or more filled audits", status: .usage)
    }
    let format = (request.files[0] as NSString).pathExtension.lowercased()
    guard (request.output as NSString).pathExtension.lowercased() == format
    else {
      throw PipelineError(
        "--output \(request.output): the merged audit is a copy of \(request.files[0]), so it is a "
          + ".\(format) file too",
        status: .usage)
    }
    let layout = try Self.auditLayout(
      config: request.config, reading: request.files[0])
    let plan: AuditMerge.Plan
    var retiredPlan: AuditMerge.Plan?
    let copy: (copy: AuditCopy, retiredRows: Data?)
    var sources: [AuditSheet] = []
    do throws(AuditError) {
      var sheets: [AuditSheet] = []
      for file in request.files {
        sheets.append(try AuditSheet.read(path: file))
        warnIfRetiredFileMissing(sheets[sheets.count - 1])
      }
      let merge = AuditMerge(layout: layout, preferLatest: request.preferLatest)
      plan = try merge.plan(sheets)
      // The rows a refresh retired are merged as the checklist is: a retest a tester wrote on one ends
      // its failure in the merged audit too.
      var retired: [AuditSheet] = []
      for (index, sheet) in sheets.enumerated() {
        guard let rows = try sheet.retired() else { continue }
        if index > 0, retired.isEmpty {
          throw AuditError(
            "\(request.files[index]) has rows a refresh retired (\(AuditResultsReader.location(rows))) "
              + "and \(request.files[0]) has none; give \(request.files[index]) first, so that none is lost"
          )
        }
        retired.append(rows)
      }
      if !retired.isEmpty {
        retiredPlan = try merge.plan(retired, blankIDs: true)
      }
      sources = sheets + retired
      let conflicts = plan.conflicts + (retiredPlan?.conflicts ?? [])
      guard conflicts.allSatisfy({ $0.chosen != nil }) else {
        return MergeSummary(
          counts: plan.counts, retired: retiredPlan?.counts,
          conflicts: conflicts, output: nil)
      }
      copy = try sheets[0].copy(
        setting: plan.cells, retired: retired.first,
        retiredCells: retiredPlan?.cells ?? [:], recalculate: true)
    } catch {
      throw PipelineError(error)
    }
    let sink = ArtifactSink(
      protecting: request.files + (request.config.map { [$0] } ?? []),
      reporter: reporter)
    try Self.deliver(
      copy.copy, of: request.files[0], as: "merged audit", to: request.output,
      madeFrom: sources, through: sink, retiredRows: copy.retiredRows)
    return MergeSummary(
      counts: plan.counts, retired: retiredPlan?.counts,
      conflicts: plan.conflicts + (retiredPlan?.conflicts ?? []),
      output: request.output)
  }
}
