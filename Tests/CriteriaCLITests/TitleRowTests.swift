import Foundation
import Testing

/// Audits sent round often get a title above the table ("Accessibility audit, release 4.2").
///
/// The header is the first row naming the Result column, so the title is passed over rather than read as
/// the header.
@Suite("A title above the checklist's header", .serialized)
struct TitleRowTests {
  @Test(
    "a title row (and a blank row) above the header: the failure is read, in a workbook, a renamed workbook sheet and a CSV",
    arguments: ["xlsx", "csv"])
  func titleAboveHeader(format: String) throws {
    let dir = try AuditCycleTests.filledArrowKeys(
      format: format, ["Result": "Fail", "Tester": "Ana"]
    ).dir
    let script = """
      import csv, sys
      source, target, renamed = sys.argv[1], sys.argv[2], sys.argv[3] == "yes"
      if source.endswith(".csv"):
          rows = list(csv.reader(open(source, newline="", encoding="utf-8-sig")))
          rows = [["Accessibility audit, release 4.2"], []] + rows
          csv.writer(open(target, "w", newline="", encoding="utf-8")).writerows(rows)
      else:
          import openpyxl
          book = openpyxl.load_workbook(source)
          sheet = book["Checklist"]
          sheet.insert_rows(1, 2)
          sheet["A1"] = "Accessibility audit, release 4.2"
          if renamed:
              sheet.title = "Round 2"
              book.move_sheet(sheet, offset=1)
          book.save(target)
      """
    var files = [("titled.\(format)", "no")]
    if format == "xlsx" { files.append(("titled-renamed.xlsx", "yes")) }
    for (name, renamed) in files {
      let made = try CLIRunner.runPython([
        "-c", script, dir.appendingPathComponent("filled.\(format)").path,
        dir.appendingPathComponent(name).path, renamed,
      ])
      #expect(made.status == 0, "\(made.stderr)")
      try AuditCycleTests.expectArrowKeysFails(name, in: dir)
    }
  }

  @Test(
    "a CSV's delimiter is the header's: a semicolon file under a title with a comma or none, and the bar the csv output writes"
  )
  func delimiterOfTheHeader() throws {
    let dir = try AuditCycleTests.filledArrowKeys(
      format: "csv", ["Result": "Fail", "Tester": "Ana"]
    ).dir
    let script = """
      import csv, sys
      source, target, title, delimiter = sys.argv[1:5]
      rows = list(csv.reader(open(source, newline="", encoding="utf-8-sig")))
      with open(target, "w", newline="", encoding="utf-8") as out:
          if title:
              out.write(title + "\\r\\n")
          csv.writer(out, delimiter=delimiter).writerows(rows)
      """
    for (name, title, delimiter) in [
      ("comma-title.csv", "Accessibility audit, release 4.2", ";"),
      ("plain-title.csv", "Accessibility audit", ";"),
      ("bar.csv", "", "|"),
    ] {
      let made = try CLIRunner.runPython([
        "-c", script, dir.appendingPathComponent("filled.csv").path,
        dir.appendingPathComponent(name).path, title, delimiter,
      ])
      #expect(made.status == 0, "\(made.stderr)")
      try AuditCycleTests.expectArrowKeysFails(name, in: dir)
    }
  }
}
