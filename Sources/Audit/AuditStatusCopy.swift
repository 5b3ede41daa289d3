import CriteriaModel
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// What `criteria sync` writes into a copy of an audit: each ticket's live status, the day it was
/// resolved, whether its failed check needs a re-test, and a link on its key.
public struct TicketStatusColumns: Sendable {
  /// The three columns, named exactly so (other tools and people look for them by name).
  public static let names = ["Ticket status", "Resolved on", "Retest"]
  /// What goes into the Retest column of a failed row whose ticket is done.
  public static let retestWord = "Retest"
  /// What goes there instead when the row's failure is a retest dated on or after the day the ticket
  /// was resolved: the fix did not hold.
  public static let reopenWord = "Reopen"

  /// Row number → the three values, in the order of `names`.
  public var values: [Int: [String]] = [:]
  /// Row number → the ticket's web address, for a link on the key.
  public var links: [Int: String] = [:]
  /// Row number → a key to write into the row's empty Ticket cell: the ticket criteria filed for a
  /// failure of the original audit (`criteria tickets` wrote the keys into a copy), from the ledger.
  public var keys: [Int: String] = [:]

  /// Creates empty columns.
  public init() {}
}

extension AuditSheet {
  /// A copy with the ticket status columns filled (added after the last column, or the same-named
  /// ones reused when the audit already has them).
  ///
  /// In a workbook the Ticket cells become links and Retest cells are highlighted; a CSV gets the
  /// values only. The testers' own cells are never changed (an empty Ticket cell gets its key from
  /// `status.keys`), and the original is never written.
  public func copy(withStatus status: TicketStatusColumns) throws(AuditError)
    -> AuditCopy
  {
    try copy(withStatus: status, retired: nil, retiredStatus: .init()).copy
  }

  /// The copy with `status` written into this sheet and `retiredStatus` into its retired rows (the
  /// `retired()` sheet): one workbook with both sheets changed, or a CSV's bytes and, when a retired row
  /// names a ticket, the bytes of the `-retired.csv` copy to put beside it.
  public func copy(
    withStatus status: TicketStatusColumns, retired: AuditSheet?,
    retiredStatus: TicketStatusColumns
  ) throws(AuditError) -> (copy: AuditCopy, retiredRows: Data?) {
    let withRetired =
      retired.map { _ in
        !retiredStatus.values.isEmpty || !retiredStatus.keys.isEmpty
      } ?? false
    switch source {
    case .csv:
      // The same cells a workbook gets, without the look.
      let rows: Data?
      if withRetired, let retired {
        guard
          case .bytes(let data) = try retired.copy(
            setting: retired.statusCells(retiredStatus))
        else {
          throw AuditError(
            "\(retired.path): the retired rows are not beside the checklist")
        }
        rows = data
      } else {
        rows = nil
      }
      return (try copy(setting: statusCells(status)), rows)
    case .xlsx(let part):
      let package = try XLSXPackage(path: path)
      var replacements: [String: Data] = [:]
      let styles = try package.document("xl/styles.xml")
      var made: [String: Int] = [:]
      var sheets = [(self, part, status)]
      if withRetired, let retired, case .xlsx(let retiredPart) = retired.source,
        retired.path == path
      {
        sheets.append((retired, retiredPart, retiredStatus))
      }
      for (sheet, part, status) in sheets {
        let document = try package.worksheet(part, of: path)
        try sheet.apply(status, to: document, styles: styles, made: &made)
        replacements[part] = document.xmlData(
          options: [.nodeCompactEmptyElement])
      }
      if let styles, !made.isEmpty {
        replacements["xl/styles.xml"] = styles.xmlData(
          options: [.nodeCompactEmptyElement])
      }
      let source = path
      let parts = replacements
      return (
        .workbook { target throws(AuditError) in
          try XLSXPackage(path: source).writeCopy(to: target, replacing: parts)
        }, nil
      )
    }
  }

  /// The columns the status goes into: the same-named ones the sheet has, else new ones after the last.
  private var statusColumns: [Int] {
    var columns: [Int] = []
    var next = header.count
    for name in TicketStatusColumns.names {
      if let existing = header.firstIndex(where: {
        $0.trimmingCharacters(in: .whitespaces).caseInsensitiveCompare(name)
          == .orderedSame
      }) {
        columns.append(existing)
      } else {
        columns.append(next)
        next += 1
      }
    }
    return columns
  }

  /// Column → row → text: the status columns with their headers, and the keys the ledger gives empty
  /// Ticket cells.
  private func statusCells(_ status: TicketStatusColumns) -> [Int: [Int:
    String]]
  {
    var cells: [Int: [Int: String]] = [:]
    for (index, column) in statusColumns.enumerated() {
      var values = [headerRow: TicketStatusColumns.names[index]]
      for row in rows {
        values[row.number] = FormulaGuard.neutralise(
          status.values[row.number]?[index] ?? "")
      }
      cells[column] = values
    }
    if let ticketColumn = column(.ticket), !status.keys.isEmpty {
      cells[ticketColumn, default: [:]].merge(
        status.keys.mapValues(FormulaGuard.neutralise)
      ) { _, key in key }
    }
    return cells
  }

