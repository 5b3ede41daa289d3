import Audit
import Conformance
import CriteriaModel

/// The WCAG sheet and the WCAG by component sheet its levels rest on.
///
/// The WCAG sheet has one row per success criterion the audit covers, with live counts by result over the
/// checklist's WCAG column and a conformance level, for Web rows and for Software (iOS and Android) rows.
/// The WCAG by component sheet has, per criterion, each unit's (a component on one platform) Pass and Fail
/// counts and failing share. A level is the ACR's (`VPATRollup`): Does Not Support when the failing
/// shares, averaged over the units with an evaluated row, are more than one half.
///
/// A WCAG cell holds numbers such as `1.4.1, 2.4.7`. Each count is one COUNTIFS given four patterns at
/// once, as an array constant summed by SUMPRODUCT: the number alone, first, last and in the middle of
/// the list, with `?` for each dot. The pattern is always a text match (a bare `1.4.1` could be read as a
/// date in some locales), and `1?4?1` never matches `1.4.10`. One COUNTIFS with the unit's conditions
/// once, rather than four, keeps a large workbook's formulas a third as long.
struct WCAGSheet: CountingSheet {
  /// The Retired sheet's findings count for a criterion only where it has a WCAG column.
  let counted: CountedChecklist

  /// The sheet with one row per criterion, product type and unit.
  static let unitsSheet = "WCAG by component"

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

  /// The success criteria the catalog's checks test, and those the tallied rows count for (a Failed
  /// WCAG cell, a retired finding), in WCAG order.
  static func covered(_ catalog: Catalog, _ tally: ResultTally)
    -> [SuccessCriterion]
  {
    // A set first: a large audit repeats a few dozen numbers hundreds of thousands of times.
    var numbers = Set<String>()
    for component in catalog.components {
      for criterion in component.criteria { numbers.formUnion(criterion.wcag) }
    }
    for counted in tally.criteria.values { numbers.formUnion(counted.keys) }
    return WCAGOrder.sorted(numbers).compactMap { WCAG22.criterion($0) }
  }

  /// The Retired sheet's columns when its findings count for criteria.
  private var retiredWCAG: SheetRanges? {
    retired.flatMap { $0.has(.wcag) ? $0 : nil }
  }

  func write(
    _ sheet: XLSXSheet, units unitsSheet: XLSXSheet, catalog: Catalog,
    styles: WorkbookStyles
  ) throws(ExportError) {
    let criteria = Self.covered(catalog, tally)
    let unitRows = try writeUnits(
      unitsSheet, criteria: criteria, styles: styles)
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
    try sheet.startTable(
      header: header, widths: widths, title: title,
      headerFormat: styles.header, tallHeader: true)
    var formula = FormulaText()
    for (offset, criterion) in criteria.enumerated() {
      let row = offset + 1
      try sheet.write(row, 0, criterion.number)
      try sheet.write(row, 1, criterion.handle)
      try sheet.write(row, 2, criterion.level.rawValue)
      let pattern = Self.pattern(criterion.number)
      for (kindIndex, kind) in Kind.allCases.enumerated() {
        let first = 3 + kindIndex * columnsPerKind
        let counts =
          tally.criteria[kind]?[criterion.number]
          ?? Array(repeating: 0, count: layout.statuses.count)
        let total = counts.reduce(0, +)
        let platform = ",\(ranges[.platform]),\(kind.platformCondition)"
        for (index, status) in ([nil] + layout.statuses).enumerated() {
          formula.reset()
          formula.append("=")
          ranges.count(
            pattern: pattern, platform, status: status, into: &formula)
          if let retired = retiredWCAG {
            // The retired findings, of this result word or (in the checks column) of either.
            let rows = ",\(retired[.platform]),\(kind.platformCondition)"
            for word in retired.findingStatuses
            where status == nil || status == word {
              // Zero once a person deletes the Retired sheet, not an error.
              formula.append("+IFERROR(")
              retired.count(
                pattern: pattern, rows, status: word, into: &formula)
              formula.append(",0)")
            }
          }
          try sheet.write(
            row, first + index, formula: &formula,
            shows: .number(Double(index == 0 ? total : counts[index - 1])),
            styles.count)
        }
        let units = tally.criterionUnits[kind]?[criterion.number] ?? []
        try sheet.write(
          row, first + columnsPerKind - 1,
          formula: conformanceFormula(
            row: row, first: first, number: criterion.number, kind: kind,
            unitRows: unitRows),
          shows: .text(
            total == 0
              ? ""
              : ResultTally.conformance(
                units: units.map(\.counts), unknown: "Not enough evidence")))
      }
    }
    try sheet.autofilter(rows: criteria.count, columns: header.count)
    try writeRetiredNote(
      sheet, below: criteria.count,
      columns:
        "Checks, \(layout.fail) and \(layout.word(for: .cannotTell)) include")
  }

