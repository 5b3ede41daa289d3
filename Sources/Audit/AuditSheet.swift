import CriteriaModel
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// A filled audit checklist read back from the workbook (XLSX) or CSV that criteria wrote and testers filled in.
///
/// Rows keep their spreadsheet row number (or CSV line) so errors and write-backs point at the
/// right place.
public struct AuditSheet: Sendable {
  /// One data row.
  public struct Row: Sendable, Hashable {
    /// The spreadsheet row number (XLSX) or the line the record starts on (CSV).
    public var number: Int
    public var cells: [String]

    /// The cell in a column, or "" past the end of the row.
    public subscript(column: Int?) -> String {
      guard let column, column < cells.count else { return "" }
      return cells[column]
    }
  }

  enum Source: Sendable {
    case xlsx(part: String)
    /// Every record as read, records of empty fields included, so the copy is the file again but for its
    /// empty lines, which `CSVReader` skips rather than read as records of one empty field.
    case csv(
      records: [CSVReader.Record], delimiter: UInt8, lineEnding: [UInt8],
      byteOrderMark: Bool)
  }

  public let path: String
  /// The worksheet read (XLSX only).
  public let sheetName: String?
  public let header: [String]
  public let headerRow: Int
  public private(set) var rows: [Row]
  let source: Source

  /// Where a row is, for messages: `audit.xlsx, sheet 'Checklist', row 14` or `audit.csv:14`.
  public func place(_ row: Int) -> String {
    if let sheetName { return "\(path), sheet '\(sheetName)', row \(row)" }
    return "\(path):\(row)"
  }

  /// The index of a column, matched by its header (loosely: `expected_result` finds `Expected result`).
  public func column(_ column: AuditColumn) -> Int? {
    header.firstIndex { AuditColumn(userName: $0) == column }
  }

  /// The columns a tester added, by index: every named column but those criteria derives (status
  /// columns, Since last audit) and the first to name each of criteria's columns (`column(_:)`), so a
  /// later "Tester 2" is the tester's own.
  public var addedColumns: [Int] {
    let derived = Set(AuditCarry.derivedHeaders.map { $0.lowercased() })
    var named: Set<AuditColumn> = []
    return header.indices.filter { index in
      let name = header[index]
      guard !name.isEmpty, !derived.contains(name.lowercased()) else {
        return false
      }
      guard let column = AuditColumn(userName: name) else { return true }
      return !named.insert(column).inserted
    }
  }

  /// Reads an `.xlsx` or `.csv` file.
  public static func read(path: String) throws(AuditError) -> AuditSheet {
    guard FileManager.default.fileExists(atPath: path) else {
      throw AuditError("\(path): no such file", status: .noInput)
    }
    switch (path as NSString).pathExtension.lowercased() {
    case "xlsx", "xlsm": return try readXLSX(path: path)
    case "csv", "txt": return try readCSV(path: path)
    case "xls", "ods", "numbers":
      throw AuditError(
        "\(path): criteria reads Excel Workbooks (.xlsx) and CSV checklists (.csv); open this one and save "
          + "it as an Excel Workbook (.xlsx)")
    default:
      throw AuditError(
        "\(path): give an audit workbook (.xlsx) or a CSV checklist (.csv)")
    }
  }

  /// The name of the sheet (in a workbook) that holds the rows `criteria refresh` retired, and the
  /// ending of the file beside a CSV that holds them.
  public static let retiredSheet = "Retired"
  public static let retiredSuffix = "-retired.csv"

  /// The file beside the CSV at `path` that holds the rows a refresh retired from it
  /// (`audit.csv` → `audit-retired.csv`).
  public static func retiredFile(beside path: String) -> String {
    (path as NSString).deletingPathExtension + retiredSuffix
  }

  /// The rows an earlier `criteria refresh` retired from this audit, with their results: its workbook's
  /// Retired sheet, or the `<name>-retired.csv` beside a CSV; nil when there is none or it is empty.
  public func retired() throws(AuditError) -> AuditSheet? {
    switch source {
    case .xlsx:
      return try Self.readXLSX(path: path, sheet: Self.retiredSheet)
    case .csv:
      let beside =
        Self.retiredFile(beside: path)
      guard FileManager.default.fileExists(atPath: beside),
        FileManager.default.contents(atPath: beside)?.contains(where: {
          !Set(" \t\r\n,;\u{FEFF}".utf8).contains($0)
        }) ?? true
      else { return nil }
      let sheet = try Self.readCSV(path: beside)
      return sheet.rows.isEmpty ? nil : sheet
    }
  }