  /// Writes the status into one worksheet of this sheet's workbook, with the look: the header's style
  /// on the new headers, the Component cell's on new cells, Retest cells highlighted and keys linked
  /// (styles added to `styles`, each once: `made`).
  private func apply(
    _ status: TicketStatusColumns, to document: XMLDocument,
    styles: XMLDocument?, made: inout [String: Int]
  ) throws(AuditError) {
    let columns = statusColumns
    let cells = statusCells(status)
    let dataRows = rows.map(\.number)
    let ticketColumn = column(.ticket)
    let index = RowIndex(document)
    let headerStyle = index.style(row: headerRow, column: 0)
    // New cells take the look of the row's Component cell (top-aligned, wrapped), which criteria writes
    // with its style; so does a Ticket cell that has none of its own.
    let template = column(.component) ?? 0
    for column in columns {
      try Self.setCells(
        in: document, column: column, values: cells[column] ?? [:])
      if let headerStyle {
        index.cell(row: headerRow, column: column)?
          .setAttribute("s", headerStyle)
      }
      for row in dataRows {
        if let style = index.style(row: row, column: template) {
          index.cell(row: row, column: column)?
            .setAttribute("s", style)
        }
      }
      Self.ensureWidth(in: document, column: column, width: 14)
    }
    if let ticketColumn, !status.keys.isEmpty {
      try Self.setCells(
        in: document, column: ticketColumn,
        values: status.keys.mapValues(FormulaGuard.neutralise))
      for row in status.keys.keys {
        if let style = index.style(row: row, column: template),
          let cell = index.cell(row: row, column: ticketColumn),
          XML.attribute(cell, "s") == nil
        {
          cell.setAttribute("s", style)
        }
      }
    }
    guard let styles else { return }
    let retestRows = Set(
      status.values.filter {
        $0.value.count > 2 && !$0.value[2].isEmpty
      }.map(\.key))
    /// A style like the cell's own, with a bold font on an amber fill, or a link's blue underline.
    func derived(_ cell: XMLElement, link: Bool) -> Int? {
      let base = XML.attribute(cell, "s") ?? "0"
      let name = "\(base)-\(link)"
      if let known = made[name] { return known }
      let index = Self.addStyle(
        to: styles, basedOn: Int(base) ?? 0, link: link)
      made[name] = index
      return index
    }
    for row in retestRows {
      if let cell = index.cell(row: row, column: columns[2]),
        let style = derived(cell, link: false)
      {
        cell.setAttribute("s", String(style))
      }
    }
    guard let ticketColumn else { return }
    for (row, address) in status.links {
      guard let url = LinkTarget.web(address), !url.hasPrefix("mailto:"),
        let cell = index.cell(row: row, column: ticketColumn),
        !(cell.stringValue ?? "").isEmpty
      else { continue }
      Self.makeLink(cell, url: url)
      if XML.attribute(cell, "s") == nil,
        let style = index.style(row: row, column: template)
      {
        cell.setAttribute("s", style)
      }
      if let style = derived(cell, link: true) {
        cell.setAttribute("s", String(style))
      }
    }
  }

  /// A worksheet's rows by number, found once: a cell is then looked up in its own row only (looking
  /// through every row for each cell made a sync of 2,000 rows take 14 s).
  struct RowIndex {
    private var rows: [Int: XMLElement] = [:]

    init(_ document: XMLDocument) {
      for (number, row) in XML.numberedRows(document) where rows[number] == nil
      {
        rows[number] = row
      }
    }

    /// The cell at a row and column, when the worksheet has it (the first, as a reader takes it).
    func cell(row: Int, column: Int) -> XMLElement? {
      XML.numberedCells(rows[row]).first { $0.column == column }?.cell
    }

    func style(row: Int, column: Int) -> String? {
      cell(row: row, column: column).flatMap { XML.attribute($0, "s") }
    }
  }

  /// Turns a cell holding a ticket key into a HYPERLINK formula showing the same key, so every
  /// spreadsheet opens the ticket and a reader of values still sees the key.
  static func makeLink(_ cell: XMLElement, url: String) {
    let key = cell.stringValue ?? ""
    guard !key.isEmpty else { return }
    // Detached, not dropped with setChildren(nil): a child made in this process (a key written into an
    // empty cell) still has its wrapper, and FoundationXML would free its node twice.
    for child in cell.children ?? [] { child.detach() }
    cell.removeAttribute(forName: "t")
    cell.addAttribute(XML.makeAttribute("t", "str"))
    cell.addChild(
      XMLElement(
        name: "f",
        stringValue:
          "HYPERLINK(\(ExcelFormula.quoted(url)),\(ExcelFormula.quoted(key)))"))
    cell.addChild(XMLElement(name: "v", stringValue: key))
  }

