import Audit
import CriteriaModel

/// The Checklist's columns as the Summary and WCAG sheets' formulas count over them
/// (`Checklist!$X$2:$X$n`), built once: those sheets write one formula per result word per row.
struct ChecklistRanges {
  let layout: AuditLayout
  private let ranges: [AuditColumn: String]

  init(layout: AuditLayout, rows: Int) {
    self.layout = layout
    let last = max(rows, 1)
    var ranges: [AuditColumn: String] = [:]
    for (index, column) in layout.columns.enumerated() {
      ranges[column] =
        "Checklist!\(XLSXSheet.cellName(1, index, absolute: true)):\(XLSXSheet.cellName(last, index, absolute: true))"
    }
    self.ranges = ranges
  }

  /// The range of one column, or empty when the layout has no such column.
  subscript(column: AuditColumn) -> String { ranges[column] ?? "" }

  /// The COUNTIFS conditions that select one component on one platform (a unit).
  func unit(componentID: String, component: String, platform: Platform)
    -> String
  {
    if layout.columns.contains(.id) {
      // Row ids are "<component id>/<test>/<check>@<platform>"; ids hold no COUNTIFS wildcards.
      let pattern = StableID.rowPattern(
        component: componentID, platform: platform)
      return "\(self[.id]),\(ExcelFormula.quoted(pattern))"
    }
    return
      "\(self[.component]),\(ExcelFormula.quoted(component)),\(self[.platform]),\(ExcelFormula.quoted(platform.rawValue))"
  }
}
