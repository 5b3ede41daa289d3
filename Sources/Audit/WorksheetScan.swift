import CriteriaModel
import Foundation

/// A worksheet's rows read as the part is scanned, with no document tree: what `AuditSheet` reads an
/// audit workbook with.
///
/// It reads what a document tree read gave: the first `sheetData` in the root, its `row` children, their
/// `c` children; a cell's value is the text of its first `v` (a shared string's index when its type is
/// `s`, TRUE or FALSE when `b`), or for an inline string the `t` runs of its first `is`, phonetic runs left
/// out. Elements are matched by local name.
struct WorksheetRows: XMLEvents {
  let shared: [String]
  /// `file, sheet 'name'`, for messages.
  let place: String
  /// Each row's number and cells, in order.
  var rows: [(Int, [String])] = []
  /// The `ref` of each merged range (`mergeCells`), such as `G3:G5`.
  var mergedRanges: [String] = []
  /// The row number and column of each formula cell with no saved value (`f` without `v`), which reads
  /// as empty.
  var unsavedFormulas: [(row: Int, column: Int)] = []
  /// Stop at the header: the first row naming the Result column, or after `AuditSheet.headerSearch`
  /// rows that are not empty (`AuditSheet.headerIndex`).
  var headerOnly = false
  private var headerFound = false
  private var rowsRead = 0
  var finished: Bool {
    headerOnly && (headerFound || rowsRead >= AuditSheet.headerSearch)
  }

  private var roles: [Role] = []
  private var sheetDataSeen = false
  private var cellCount = 0
  private var number = 0
  private var cells: [String] = []
  private var column = 0
  private var type: String?
  private var value = RichText()
  private var inline = RichText()
  private var cellHas: (value: Bool, inline: Bool, formula: Bool) = (
    false, false, false
  )

  init(shared: [String], place: String) {
    self.shared = shared
    self.place = place
  }

  fileprivate enum Role {
    case root, sheetData, row, cell, value, inline, run, text, mergeCells, other
  }

  mutating func start(_ name: ArraySlice<UInt8>, attributes: XMLAttributes)
    throws(AuditError)
  {
    let local = XMLName.local(name)
    let role: Role
    switch roles.last {
    case nil: role = .root
    case .root where !sheetDataSeen && local.elementsEqual("sheetData".utf8):
      sheetDataSeen = true
      role = .sheetData
    case .root where local.elementsEqual("mergeCells".utf8):
      role = .mergeCells
    case .mergeCells where local.elementsEqual("mergeCell".utf8):
      if let reference = attributes.string("ref") {
        mergedRanges.append(reference)
      }
      role = .other
    case .sheetData where local.elementsEqual("row".utf8):
      role = .row
      try startRow(attributes)
    case .row where local.elementsEqual("c".utf8):
      role = .cell
      try startCell(attributes)
    case .cell where !cellHas.value && local.elementsEqual("v".utf8):
      cellHas.value = true
      role = .value
    case .cell where !cellHas.inline && local.elementsEqual("is".utf8):
      cellHas.inline = true
      role = .inline
    case .cell where local.elementsEqual("f".utf8):
      cellHas.formula = true
      role = .other
    default:
      role = inline.child(of: roles.last, named: local) ?? .other
    }
    value.enter(role == .value)
    inline.enter(role == .text)
    roles.append(role)
  }

  mutating func end() throws(AuditError) {
    let role = roles.removeLast()
    value.leave(role == .value)
    inline.leave(role == .text, unescaping: true)
    switch role {
    case .cell: try finishCell()
    case .row:
      rows.append((number, cells))
      if headerOnly, !AuditSheet.isBlank(cells) {
        rowsRead += 1
        headerFound = AuditSheet.namesResult(cells)
      }
    default: break
    }
  }

  mutating func text(_ raw: ArraySlice<UInt8>, cdata: Bool) {
    value.add(raw, cdata: cdata)
    inline.add(raw, cdata: cdata)
  }

  private mutating func startRow(_ attributes: XMLAttributes) throws(AuditError)
  {
    var given: Int?
    if let text = attributes.string("r") {
      guard let value = Int(text), CellReference.rows.contains(value) else {
        throw AuditError(
          "\(place): row number '\(text.prefix(20))' is outside Excel's rows 1 to 1,048,576; the workbook is damaged"
        )
      }
      given = value
    }
    number = CellReference.row(given, after: rows.last?.0)
    cells = []
  }

