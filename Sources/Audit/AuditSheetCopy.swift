import CriteriaModel
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Copies of a filled audit with some cells changed: the ticket keys `tickets` writes, the cells
/// `merge` and `sync` write. The original is never changed.
extension AuditSheet {
  /// The file's bytes (CSV) or a writer (XLSX) for a copy with `keys` (row number → ticket key) in the
  /// Ticket column; a Ticket column is added after the last one when the sheet has none.
  public func copy(withTickets keys: [Int: String]) throws(AuditError)
    -> AuditCopy
  {
    try copy(setting: ticketCells(keys))
  }

  /// The copy with `keys` in this sheet's Ticket column and `retiredKeys` in its retired rows' (the
  /// `retired()` sheet): see `copy(setting:retired:retiredCells:recalculate:)`.
  public func copy(
    withTickets keys: [Int: String], retired: AuditSheet?,
    retiredKeys: [Int: String]
  ) throws(AuditError) -> (copy: AuditCopy, retiredRows: Data?) {
    try copy(
      setting: ticketCells(keys), retired: retired,
      retiredCells: retiredKeys.isEmpty
        ? [:] : retired?.ticketCells(retiredKeys) ?? [:])
  }

  /// The copy with `cells` written into this sheet and `retiredCells` into its retired rows (the
  /// `retired()` sheet): one workbook with both sheets changed, or a CSV's bytes and, when a retired row
  /// changes, the bytes of the `-retired.csv` copy to put beside it.
  public func copy(
    setting cells: [Int: [Int: String]], retired: AuditSheet?,
    retiredCells: [Int: [Int: String]], recalculate: Bool = false
  ) throws(AuditError) -> (copy: AuditCopy, retiredRows: Data?) {
    guard let retired, !retiredCells.isEmpty else {
      return (try copy(setting: cells, recalculate: recalculate), nil)
    }
    switch (source, retired.source) {
    case (.xlsx(let part), .xlsx(let retiredPart)) where retired.path == path:
      return (
        try Self.workbookCopy(
          of: path, setting: [part: cells, retiredPart: retiredCells],
          recalculate: recalculate), nil
      )
    default:
      guard case .bytes(let rows) = try retired.copy(setting: retiredCells)
      else {
        throw AuditError(
          "\(retired.path): the retired rows are not beside the checklist")
      }
      return (try copy(setting: cells, recalculate: recalculate), rows)
    }
  }

  /// The cells that put `keys` (row number → ticket key) in the Ticket column, which is added after the
  /// last column when the sheet has none.
  func ticketCells(_ keys: [Int: String]) -> [Int: [Int: String]] {
    // The keys are the tracker's text, not the testers': a spreadsheet must never run one.
    var values = keys.mapValues(FormulaGuard.neutralise)
    let ticketColumn = column(.ticket) ?? header.count
    if column(.ticket) == nil { values[headerRow] = "Ticket" }
    return [ticketColumn: values]
  }

  /// A writer of the workbook at `path` with `cells` (column index → row number → text) written into
  /// the worksheet parts named; with `recalculate`, every formula of every other sheet but the Retired
  /// sheet loses its cached value.
  static func workbookCopy(
    of path: String, setting parts: [String: [Int: [Int: String]]],
    recalculate: Bool
  ) throws(AuditError) -> AuditCopy {
    let package = try XLSXPackage(path: path)
    var replacements: [String: XMLDocument] = [:]
    for (part, cells) in parts {
      let document = try package.worksheet(part, of: path)
      for (column, values) in cells.sorted(by: { $0.key < $1.key }) {
        try Self.setCells(in: document, column: column, values: values)
      }
      replacements[part] = document
    }
    if recalculate {
      // The sheets criteria reads rows from (those written into, and the Retired sheet) keep their
      // formulas' values: a ticket key's HYPERLINK there, or a tester's formula in a Result cell, reads
      // as its value, and without it would read as empty.
      for sheet in try package.sheets()
      where replacements[sheet.part] == nil
        && sheet.name.caseInsensitiveCompare(AuditSheet.retiredSheet)
          != .orderedSame
      {
        let document = try package.worksheet(sheet.part, of: path)
        Self.dropCachedValues(document)
        replacements[sheet.part] = document
      }
    }
    let data = replacements.mapValues {
      $0.xmlData(options: [.nodeCompactEmptyElement])
    }
    return .workbook { target throws(AuditError) in
      try XLSXPackage(path: path).writeCopy(to: target, replacing: data)
    }
  }

  /// A copy with `cells` (column index → row number → text) written in: a CSV file's bytes, or a
  /// writer for a workbook.
  ///
  /// Every other cell stays as it was, the testers' own text included (no formula
  /// guard: it is theirs). A column past the header is added, its header being the value given for the
  /// header row.
  ///
  /// With `recalculate`, a workbook's formulas lose their cached values, so a reader that does not
  /// recalculate on opening (LibreOffice by default) still computes them from the changed cells.
  public func copy(
    setting cells: [Int: [Int: String]], recalculate: Bool = false
  )
    throws(AuditError) -> AuditCopy
  {
    switch source {
    case .csv(let records, let delimiter, let lineEnding, let byteOrderMark):
      let writer = CSVWriter(
        delimiter: delimiter, lineEnding: lineEnding,
        byteOrderMark: byteOrderMark, formulaGuard: false)
      // A new column reaches every record, so the file stays rectangular.
      let width = max(header.count, (cells.keys.max() ?? -1) + 1)
      var bytes = writer.start()
      for record in records {
        var fields = record.fields
        if width > header.count, fields.count < width {
          fields += Array(repeating: "", count: width - fields.count)
        }
        for (column, values) in cells {
          guard let value = values[record.line] else { continue }
          fields.set(value, at: column)
        }
        writer.append(fields, to: &bytes)
      }
      return .bytes(Data(bytes))
    case .xlsx(let part):
      return try Self.workbookCopy(
        of: path, setting: [part: cells], recalculate: recalculate)
    }
  }