  /// A criterion number as a COUNTIFS text pattern: `?` for each dot.
  static func pattern(_ number: String) -> String {
    // Criterion numbers are ASCII digits and dots.
    String(
      decoding: number.utf8.map {
        $0 == UInt8(ascii: ".") ? UInt8(ascii: "?") : $0
      },
      as: UTF8.self)
  }

  /// Stands where a unit's conditions go in a formula made once per criterion (never in formula text:
  /// control characters are replaced when documents are read).
  private static let gap = "\u{1}"

  /// The conformance of one kind's cells: blank when no row tests it, then the ACR's rules, with the
  /// failing shares of the WCAG by component sheet averaged for Does Not Support.
  func conformanceFormula(
    row: Int, first: Int, number: String, kind: Kind, unitRows: Int
  ) -> String {
    let total = XLSXSheet.cellName(row, first)
    let pass = XLSXSheet.cellName(row, first + 1)
    let fail = XLSXSheet.cellName(row, first + 2)
    let na = XLSXSheet.cellName(row, first + 3)
    let pattern = number.replacingOccurrences(of: ".", with: "?")
    let average =
      "AVERAGEIFS(\(unitRange(6, unitRows)),\(unitRange(0, unitRows)),\"\(pattern)\","
      + "\(unitRange(1, unitRows)),\"\(kind.label)\")"
    // A blank Result counts as not tested.
    return
      "=IF(\(total)=0,\"\",IF(\(fail)>0,IF(\(average)>0.5,\"Does Not Support\",\"Partially Supports\"),"
      + "IF(\(na)=\(total),\"Not Applicable\",IF(\(pass)+\(na)<\(total),\"Not enough evidence\",\"Supports\"))))"
  }

  /// A column of the WCAG by component sheet, as an absolute range over its rows.
  private func unitRange(_ column: Int, _ rows: Int) -> String {
    "'\(Self.unitsSheet)'!\(XLSXSheet.cellName(1, column, absolute: true)):\(XLSXSheet.cellName(max(rows, 1), column, absolute: true))"
  }