  /// The file a refreshed CSV's retired rows should be in, when it is not there.
  ///
  /// A CSV with a "Since last audit" column was written by `criteria refresh`, which puts that file
  /// beside it (their header alone when none was retired), so a copy made without it may have lost rows
  /// the ACR counts. Nil for a workbook, a CSV never refreshed, or one whose file is there.
  public var missingRetiredFile: String? {
    guard case .csv = source, markColumn != nil else { return nil }
    let beside = Self.retiredFile(beside: path)
    return FileManager.default.fileExists(atPath: beside) ? nil : beside
  }

  /// The retired rows' file beside a CSV that no refresh wrote, when it holds rows.
  ///
  /// A CSV without a "Since last audit" column was not written by `criteria refresh`; the rows beside it
  /// are still read as its retired rows (a failure is never dropped on a guess), though the file may be
  /// left from another audit at the same path. Nil otherwise.
  public var unexpectedRetiredFile: String? {
    guard case .csv = source, markColumn == nil else { return nil }
    let beside = Self.retiredFile(beside: path)
    guard FileManager.default.fileExists(atPath: beside),
      (try? retired()) != nil
    else { return nil }
    return beside
  }

  /// Builds a sheet from a header and rows (the first row after the header is row headerRow + 1).
  static func table(
    path: String, sheetName: String?, rows numbered: [(Int, [String])],
    source: Source
  ) throws(AuditError) -> AuditSheet {
    try refuseLongCells(numbered, path: path, sheetName: sheetName)
    let nonEmpty = numbered.filter { !isBlank($0.1) }
    guard !nonEmpty.isEmpty else {
      throw AuditError(
        "\(sheetName.map { "\(path), sheet '\($0)'" } ?? path): the checklist is empty; expected a header row with a Result column"
      )
    }
    let at = headerIndex(nonEmpty.map(\.1))
    let first = nonEmpty[at]
    let header = first.1.map { $0.trimmingCharacters(in: .whitespaces) }
    try refuseColumnTwice(
      header, at: sheetName.map { "\(path), sheet '\($0)'" } ?? path,
      row: first.0)
    return AuditSheet(
      path: path, sheetName: sheetName, header: header, headerRow: first.0,
      rows: nonEmpty[(at + 1)...].map { Row(number: $0.0, cells: $0.1) },
      source: source)
  }

  /// The most characters (UTF-16 code units, as Excel counts) one cell of an audit holds: Excel's own
  /// limit, so no audit a tester saved from Excel holds more, and one cell cannot make a report or an
  /// ACR hundreds of megabytes long.
  public static let maximumCellCharacters = 32_767

  /// Refuses a cell longer than `maximumCellCharacters`, naming it.
  static func refuseLongCells(
    _ rows: [(Int, [String])], path: String, sheetName: String?
  ) throws(AuditError) {
    for (number, cells) in rows {
      // utf8.count is no less than utf16.count and costs nothing on a native string.
      for (column, cell) in cells.enumerated()
      where cell.utf8.count > maximumCellCharacters
        && cell.utf16.count > maximumCellCharacters
      {
        let place =
          sheetName.map {
            "\(path), sheet '\($0)', cell \(CellReference.letters(column))\(number)"
          } ?? "\(path):\(number): column \(column + 1)"
        throw AuditError(
          "\(place) holds \(cell.utf16.count) characters, more than the \(maximumCellCharacters) a cell of Excel "
            + "holds; criteria reads no part of it rather than a part. Shorten it (a long log belongs in a file "
            + "the notes name)")
      }
    }
  }

  /// How many rows that are not empty may stand above the header (a title, a note to testers).
  static let headerSearch = 20

  /// Where the header is among a sheet's rows that are not empty: the first of the first `headerSearch`
  /// that names the Result column, so a title above it is passed over; else the first row.
  static func headerIndex(_ rows: [[String]]) -> Int {
    rows.prefix(headerSearch).firstIndex(where: namesResult) ?? 0
  }

  /// Whether a row has a cell naming the Result column.
  static func namesResult(_ cells: [String]) -> Bool {
    cells.contains {
      AuditColumn(userName: $0.trimmingCharacters(in: .whitespaces)) == .result
    }
  }

