import Foundation
import Testing

/// A filled audit whose header names one column twice, as when a tester adds "Result 2" for a second
/// round (headers are matched loosely, so it names the Result column).
///
/// Reading the first would drop what the second holds: a Fail there would vanish from the report, the
/// ACR and the tickets. Which one holds the result cannot be told, so the audit is refused.
@Suite("An audit header that names a column twice", .serialized)
struct HeaderTwiceTests {
  @Test(
    "a second Result (or Date) column: exit 65 naming the file, the header row and both columns; nothing written",
    arguments: ["xlsx", "csv"])
  func columnTwice(format: String) throws {
    let dir = try AuditCycleTests.setUp(format: format)
    let audit = dir.appendingPathComponent("audit.\(format)")
    let row = try AuditCycleTests.numbers(audit)
    let line = try #require(
      row["\(AuditCycleTests.rating)/keyboard/arrow-keys@ios"])
    try TesterScript.fill(
      audit, dir.appendingPathComponent("filled.\(format)"),
      [line: ["Result": "Pass", "Result 2": "Fail"]])
    try TesterScript.fill(
      audit, dir.appendingPathComponent("dated.\(format)"),
      [line: ["Result": "Fail", "date": "2026-11-20"]])
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

    for command in [
      [
        "report", "--from", "filled.\(format)", "--to", "junit", "--output",
        "report.xml",
      ],
      [
        "merge", "audit.\(format)", "filled.\(format)", "--output",
        "merged.\(format)",
      ],
      ["diff", "audit.\(format)", "filled.\(format)", "--output", "diff.md"],
    ] {
      let run = try CLIRunner.run(command, in: dir)
      #expect(run.status == 65, "\(command): \(run.stderr)")
      #expect(
        run.stderr.contains(
          "\(place): the header (row 1) names the Result column twice: "
            + "\(letters(first)) 'Result' and \(letters(second)) 'Result 2'"),
        "\(command): \(run.stderr)")
      #expect(
        (try? FileManager.default.contentsOfDirectory(atPath: dir.path))?
          .filter {
            ["report.xml", "merged.\(format)", "diff.md"].contains($0)
          }
          .isEmpty == true, "\(command) wrote its output")
    }

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

    // A column named like Date in another case ("date") is the Date column again.
    let dated = try CLIRunner.run(
      [
        "report", "--from", "dated.\(format)", "--to", "junit", "--output", "-",
      ],
      in: dir)
    #expect(dated.status == 65, "\(dated.stderr)")
    #expect(
      dated.stderr.contains("names the Date column twice"), "\(dated.stderr)")
  }
}
