import Foundation
import Testing

/// A refreshed workbook's own Summary and WCAG sheets count the failures among its retired rows, as its
/// ACR does, and stop counting them once a retest is written on the retired row.
@Suite("Retired findings in the workbook's sheets")
struct RetiredWorkbookTests {
  @Test(
    "the Summary and WCAG sheets of a refreshed workbook count its retired failures, live, as its ACR does, and stand without the Retired sheet"
  )
  func sheetsCountRetiredFailures() throws {
    let dir = try ACRCommandTests.samplesCopy()
    // The next release drops the rating's Arrow keys check (it fails on Android) and the whole banner
    // (its name fails on iOS, and no other check of the samples tests 4.1.3).
    try Self.dropArrowKeys(in: dir, criteria: "Samples/criteria")
    try FileManager.default.removeItem(
      at: dir.appendingPathComponent(
        "Samples/criteria/native/notifications/banner.md"))
    let refresh = try CLIRunner.run(
      [
        "refresh", "--config", "Samples/criteria.yml", "--from",
        "Samples/audit-filled.csv", "--output", "Samples/new.xlsx",
      ], in: dir)
    #expect(refresh.status == 0, "\(refresh.stderr)")
    let new = dir.appendingPathComponent("Samples/new.xlsx")
    let retired = try TesterScript.read(new, sheet: "Retired")
    let id = try #require(retired.header.firstIndex(of: "ID"))
    let failing = [
      "native/controls/rating/keyboard/arrow-keys@android",
      "native/notifications/banner/screenreader/name@ios",
    ]
    let rowNumbers = retired.rows.filter { failing.contains($0.value[id]) }
      .map(\.key)
    #expect(rowNumbers.count == 2, "\(retired.rows)")
    // A retest is written there: the Result and Severity cells have the Checklist's dropdowns, and the
    // Result its colours.
    let look = try CLIRunner.runPython([
      "-c",
      "import openpyxl, sys; sheet = openpyxl.load_workbook(sys.argv[1])['Retired']; "
        + "print([(str(v.sqref), v.formula1) for v in sheet.data_validations.dataValidation]); "
        + "print([str(r.sqref) for r in sheet.conditional_formatting])",
      new.path,
    ])
    #expect(look.status == 0, "\(look.stderr)")
    let result = try #require(retired.header.firstIndex(of: "Result"))
    let letter = String(UnicodeScalar(UInt8(65 + result)))
    let range = "\(letter)2:\(letter)\(retired.rows.count + 1)"
    #expect(
      look.stdout.contains(
        "('\(range)', '\"Pass,Fail,Not applicable,Not tested,Cannot tell\"')"),
      "\(look.stdout)")
    #expect(
      look.stdout.components(separatedBy: "\n").last { !$0.isEmpty }?.contains(
        "'\(range)'") == true, "the colours: \(look.stdout)")
    #expect(look.stdout.contains("Critical,High,Medium,Low"), "\(look.stdout)")

    // As written (the values stored with the formulas).
    var summary = try Self.summary(new)
    #expect(summary["Rating|Android"]?.fail == "1", "\(summary)")
    #expect(summary["Rating|Android"]?.level == "Partially Supports")
    #expect(
      summary["Banner|iOS"]?.fail == "1",
      "a component the criteria no longer have keeps a row while its failure stands: \(summary)"
    )
    #expect(summary["Banner|iOS"]?.level == "Does Not Support")
    #expect(summary["Rating|iOS"]?.fail == "0")
    let levels = try expectSheetAgreesWithACR("Samples/new.xlsx", in: dir)
    #expect(levels["2.1.1 Software"] == "Partially Supports", "\(levels)")
    #expect(levels["4.1.3 Software"] == "Does Not Support", "\(levels)")

    // A tester writes the retest on the retired rows; the recalculated sheets (openpyxl keeps no stored
    // values) count the failures no longer, and neither does the ACR.
    var edits: [String: [String: Any]] = [:]
    for number in rowNumbers { edits[number] = ["Result": "Pass"] }
    try TesterScript.fill(
      new, dir.appendingPathComponent("Samples/retested.xlsx"), edits,
      sheet: "Retired")
    summary = try Self.summary(
      dir.appendingPathComponent("Samples/retested.xlsx"))
    #expect(summary["Rating|Android"]?.fail == "0", "\(summary)")
    #expect(summary["Rating|Android"]?.level == "Supports")
    #expect(summary["Banner|iOS"]?.fail == "0")
    #expect(
      summary["Banner|iOS"]?.level == "",
      "a retired Pass is no evidence: the unit has no row left to count")
    let retested = try expectSheetAgreesWithACR(
      "Samples/retested.xlsx", in: dir)
    #expect(retested["2.1.1 Software"] == "Supports", "\(retested)")

    // A person deletes the whole Retired sheet: the sheets count the Checklist alone, with no error
    // where the retired rows were counted.
    let deleted = try CLIRunner.runPython([
      "-c",
      "import openpyxl, sys; book = openpyxl.load_workbook(sys.argv[1]); "
        + "del book['Retired']; book.save(sys.argv[2])",
      new.path, dir.appendingPathComponent("Samples/deleted.xlsx").path,
    ])
    #expect(deleted.status == 0, "\(deleted.stderr)")
    let deletedWorkbook = dir.appendingPathComponent("Samples/deleted.xlsx")
    summary = try Self.summary(deletedWorkbook)
    #expect(summary["Rating|Android"]?.fail == "0", "\(summary)")
    #expect(summary["Rating|Android"]?.level == "Supports")
    for name in ["Summary", "WCAG", "WCAG by component"] {
      let cells = try AuditCycleTests.sheetAsLibreOfficeReadsIt(
        deletedWorkbook, name
      ).joined()
      #expect(
        !cells.contains { $0.hasPrefix("#") || $0.hasPrefix("Err:") },
        "\(name): \(cells.filter { $0.hasPrefix("#") || $0.hasPrefix("Err:") })"
      )
    }
  }

  /// Drops the rating's Arrow keys check (it fails on Android in the filled sample audit) from the
  /// criteria in `folder` of `dir`, as a next release of the criteria would.
  @Test(
    "a Retired sheet a tester renamed is refused, with the way back: name it Retired again, not move its rows into the checklist"
  )
  func renamedRetiredSheet() throws {
    let dir = try ACRCommandTests.samplesCopy()
    try Self.dropArrowKeys(in: dir, criteria: "Samples/criteria")
    try ACRCommandTests.sampleRefresh("audit-filled.csv", "new.xlsx", in: dir)
    let rename = try CLIRunner.runPython([
      "-c",
      "import openpyxl, sys; book = openpyxl.load_workbook(sys.argv[1]); "
        + "book['Retired'].title = 'Retired 2026-11'; book.save(sys.argv[2])",
      dir.appendingPathComponent("Samples/new.xlsx").path,
      dir.appendingPathComponent("Samples/renamed.xlsx").path,
    ])
    #expect(rename.status == 0, "\(rename.stderr)")
    try AuditCycleTests.refused(
      [
        [
          "report", "--config", "Samples/criteria.yml", "--from",
          "Samples/renamed.xlsx", "--output", "report.html",
        ],
        [
          "acr", "--config", "Samples/criteria.yml", "--from",
          "Samples/renamed.xlsx", "--draft", "--to", "markdown", "--output",
          "acr.md",
        ],
      ], in: dir,
      saying: [
        "the sheet 'Retired 2026-11' is a checklist too (its header, row 1, has Result and ID columns), "
          + "and criteria reads one, 'Checklist': its results would be left out. If it holds the rows a "
          + "refresh retired (the Retired sheet, renamed), name it 'Retired' again: criteria reads them "
          + "from the sheet of that name. Otherwise, move its rows into 'Checklist'"
      ], writing: ["report.html", "acr.md"])
  }

  @Test(
    "a date cell a spreadsheet saved is a day on the Retired sheet, never its serial number, through later refreshes too"
  )
  func retiredDatesAreDays() throws {
    let dir = try ACRCommandTests.samplesCopy()
    let export = try CLIRunner.run(
      ["export", "Samples/criteria", "--to", "xlsx", "--output", "audit.xlsx"],
      in: dir)
    #expect(export.status == 0, "\(export.stderr)")
    let audit = dir.appendingPathComponent("audit.xlsx")
    let android = "native/controls/rating/keyboard/arrow-keys@android"
    let ios = "native/controls/rating/keyboard/arrow-keys@ios"
    let line = try #require(try AuditCycleTests.numbers(audit)[android])
    // openpyxl writes the Date as a date cell, as Excel and LibreOffice save a typed date: a serial number.
    try TesterScript.fill(
      audit, dir.appendingPathComponent("filled.xlsx"),
      [
        line: [
          "Result": "Fail", "Severity": "High", "Tester": "Sam",
          "Date": ["date": "2026-11-20"],
        ]
      ])
    try Self.dropArrowKeys(in: dir, criteria: "Samples/criteria")
    let refresh = try CLIRunner.run(
      [
        "refresh", "--config", "Samples/criteria.yml", "--from", "filled.xlsx",
        "--output", "new.xlsx",
      ], in: dir)
    #expect(refresh.status == 0, "\(refresh.stderr)")
    let new = dir.appendingPathComponent("new.xlsx")
    let retired = try TesterScript.rows(new, sheet: "Retired")
    #expect(
      retired[android]?["Date"] == "2026-11-20", "\(retired[android] ?? [:])")
    // A retest a tester dates on the Retired sheet itself, carried by the next refresh.
    let table = try TesterScript.read(new, sheet: "Retired")
    let idColumn = try #require(table.header.firstIndex(of: "ID"))
    let iosLine = try #require(
      table.rows.first { $0.value[idColumn] == ios }?.key)
    try TesterScript.fill(
      new, dir.appendingPathComponent("retested.xlsx"),
      [
        iosLine: [
          "Result": "Pass", "Tester": "Priya", "Date": ["date": "2026-11-24"],
        ]
      ],
      sheet: "Retired")
    let again = try CLIRunner.run(
      [
        "refresh", "--config", "Samples/criteria.yml", "--from",
        "retested.xlsx",
        "--output", "third.xlsx",
      ], in: dir)
    #expect(again.status == 0, "\(again.stderr)")
    let third = try TesterScript.rows(
      dir.appendingPathComponent("third.xlsx"), sheet: "Retired")
    #expect(third[ios]?["Date"] == "2026-11-24", "\(third[ios] ?? [:])")
    #expect(third[android]?["Date"] == "2026-11-20", "\(third[android] ?? [:])")
  }

  static func dropArrowKeys(in dir: URL, criteria folder: String) throws {
    let document = "\(folder)/native/controls/rating.md"
    let check =
      "  arrow keys: |\n      Changes the rating by one star on iOS and Android\n"
    let text = try dir.read(document)
    #expect(text.contains(check))
    try dir.write(text.replacingOccurrences(of: check, with: ""), to: document)
  }

  /// The Summary as LibreOffice shows it: per "Component|Platform", the Fail count and the level.
  static func summary(_ workbook: URL) throws -> [String: (
    fail: String, level: String
  )] {
    let sheet = try AuditCycleTests.sheetAsLibreOfficeReadsIt(
      workbook, "Summary")
    let header = try #require(sheet.first)
    let fail = try #require(header.firstIndex(of: "Fail"))
    let level = try #require(header.firstIndex(of: "Conformance"))
    var units: [String: (fail: String, level: String)] = [:]
    for line in sheet.dropFirst() where line.count > level {
      units["\(line[0])|\(line[1])"] = (line[fail], line[level])
    }
    return units
  }

  /// Checks that each level of the workbook's WCAG sheet, as LibreOffice shows it, is the one the draft
  /// ACR of the same audit gives (a sheet's blank or "Not enough evidence" is the ACR's Not Evaluated),
  /// and that every criterion the ACR finds failing has its row; returns the sheet's levels by
  /// "number kind".
  @discardableResult
  func expectSheetAgreesWithACR(_ audit: String, in dir: URL) throws
    -> [String: String]
  {
    let acr = try ACRCommandTests.draftMarkdown(
      config: "Samples/criteria.yml", from: audit, to: "acr.md", in: dir)
    #expect(acr.status == 0, "\(acr.stderr)")
    // "| [2.1.1 Keyboard](…) (Level A) | Web: Supports<br>Software: Partially Supports | …"
    var said: [String: String] = [:]
    for line in try dir.read("acr.md").components(separatedBy: "\n")
    where line.hasPrefix("| [") {
      let cells = line.components(separatedBy: " | ")
      guard cells.count > 1,
        let number = cells[0].dropFirst(3).split(separator: " ").first
      else { continue }
      for part in cells[1].components(separatedBy: "<br>") {
        let pair = part.components(separatedBy: ": ")
        if pair.count == 2 { said["\(number) \(pair[0])"] = pair[1] }
      }
    }
    #expect(said["2.1.1 Software"] != nil, "the ACR's table was read: \(said)")
    let sheet = try AuditCycleTests.sheetAsLibreOfficeReadsIt(
      dir.appendingPathComponent(audit), "WCAG")
    let header = try #require(sheet.first)
    var levels: [String: String] = [:]
    // The criteria's rows (a line of text follows the table).
    for line in sheet.dropFirst()
    where line.count == header.count && line[0].first?.isNumber == true {
      for kind in ["Web", "Software"] {
        let column = try #require(header.firstIndex(of: "\(kind) conformance"))
        levels["\(line[0]) \(kind)"] = line[column]
        let expected =
          ["", "Not enough evidence"].contains(line[column])
          ? "Not Evaluated" : line[column]
        #expect(
          said["\(line[0]) \(kind)"] == expected,
          "\(audit): \(line[0]) \(kind): the WCAG sheet says '\(line[column])', the ACR '\(said["\(line[0]) \(kind)"] ?? "nothing")'"
        )
      }
    }
    for (criterion, level) in said
    where ["Partially Supports", "Does Not Support"].contains(level) {
      #expect(
        levels[criterion] != nil,
        "\(audit): the ACR finds \(criterion) failing; the WCAG sheet has no row for it"
      )
    }
    return levels
  }
}
