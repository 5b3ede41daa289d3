import Audit
import CXlsxWriter
import CriteriaModel
import Foundation

/// Lays out the audit workbook's sheets with libxlsxwriter.
struct AuditWorkbookWriter {
  struct Settings: Sendable {
    var layout: AuditLayout
    var title: String
    var date: Date
    var toolVersion: String
    var constantMemory: Bool
    var includeScenarios: Bool
    var includeNotes: Bool
    /// Results carried from an older audit (`criteria refresh`), or nil for a fresh workbook.
    var carry: AuditCarry? = nil
  }

  let settings: Settings
  var layout: AuditLayout { settings.layout }

  func write(_ catalog: Catalog, to path: String) throws(ExportError) {
    let book = try XLSXWorkbook(
      path: path, constantMemory: settings.constantMemory)
    let styles = WorkbookStyles(book)
    let rowCount = AuditRow.count(in: catalog)
    try book.setProperties(
      title: settings.title,
      subject:
        "Accessibility acceptance criteria: \(Counted.phrase(catalog.components.count, "component")), "
        + Counted.phrase(rowCount, "check"),
      created: settings.date, generator: "criteria \(settings.toolVersion)")
    let checklist = try book.addSheet("Checklist")
    let summary = try book.addSheet("Summary")
    // What the formulas show when written, counted on another thread while the checklist is written.
    let tallying = BackgroundValue { [settings] in
      ResultTally(catalog, layout: settings.layout, carry: settings.carry)
    }
    try writeChecklist(
      checklist, catalog: catalog, rowCount: rowCount, styles: styles)
    // One set of named ranges, defined once, for every formula of the Summary and WCAG sheets: the
    // Checklist's, and the Retired sheet's whose findings count until retested.
    let ranges = SheetRanges(layout: layout, rows: rowCount)
    try ranges.defineNames(in: book)
    let retired = SheetRanges.retired(settings.carry, layout: layout)
    try retired?.defineNames(in: book)
    let counted = CountedChecklist(
      ranges: ranges, retired: retired, title: settings.title,
      tally: tallying.value)
    try SummarySheet(counted: counted).write(
      summary, groups: Self.groups(catalog), book: book, styles: styles)
    // The WCAG sheet needs the columns its formulas count over, and checks that carry WCAG numbers.
    if layout.columns.contains(.wcag), layout.columns.contains(.platform),
      !WCAGSheet.covered(catalog, counted.tally).isEmpty
    {
      try WCAGSheet(counted: counted).write(
        try book.addSheet("WCAG"),
        units: try book.addSheet(WCAGSheet.unitsSheet), catalog: catalog,
        styles: styles)
    }
    if settings.includeScenarios {
      try writeScenarios(
        try book.addSheet("Scenarios"), catalog: catalog, styles: styles)
    }
    if settings.includeNotes {
      try writeNotes(
        try book.addSheet("Notes"), catalog: catalog, styles: styles)
    }
    if let carry = settings.carry, !carry.retired.isEmpty {
      try writeRetired(
        try book.addSheet(AuditSheet.retiredSheet), carry: carry, styles: styles
      )
    }
    try book.close()
  }

  /// Component and platform pairs in row order, with their row count.
  static func groups(_ catalog: Catalog) -> [(
    componentID: String, component: String, platform: Platform, count: Int
  )] {
    catalog.components.flatMap { component in
      component.platforms.compactMap { platform in
        // Counted without gathering the checks (each a copy of every field).
        let count = component.criteria.reduce(0) {
          $0 + ($1.platforms.contains(platform) ? 1 : 0)
        }
        return count == 0
          ? nil
          : (
            componentID: component.id, component: component.title,
            platform: platform, count: count
          )
      }
    }
  }