  /// Gives a column a width when the worksheet's `cols` does not cover it.
  static func ensureWidth(in document: XMLDocument, column: Int, width: Double)
  {
    guard
      let cols = XML.children(document.rootElement(), named: "cols").first
    else { return }
    let number = column + 1
    let covered = XML.children(cols, named: "col").contains {
      guard let min = XML.attribute($0, "min").flatMap(Int.init),
        let max = XML.attribute($0, "max").flatMap(Int.init)
      else { return false }
      return (min...max).contains(number)
    }
    guard !covered else { return }
    let col = XMLElement(name: "col")
    col.addAttribute(XML.makeAttribute("min", String(number)))
    col.addAttribute(XML.makeAttribute("max", String(number)))
    col.addAttribute(XML.makeAttribute("width", String(width)))
    col.addAttribute(XML.makeAttribute("customWidth", "1"))
    cols.addChild(col)
  }

  /// Adds a cell style copied from style `base` (keeping its alignment, borders and number format) with
  /// either a bold font on a light amber fill (a highlight) or a link's blue underlined font; returns
  /// its index, or nil when the styles part lacks what it needs.
  static func addStyle(to styles: XMLDocument, basedOn base: Int, link: Bool)
    -> Int?
  {
    let root = styles.rootElement()
    guard let fills = XML.children(root, named: "fills").first,
      let fonts = XML.children(root, named: "fonts").first,
      let cellXfs = XML.children(root, named: "cellXfs").first
    else { return nil }
    let formats = XML.children(cellXfs, named: "xf")
    guard formats.indices.contains(base),
      let xf = formats[base].copy() as? XMLElement
    else { return nil }
    func element(_ name: String, _ attributes: [(String, String)])
      -> XMLElement
    {
      let made = XMLElement(name: name)
      for (key, value) in attributes {
        made.addAttribute(XML.makeAttribute(key, value))
      }
      return made
    }
    // The base style's font, with bold, or underline and the link colour, in the order SpreadsheetML requires.
    let fontList = XML.children(fonts, named: "font")
    let baseFont = Int(XML.attribute(xf, "fontId") ?? "0") ?? 0
    let font =
      (fontList.indices.contains(baseFont)
        ? fontList[baseFont].copy() as? XMLElement : nil)
      ?? XMLElement(name: "font")
    func insert(_ child: XMLElement, before names: [String]) {
      let children = font.children ?? []
      if let at = children.firstIndex(where: {
        names.contains(XML.localName($0))
      }) {
        font.insertChild(child, at: at)
      } else {
        font.addChild(child)
      }
    }
    for child in font.children ?? []
    where ["b", "u", "color"].contains(XML.localName(child))
      && (link || XML.localName(child) == "b")
    {
      child.detach()
    }
    if link {
      insert(
        element("u", []),
        before: [
          "vertAlign", "sz", "color", "name", "family", "charset", "scheme",
        ])
      insert(
        element("color", [("rgb", "FF0563C1")]),
        before: ["name", "family", "charset", "scheme"])
    } else {
      insert(
        element("b", []),
        before: [
          "i", "strike", "condense", "extend", "outline", "shadow", "u",
          "vertAlign", "sz", "color", "name", "family", "charset", "scheme",
        ])
    }
    fonts.addChild(font)
    let fontIndex = XML.children(fonts, named: "font").count - 1
    fonts.setAttribute("count", String(fontIndex + 1))
    xf.setAttribute("fontId", String(fontIndex))
    xf.setAttribute("applyFont", "1")
    if !link {
      let fill = XMLElement(name: "fill")
      let pattern = element("patternFill", [("patternType", "solid")])
      pattern.addChild(element("fgColor", [("rgb", "FFFFE08A")]))
      fill.addChild(pattern)
      fills.addChild(fill)
      let fillIndex = XML.children(fills, named: "fill").count - 1
      fills.setAttribute("count", String(fillIndex + 1))
      xf.setAttribute("fillId", String(fillIndex))
      xf.setAttribute("applyFill", "1")
    }
    cellXfs.addChild(xf)
    let index = XML.children(cellXfs, named: "xf").count - 1
    cellXfs.setAttribute("count", String(index + 1))
    return index
  }
}

extension XMLElement {
  /// Sets (or replaces) an attribute.
  fileprivate func setAttribute(_ name: String, _ value: String) {
    removeAttribute(forName: name)
    addAttribute(XML.makeAttribute(name, value))
  }
}
