import Audit
import CXlsxWriter
import CriteriaModel

/// The Summary sheet: per component and platform, result counts as live COUNTIFS formulas over the
/// checklist, a VPAT-style conformance level derived from them, and a stacked bar chart.
struct SummarySheet: CountingSheet {
  let counted: CountedChecklist

  /// VPAT 2.x conformance levels.
  static let conformanceHeader = "Conformance"

  /// One row of the table: a component on one platform, with the conditions that pick its rows.
  private struct Unit {
    let component: String
    let platform: Platform
    /// The Checklist's conditions, or nil for a unit only retired findings name and the Checklist has
    /// no columns to find by name.
    let checklist: String?
    /// The Retired sheet's conditions, when its findings count.
    let retired: String?
    let counts: [Int]
  }

  func write(
    _ sheet: XLSXSheet,
    groups: [(
      componentID: String, component: String, platform: Platform, count: Int
    )],
    book: XLSXWorkbook, styles: WorkbookStyles
  ) throws(ExportError) {
    let header =
      ["Component", "Platform", "Checks"] + layout.statuses + [
        Self.conformanceHeader
      ]
    try sheet.startTable(
      header: header,
      widths: header.indices.map {
        $0 == 0 ? 28 : ($0 == header.count - 1 ? 20 : 13)
      }, title: title, headerFormat: styles.header)
    // The hidden column of bar labels; written with the header, as rows go out in order.
    try sheet.write(0, labelColumn(header), "Chart label", styles.header)
    try sheet.hideColumn(labelColumn(header), width: 30)
    let zeros = Array(repeating: 0, count: layout.statuses.count)
    let units =
      groups.map { group in
        Unit(
          component: group.component, platform: group.platform,
          checklist: ranges.unit(
            componentID: group.componentID, component: group.component,
            platform: group.platform),
          retired: retired?.named(
            component: group.component, platform: group.platform),
          counts: tally.units[
            ResultTally.unit(group.componentID, group.platform)] ?? zeros)
      }
      + tally.retiredUnits.map { unit in
        Unit(
          component: unit.component, platform: unit.platform,
          checklist: ranges.has(.component) && ranges.has(.platform)
            ? ranges.named(component: unit.component, platform: unit.platform)
            : nil,
          retired: retired?.named(
            component: unit.component, platform: unit.platform),
          counts: unit.counts)
      }
    let findings = retired?.findingStatuses ?? []
    let statuses = layout.statuses
    let label = labelColumn(header)
    // The cells are made on another thread while libxlsxwriter writes the ones made before: a large
    // audit has a row for each of thousands of components and platforms, seven formulas each.
    try sheet.stream(styles: styles) { [self] sink in
      var formula = FormulaText()
      /// `=COUNTIFS(checklist…)+COUNTIFS(retired…)` for one result word (every row when nil), assembled
      /// in the one buffer.
      func count(_ unit: Unit, _ status: String?) -> FormulaText {
        formula.reset()
        formula.append("=")
        var parts = 0
        if let checklist = unit.checklist {
          formula.append("COUNTIFS(")
          formula.append(checklist)
          if let status { formula.append(ranges.result(status)) }
          formula.append(")")
          parts += 1
        }
        if let conditions = unit.retired, let retired {
          for word in findings where status == nil || status == word {
            if parts > 0 { formula.append("+") }
            // Zero once a person deletes the Retired sheet, not an error.
            formula.append("IFERROR(COUNTIFS(")
            formula.append(conditions)
            formula.append(retired.result(word))
            formula.append("),0)")
            parts += 1
          }
        }
        if parts == 0 { formula.append("0") }
        return formula
      }
      for (offset, unit) in units.enumerated() {
        let row = offset + 1
        let component = XLSXSheet.cellText(unit.component)
        if !component.isEmpty { sink.text(row, 0, clean: component, .none) }
        sink.text(row, 1, clean: unit.platform.rawValue, .none)
        sink.formula(
          row, 2, count(unit, nil),
          shows: .number(Double(unit.counts.reduce(0, +))), .count)
        for index in statuses.indices {
          sink.formula(
            row, 3 + index, count(unit, statuses[index]),
            shows: .number(Double(unit.counts[index])), .count)
        }
        formula.reset()
        formula.append(conformanceFormula(row: row))
        sink.formula(
          row, header.count - 1, formula,
          shows: .text(
            unit.counts.allSatisfy { $0 == 0 }
              ? ""
              : ResultTally.conformance(
                units: [unit.counts], unknown: "Not enough evidence")), .none)
        // One label a bar, "Rating · iOS": a two-level axis printed component names rotated and on top
        // of each other in LibreOffice. Text, not a formula, so the chart's cached labels are the labels
        // too.
        sink.text(
          row, label,
          clean: XLSXSheet.cellText(
            "\(unit.component) · \(unit.platform.rawValue)"),
          .none)
        guard sink.open else { return }
      }
    }
    try sheet.autofilter(rows: units.count, columns: header.count)
    if retired != nil {
      // In the spare row between the table and the chart.
      try sheet.write(
        units.count + 1, 0,
        SheetRanges.retiredNote(
          "Checks, \(layout.fail) and \(layout.word(for: .cannotTell)) include")
      )
    }
    if !units.isEmpty {
      try addChart(
        to: sheet, rows: units.count, labels: labelColumn(header), book: book)
    }
  }