  private func writeChecklist(
    _ sheet: XLSXSheet, catalog: Catalog, rowCount: Int, styles: WorkbookStyles
  ) throws(ExportError) {
    let carry = settings.carry
    let trailing = carry?.headers ?? []
    let headers = layout.columns.map(\.rawValue) + trailing
    let widths = layout.columns.map(\.width) + trailing.map { _ in 14 }
    try sheet.startTable(
      header: headers, widths: widths, title: settings.title,
      headerFormat: styles.header, columnFormat: styles.wrap)
    if let carry {
      try writeCarriedRows(
        sheet, catalog: catalog, carry: carry, widths: widths, styles: styles)
    } else {
      try writeFreshRows(
        sheet, catalog: catalog, widths: widths, styles: styles)
    }
    try sheet.autofilter(rows: rowCount, columns: headers.count)
    try testerCells(
      sheet, columns: layout.columns, rows: rowCount, styles: styles)
  }

  /// The rows of a refreshed checklist: each row's fresh values with the old audit's results carried
  /// over by row id, and the columns a tester added after the known ones.
  private func writeCarriedRows(
    _ sheet: XLSXSheet, catalog: Catalog, carry: AuditCarry, widths: [Double],
    styles: WorkbookStyles
  ) throws(ExportError) {
    let layout = layout
    try sheet.stream(styles: styles) { sink in
      var rowNumber = 1
      for component in catalog.components {
        for criterion in component.criteria {
          for platform in criterion.platforms {
            var values = layout.columns.map {
              layout.value($0, component, criterion, platform)
            }
            let id = StableID.row(criterion: criterion.id, platform: platform)
            for (index, column) in layout.columns.enumerated() {
              values[index] = carry.value(
                column, row: id, fresh: values[index])
            }
            values += carry.trailing(row: id)
            sink.row(rowNumber, values, widths: widths, .wrap)
            rowNumber += 1
          }
          guard sink.open else { return }
        }
      }
    }
  }

  /// The rows of a fresh checklist, written straight from the model: what does not depend on the platform
  /// (every column but ID and Platform) is made, cleaned and measured once per check, not once per row,
  /// into buffers reused from row to row; the cells are made on another thread while libxlsxwriter
  /// writes the ones made before.
  private func writeFreshRows(
    _ sheet: XLSXSheet, catalog: Catalog, widths: [Double],
    styles: WorkbookStyles
  ) throws(ExportError) {
    let layout = layout
    try sheet.stream(styles: styles) { sink in
      let columns = layout.columns
      let perPlatform = columns.indices.filter {
        columns[$0] == .id || columns[$0] == .platform
      }
      let shared = columns.indices.filter { !perPlatform.contains($0) }
      var values = [String](repeating: "", count: columns.count)
      var lines = [Int](repeating: 1, count: columns.count)
      func measure(_ index: Int, _ text: String) {
        values[index] = XLSXSheet.cellText(text)
        lines[index] =
          text.isEmpty
          ? 1 : RowHeight.lines(values[index], width: widths[index])
      }
      var rowNumber = 1
      for component in catalog.components {
        for criterion in component.criteria {
          guard let first = criterion.platforms.first else { continue }
          for index in shared {
            measure(
              index, layout.value(columns[index], component, criterion, first))
          }
          for platform in criterion.platforms {
            for index in perPlatform {
              measure(
                index,
                layout.value(columns[index], component, criterion, platform))
            }
            sink.height(rowNumber, RowHeight.points(lines: lines.max() ?? 1))
            for index in values.indices where !values[index].isEmpty {
              sink.text(rowNumber, index, clean: values[index], .wrap)
            }
            rowNumber += 1
          }
          guard sink.open else { return }
        }
      }
    }
  }

  /// The old audit's rows whose checks are gone, with their results, under the old header.
  ///
  /// A retest is written on a retired row, so its Result and Severity cells get the Checklist's
  /// dropdowns and its Result the same colours.
  private func writeRetired(
    _ sheet: XLSXSheet, carry: AuditCarry, styles: WorkbookStyles
  ) throws(ExportError) {
    let columns = carry.retiredHeader.map(AuditColumn.init(userName:))
    let widths = columns.map { $0?.width ?? 14 }
    try writeTable(
      sheet, header: carry.retiredHeader, widths: widths, styles: styles
    ) { row in
      for cells in carry.retired { row(Array(cells.prefix(widths.count))) }
    }
    try testerCells(
      sheet, columns: columns, rows: carry.retired.count, styles: styles)
  }

