import Foundation
import Testing

/// Testers' copies of a refreshed audit merged: their retired rows are merged as the checklist is, so a
/// retest one tester wrote on a retired row is not lost.
@Suite("Merging retired rows")
struct RetiredMergeTests {
  static let arrowKeys = "native/controls/rating/keyboard/arrow-keys@android"

  @Test(
    "merge --prefer latest takes a retest written on a retired row in a later copy, and stops on two of one day",
    arguments: ["csv", "xlsx"])
  func retestOnRetiredRow(format: String) throws {
    let dir = try ACRCommandTests.samplesCopy()
    try RetiredWorkbookTests.dropArrowKeys(
      in: dir, criteria: "Samples/criteria")
    let refresh = try CLIRunner.run(
      [
        "refresh", "--config", "Samples/criteria.yml", "--from",
        "Samples/audit-filled.csv", "--output", "Samples/next.\(format)",
      ], in: dir)
    #expect(refresh.status == 0, "\(refresh.stderr)")

    /// A tester's copy of the refreshed audit, with `result` written on the retired failing row.
    func copy(_ name: String, result: String?) throws {
      let next = dir.appendingPathComponent("Samples/next.\(format)")
      let target = dir.appendingPathComponent("Samples/\(name).\(format)")
      guard let result else {
        try FileManager.default.copyItem(at: next, to: target)
        if format == "csv" {
          try FileManager.default.copyItem(
            at: dir.appendingPathComponent("Samples/next-retired.csv"),
            to: dir.appendingPathComponent("Samples/\(name)-retired.csv"))
        }
        return
      }
      let retired =
        format == "xlsx"
        ? next : dir.appendingPathComponent("Samples/next-retired.csv")
      let table = try TesterScript.read(
        retired, sheet: format == "xlsx" ? "Retired" : nil)
      let number = try #require(
        table.rows.first { $0.value.contains(Self.arrowKeys) }?.key)
      let edit: [String: [String: Any]] = [
        number: ["Result": result, "Tester": name, "Date": "2026-12-01"]
      ]
      if format == "xlsx" {
        try TesterScript.fill(next, target, edit, sheet: "Retired")
      } else {
        try FileManager.default.copyItem(at: next, to: target)
        try TesterScript.fill(
          retired,
          dir.appendingPathComponent("Samples/\(name)-retired.csv"), edit)
      }
    }
    try copy("ana", result: nil)
    try copy("bob", result: "Pass")
    try copy("carl", result: "Cannot tell")

    let merged = try CLIRunner.run(
      [
        "merge", "Samples/ana.\(format)", "Samples/bob.\(format)", "--output",
        "Samples/merged.\(format)", "--prefer", "latest",
      ], in: dir)
    #expect(merged.status == 0, "\(merged.stderr)")
    #expect(
      merged.stderr.contains(
        "of the rows a refresh retired, 1 with cells from another file, 3 conflicts settled by the later date"
      ), "Result, Tester and Date: \(merged.stderr)")
    let rows =
      format == "xlsx"
      ? try TesterScript.rows(
        dir.appendingPathComponent("Samples/merged.xlsx"), sheet: "Retired")
      : try TesterScript.rows(
        dir.appendingPathComponent("Samples/merged-retired.csv"))
    #expect(rows[Self.arrowKeys]?["Result"] == "Pass", "\(rows)")
    #expect(rows[Self.arrowKeys]?["Tester"] == "bob")
    // The retest ends the failure in the merged audit's ACR, and in its workbook's own Summary.
    let acr = try ACRCommandTests.draftMarkdown(
      config: "Samples/criteria.yml", from: "Samples/merged.\(format)",
      to: "acr.md", in: dir)
    #expect(acr.status == 0, "\(acr.stderr)")
    let keyboard = try ACRCommandTests.row(
      "2.1.1 Keyboard", of: try dir.read("acr.md"))
    #expect(
      keyboard.contains("Software: Supports")
        && !keyboard.contains("Arrow keys"), "\(keyboard)")
    if format == "xlsx" {
      let summary = try RetiredWorkbookTests.summary(
        dir.appendingPathComponent("Samples/merged.xlsx"))
      #expect(summary["Rating|Android"]?.fail == "0", "\(summary)")
      #expect(summary["Rating|Android"]?.level == "Supports")
    }

    // Two testers wrote different retests of one day on the retired row: a conflict naming it, nothing
    // written.
    let conflict = try CLIRunner.run(
      [
        "merge", "Samples/ana.\(format)", "Samples/bob.\(format)",
        "Samples/carl.\(format)", "--output", "Samples/conflict.\(format)",
        "--prefer", "latest",
      ], in: dir)
    #expect(conflict.status == 1, "\(conflict.stderr)")
    let place =
      format == "xlsx"
      ? "Samples/carl.xlsx, sheet 'Retired', row " : "Samples/carl-retired.csv:"
    #expect(
      conflict.stderr.contains(Self.arrowKeys)
        && conflict.stderr.contains(place)
        && conflict.stderr.contains("'Cannot tell'"), "\(conflict.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("Samples/conflict.\(format)").path))
  }
}
