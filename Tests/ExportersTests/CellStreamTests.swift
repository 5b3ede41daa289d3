import Foundation
import TestSupport
import Testing

@testable import Exporters

/// What the workbook's sheets write through `XLSXSheet.stream`: cells made on a second thread and
/// written by the one that calls libxlsxwriter.
@Suite("Cells made on another thread")
struct CellStreamTests {
  @Test(
    "a sheet streamed in batches is the same XML, byte for byte, as the sheet written in place"
  )
  func sameAsInPlace() throws {
    let file = try scratchFolder().appendingPathComponent("stream.xlsx")
    let book = try XLSXWorkbook(path: file.path, constantMemory: true)
    let styles = WorkbookStyles(book)
    let direct = try book.addSheet("Direct")
    let streamed = try book.addSheet("Streamed")
    let rows = 7_000  // 3 cells a row: five batches of 4,096 cells
    for row in 1...rows {
      try direct.setRow(row, height: Double(15 + row % 7))
      try direct.write(
        row, 0, clean: "row \(row) ✓ — Prüfung\nzweite Zeile", styles.wrap)
      var formula = FormulaText()
      formula.append("=A\(row + 1)&\"x\"")
      try direct.write(
        row, 1, formula: &formula,
        shows: row.isMultiple(of: 2) ? .number(Double(row)) : .text("t\(row)"),
        styles.count)
    }
    try streamed.stream(styles: styles) { sink in
      for row in 1...rows {
        sink.height(row, Double(15 + row % 7))
        sink.text(row, 0, clean: "row \(row) ✓ — Prüfung\nzweite Zeile", .wrap)
        var formula = FormulaText()
        formula.append("=A\(row + 1)&\"x\"")
        sink.formula(
          row, 1, formula,
          shows: row.isMultiple(of: 2)
            ? .number(Double(row)) : .text("t\(row)"),
          .count)
      }
    }
    try book.close()
    func part(_ name: String) throws -> String {
      let outcome = try ProcessRunner.run("unzip", ["-p", file.path, name])
      #expect(outcome.status == 0, "unzip: \(outcome.stderr)")
      return outcome.stdout
    }
    // The first sheet is the one selected when the workbook opens: its view says so, the other's not.
    let first = try part("xl/worksheets/sheet1.xml").replacingOccurrences(
      of: " tabSelected=\"1\"", with: "")
    let second = try part("xl/worksheets/sheet2.xml")
    #expect(first.contains("row 7000 ✓ — Prüfung"))
    #expect(first.count > 500_000)
    #expect(first == second)
  }

  /// Counts what a maker did after the writer stopped, and says when the maker returned.
  final class MakerLog: @unchecked Sendable {
    let returned = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var made = 0
    func add() { lock.withLock { made += 1 } }
    var count: Int { lock.withLock { made } }
  }

  @Test(
    "a cell libxlsxwriter refuses stops the sheet with the cell's place, and the maker stops making"
  )
  func refusalStops() throws {
    let file = try scratchFolder().appendingPathComponent("refused.xlsx")
    let book = try XLSXWorkbook(path: file.path, constantMemory: false)
    let styles = WorkbookStyles(book)
    let sheet = try book.addSheet("Checklist")
    let log = MakerLog()
    let limit = 50_000_000
    #expect(throws: ExportError.self) {
      try sheet.stream(styles: styles) { sink in
        defer { log.returned.signal() }
        // Excel's last row is 1,048,576 (index 1,048,575): the first cell past it is refused.
        var row = 1_048_570
        while sink.open, log.count < limit {
          sink.text(row, 0, clean: "x", .none)
          log.add()
          row += 1
        }
      }
    }
    do {
      try sheet.stream(styles: styles) { sink in
        sink.text(1_048_576, 2, clean: "x", .none)
      }
      Issue.record("a row past Excel's last was written")
    } catch {
      #expect(error.message.contains("Checklist!C1048577"), "\(error.message)")
    }
    #expect(log.returned.wait(timeout: .now() + 60) == .success)
    #expect(log.count < limit)
    try book.close()
  }
}
