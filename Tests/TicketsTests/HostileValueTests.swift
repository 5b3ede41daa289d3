import Foundation
import Options
import Testing

@testable import Audit
@testable import Tickets

@Suite("Values a tracker or a workbook hands back")
struct HostileValueTests {
  @Test(
    "a ticket key written into a CSV copy is formula-guarded; the testers' own text is kept as it was"
  )
  func ticketKeyIsGuarded() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "criteria-csv-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("audit.csv").path
    try Data(
      "ID,Result,Notes,Ticket\r\na@ios,Fail,=SUM(1),\r\nb@ios,Fail,fine,\r\n"
        .utf8
    ).write(to: URL(fileURLWithPath: path))
    let sheet = try AuditSheet.read(path: path)
    guard
      case .bytes(let data) = try sheet.copy(withTickets: [
        2: "=HYPERLINK(\"http://evil\")", 3: "PROJ-7",
      ])
    else {
      Issue.record("a CSV copy is one file")
      return
    }
    #expect(
      String(decoding: data, as: UTF8.self)
        == "ID,Result,Notes,Ticket\r\na@ios,Fail,=SUM(1),\"'=HYPERLINK(\"\"http://evil\"\")\"\r\nb@ios,Fail,fine,PROJ-7\r\n"
    )
  }

  @Test(
    "cell references past Excel's XFD column or row 1,048,576, or without letters, are not cells"
  )
  func cellReferences() {
    #expect(CellReference.column("XFD1") == 16_383)
    #expect(CellReference.column("XFE1") == nil)
    #expect(CellReference.column("ZZZZZZZZZZZZZZZ2") == nil)
    #expect(CellReference.column("12") == nil)
    // A cell: column and row, each within Excel's limits, nothing after the row.
    #expect(CellReference.cell("G3").map { [$0.column, $0.row] } == [6, 3])
    #expect(
      CellReference.cell("XFD1048576").map { [$0.column, $0.row] } == [
        16_383, 1_048_576,
      ])
    for bad in ["G0", "G1048577", "G", "3", "G3x", "$G$3", "XFE1", ""] {
      #expect(CellReference.cell(bad) == nil, "\(bad)")
    }
  }
}
