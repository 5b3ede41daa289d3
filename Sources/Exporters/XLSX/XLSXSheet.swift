import Audit
import CXlsxWriter
import Foundation

/// One worksheet of an `XLSXWorkbook` (the workbook owns the memory).
struct XLSXSheet {
  let pointer: UnsafeMutablePointer<lxw_worksheet>
  let name: String

  /// Excel's limit on the characters in one cell.
  static let maxCellCharacters = 32_767

  /// Writes text as text: never as a formula, whatever it starts with.
  ///
  /// Empty text writes no cell: the column's format already applies to it, and a million blank
  /// cells would only cost time.
  func write(
    _ row: Int, _ column: Int, _ text: String,
    _ format: UnsafeMutablePointer<lxw_format>? = nil
  ) throws(ExportError) {
    guard !text.isEmpty else { return }
    try write(row, column, clean: Self.cellText(text), format)
  }

  /// Writes text already made safe with `cellText` (and not empty).
  func write(
    _ row: Int, _ column: Int, clean text: String,
    _ format: UnsafeMutablePointer<lxw_format>?
  ) throws(ExportError) {
    try cell(row, column, "writing") {
      worksheet_write_string(pointer, $0, $1, text, format)
    }
  }

  /// One libxlsxwriter call on the cell at `row`, `column`; an error names the cell.
  private func cell(
    _ row: Int, _ column: Int, _ doing: String,
    _ call: (lxw_row_t, lxw_col_t) -> lxw_error
  ) throws(ExportError) {
    try check(
      call(lxw_row_t(row), lxw_col_t(column)),
      "\(doing) \(name)!\(Self.cellName(row, column))")
  }

