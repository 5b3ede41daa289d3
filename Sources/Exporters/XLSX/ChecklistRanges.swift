import Audit
import CriteriaModel

/// The Checklist's columns as the Summary and WCAG sheets' formulas count over them.
///
/// Each column the formulas use has a workbook-wide name (`Checklist_Result` for
/// `Checklist!$G$2:$G$59`): a formula reads `COUNTIFS(Checklist_WCAG,"1?4?1",Checklist_Result,"Pass")`,
/// a reviewer can follow it, and a large audit's hundreds of thousands of formulas are half as long.
struct ChecklistRanges {
  let layout: AuditLayout
  let rows: Int
  /// The names of the layout's counted columns, made once: every formula reads several.
  private let names: [AuditColumn: String]
  /// `,Checklist_Result,"Pass"` for each result word, made once.
  private let resultConditions: [String: String]

  init(layout: AuditLayout, rows: Int) {
    self.layout = layout
    self.rows = rows
    var names: [AuditColumn: String] = [:]
    for column in Self.counted where layout.columns.contains(column) {
      names[column] = Self.name(column)
    }
    self.names = names
    var conditions: [String: String] = [:]
    for status in layout.statuses {
      conditions[status] =
        ",\(names[.result] ?? ""),\(ExcelFormula.quoted(status))"
    }
    resultConditions = conditions
  }

  /// The COUNTIFS condition (with its leading comma) that picks the rows whose Result is `status`.
  func result(_ status: String) -> String { resultConditions[status] ?? "" }

  /// The columns the sheets' formulas read.
  static let counted: [AuditColumn] = [
    .id, .component, .platform, .result, .wcag, .failedWCAG,
  ]

  /// The name of one column's range, or empty when the layout has no such column.
  subscript(column: AuditColumn) -> String { names[column] ?? "" }

  static func name(_ column: AuditColumn) -> String {
    "Checklist_" + column.rawValue.filter { $0.isLetter }
  }

  /// Defines the names in the workbook (once, before it is closed).
  func defineNames(in book: XLSXWorkbook) throws(ExportError) {
    let last = max(rows, 1)
    for (index, column) in layout.columns.enumerated()
    where Self.counted.contains(column) {
      try book.defineName(
        Self.name(column),
        "=Checklist!\(XLSXSheet.cellName(1, index, absolute: true)):\(XLSXSheet.cellName(last, index, absolute: true))"
      )
    }
  }

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
