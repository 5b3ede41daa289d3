import Foundation
import Testing

/// A check that left the criteria in one release and came back in the next: its retired row's results
/// go back to its row, and no retired file of an earlier run is left to count them again.
@Suite("A retired check that comes back")
struct RetiredReturnTests {
  static let arrowKeys = "native/controls/rating/keyboard/arrow-keys@android"

  @Test(
    "refresh gives a returning check its retired row's results and takes the row out of the retired rows",
    arguments: ["csv", "xlsx"])
  func checkComesBack(format: String) throws {
    let dir = try ACRCommandTests.samplesCopy()
    let document = "Samples/criteria/native/controls/rating.md"
    let original = try dir.read(document)
    try RetiredWorkbookTests.dropArrowKeys(
      in: dir, criteria: "Samples/criteria")
    func refresh(_ from: String, _ to: String) throws -> String {
      let run = try CLIRunner.run(
        [
          "refresh", "--config", "Samples/criteria.yml", "--from",
          "Samples/\(from)", "--output", "Samples/\(to)",
        ], in: dir)
      #expect(run.status == 0, "\(run.stderr)")
      return run.stderr
    }
    _ = try refresh("audit-filled.csv", "gone.\(format)")
    // The same release refreshed into the next audit's file too, as a team may try it first.
    _ = try refresh("audit-filled.csv", "back.\(format)")
    // The next release brings the check back, unchanged.
    try dir.write(original, to: document)
    let back = try refresh("gone.\(format)", "back.\(format)")
    #expect(
      back.contains("2 back from the retired rows, 0 new, 0 retired"),
      "\(back)")
    let rows = try TesterScript.rows(
      dir.appendingPathComponent("Samples/back.\(format)"))
    let row = try #require(rows[Self.arrowKeys])
    #expect(row["Result"] == "Fail", "\(row)")
    #expect(row["Severity"] == "High")
    #expect(row["Date"] == "2026-11-20")
    #expect(row["Since last audit"] == "returned")
    // diff compares the returned row with its retired one: the failure is still failing, not new.
    let diff = try CLIRunner.run(
      [
        "diff", "Samples/gone.\(format)", "Samples/back.\(format)", "--to",
        "markdown", "--output", "diff.md",
      ], in: dir)
    #expect(diff.status == 0, "\(diff.stderr)")
    #expect(
      diff.stderr.contains("0 new failures")
        && diff.stderr.contains("2 still failing")
        && diff.stderr.contains("0 checks added"), "\(diff.stderr)")
    if format == "xlsx" {
      // Nothing is retired now: the workbook has no Retired sheet.
      let sheets = try CLIRunner.runPython([
        "-c",
        "import openpyxl, sys; print(openpyxl.load_workbook(sys.argv[1]).sheetnames)",
        dir.appendingPathComponent("Samples/back.xlsx").path,
      ])
      #expect(
        sheets.status == 0 && sheets.stdout.contains("'Checklist'")
          && !sheets.stdout.contains("'Retired'"),
        "\(sheets.stdout) \(sheets.stderr)")
    } else {
      // The first try's retired rows are no longer this audit's: the file beside it holds its header
      // alone, and so does the one beside merge's copy, where an earlier run had left rows.
      func rowCount(_ name: String) throws -> Int {
        try TesterScript.read(dir.appendingPathComponent("Samples/\(name)"))
          .rows.count
      }
      #expect(try rowCount("back-retired.csv") == 0)
      try FileManager.default.copyItem(
        at: dir.appendingPathComponent("Samples/back.csv"),
        to: dir.appendingPathComponent("Samples/other.csv"))
      try dir.write(
        try dir.read("Samples/gone-retired.csv"),
        to: "Samples/merged-retired.csv")
      #expect(try rowCount("merged-retired.csv") == 2)
      let merge = try CLIRunner.run(
        [
          "merge", "Samples/back.csv", "Samples/other.csv", "--output",
          "Samples/merged.csv",
        ], in: dir)
      #expect(merge.status == 0, "\(merge.stderr)")
      #expect(try rowCount("merged-retired.csv") == 0, "\(merge.stderr)")

      // A copy of the refreshed CSV made without that file: the ACR says its retired rows are not read.
      try FileManager.default.copyItem(
        at: dir.appendingPathComponent("Samples/gone.csv"),
        to: dir.appendingPathComponent("Samples/lone.csv"))
      let lone = try ACRCommandTests.draftMarkdown(
        config: "Samples/criteria.yml", from: "Samples/lone.csv",
        to: "lone.md", in: dir)
      #expect(lone.status == 0, "\(lone.stderr)")
      #expect(
        lone.stderr.contains(
          "warning: Samples/lone-retired.csv is not beside Samples/lone.csv"),
        "\(lone.stderr)")
      let plain = try ACRCommandTests.draftMarkdown(
        config: "Samples/criteria.yml", from: "Samples/gone.csv",
        to: "gone.md", in: dir)
      #expect(!plain.stderr.contains("is not beside"), "\(plain.stderr)")

      // Retired rows beside a CSV no refresh wrote (left by another audit at that path): counted, and
      // said.
      try dir.write(
        try dir.read("Samples/gone-retired.csv"),
        to: "Samples/audit-filled-retired.csv")
      let stray = try ACRCommandTests.draftMarkdown(
        config: "Samples/criteria.yml", from: "Samples/audit-filled.csv",
        to: "stray.md", in: dir)
      #expect(
        stray.stderr.contains(
          "warning: Samples/audit-filled-retired.csv is beside Samples/audit-filled.csv, which no refresh "
            + "wrote"), "\(stray.stderr)")
    }

    // The ACR counts the failure once, on its row, not as a retired one.
    let acr = try ACRCommandTests.draftMarkdown(
      config: "Samples/criteria.yml", from: "Samples/back.\(format)",
      to: "acr.md", in: dir)
    #expect(acr.status == 0, "\(acr.stderr)")
    let text = try dir.read("acr.md")
    #expect(!text.contains("a row a refresh retired"), "\(text)")
    let keyboard = try ACRCommandTests.row("2.1.1 Keyboard", of: text)
    #expect(
      keyboard.contains("Software: Partially Supports")
        && keyboard.contains("Rating (Android) Keyboard: Arrow keys"),
      "\(keyboard)")
  }
}
