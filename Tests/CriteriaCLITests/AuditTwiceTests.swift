import Foundation
import Testing

/// A filled audit that holds results twice: a header naming one column twice, as when a tester adds
/// "Result 2" for a second round (headers are matched loosely, so it names the Result column), or a
/// second checklist sheet, as when a tester copies the Checklist and fills the copy.
///
/// Reading one would drop what the other holds: a Fail there would vanish from the report, the ACR and
/// the tickets. Which one holds the result cannot be told, so the audit is refused.
@Suite("An audit that holds a column or a checklist twice", .serialized)
struct AuditTwiceTests {
  @Test(
    "a second Result column, or two tester columns of one name: exit 65 naming the file, the header row and both columns, nothing written; a 'Tester 2' column is the tester's own",
    arguments: ["xlsx", "csv"])
  func columnTwice(format: String) throws {
    let (dir, audit, line) = try AuditCycleTests.arrowKeysAudit(format: format)
    try TesterScript.fill(
      audit, dir.appendingPathComponent("filled.\(format)"),
      [line: ["Result": "Pass", "Result 2": "Fail"]])
    try TesterScript.fill(
      audit, dir.appendingPathComponent("second-tester.\(format)"),
      [line: ["Result": "Fail", "Tester": "Ana", "Tester 2": "Ben"]])
    let header = try TesterScript.read(
      dir.appendingPathComponent("filled.\(format)")
    ).header
    let second = try #require(header.firstIndex(of: "Result 2"))
    let letters = { (index: Int) in
      String(UnicodeScalar(UInt8(65 + index)))
    }
    let first = try #require(header.firstIndex(of: "Result"))
    let place =
      format == "xlsx" ? "filled.xlsx, sheet 'Checklist'" : "filled.csv"

    try AuditCycleTests.refused(
      [
        [
          "report", "--from", "filled.\(format)", "--to", "junit", "--output",
          "report.xml",
        ],
        [
          "merge", "audit.\(format)", "filled.\(format)", "--output",
          "merged.\(format)",
        ],
        ["diff", "audit.\(format)", "filled.\(format)", "--output", "diff.md"],
      ], in: dir,
      saying: [
        "\(place): the header (row 1) names the Result column twice: "
          + "\(letters(first)) 'Result' and \(letters(second)) 'Result 2'"
      ], writing: ["report.xml", "merged.\(format)", "diff.md"])

    // A tester's own column named twice: refresh and merge carry it by name, so one would be lost.
    try TesterScript.fill(
      audit, dir.appendingPathComponent("commented.\(format)"),
      [line: ["Result": "Fail", "Comments": "a", "+Comments": "b"]])
    let refresh = try CLIRunner.run(
      [
        "refresh", "--from", "commented.\(format)", "--output",
        "refreshed.\(format)",
      ], in: dir)
    #expect(refresh.status == 65, "\(refresh.stderr)")
    #expect(
      refresh.stderr.contains("the header (row 1) names 'Comments' twice"),
      "\(refresh.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("refreshed.\(format)").path))

    // A second tester's column hides no result: it is read as the tester's own column, and carried.
    let refreshed = try CLIRunner.run(
      [
        "refresh", "--from", "second-tester.\(format)", "--output",
        "carried.\(format)",
      ], in: dir)
    #expect(refreshed.status == 0, "\(refreshed.stderr)")
    let carried = try TesterScript.rows(
      dir.appendingPathComponent("carried.\(format)"))[
        AuditCycleTests.arrowKeys]
    #expect(carried?["Tester 2"] == "Ben", "\(carried ?? [:])")
    #expect(carried?["Result"] == "Fail", "\(carried ?? [:])")
    let merge = try CLIRunner.run(
      [
        "merge", "audit.\(format)", "second-tester.\(format)", "--output",
        "joined.\(format)",
      ], in: dir)
    #expect(merge.status == 0, "\(merge.stderr)")
    let joined = try TesterScript.rows(
      dir.appendingPathComponent("joined.\(format)"))[
        AuditCycleTests.arrowKeys]
    #expect(joined?["Tester 2"] == "Ben", "\(joined ?? [:])")
    #expect(joined?["Tester"] == "Ana", "\(joined ?? [:])")
  }

  @Test(
    "a copy of the Checklist sheet holding a failure: exit 65 naming both sheets, nothing written; a copy of the Summary is no checklist; a renamed checklist is read"
  )
  func checklistTwice() throws {
    let (dir, audit, line) = try AuditCycleTests.arrowKeysAudit(format: "xlsx")
    /// The audit with a copy of `sheet` (openpyxl's "<sheet> Copy"), its Result on `line` set to Fail.
    func copied(_ sheet: String, to name: String) throws {
      let run = try CLIRunner.runPython([
        "-c",
        """
        import sys, openpyxl
        book = openpyxl.load_workbook(sys.argv[1])
        copy = book.copy_worksheet(book[sys.argv[3]])
        header = [cell.value for cell in copy[1]]
        if "Result" in header:
            copy.cell(int(sys.argv[4]), header.index("Result") + 1).value = "Fail"
        book.save(sys.argv[2])
        """,
        audit.path, dir.appendingPathComponent(name).path, sheet, line,
      ])
      #expect(run.status == 0, "\(run.stderr)")
    }
    try copied("Checklist", to: "twice.xlsx")
    try copied("Summary", to: "summary.xlsx")

    try AuditCycleTests.refused(
      [
        [
          "report", "--from", "twice.xlsx", "--to", "junit", "--output",
          "report.xml",
        ],
        ["merge", "audit.xlsx", "twice.xlsx", "--output", "merged.xlsx"],
        ["refresh", "--from", "twice.xlsx", "--output", "refreshed.xlsx"],
      ], in: dir,
      saying: [
        "twice.xlsx: the sheet 'Checklist Copy' is a checklist too (its header, row 1, has Result and ID "
          + "columns), and criteria reads one, 'Checklist'"
      ], writing: ["report.xml", "merged.xlsx", "refreshed.xlsx"])
    let summary = try AuditCycleTests.junit("summary.xlsx", in: dir)
    #expect(summary.status == 0, "\(summary.stderr)")

    // The Checklist renamed and moved after the Summary is still the checklist: its failure is read.
    let renamed = try CLIRunner.runPython([
      "-c",
      """
      import sys, openpyxl
      book = openpyxl.load_workbook(sys.argv[1])
      sheet = book["Checklist"]
      header = [cell.value for cell in sheet[1]]
      sheet.cell(int(sys.argv[3]), header.index("Result") + 1).value = "Fail"
      sheet.title = "Round 2"
      book.move_sheet(sheet, offset=1)
      book.save(sys.argv[2])
      """,
      audit.path, dir.appendingPathComponent("renamed.xlsx").path, line,
    ])
    #expect(renamed.status == 0, "\(renamed.stderr)")
    let read = try AuditCycleTests.junit("renamed.xlsx", in: dir)
    #expect(read.status == 0, "\(read.stderr)")
    #expect(read.stdout.contains("<failure"), "\(read.stdout)")
    #expect(read.stdout.contains("failures=\"1\""), "\(read.stdout)")
  }
}
