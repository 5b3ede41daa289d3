import Foundation
import Testing

/// A tester who merges Result cells over several rows ("these three fail") sees the merged value across
/// them, but a merged cell keeps its value in its first cell only (ECMA-376 Part 1, §18.3.1.55): the
/// other rows read as empty, not tested, and the failure would count once.
@Suite("Merged cells in a filled audit", .serialized)
struct MergedCellsTests {
  /// The audit with `range` (such as "G3:G5") merged, its first cell set to `value`, saved as `name`.
  func merged(
    _ dir: URL, _ range: String, _ value: String, to name: String
  ) throws {
    let run = try CLIRunner.runPython([
      "-c",
      """
      import sys, openpyxl
      book = openpyxl.load_workbook(sys.argv[1])
      sheet = book["Checklist"]
      sheet[sys.argv[3].split(":")[0]] = sys.argv[4]
      sheet.merge_cells(sys.argv[3])
      book.save(sys.argv[2])
      """,
      dir.appendingPathComponent("audit.xlsx").path,
      dir.appendingPathComponent(name).path, range, value,
    ])
    #expect(run.status == 0, "\(run.stderr)")
  }

  @Test(
    "a Fail merged over three Result cells: exit 65 naming the range and the row that reads empty; merged Notes are read"
  )
  func mergedResults() throws {
    let dir = try AuditCycleTests.setUp(format: "xlsx")
    let header = try TesterScript.read(
      dir.appendingPathComponent("audit.xlsx")
    ).header
    let letter = { (name: String) throws -> String in
      let index = try #require(header.firstIndex(of: name))
      return String(UnicodeScalar(UInt8(65 + index)))
    }
    let result = try letter("Result")
    let notes = try letter("Notes")
    try merged(dir, "\(result)3:\(result)5", "Fail", to: "merged.xlsx")
    // The Result merged with the WCAG cell before it: the range starts left of the Result.
    let wcag = try letter("WCAG")
    try merged(dir, "\(wcag)7:\(result)7", "Fail", to: "sideways.xlsx")
    try merged(dir, "\(notes)3:\(notes)5", "one note", to: "notes.xlsx")

    try AuditCycleTests.refused(
      [
        [
          "report", "--from", "merged.xlsx", "--to", "junit", "--output",
          "report.xml",
        ],
        ["merge", "audit.xlsx", "merged.xlsx", "--output", "joined.xlsx"],
      ], in: dir,
      saying: [
        "merged.xlsx, sheet 'Checklist', row 4: the cells \(result)3:\(result)5 are merged across the "
          + "Result column",
        "though the sheet shows 'Fail' there",
      ], writing: ["report.xml", "joined.xlsx"])

    let sideways = try AuditCycleTests.junit("sideways.xlsx", in: dir)
    #expect(sideways.status == 65, "\(sideways.stderr)")
    #expect(
      sideways.stderr.contains(
        "row 7: the cells \(wcag)7:\(result)7 are merged"),
      "\(sideways.stderr)")

    let notesRun = try AuditCycleTests.junit("notes.xlsx", in: dir)
    #expect(notesRun.status == 0, "\(notesRun.stderr)")
    #expect(notesRun.stdout.contains("one note"), "\(notesRun.stdout)")
  }
}