  /// Whether every cell of a row is empty or space.
  static func isBlank(_ cells: [String]) -> Bool {
    cells.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }
  }

  // MARK: XLSX

  /// The most cells read from one sheet (ten million: far past any audit, well short of running out of memory).
  static let maximumCells = 10_000_000

  static func readXLSX(path: String) throws(AuditError) -> AuditSheet {
    guard let sheet = try readXLSX(path: path, sheet: nil) else {
      throw AuditError("\(path): the workbook has no worksheets")
    }
    return sheet
  }

  /// The sheet `name` of a workbook (nil when it has none, or only a header), or without a name its
  /// checklist (`checklist(in:of:shared:)`; nil when it has no sheets).
  static func readXLSX(path: String, sheet name: String?)
    throws(AuditError) -> AuditSheet?
  {
    let package = try XLSXPackage(path: path)
    let sheets = try package.sheets()
    let sheet: (name: String, part: String)
    let shared: [String]
    if let name {
      guard
        let named = sheets.first(where: {
          $0.name.caseInsensitiveCompare(name) == .orderedSame
        })
      else { return nil }
      sheet = named
      shared = try package.sharedStrings()
    } else {
      shared = try package.sharedStrings()
      guard let found = try checklist(in: sheets, of: package, shared: shared)
      else { return nil }
      sheet = found
    }
    var scan = WorksheetRows(
      shared: shared, place: "\(path), sheet '\(sheet.name)'")
    guard try package.scan(sheet.part, into: &scan) else {
      throw AuditError(
        "\(path): the worksheet '\(sheet.name)' (\(sheet.part)) is missing from the package"
      )
    }
    let rows = scan.rows
    if name != nil, rows.allSatisfy({ $0.1.allSatisfy(\.isEmpty) }) {
      return nil
    }
    var table = try table(
      path: path, sheetName: sheet.name, rows: rows,
      source: .xlsx(part: sheet.part))
    try table.refuseMergedResults(scan.mergedRanges)
    try table.refuseUnsavedFormulas(scan.unsavedFormulas)
    if try package.usesDate1904() { table.readDates1904() }
    return name != nil && table.rows.isEmpty ? nil : table
  }

  /// A workbook's checklist: its sheet named Checklist, else the sheet whose header has Result and ID
  /// columns (a checklist renamed), else its first sheet.
  ///
  /// A second sheet whose header has those columns (the Retired sheet aside, which holds the retired
  /// rows) is an error: it is a copy of the checklist a tester filled ("Checklist (2)"), criteria reads
  /// one checklist, and a failure in the other would vanish. Only the other sheets' headers are read.
  static func checklist(
    in sheets: [(name: String, part: String)], of package: XLSXPackage,
    shared: [String]
  ) throws(AuditError) -> (name: String, part: String)? {
    let named = sheets.first {
      $0.name.caseInsensitiveCompare("Checklist") == .orderedSame
    }
    var found: [(sheet: (name: String, part: String), row: Int)] = []
    for sheet in sheets
    where sheet.part != named?.part
      && sheet.name.caseInsensitiveCompare(retiredSheet) != .orderedSame
    {
      var scan = WorksheetRows(
        shared: shared, place: "\(package.path), sheet '\(sheet.name)'")
      scan.headerOnly = true
      guard try package.scanStart(sheet.part, into: &scan) else { continue }
      let rows = scan.rows.filter { !isBlank($0.1) }
      guard !rows.isEmpty else { continue }
      let header = rows[headerIndex(rows.map(\.1))]
      let columns = Set(
        header.1.compactMap {
          AuditColumn(userName: $0.trimmingCharacters(in: .whitespaces))
        })
      if columns.contains(.result) && columns.contains(.id) {
        found.append((sheet, header.0))
      }
    }
    guard let read = named ?? found.first?.sheet ?? sheets.first else {
      return nil
    }
    if let other = found.first(where: { $0.sheet.part != read.part }) {
      // The rows a refresh retired, under another name ("Retired 2026-11"), are read from no sheet: said
      // first, so that no one moves them into the checklist.
      let renamedRetired =
        other.sheet.name.localizedCaseInsensitiveContains(retiredSheet)
          && !sheets.contains {
            $0.name.caseInsensitiveCompare(retiredSheet) == .orderedSame
          }
        ? "If it holds the rows a refresh retired (the \(retiredSheet) sheet, renamed), name it "
          + "'\(retiredSheet)' again: criteria reads them from the sheet of that name. Otherwise, move "
        : "Move "
      throw AuditError(
        "\(package.path): the sheet '\(other.sheet.name)' is a checklist too (its header, row \(other.row), has "
          + "Result and ID columns), and criteria reads one, '\(read.name)': its results would be left out. "
          + renamedRetired
          + "its rows into '\(read.name)' and delete it, or save it as a workbook of its own and join the "
          + "two with criteria merge.")
    }
    return read
  }

  /// A header naming the Result column twice, or one name twice (in any case), is an error.
  ///
  /// Headers match loosely, so "Result 2" beside "Result" is a second Result column: only the first
  /// would be read, and a Fail in the other would vanish from every report. Two columns of one name
  /// (two "Comments") would lose one in `refresh` and `merge`, which carry a tester's column by its
  /// name (`merge` in any case). A second column like another of criteria's ("Tester 2") is the tester's
  /// own (`addedColumns`), carried as such.
  static func refuseColumnTwice(
    _ header: [String], at place: String, row: Int
  ) throws(AuditError) {
    var seen: [String: Int] = [:]
    for (index, name) in header.enumerated() where !name.isEmpty {
      let result = AuditColumn(userName: name) == .result
      guard
        let first = seen.updateValue(
          index, forKey: result ? "\0result" : name.lowercased())
      else { continue }
      let what = result ? "the Result column" : "'\(name)'"
      let why =
        result
        ? "which one holds the result cannot be told, so nothing is read"
        : "refresh and merge carry a tester's column by its name, so one would be lost"
      throw AuditError(
        "\(place): the header (row \(row)) names \(what) twice: "
          + "\(CellReference.letters(first)) '\(header[first])' and \(CellReference.letters(index)) '\(name)'; "
          + "\(why). Rename or remove one (a tester's own column needs a name of its own, such as 'Retest result')."
      )
    }
  }

  /// A formula with no saved value in a row's Result, WCAG or Failed WCAG cell is an error.
  ///
  /// Spreadsheet programs save a formula's value beside it; a script (openpyxl) or a copy that dropped
  /// the values leaves the formula alone, and its cell would read as empty: a Fail computed there would
  /// count as not tested.
  func refuseUnsavedFormulas(_ cells: [(row: Int, column: Int)])
    throws(AuditError)
  {
    let columns = [AuditColumn.result, .wcag, .failedWCAG].compactMap {
      column in self.column(column).map { (column, $0) }
    }
    for cell in cells where cell.row > headerRow {
      guard let named = columns.first(where: { $0.1 == cell.column }) else {
        continue
      }
      throw AuditError(
        "\(place(cell.row)): the \(header[named.1]) cell (\(CellReference.letters(cell.column))\(cell.row)) holds a "
          + "formula whose value the workbook does not save (a script wrote it, or a copy dropped the values), so it "
          + "would read as empty. Open the workbook in a spreadsheet program and save it, or type the value."
      )
    }
  }

  /// A merged range over a row's Result cell that does not start there is an error.
  ///
  /// A merged cell keeps its value in its first cell only, so the other rows' Results read as empty
  /// (not tested) while the sheet shows the merged value across them: a Fail merged over three rows
  /// would count once.
  func refuseMergedResults(_ ranges: [String]) throws(AuditError) {
    guard let result = column(.result) else { return }
    for range in ranges {
      let corners = range.split(separator: ":").compactMap {
        CellReference.cell(String($0))
      }
      guard corners.count == 2 else { continue }
      let (first, last) = (corners[0], corners[1])
      let columns =
        min(first.column, last.column)...max(first.column, last.column)
      let rowSpan = min(first.row, last.row)...max(first.row, last.row)
      guard columns.contains(result),
        let hidden = rowSpan.first(where: {
          $0 > headerRow
            && ($0 != rowSpan.lowerBound || result != columns.lowerBound)
        })
      else { continue }
      let shown =
        rows.first { $0.number == rowSpan.lowerBound }?[columns.lowerBound]
        ?? ""
      throw AuditError(
        "\(place(hidden)): the cells \(range) are merged across the Result column, and a merged cell keeps "
          + "its value in its first cell only, so this row's Result reads as empty (not tested)"
          + (shown.isEmpty ? "" : " though the sheet shows '\(shown)' there")
          + ". Unmerge them and give each row its own Result.")
    }
  }

  /// The Date column's serials written as the days they name in the 1904 date system, so that nothing
  /// reading the sheet takes them for 1900 serials, 1,462 days (four years) early.
  private mutating func readDates1904() {
    guard let date = column(.date) else { return }
    for index in rows.indices where date < rows[index].cells.count {
      rows[index].cells[date] = AuditDate.text(
        rows[index].cells[date], date1904: true)
    }
  }
}
