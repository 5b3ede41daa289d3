import Foundation
import Testing

/// `Scripts/tester.py`: the tester who fills an audit (openpyxl, Python's csv) and the reader who checks it.
enum TesterScript {
  static let path = CLIRunner.packageRoot.appendingPathComponent(
    "Tests/CriteriaCLITests/Scripts/tester.py"
  ).path

  /// Fills `source` into `target` (its checklist, or `sheet`): spreadsheet row number → column header →
  /// value; saved in the 1904 date system when `dates1904`.
  static func fill(
    _ source: URL, _ target: URL, _ edits: [String: [String: Any]],
    sheet: String? = nil, dates1904: Bool = false,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    var edits = edits
    if dates1904 { edits["epoch"] = ["year": 1904] }
    let json = String(
      decoding: try JSONSerialization.data(withJSONObject: edits), as: UTF8.self
    )
    let run = try CLIRunner.runPython(
      [path, "fill", source.path, target.path, json]
        + (sheet.map { [$0] } ?? []))
    #expect(run.status == 0, "\(run.stderr)", sourceLocation: sourceLocation)
  }

  /// A sheet as openpyxl or Python's csv reads it: header and rows by spreadsheet row number.
  static func read(
    _ file: URL, sheet: String? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> (header: [String], rows: [String: [String]]) {
    let run = try CLIRunner.runPython(
      [path, "read", file.path] + (sheet.map { [$0] } ?? []))
    #expect(run.status == 0, "\(run.stderr)", sourceLocation: sourceLocation)
    let json =
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
      as? [String: Any]
    return (
      json?["header"] as? [String] ?? [],
      json?["rows"] as? [String: [String]] ?? [:]
    )
  }

  /// The rows of a sheet by the value of one column (the row id), each as header → value.
  static func rows(
    _ file: URL, sheet: String? = nil, by key: String = "ID",
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> [String: [String: String]] {
    let table = try read(file, sheet: sheet, sourceLocation: sourceLocation)
    guard let column = table.header.firstIndex(of: key) else { return [:] }
    var byKey: [String: [String: String]] = [:]
    for row in table.rows.values where column < row.count {
      byKey[row[column]] = Dictionary(
        zip(table.header, row).map { ($0, $1) }, uniquingKeysWith: { a, _ in a }
      )
    }
    return byKey
  }
}
