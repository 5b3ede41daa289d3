import Foundation
import Testing

/// A workbook saved in the 1904 date system (Excel for Mac before 2011, or any workbook set so).
///
/// Its date cells count days from 1904-01-01, not 1900-01-01 (ECMA-376 Part 1, §18.17.4.1, §18.2.28
/// `workbookPr@date1904`). Read as 1900 serials, every date is 1,462 days early, and
/// `merge --prefer latest` would take an older result over a newer one.
@Suite("Workbooks in the 1904 date system", .serialized)
struct DateSystemTests {
  @Test(
    "merge --prefer latest keeps a failure dated in a 1904 workbook over an earlier pass, at its own date"
  )
  func mergeAcrossDateSystems() throws {
    let (dir, audit, line) = try AuditCycleTests.arrowKeysAudit(format: "xlsx")
    let id = AuditCycleTests.arrowKeys
    try TesterScript.fill(
      audit, dir.appendingPathComponent("ana.xlsx"),
      [
        line: [
          "Result": "Pass", "Tester": "Ana", "Date": ["date": "2026-11-01"],
        ]
      ])
    try TesterScript.fill(
      audit, dir.appendingPathComponent("ben.xlsx"),
      [
        line: [
          "Result": "Fail", "Severity": "High", "Tester": "Ben",
          "Date": ["date": "2026-11-20"], "Notes": "skips a star",
        ]
      ], dates1904: true)
    // openpyxl wrote Ben's workbook in the 1904 system, and reads its date back as the day it wrote.
    #expect(
      try TesterScript.rows(dir.appendingPathComponent("ben.xlsx"))[id]?[
        "Date"] == "2026-11-20")

    for (files, output) in [
      (["ana.xlsx", "ben.xlsx"], "merged.xlsx"),
      (["ben.xlsx", "ana.xlsx"], "merged-on-ben.xlsx"),
    ] {
      let merge = try CLIRunner.run(
        ["merge"] + files + ["--output", output, "--prefer", "latest"], in: dir)
      #expect(merge.status == 0, "\(merge.stderr)")
      let merged = try TesterScript.rows(dir.appendingPathComponent(output))[id]
      #expect(merged?["Result"] == "Fail", "\(files): \(merged ?? [:])")
      #expect(merged?["Tester"] == "Ben", "\(files): \(merged ?? [:])")
      #expect(merged?["Date"] == "2026-11-20", "\(files): \(merged ?? [:])")
      // What the merge chose is in its own column, never in the tester's Notes.
      #expect(
        merged?["Merge record"]?.contains(
          "ana.xlsx, sheet 'Checklist', row \(line) (Ana, 2026-11-01)")
          == true,
        "\(files): \(merged ?? [:])")
      #expect(
        merged?["Notes"]?.contains("--prefer latest") != true,
        "\(files): \(merged ?? [:])")
    }

    // The JUnit report of Ben's audit dates his failure on his day.
    let report = try AuditCycleTests.junit("ben.xlsx", in: dir)
    #expect(report.status == 0, "\(report.stderr)")
    #expect(report.stdout.contains("2026-11-20"), "\(report.stdout)")
    #expect(!report.stdout.contains("2022-11-19"), "\(report.stdout)")
  }
}
