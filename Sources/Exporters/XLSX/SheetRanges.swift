import Audit
import CriteriaModel

/// The columns of one sheet of rows (the Checklist, or the Retired sheet of a refreshed audit) as the
/// Summary and WCAG sheets' formulas count over them.
///
/// Each column the formulas use has a workbook-wide name (`Checklist_Result` for
/// `Checklist!$G$2:$G$59`, `Retired_Result` for the Retired sheet's): a formula reads
/// `COUNTIFS(Checklist_WCAG,"1?4?1",Checklist_Result,"Pass")`, a reviewer can follow it, and a large
/// audit's hundreds of thousands of formulas are half as long.
struct SheetRanges {
  let layout: AuditLayout
  /// The sheet's name, which starts each range's name.
  let sheet: String
  let rows: Int
  /// The sheet's counted columns by position.
  private let positions: [AuditColumn: Int]
  /// The names of the sheet's counted columns, made once: every formula reads several.
  private let names: [AuditColumn: String]
  /// `,Checklist_Result,"Pass"` for each result word, made once.
  private let resultConditions: [String: String]

  /// The Checklist, whose columns are the layout's.
  init(layout: AuditLayout, rows: Int) {
    self.init(
      layout: layout, sheet: "Checklist", columns: layout.columns, rows: rows)
  }

  /// A sheet whose header names `columns` (nil for a header no column of the layout's has).
  init(layout: AuditLayout, sheet: String, columns: [AuditColumn?], rows: Int) {
    self.layout = layout
    self.sheet = sheet
    self.rows = rows
    var positions: [AuditColumn: Int] = [:]
    var names: [AuditColumn: String] = [:]
    for (index, column) in columns.enumerated() {
      guard let column, Self.counted.contains(column), positions[column] == nil
      else { continue }
      positions[column] = index
      names[column] = sheet + "_" + column.rawValue.filter { $0.isLetter }
    }
    self.positions = positions
    self.names = names
    var conditions: [String: String] = [:]
    for status in layout.statuses {
      conditions[status] =
        ",\(names[.result] ?? ""),\(ExcelFormula.quoted(status))"
    }
    resultConditions = conditions
  }

  /// The Retired sheet of a refreshed audit, when it has rows and the columns that tie a finding to a
  /// unit (Result, Component, Platform): its Fail and Cannot tell rows count in the Summary and WCAG
  /// sheets, as in the ACR, until retested.
  static func retired(_ carry: AuditCarry?, layout: AuditLayout) -> SheetRanges?
  {
    guard let carry, !carry.retired.isEmpty else { return nil }
    let ranges = SheetRanges(
      layout: layout, sheet: AuditSheet.retiredSheet,
      columns: carry.retiredHeader.map(AuditColumn.init(userName:)),
      rows: carry.retired.count)
    guard ranges.has(.result), ranges.has(.component), ranges.has(.platform)
    else { return nil }
    return ranges
  }

  /// What the line under a table says when its columns (`Checks, Fail and Cannot tell include`) count
  /// the Retired sheet's findings.
  static func retiredNote(_ columns: String) -> String {
    "\(columns) the findings among the rows a refresh retired (sheet Retired), counted until "
      + "retested, as the ACR counts them."
  }

  /// The result words of findings (Fail, Cannot tell): what a retired row counts with.
  var findingStatuses: [String] {
    Outcome.allCases.filter(\.isFinding).map(layout.word(for:))
  }

  /// The COUNTIFS condition (with its leading comma) that picks the rows whose Result is `status`.
  func result(_ status: String) -> String { resultConditions[status] ?? "" }

  /// The columns the sheets' formulas read.
  static let counted: [AuditColumn] = [
    .id, .component, .platform, .result, .wcag, .failedWCAG,
  ]

  /// The name of one column's range, or empty when the sheet has no such column.
  subscript(column: AuditColumn) -> String { names[column] ?? "" }

  /// Whether the sheet has the column.
  func has(_ column: AuditColumn) -> Bool { names[column] != nil }

  /// Defines the names in the workbook (once, before it is closed).
  func defineNames(in book: XLSXWorkbook) throws(ExportError) {
    let last = max(rows, 1)
    for (column, index) in positions.sorted(by: { $0.value < $1.value }) {
      guard let name = names[column] else { continue }
      try book.defineName(
        name,
        "=\(sheet)!\(XLSXSheet.cellName(1, index, absolute: true)):\(XLSXSheet.cellName(last, index, absolute: true))"
      )
    }
  }

