import Audit
import Conformance
import CriteriaModel

/// The WCAG sheet: one row per success criterion the audit covers, with live counts by result over the
/// checklist's WCAG column and a conformance level, for Web rows and for Software (iOS and Android) rows.
///
/// A WCAG cell holds numbers such as `1.4.1, 2.4.7`. Each count adds four COUNTIFS, for the number alone,
/// first, last and in the middle of the list, with `?` for each dot: the pattern is always a text match
/// (a bare `1.4.1` could be read as a date in some locales), and `1?4?1` never matches `1.4.10`.
struct WCAGSheet {
  let layout: AuditLayout
  let checklistRows: Int
  let title: String
  /// The values the formulas have when the workbook is written.
  let tally: ResultTally

  /// The two kinds of product an ACR reports on, with the checklist rows that belong to each.
  enum Kind: CaseIterable {
    case web, software

    var label: String { self == .web ? "Web" : "Software" }
    /// The Platform condition of a COUNTIFS.
    var platformCondition: String { self == .web ? "\"Web\"" : "\"<>Web\"" }
    func includes(_ platform: Platform) -> Bool {
      (platform == .web) == (self == .web)
    }
  }

  /// Columns per kind: checks, one per result word, conformance.
  var columnsPerKind: Int { layout.statuses.count + 2 }

  /// The success criteria the catalog's checks test, in WCAG order.
  static func covered(_ catalog: Catalog) -> [SuccessCriterion] {
    // A set first: a large audit repeats a few dozen numbers hundreds of thousands of times.
    var numbers = Set<String>()
    for component in catalog.components {
      for criterion in component.criteria { numbers.formUnion(criterion.wcag) }
    }
    return WCAGOrder.sorted(numbers).compactMap { WCAG22.criterion($0) }
  }

  func write(
    _ sheet: XLSXSheet, catalog: Catalog, styles: WorkbookStyles
  ) throws(ExportError) {
    let criteria = Self.covered(catalog)
    var header = ["Criterion", "Name", "Level"]
    for kind in Kind.allCases {
      header += ["\(kind.label) checks"]
      header += layout.statuses.map { "\(kind.label): \($0)" }
      header += ["\(kind.label) conformance"]
    }
    let widths = header.indices.map { index -> Double in
      if index == 1 { return 30 }
      if index < 3 { return 9 }
      return (index - 3) % columnsPerKind == columnsPerKind - 1 ? 19 : 10
    }
    for (index, text) in header.enumerated() {
      try sheet.setColumn(index, width: widths[index])
      try sheet.write(0, index, text, styles.header)
    }
    try sheet.setRow(0, height: RowHeight.points(header, widths: widths))
    sheet.freezeHeader()
    try sheet.preparePrinting(title: title)
    for (offset, criterion) in criteria.enumerated() {
      let row = offset + 1
      try sheet.write(row, 0, criterion.number)
      try sheet.write(row, 1, criterion.handle)
      try sheet.write(row, 2, criterion.level.rawValue)
      for (kindIndex, kind) in Kind.allCases.enumerated() {
        let first = 3 + kindIndex * columnsPerKind
        let counts =
          tally.criteria[kind]?[criterion.number]
          ?? Array(repeating: 0, count: layout.statuses.count)
        let total = counts.reduce(0, +)
        try sheet.write(
          row, first, formula: "=" + count(criterion.number, kind, status: nil),
          value: Double(total), styles.count)
        for (index, status) in layout.statuses.enumerated() {
          try sheet.write(
            row, first + 1 + index,
            formula: "=" + count(criterion.number, kind, status: status),
            value: Double(counts[index]), styles.count)
        }
        try sheet.write(
          row, first + columnsPerKind - 1,
          formula: conformanceFormula(row: row, first: first),
          text: total == 0
            ? ""
            : ResultTally.conformance(counts, unknown: "Not enough evidence"))
      }
    }
    try sheet.autofilter(rows: criteria.count, columns: header.count)
  }

  /// The COUNTIFS sum for one success criterion, one kind and (unless nil) one result word.
  ///
  /// With a Failed WCAG column, the rows are counted as `WCAGEvidence.counted` counts them: a Fail row
  /// whose Failed WCAG is filled counts for the numbers there, and not for those of its WCAG cell.
  func count(_ number: String, _ kind: Kind, status: String?) -> String {
    let platform = ",\(range(.platform)),\(kind.platformCondition)"
    let result =
      status.map { ",\(range(.result)),\(ExcelFormula.quoted($0))" } ?? ""
    let plain = matching(number, in: .wcag, conditions: platform + result)
    guard layout.columns.contains(.failedWCAG) else { return plain }
    let fail = ",\(range(.result)),\(ExcelFormula.quoted(layout.fail))"
    let named = matching(number, in: .failedWCAG, conditions: platform + fail)
    if status == nil {
      // Every row naming the number, less the failures counted elsewhere, plus those counted here.
      let elsewhere = matching(
        number, in: .wcag,
        conditions: platform + fail + ",\(range(.failedWCAG)),\"<>\"")
      return "\(plain)-(\(elsewhere))+\(named)"
    }
    guard status == layout.fail else { return plain }
    let unnamed = matching(
      number, in: .wcag,
      conditions: platform + result + ",\(range(.failedWCAG)),\"\"")
    return "\(unnamed)+\(named)"
  }

  /// The COUNTIFS terms for the rows whose `column` lists `number`, under the other `conditions`.
  func matching(_ number: String, in column: AuditColumn, conditions: String)
    -> String
  {
    let pattern = number.replacingOccurrences(of: ".", with: "?")
    let cells = range(column)
    return [pattern, "\(pattern), *", "*, \(pattern)", "*, \(pattern), *"]
      .map { "COUNTIFS(\(cells),\"\($0)\"\(conditions))" }
      .joined(separator: "+")
  }

  /// The conformance of one kind's cells: blank when no row tests it, then the ACR's rules.
  func conformanceFormula(row: Int, first: Int) -> String {
    let total = XLSXSheet.cellName(row, first)
    let pass = XLSXSheet.cellName(row, first + 1)
    let fail = XLSXSheet.cellName(row, first + 2)
    let na = XLSXSheet.cellName(row, first + 3)
    // Does Not Support when most evaluated rows fail (VPAT 2.5's "majority"), counted over rows here;
    // a blank Result counts as not tested.
    return
      "=IF(\(total)=0,\"\",IF(\(fail)>0,IF(2*\(fail)>\(pass)+\(fail),\"Does Not Support\",\"Partially Supports\"),"
      + "IF(\(na)=\(total),\"Not Applicable\",IF(\(pass)+\(na)<\(total),\"Not enough evidence\",\"Supports\"))))"
  }

  private func range(_ column: AuditColumn) -> String {
    guard let index = layout.columns.firstIndex(of: column) else { return "" }
    let last = max(checklistRows, 1)
    return
      "Checklist!\(XLSXSheet.cellName(1, index, absolute: true)):\(XLSXSheet.cellName(last, index, absolute: true))"
  }

}