  /// Writes the WCAG by component sheet and returns the rows written.
  ///
  /// Per criterion (in WCAG order), product type and unit: live counts of the unit's Pass and Fail rows,
  /// and its failing share (what the WCAG sheet averages; other results do not enter it).
  func writeUnits(
    _ sheet: XLSXSheet, criteria: [SuccessCriterion], styles: WorkbookStyles
  ) throws(ExportError) -> Int {
    let header = [
      "Criterion", "Product type", "Component", "Platform", layout.pass,
      layout.fail, "Failing share",
    ]
    let widths: [Double] = [9, 10, 28, 10, 9, 9, 11]
    try sheet.startTable(
      header: header, widths: widths, title: title,
      headerFormat: styles.header, tallHeader: true)
    let rows = criteria.reduce(0) { sum, criterion in
      sum
        + Kind.allCases.reduce(0) {
          $0 + (tally.criterionUnits[$1]?[criterion.number]?.count ?? 0)
        }
    }
    // The cells are made on another thread while libxlsxwriter writes the ones made before.
    try sheet.stream(styles: styles) { [self] sink in
      var row = 1
      var formula = FormulaText()
      // Each unit's conditions (the Checklist's, the Retired sheet's) and component cell, made once: a
      // unit lists several criteria.
      var made: [(checklist: [UInt8]?, retired: [UInt8]?, component: String)?] =
        Array(repeating: nil, count: tally.unitCount)
      // The Failing share formula's pieces around its row number: "=IF(E2+F2=0,"",F2/(E2+F2))".
      let pass = CellReference.letters(4)
      let fail = CellReference.letters(5)
      let share = [
        "=IF(\(pass)", "+\(fail)", "=0,\"\",\(fail)", "/(\(pass)", "+\(fail)",
        "))",
      ]
      .map { Array($0.utf8) }
      let retired = retiredWCAG
      for criterion in criteria {
        // The criterion's Pass and Fail counts over the Checklist, and its Fail count over the Retired
        // sheet, made once with a gap where a unit's conditions go.
        func template(
          _ ranges: SheetRanges, _ status: String, orZero: Bool = false
        ) -> [[UInt8]] {
          var text = FormulaText()
          if orZero { text.append("IFERROR(") }
          ranges.count(
            pattern: Self.pattern(criterion.number), Self.gap, status: status,
            into: &text)
          if orZero { text.append(",0)") }
          return text.pieces(cutAt: Self.gap.utf8.first ?? 0)
        }
        let templates = [layout.pass, layout.fail].map { template(ranges, $0) }
        // Zero once a person deletes the Retired sheet, not an error.
        let retiredFail = retired.map {
          template($0, layout.fail, orZero: true)
        }
        for kind in Kind.allCases {
          for unit in tally.criterionUnits[kind]?[criterion.number] ?? [] {
            let unitCells:
              (checklist: [UInt8]?, retired: [UInt8]?, component: String)
            if let known = made[unit.index] {
              unitCells = known
            } else {
              unitCells = (
                checklist: checklistConditions(unit).map {
                  Array(("," + $0).utf8)
                },
                retired: retired.map {
                  Array(
                    (","
                      + $0.named(
                        component: unit.component, platform: unit.platform))
                      .utf8)
                },
                component: XLSXSheet.cellText(unit.component)
              )
              made[unit.index] = unitCells
            }
            // Numbers, kinds and platforms are plain ASCII: written as they are.
            sink.text(row, 0, clean: criterion.number, .none)
            sink.text(row, 1, clean: kind.label, .none)
            if !unitCells.component.isEmpty {
              sink.text(row, 2, clean: unitCells.component, .none)
            }
            sink.text(row, 3, clean: unit.platform.rawValue, .none)
            for (offset, template) in templates.enumerated() {
              formula.reset()
              formula.append("=")
              var parts = 0
              if let conditions = unitCells.checklist {
                formula.fill(template, with: conditions)
                parts += 1
              }
              // A retired finding counts as a failure of its unit; a retired Pass is no evidence.
              if offset == 1, let retiredFail,
                let conditions = unitCells.retired
              {
                if parts > 0 { formula.append("+") }
                formula.fill(retiredFail, with: conditions)
                parts += 1
              }
              if parts == 0 { formula.append("0") }
              sink.formula(
                row, 4 + offset, formula,
                shows: .number(Double(unit.counts[offset])), .count)
            }
            formula.reset()
            formula.fill(share, with: Array(String(row + 1).utf8))
            sink.formula(
              row, 6, formula,
              shows: ResultTally.failingShare(unit.counts).map { .number($0) }
                ?? .text(""), .share)
            row += 1
          }
          guard sink.open else { return }
        }
      }
    }
    try sheet.autofilter(rows: rows, columns: header.count)
    try writeRetiredNote(sheet, below: rows, columns: "\(layout.fail) includes")
    return rows
  }

  /// The conditions that pick a unit's Checklist rows: by row ids, or by name for a unit only retired
  /// findings name; nil when the Checklist has no columns to find that unit by.
  private func checklistConditions(_ unit: ResultTally.UnitTally) -> String? {
    guard let componentID = unit.componentID else {
      return ranges.has(.component)
        ? ranges.named(component: unit.component, platform: unit.platform) : nil
    }
    return ranges.unit(
      componentID: componentID, component: unit.component,
      platform: unit.platform)
  }

  /// Says under a table, when the audit has retired rows, whether their findings are counted in it.
  private func writeRetiredNote(
    _ sheet: XLSXSheet, below rows: Int, columns: String
  ) throws(ExportError) {
    guard retired != nil else { return }
    try sheet.write(
      rows + 2, 0,
      retiredWCAG != nil
        ? SheetRanges.retiredNote(columns)
        : "The rows a refresh retired (sheet Retired) have no WCAG column: their findings are not counted here."
    )
  }
}