  /// The Result dropdown and its Pass and Fail colours, and the Severity dropdown, over `rows` rows of a
  /// sheet whose header names `columns`.
  private func testerCells(
    _ sheet: XLSXSheet, columns: [AuditColumn?], rows: Int,
    styles: WorkbookStyles
  ) throws(ExportError) {
    let last = max(rows, 1)
    if let result = columns.firstIndex(of: .result) {
      try sheet.dropdown(
        column: result, first: 1, last: last, values: layout.statuses)
      try sheet.highlight(
        column: result, first: 1, last: last, equalTo: layout.pass,
        format: styles.pass)
      try sheet.highlight(
        column: result, first: 1, last: last, equalTo: layout.fail,
        format: styles.fail)
    }
    if let severity = columns.firstIndex(of: .severity) {
      try sheet.dropdown(
        column: severity, first: 1, last: last, values: layout.severities)
    }
  }

  /// One row per Gherkin step, indented by its depth under the scenario.
  private func writeScenarios(
    _ sheet: XLSXSheet, catalog: Catalog, styles: WorkbookStyles
  ) throws(ExportError) {
    try writeTable(
      sheet, header: ["Component ID", "Component", "Scenario", "Step"],
      widths: [30, 20, 34, 80], styles: styles
    ) { row in
      for component in catalog.components {
        for scenario in component.scenarios {
          for (step, depth) in Self.steps(scenario.steps, depth: 0) {
            row([
              component.id, component.title, scenario.name,
              String(repeating: "    ", count: depth) + step.keyword.rawValue
                + " " + step.text,
            ])
          }
        }
      }
    }
  }

  static func steps(_ steps: [Step], depth: Int) -> [(Step, Int)] {
    steps.flatMap { [($0, depth)] + Self.steps($0.children, depth: depth + 1) }
  }

  /// One row per developer note, a note longer than a cell holds split into numbered parts.
  private func writeNotes(
    _ sheet: XLSXSheet, catalog: Catalog, styles: WorkbookStyles
  ) throws(ExportError) {
    try writeTable(
      sheet,
      header: [
        "Component ID", "Component", "Platform", "Topic", "Framework", "Note",
      ],
      widths: [30, 18, 10, 20, 16, 90], styles: styles
    ) { row in
      for component in catalog.components {
        for note in component.notes {
          let pieces = CellText.pieces(note.text)
          for (part, text) in pieces.enumerated() {
            let topic =
              pieces.count > 1
              ? "\(note.topic) (part \(part + 1) of \(pieces.count))"
              : note.topic
            row([
              component.id, component.title, note.platform?.rawValue ?? "All",
              topic, note.framework ?? "", text,
            ])
          }
        }
      }
    }
  }

  /// A sheet of one table: the header, the rows `rows` hands to its callback, an autofilter.
  ///
  /// The rows are made, cleaned and measured (wrapped, heights estimated) on another thread while
  /// libxlsxwriter writes the ones made before.
  private func writeTable(
    _ sheet: XLSXSheet, header: [String], widths: [Double],
    styles: WorkbookStyles,
    rows: @escaping @Sendable (_ row: ([String]) -> Void) -> Void
  ) throws(ExportError) {
    try sheet.startTable(
      header: header, widths: widths, title: settings.title,
      headerFormat: styles.header, columnFormat: styles.wrap)
    let count = try sheet.stream(styles: styles) { sink in
      var written = 0
      rows { cells in
        // After a libxlsxwriter error the writer stopped; the rest are not made into cells.
        guard sink.open else { return }
        written += 1
        sink.row(written, cells, widths: widths, .wrap)
      }
      return written
    }
    try sheet.autofilter(rows: count ?? 0, columns: header.count)
  }
}