  /// Removes the cached value of every formula cell, so readers compute it again.
  static func dropCachedValues(_ document: XMLDocument) {
    let sheetData = XML.children(document.rootElement(), named: "sheetData")
    for row in XML.children(sheetData.first, named: "row") {
      for cell in XML.children(row, named: "c")
      where !XML.children(cell, named: "f").isEmpty {
        for value in XML.children(cell, named: "v") { value.detach() }
        // A formula's type describes its cached value; with none, the reader decides.
        cell.removeAttribute(forName: "t")
      }
    }
  }

  /// The width of a column (0-based) in characters and whether it has a style of its own, from the
  /// worksheet's `<cols>`; Excel's default width, unstyled, when none says.
  static func format(of column: Int, in document: XMLDocument) -> (
    width: Double, styled: Bool
  ) {
    for cols in XML.children(document.rootElement(), named: "cols") {
      for col in XML.children(cols, named: "col") {
        guard let min = XML.attribute(col, "min").flatMap(Int.init),
          let max = XML.attribute(col, "max").flatMap(Int.init),
          (min...Swift.max(min, max)).contains(column + 1)
        else { continue }
        return (
          XML.attribute(col, "width").flatMap(Double.init) ?? 8.43,
          XML.attribute(col, "style") != nil
        )
      }
    }
    return (8.43, false)
  }

  /// Raises a row's stored height to what `text` needs in a column `width` wide; never lowers it.
  static func grow(_ row: XMLElement, toShow text: String, width: Double) {
    let needed = RowHeight.points([text], widths: [width])
    let current =
      XML.attribute(row, "ht").flatMap(Double.init) ?? RowHeight.lineHeight
    guard needed > current + 0.5 else { return }
    row.removeAttribute(forName: "ht")
    row.removeAttribute(forName: "customHeight")
    row.addAttribute(XML.makeAttribute("ht", String(format: "%.1f", needed)))
    row.addAttribute(XML.makeAttribute("customHeight", "1"))
  }

  /// Puts inline strings into one column of a worksheet's rows, keeping each cell's style.
  static func setCells(
    in document: XMLDocument, column: Int, values: [Int: String]
  ) throws(AuditError) {
    guard
      XML.children(document.rootElement(), named: "sheetData").first != nil
    else {
      throw AuditError("the worksheet has no sheetData")
    }
    let letters = CellReference.letters(column)
    var widest = column
    let (width, styled) = Self.format(of: column, in: document)
    // Rows and cells are found as the audit was read, `r` or not: a key read for row 14 goes into row 14.
    for (number, row) in XML.numberedRows(document) {
      guard let value = values[number] else { continue }
      let reference = "\(letters)\(number)"
      let cells = XML.numberedCells(row)
      let cell: XMLElement
      if let existing = cells.first(where: { $0.column == column })?.cell {
        cell = existing
        cell.setChildren(nil)
      } else {
        cell = XMLElement(name: "c")
        cell.addAttribute(
          XML.makeAttribute("r", reference))
        if let after = cells.first(where: { $0.column > column })?.cell {
          row.insertChild(cell, at: after.index)
        } else {
          row.addChild(cell)
        }
        // `spans` is only a hint of the row's first and last column; drop it rather than let it lie.
        row.removeAttribute(forName: "spans")
      }
      // A styled cell of the layout wraps (or takes its column's wrapping style): its row grows to show
      // the new text whole, since LibreOffice keeps a row's stored height and longer merged Notes
      // would print clipped.
      if styled || XML.attribute(cell, "s") != nil {
        Self.grow(row, toShow: value, width: width)
      }
      cell.removeAttribute(forName: "t")
      cell.addAttribute(
        XML.makeAttribute("t", "inlineStr"))
      let inline = XMLElement(name: "is")
      let text = XMLElement(name: "t", stringValue: OOXMLText.escape(value))
      if value.first?.isWhitespace == true || value.last?.isWhitespace == true {
        text.addAttribute(XML.makeAttribute("xml:space", "preserve"))
      }
      inline.addChild(text)
      cell.addChild(inline)
      widest = max(widest, cells.map(\.column).max() ?? column)
    }
    if let dimension = XML.children(document.rootElement(), named: "dimension")
      .first,
      let reference = XML.attribute(dimension, "ref"),
      let colon = reference.firstIndex(of: ":")
    {
      let end = reference[reference.index(after: colon)...]
      let lastRow = end.drop { $0.isLetter }
      let lastColumn = CellReference.column(String(end)) ?? 0
      if column > lastColumn {
        dimension.removeAttribute(forName: "ref")
        dimension.addAttribute(
          XML.makeAttribute(
            "ref",
            reference[...colon] + CellReference.letters(widest)
              + lastRow))
      }
    }
  }
}

extension [String] {
  /// Sets a CSV record's field, adding empty fields before it when the record is shorter.
  public mutating func set(_ value: String, at column: Int) {
    if column >= count {
      self += Array(repeating: "", count: column - count + 1)
    }
    self[column] = value
  }
}