  /// The COUNTIFS conditions that select one component on one platform (a unit) by its row ids, or by
  /// its name and platform when the sheet has no ID column.
  func unit(componentID: String, component: String, platform: Platform)
    -> String
  {
    if has(.id) {
      // Row ids are "<component id>/<test>/<check>@<platform>"; ids hold no COUNTIFS wildcards.
      let pattern = StableID.rowPattern(
        component: componentID, platform: platform)
      return "\(self[.id]),\(ExcelFormula.quoted(pattern))"
    }
    return named(component: component, platform: platform)
  }

  /// The COUNTIFS conditions that select the rows of a component, by its name, on one platform: how the
  /// ACR tells units apart (`VPATRollup.unit`), and the only way for a retired row, which may have no id.
  func named(component: String, platform: Platform) -> String {
    "\(self[.component]),\(ExcelFormula.quoted(Self.equalTo(component))),"
      + "\(self[.platform]),\(ExcelFormula.quoted(platform.rawValue))"
  }

  /// A COUNTIFS criterion that matches `text` and nothing else: an explicit `=` (a name starting with
  /// `<` or `>` is not a comparison), and `~` before each wildcard (`*`, `?`, `~`).
  static func equalTo(_ text: String) -> String {
    var escaped = "="
    for character in text {
      if character == "*" || character == "?" || character == "~" {
        escaped.append("~")
      }
      escaped.append(character)
    }
    return escaped
  }

  /// Appends the COUNTIFS sum for one success criterion, some rows and (unless nil) one result word.
  ///
  /// With a Failed WCAG column, the rows are counted as `WCAGEvidence.counted` counts them: a Fail row
  /// whose Failed WCAG is filled counts for the numbers there, and not for those of its WCAG cell.
  ///
  /// `rows` holds the conditions that pick the rows counted (one kind, or one unit).
  ///
  /// `pattern` is the criterion's number as `WCAGSheet.pattern(_:)` makes it.
  func count(
    pattern: String, _ rows: String, status: String?,
    into text: inout FormulaText
  ) {
    let result = status.map(self.result) ?? ""
    guard has(.failedWCAG) else {
      matching(pattern, in: .wcag, rows, result, into: &text)
      return
    }
    let fail = self.result(layout.fail)
    if status == nil {
      // Every row naming the number, less the failures counted elsewhere, plus those counted here.
      matching(pattern, in: .wcag, rows, result, into: &text)
      text.append("-(")
      matching(
        pattern, in: .wcag, rows, fail + ",\(self[.failedWCAG]),\"<>\"",
        into: &text)
      text.append(")+")
      matching(pattern, in: .failedWCAG, rows, fail, into: &text)
      return
    }
    guard status == layout.fail else {
      matching(pattern, in: .wcag, rows, result, into: &text)
      return
    }
    matching(
      pattern, in: .wcag, rows, result + ",\(self[.failedWCAG]),\"\"",
      into: &text)
    text.append("+")
    matching(pattern, in: .failedWCAG, rows, fail, into: &text)
  }

  /// Appends the count of the rows whose `column` lists the number `pattern` stands for, under the
  /// conditions `rows` and `extra`: `SUMPRODUCT(COUNTIFS(column,{four patterns},rows extra))`.
  ///
  /// The four patterns never match the same cell (a number is listed once), so their sum is the count.
  func matching(
    _ pattern: String, in column: AuditColumn, _ rows: String,
    _ extra: String, into text: inout FormulaText
  ) {
    text.append("SUMPRODUCT(COUNTIFS(")
    text.append(self[column])
    text.append(",{")
    for (index, (before, after)) in Self.listPositions.enumerated() {
      if index > 0 { text.append(",") }
      text.append("\"")
      text.append(before)
      text.append(pattern)
      text.append(after)
      text.append("\"")
    }
    text.append("}")
    text.append(rows)
    text.append(extra)
    text.append("))")
  }

  /// The number alone, first, last and in the middle of a list.
  private static let listPositions = [
    ("", ""), ("", ", *"), ("*, ", ""), ("*, ", ", *"),
  ]
}