  /// The text as a cell can hold it: a NUL would end the C string (and the cell) early, and XML 1.0 has no
  /// place for other control characters nor for U+FFFE and U+FFFF (a workbook holding one opens in no
  /// reader), so each becomes U+FFFD; tabs and line breaks stay.
  static func cellText(_ text: String) -> String {
    // withUTF8 reads a native string's bytes in place (as CellBatch and FormulaText do). U+FFFE and
    // U+FFFF are EF BF BE and EF BF BF: a BE or BF byte after BF after EF.
    var contiguous = text
    guard
      contiguous.withUTF8({ bytes in
        bytes.indices.contains { index in
          let byte = bytes[index]
          if byte < 0x20 { return byte != 0x09 && byte != 0x0A && byte != 0x0D }
          return byte >= 0xBE && byte <= 0xBF && index >= 2
            && bytes[index - 1] == 0xBF && bytes[index - 2] == 0xEF
        }
      })
    else { return text }
    return String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          Self.xmlForbids(scalar) ? "\u{FFFD}" : scalar
        }))
  }

  /// Whether XML 1.0's Char production leaves `scalar` out (a C0 control but tab and line breaks,
  /// U+FFFE, U+FFFF); Swift's strings hold no lone surrogate.
  static func xmlForbids(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r")
      || scalar.value == 0xFFFE || scalar.value == 0xFFFF
  }

  func write(
    _ row: Int, _ column: Int, number: Double,
    _ format: UnsafeMutablePointer<lxw_format>? = nil
  ) throws(ExportError) {
    try cell(row, column, "writing") {
      worksheet_write_number(pointer, $0, $1, number, format)
    }
  }

  /// What a formula cell shows until the reader recalculates.
  enum Shown {
    case number(Double)
    case text(String)
  }

  /// Writes a formula with what it shows now, so readers that do not recalculate still show it.
  func write(
    _ row: Int, _ column: Int, formula: String, shows value: Shown,
    _ format: UnsafeMutablePointer<lxw_format>? = nil
  ) throws(ExportError) {
    try cell(row, column, "writing the formula in") {
      formulaCell($0, $1, formula, value, format)
    }
  }

  /// Writes a formula assembled in a `FormulaText`, with what it shows now.
  func write(
    _ row: Int, _ column: Int, formula: inout FormulaText, shows value: Shown,
    _ format: UnsafeMutablePointer<lxw_format>? = nil
  ) throws(ExportError) {
    try cell(row, column, "writing the formula in") { row, column in
      formula.withCString { formulaCell(row, column, $0, value, format) }
    }
  }

  private func formulaCell(
    _ row: lxw_row_t, _ column: lxw_col_t, _ formula: UnsafePointer<CChar>,
    _ value: Shown, _ format: UnsafeMutablePointer<lxw_format>?
  ) -> lxw_error {
    switch value {
    case .number(let number):
      worksheet_write_formula_num(pointer, row, column, formula, format, number)
    case .text(let shown):
      worksheet_write_formula_str(pointer, row, column, formula, format, shown)
    }
  }

  func setColumn(
    _ column: Int, width: Double,
    _ format: UnsafeMutablePointer<lxw_format>? = nil
  ) throws(ExportError) {
    try check(
      worksheet_set_column(
        pointer, lxw_col_t(column), lxw_col_t(column), width, format),
      "setting a column width")
  }

  /// Hides a column (a helper the reader need not see, such as the chart's labels).
  func hideColumn(_ column: Int, width: Double) throws(ExportError) {
    var options = lxw_row_col_options()
    options.hidden = 1
    try check(
      worksheet_set_column_opt(
        pointer, lxw_col_t(column), lxw_col_t(column), width, nil, &options),
      "hiding a column")
  }

  func freezeHeader() { worksheet_freeze_panes(pointer, 1, 0) }

  /// Starts a table: each column's width (and `columnFormat`), the header row in `headerFormat` (as tall
  /// as its wrapped titles when `tallHeader`), the header frozen, and the print set-up.
  func startTable(
    header: [String], widths: [Double], title: String,
    headerFormat: UnsafeMutablePointer<lxw_format>?,
    columnFormat: UnsafeMutablePointer<lxw_format>? = nil,
    tallHeader: Bool = false
  ) throws(ExportError) {
    for (index, text) in header.enumerated() {
      try setColumn(index, width: widths[index], columnFormat)
      try write(0, index, text, headerFormat)
    }
    if tallHeader {
      try setRow(0, height: RowHeight.points(header, widths: widths))
    }
    freezeHeader()
    try preparePrinting(title: title)
  }

  /// Sets one row's height in points, so wrapped text shows whole in readers that do not re-measure rows.
  func setRow(_ row: Int, height: Double) throws(ExportError) {
    try check(
      worksheet_set_row(pointer, lxw_row_t(row), height, nil),
      "setting the height of \(name) row \(row + 1)")
  }

  /// Page set-up for paper: landscape, one page wide, the header row on every page, and a footer with
  /// the workbook's title, the sheet's name and "Page X of Y".
  func preparePrinting(title: String) throws(ExportError) {
    worksheet_set_landscape(pointer)
    worksheet_set_margins(pointer, 0.4, 0.4, 0.5, 0.6)
    worksheet_fit_to_pages(pointer, 1, 0)
    try check(
      worksheet_repeat_rows(pointer, 0, 0), "repeating \(name)'s header row")
    try check(
      worksheet_set_footer(pointer, Self.footer(title: title)),
      "setting \(name)'s footer")
  }

  /// The footer: title on the left, sheet name in the centre, page numbers on the right.
  ///
  /// `&` starts a control code in headers and footers, so a literal one is doubled; Excel allows 255
  /// characters in all.
  static func footer(title: String) -> String {
    let fixed = "&C&A&RPage &P of &N"
    var text = ""
    for character in XLSXSheet.cellText(title) where !character.isNewline {
      let piece = character == "&" ? "&&" : String(character)
      guard text.utf8.count + piece.utf8.count + fixed.utf8.count + 2 <= 255
      else { break }
      text += piece
    }
    return "&L" + text + fixed
  }

  /// Page breaks above `rows`, so what starts there (a chart) prints on a page of its own; the sheet's
  /// breaks are set once, all together (libxlsxwriter keeps only the last list it is given).
  func breakPages(before rows: [Int]) throws(ExportError) {
    guard !rows.isEmpty else { return }
    var breaks = rows.map { lxw_row_t($0) } + [0]
    try check(
      worksheet_set_h_pagebreaks(pointer, &breaks), "adding page breaks")
  }

  func autofilter(rows: Int, columns: Int) throws(ExportError) {
    try check(
      worksheet_autofilter(
        pointer, 0, 0, lxw_row_t(max(rows, 1)), lxw_col_t(columns - 1)),
      "adding the autofilter")
  }

  /// An in-cell dropdown list (with its arrow shown) over rows `first...last` of one column.
  func dropdown(column: Int, first: Int, last: Int, values: [String])
    throws(ExportError)
  {
    let list: [UnsafeMutablePointer<CChar>?] =
      values.map { (value: String) in strdup(value) } + [nil]
    defer { for pointer in list { free(pointer) } }
    var validation = lxw_data_validation()
    validation.validate = UInt8(LXW_VALIDATION_TYPE_LIST.rawValue)
    // LXW_VALIDATION_ON shows the arrow; LXW_TRUE (1) would be LXW_VALIDATION_OFF and hide it.
    validation.dropdown = UInt8(LXW_VALIDATION_ON.rawValue)
    validation.ignore_blank = UInt8(LXW_VALIDATION_ON.rawValue)
    validation.show_error = UInt8(LXW_VALIDATION_ON.rawValue)
    try list.withUnsafeBufferPointer { buffer throws(ExportError) in
      validation.value_list = UnsafeMutablePointer(mutating: buffer.baseAddress)
      try check(
        worksheet_data_validation_range(
          pointer, lxw_row_t(first), lxw_col_t(column),
          lxw_row_t(last), lxw_col_t(column), &validation),
        "adding the \(values.first ?? "") dropdown")
    }
  }

  /// Colours cells of one column that equal `text`.
  func highlight(
    column: Int, first: Int, last: Int, equalTo text: String,
    format: UnsafeMutablePointer<lxw_format>?
  ) throws(ExportError) {
    let quoted = strdup(ExcelFormula.quoted(text))
    defer { free(quoted) }
    var rule = lxw_conditional_format()
    rule.type = UInt8(LXW_CONDITIONAL_TYPE_CELL.rawValue)
    rule.criteria = UInt8(LXW_CONDITIONAL_CRITERIA_EQUAL_TO.rawValue)
    rule.value_string = quoted
    rule.format = format
    try check(
      worksheet_conditional_format_range(
        pointer, lxw_row_t(first), lxw_col_t(column),
        lxw_row_t(last), lxw_col_t(column), &rule),
      "adding the colour for '\(text)'")
  }

  func insert(
    _ chart: UnsafeMutablePointer<lxw_chart>, row: Int, column: Int,
    options: inout lxw_chart_options
  ) throws(ExportError) {
    try check(
      worksheet_insert_chart_opt(
        pointer, lxw_row_t(row), lxw_col_t(column), chart, &options),
      "inserting the chart")
  }

  /// "A1"-style name of a cell, for messages and formulas.
  static func cellName(_ row: Int, _ column: Int, absolute: Bool = false)
    -> String
  {
    let letters = CellReference.letters(column)
    return absolute ? "$\(letters)$\(row + 1)" : "\(letters)\(row + 1)"
  }
}