  private mutating func startCell(_ attributes: XMLAttributes)
    throws(AuditError)
  {
    column = cells.count
    if let reference = attributes.string("r") {
      guard let parsed = CellReference.column(reference) else {
        throw AuditError(
          "\(place), row \(number): the cell reference '\(reference.prefix(20))' is outside Excel's "
            + "16,384 columns; the workbook is damaged")
      }
      column = parsed
    }
    guard column < CellReference.maximumColumns else {
      throw AuditError(
        "\(place), row \(number): more than 16,384 cells in the row; the workbook is damaged"
      )
    }
    if column >= cells.count {
      cellCount += column - cells.count + 1
      guard cellCount <= AuditSheet.maximumCells else {
        throw AuditError(
          "\(place): more than \(AuditSheet.maximumCells) cells; criteria reads audits up to that size"
        )
      }
      cells += Array(repeating: "", count: column - cells.count + 1)
    }
    type = attributes.string("t")
    cellHas = (false, false, false)
    value.text = ""
    inline.text = ""
  }

  private mutating func finishCell() throws(AuditError) {
    let raw = value.text
    if cellHas.formula && !cellHas.value && !cellHas.inline {
      unsavedFormulas.append((number, column))
    }
    switch type {
    case "s":
      // A cell with no value is empty; an index the table lacks would read a value as empty.
      guard
        !cellHas.value || raw.isEmpty
          || Int(raw).map(shared.indices.contains) == true
      else {
        throw AuditError(
          "\(place), row \(number), column \(CellReference.letters(column)): the shared string "
            + "'\(raw.prefix(20))' is not in the workbook's table of \(shared.count) strings; the workbook is damaged"
        )
      }
      cells[column] = Int(raw).map { shared[$0] } ?? ""
    case "inlineStr": cells[column] = inline.text
    case "b": cells[column] = raw == "1" ? "TRUE" : "FALSE"
    default: cells[column] = raw
    }
  }

  /// The text gathered inside one kind of element (at any depth below it, as a tree's string value).
  fileprivate struct RichText {
    var text = ""
    private var depth = 0
    private var pending = ""

    /// The role an element takes inside a rich string: a `t` child, an `r` run, or a run's `t`.
    func child(of parent: Role?, named local: ArraySlice<UInt8>) -> Role? {
      switch parent {
      case .inline where local.elementsEqual("t".utf8): .text
      case .inline where local.elementsEqual("r".utf8): .run
      case .run where local.elementsEqual("t".utf8): .text
      default: nil
      }
    }

    mutating func enter(_ starts: Bool) {
      if starts || depth > 0 { depth += 1 }
    }

    mutating func leave(_ ends: Bool, unescaping: Bool = false) {
      guard depth > 0 else { return }
      depth -= 1
      guard depth == 0, ends else { return }
      text += unescaping ? OOXMLText.unescape(pending) : pending
      pending = ""
    }

    mutating func add(_ raw: ArraySlice<UInt8>, cdata: Bool) {
      guard depth > 0 else { return }
      pending += XMLText.decode(raw, cdata: cdata)
    }
  }
}

/// The shared string table read as the part is scanned: each `si` of the root as its plain text, its
/// `t` and runs' `t` joined, phonetic runs left out.
struct SharedStringsScan: XMLEvents {
  var strings: [String] = []
  private var roles: [WorksheetRows.Role] = []
  private var item = WorksheetRows.RichText()

  mutating func start(_ name: ArraySlice<UInt8>, attributes: XMLAttributes) {
    let local = XMLName.local(name)
    let role: WorksheetRows.Role
    switch roles.last {
    case nil: role = .root
    case .root where local.elementsEqual("si".utf8):
      role = .inline
      item.text = ""
    default: role = item.child(of: roles.last, named: local) ?? .other
    }
    item.enter(role == .text)
    roles.append(role)
  }

  mutating func end() {
    let role = roles.removeLast()
    item.leave(role == .text, unescaping: true)
    if role == .inline { strings.append(item.text) }
  }

  mutating func text(_ raw: ArraySlice<UInt8>, cdata: Bool) {
    item.add(raw, cdata: cdata)
  }
}