  /// The hidden column holding each bar's label, after the table.
  private func labelColumn(_ header: [String]) -> Int { header.count }

  /// The ACR's rule for one unit (a component on one platform): Does Not Support when most of its
  /// evaluated (Pass or Fail) rows fail (VPAT 2.5's "majority of product functionality"), Partially
  /// Supports when any fails otherwise, Not Applicable when nothing applies, Supports when every row
  /// passed or does not apply, else Not enough evidence (a blank Result counts as not tested), the words
  /// the WCAG sheet, the report, the ACR's draft notes and diff use (VPAT keeps Not Evaluated for Level
  /// AAA); blank when no row counts.
  func conformanceFormula(row: Int) -> String {
    let total = XLSXSheet.cellName(row, 2)
    let pass = XLSXSheet.cellName(row, 3)
    let fail = XLSXSheet.cellName(row, 4)
    let na = XLSXSheet.cellName(row, 5)
    // Blank for a unit with no row left to count (a retired finding retested).
    return
      "=IF(\(total)=0,\"\",IF(\(fail)>0,IF(2*\(fail)>\(pass)+\(fail),\"Does Not Support\",\"Partially Supports\"),"
      + "IF(\(na)=\(total),\"Not Applicable\",IF(\(pass)+\(na)<\(total),\"Not enough evidence\",\"Supports\"))))"
  }

  /// The most bars one chart holds: a printed page shows about 30 labels one under another.
  static let barsPerChart = 30

  /// Adds the charts below the table, as wide as the table: one for each run of up to 30 groups, every
  /// bar labelled, the first on the table's page when both fit, each further one on a page of its own.
  private func addChart(
    to sheet: XLSXSheet, rows: Int, labels: Int, book: XLSXWorkbook
  ) throws(ExportError) {
    let parts = stride(from: 0, to: rows, by: Self.barsPerChart).map {
      ($0, min(rows, $0 + Self.barsPerChart))
    }
    var anchor = rows + 2
    var breaks: [Int] = []
    for (part, (first, end)) in parts.enumerated() {
      guard let chart = book.addChart(LXW_CHART_BAR_STACKED) else {
        throw ExportError("cannot add the summary chart")
      }
      let colours: [lxw_color_t] = [
        0x4CAF50, 0xE53935, 0x9E9E9E, 0xCFD8DC, 0xFFB300,
      ]
      for (index, status) in layout.statuses.enumerated() {
        guard let series = chart_add_series(chart, nil, nil) else { continue }
        chart_series_set_categories(
          series, "Summary", lxw_row_t(first + 1), lxw_col_t(labels),
          lxw_row_t(end), lxw_col_t(labels))
        chart_series_set_values(
          series, "Summary", lxw_row_t(first + 1), lxw_col_t(3 + index),
          lxw_row_t(end), lxw_col_t(3 + index))
        chart_series_set_name(series, status)
        var fill = lxw_chart_fill()
        fill.color = colours[index % colours.count]
        chart_series_set_fill(series, &fill)
      }
      chart_title_set_name(
        chart,
        parts.count == 1
          ? "Results per component and platform"
          : "Results per component and platform (\(part + 1) of \(parts.count))"
      )
      // Every bar its label: a spreadsheet otherwise skips labels it finds too close together (in a bar
      // chart, libxlsxwriter's y axis is the category axis).
      chart_axis_set_interval_unit(chart.pointee.y_axis, 1)
      // The labels live in a hidden column; a chart leaves hidden cells out unless told.
      chart_show_hidden_data(chart)
      chart_legend_set_position(
        chart, UInt8(LXW_CHART_LEGEND_BOTTOM.rawValue))
      let placement = Self.chartPlacement(rows: end - first)
      // The first chart shares the table's page when both fit; every further one starts a page.
      if part > 0 || Double(rows + 1) * 20 + 40 + placement.height > 667 {
        breaks.append(anchor)
      }
      var options = lxw_chart_options()
      options.x_scale = placement.width / 480
      options.y_scale = placement.height / 288
      options.x_offset = 4
      options.y_offset = 4
      try sheet.insert(chart, row: anchor, column: 0, options: &options)
      // Rows of 20 pixels under the chart, and one spare, before the next.
      anchor += Int((placement.height / 20).rounded(.up)) + 2
    }
    try sheet.breakPages(before: breaks)
  }

  /// Where the chart goes for a table of `rows` groups, and its size in pixels.
  ///
  /// A landscape page holds about 500 points (667 pixels) of rows at the scale that fits the table's width;
  /// the chart is given 18 pixels a bar and never more than one page.
  static func chartPlacement(rows: Int) -> (
    row: Int, width: Double, height: Double, pageBreak: Bool
  ) {
    let height = min(max(Double(rows) * 18 + 110, 288), 620)
    let tablePixels = Double(rows + 1) * 20
    let row = rows + 2
    return (
      row: row, width: 960, height: height,
      pageBreak: tablePixels + 40 + height > 667
    )
  }
}
