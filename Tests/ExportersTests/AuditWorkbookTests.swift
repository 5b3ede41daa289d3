import ACR
import Audit
import CriteriaModel
import Exporters
import Foundation
import TestSupport
import Testing

@Suite("XLSX audit workbook")
struct AuditWorkbookTests {
  func writeSample(options: [String: ExportOptions.Value] = [:]) throws -> (
    URL, Catalog
  ) {
    let catalog = try sampleCatalog()
    let file = try scratchFolder().appendingPathComponent("audit.xlsx")
    try exportToDisk(
      try AuditWorkbookExporter(options: ExportOptions(options)), catalog,
      to: file)
    return (file, catalog)
  }

  func inspect(_ file: URL) throws -> [String: Any] {
    let result = try python("check_workbook.py", [file.path])
    #expect(result.status == 0, "\(result.err)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(result.out.utf8))
        as? [String: Any])
  }

  @Test(
    "openpyxl sees the sheets, header, frozen pane, autofilter, dropdowns, colours and properties"
  )
  func structure() throws {
    let (file, catalog) = try writeSample()
    let report = try inspect(file)
    let rows = AuditRow.rows(of: catalog).count
    #expect(
      report["sheets"] as? [String] == [
        "Checklist", "Summary", "WCAG", "WCAG by component", "Scenarios",
        "Notes",
      ])
    #expect(report["title"] as? String == "Accessibility audit")
    #expect(
      (report["subject"] as? String)?.contains("4 components, \(rows) checks")
        == true)
    #expect(report["created"] as? String == "2026-01-01T00:00:00")
    #expect(
      report["header"] as? [String]
        == AuditColumn.defaultColumns.map(\.rawValue))
    #expect(report["header_bold"] as? Bool == true)
    #expect(report["freeze"] as? String == "A2")
    #expect(report["autofilter"] as? String == "A1:M\(rows + 1)")
    #expect(report["rows"] as? Int == rows)
    #expect(report["wrapped"] as? Bool == true)
    let validations = try #require(report["validations"] as? [[String: Any]])
    #expect(validations.count == 2)
    #expect(
      validations[0]["formula"] as? String
        == "\"Pass,Fail,Not applicable,Not tested,Cannot tell\"")
    #expect(validations[0]["range"] as? String == "G2:G\(rows + 1)")
    #expect(
      validations[1]["formula"] as? String == "\"Critical,High,Medium,Low\"")
    #expect(
      validations.allSatisfy {
        $0["type"] as? String == "list" && $0["arrow_hidden"] as? Bool == false
      })
    #expect(report["conditional"] as? [String] == ["\"Fail\"", "\"Pass\""])
    let first = try #require(report["first_row"] as? [Any])
    #expect(first[5] as? String == "2.1.1, 2.4.3, 2.4.7")
    #expect(first[6] as? String == "Not tested")
    #expect(
      first[12] as? String
        == "native/controls/rating/keyboard/tab-or-arrow-keys@ios")
    #expect((report["widths"] as? [String: Double])?["E"] ?? 0 > 40)
  }

  @Test(
    "the summary holds live COUNTIFS formulas, a conformance formula and a stacked bar chart"
  )
  func summary() throws {
    let (file, catalog) = try writeSample()
    let report = try inspect(file)
    #expect(
      report["summary_header"] as? [String] == [
        "Component", "Platform", "Checks", "Pass", "Fail", "Not applicable",
        "Not tested", "Cannot tell", "Conformance", "Chart label",
      ])
    let pairs = catalog.components.reduce(0) { $0 + $1.platforms.count }
    #expect(report["summary_rows"] as? Int == pairs)
    let formulas = try #require(report["summary_formulas"] as? [[Any]])
    #expect(
      formulas[0][3] as? String
        == "=COUNTIFS(Checklist_ID,\"native/controls/rating/*@ios\",Checklist_Result,\"Pass\")"
    )
    // The formulas count over named ranges, each the whole of its Checklist column.
    let names = try #require(report["defined_names"] as? [String: String])
    #expect(names["Checklist_ID"] == "Checklist!$M$2:$M$59")
    #expect(names["Checklist_Result"] == "Checklist!$G$2:$G$59")
    #expect(names["Checklist_WCAG"] == "Checklist!$F$2:$F$59")
    #expect((formulas[0][8] as? String)?.contains("Partially Supports") == true)
    #expect(report["charts"] as? [String] == ["BarChart:stacked:5"])
  }

  @Test(
    "LibreOffice opens the workbook and recalculates the summary as testers fill it in",
    .tags(.slow), .enabled(if: SlowTests.enabled, SlowTests.skipped))
  func libreOfficeRecalculates() throws {
    let (file, _) = try writeSample()
    let filled = file.deletingLastPathComponent().appendingPathComponent(
      "filled.xlsx")
    let fill = try python(
      "fill_workbook.py",
      [
        file.path, filled.path,
        "native/controls/rating/*@ios=Pass",
        "native/controls/rating/keyboard/arrow-keys@ios=Fail",
        "web/component/disclosure/*=Pass",
        "native/notifications/banner/*@android=Fail",
        "native/controls/toggle-switch/*@ios=Not applicable",
      ])
    #expect(fill.status == 0, "\(fill.err)")
    let outdir = file.deletingLastPathComponent().appendingPathComponent("csv")
    let convert = try runTool(
      "soffice",
      LibreOffice.isolated + [
        "--headless", "--norestore", "--convert-to",
        "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,2",
        "--outdir", outdir.path, filled.path,
      ])
    #expect(convert.status == 0, "\(convert.err)")
    let csv = try String(
      contentsOf: outdir.appendingPathComponent("filled-Summary.csv"),
      encoding: .utf8)
    let lines = csv.split(whereSeparator: \.isNewline).map(String.init)
    #expect(
      lines.contains("Rating,iOS,8,7,1,0,0,0,Partially Supports,Rating · iOS"),
      "\(lines)")
    #expect(
      lines.contains(
        "Rating,Android,8,0,0,0,8,0,Not enough evidence,Rating · Android"),
      "\(lines)"
    )
    #expect(
      lines.contains("Disclosure,Web,7,7,0,0,0,0,Supports,Disclosure · Web"),
      "\(lines)")
    #expect(
      lines.contains(
        "Banner,Android,8,0,8,0,0,0,Does Not Support,Banner · Android"),
      "\(lines)")
    #expect(
      lines.contains(
        "Toggle switch,iOS,9,0,0,9,0,0,Not Applicable,Toggle switch · iOS"),
      "\(lines)")
    // The converted original (nothing filled in) opens too.
    let plain = try runTool(
      "soffice",
      LibreOffice.isolated + [
        "--headless", "--norestore", "--convert-to", "pdf", "--outdir",
        outdir.path, file.path,
      ])
    #expect(plain.status == 0)
    #expect(
      FileManager.default.fileExists(
        atPath: outdir.appendingPathComponent("audit.pdf").path))
  }

  @Test("text that looks like a formula is written as text")
  func formulaInjection() throws {
    let risky = ["=HYPERLINK(\"http://x\",\"y\")", "+1", "-1", "@SUM(A1)"]
    let criteria = risky.enumerated().map { index, text in
      Criterion(
        id: "web/component/x/keyboard/k\(index)", test: .keyboard, check: text,
        expectation: text,
        platforms: [.web], source: SourceLocation(file: "x.md", line: index + 1)
      )
    }
    let catalog = Catalog(components: [
      Component(
        id: "web/component/x", title: "X", family: .web, category: "component",
        criteria: criteria, source: SourceLocation(file: "x.md", line: 1))
    ])
    let file = try scratchFolder().appendingPathComponent("risky.xlsx")
    try exportToDisk(
      try AuditWorkbookExporter(options: ExportOptions()), catalog, to: file)
    let report = try inspect(file)
    let types = try #require(report["text_cells"] as? [String: String])
    #expect(types.count == 8)
    #expect(types.values.allSatisfy { $0 == "s" })
  }

  @Test(
    "a check longer than a cell is refused with its file:line; a long note is split, never cut"
  )
  func longText() throws {
    let long = String(repeating: "a", count: 40_000)
    let bad = Catalog(components: [
      Component(
        id: "web/component/x", title: "X", family: .web, category: "component",
        criteria: [
          Criterion(
            id: "web/component/x/keyboard/tab", test: .keyboard, check: "Tab",
            expectation: long,
            platforms: [.web], source: SourceLocation(file: "x.md", line: 7))
        ],
        source: SourceLocation(file: "x.md", line: 1))
    ])
    let exporter = try AuditWorkbookExporter(options: ExportOptions())
    #expect(
      throws: ExportError(
        "x.md:7: the expected result of 'web/component/x/keyboard/tab' has 40000 characters; an Excel cell holds at most 32,767. Shorten it in the document."
      )
    ) {
      try exporter.export(bad, context: fixedContext)
    }
    var noted = bad
    noted.components[0].criteria[0].expectation = "short"
    let lines = (0..<5_000).map {
      "line \($0) " + String(repeating: "b", count: 10)
    }.joined(separator: "\n")
    noted.components[0].notes = [
      DeveloperNote(
        platform: nil, topic: "Huge", framework: nil, text: lines,
        source: SourceLocation(file: "x.md", line: 9))
    ]
    let file = try scratchFolder().appendingPathComponent("long.xlsx")
    try exportToDisk(exporter, noted, to: file)
    let report = try inspect(file)
    // 103,889 characters need four cells; the pieces break at line ends, so nothing but those breaks is missing.
    #expect(lines.utf16.count == 103_889)
    #expect(report["note_rows"] as? Int == 4)
    #expect(report["notes_total_len"] as? Int == 103_889 - 3)
    #expect((report["notes_max_len"] as? Int ?? .max) <= 32_767)
  }

  /// JSON with sorted keys, so that two decoded reports compare by content.
  func canonical(_ value: Any?) throws -> String {
    String(
      decoding: try JSONSerialization.data(
        withJSONObject: [value ?? NSNull()], options: .sortedKeys),
      as: UTF8.self)
  }

  @Test("constant-memory mode writes the same cells")
  func constantMemory() throws {
    let (normal, _) = try writeSample()
    let (streamed, _) = try writeSample(options: [
      "constant_memory": .string("true")
    ])
    let a = try inspect(normal)
    let b = try inspect(streamed)
    for key in [
      "header", "rows", "first_row", "validations", "summary_formulas",
      "charts", "scenario_rows", "note_rows",
    ] {
      #expect(try canonical(a[key]) == canonical(b[key]), "\(key)")
    }
  }

  @Test("columns and status words are configurable; the summary follows them")
  func configurable() throws {
    let (file, _) = try writeSample(options: [
      "columns": .list(["Component", "Platform", "Check", "Result"]),
      "statuses": .list(["OK", "KO", "N/A", "Todo", "Unsure"]),
    ])
    let report = try inspect(file)
    #expect(
      report["header"] as? [String] == [
        "Component", "Platform", "Check", "Result",
      ])
    #expect(
      (report["validations"] as? [[String: Any]])?.first?["formula"] as? String
        == "\"OK,KO,N/A,Todo,Unsure\"")
    let formulas = try #require(report["summary_formulas"] as? [[Any]])
    #expect(
      (formulas[0][3] as? String)
        == "=COUNTIFS(Checklist_Component,\"=Rating\",Checklist_Platform,\"iOS\",Checklist_Result,\"OK\")"
    )
    #expect(
      throws: ExportError(
        "--option.columns: the workbook needs the 'Result' column; testers fill it in"
      )
    ) {
      try AuditWorkbookExporter(
        options: ExportOptions(["columns": .list(["ID"])]))
    }
    #expect(
      throws: ExportError(
        "--option.statuses: give five different words, in the order pass, fail, not applicable, not tested, cannot tell"
      )
    ) {
      try AuditWorkbookExporter(
        options: ExportOptions(["statuses": .list(["Yes", "No"])]))
    }
  }

  @Test(
    "every part of the workbook is deflated at zlib's fastest level, and its CRCs hold"
  )
  func fastestDeflate() throws {
    // libxlsxwriter asks minizip for zlib's default level; Sources/CZipLevel answers that call first and
    // asks for level 1, which minizip marks in each entry's flags as "super fast" (3). Should a build
    // link minizip in another way, the call would go past it and this shows it.
    let (file, _) = try writeSample()
    let listed = try python("zip_entries.py", [file.path])
    #expect(listed.status == 0, "\(listed.err)")
    let entries = listed.out.split(separator: "\n").map {
      $0.split(separator: " ").map(String.init)
    }
    #expect(entries.count > 10, "\(listed.out)")
    let notFastest = entries.filter {
      $0.count != 3 || $0[1] != "8" || $0[2] != "3"
    }
    #expect(
      notFastest.isEmpty,
      "method 8 (deflate) at option 3 (super fast): \(notFastest)")
  }

  @Test("golden XML parts of the toggle switch workbook (dates blanked)")
  func goldenParts() throws {
    let catalog = try loadCatalog(
      Paths.samples.appendingPathComponent("native/controls/toggle-switch.md"))
    let file = try scratchFolder().appendingPathComponent("golden.xlsx")
    try exportToDisk(
      try AuditWorkbookExporter(options: ExportOptions()), catalog, to: file)
    let parts = try python("xlsx_parts.py", [file.path])
    #expect(parts.status == 0, "\(parts.err)")
    try expectGolden(parts.out, "toggle-switch.xlsx.xml")
  }

  @Test(
    "a NUL or control character in a model value never cuts a cell short or breaks the XML"
  )
  func controlCharacters() throws {
    var catalog = try sampleCatalog()
    catalog.components[0].criteria[0].expectation =
      "before\u{0}after\u{1B}[2J end"
    let file = try scratchFolder().appendingPathComponent("audit.xlsx")
    try exportToDisk(
      try AuditWorkbookExporter(options: ExportOptions()), catalog, to: file)
    let parts = try python("xlsx_parts.py", [file.path])
    #expect(parts.status == 0, "a part is not well-formed XML: \(parts.err)")
    #expect(parts.out.contains("before\u{FFFD}after\u{FFFD}[2J end"))
  }

  @Test(
    "a tracker's key or status holding ESC, BEL, U+FFFE or a literal _x0041_ gives a copy every reader opens, and reads back exactly"
  )
  func hostileTrackerTextInACopy() throws {
    let folder = try scratchFolder()
    let file = folder.appendingPathComponent("audit.xlsx")
    try exportToDisk(
      try AuditWorkbookExporter(options: ExportOptions()), try sampleCatalog(),
      to: file)
    let sheet = try AuditSheet.read(path: file.path)
    let hostile =
      " KEY-1\u{1B}]0;pwned\u{07}\u{1B}[2J\u{FFFE}\u{FFFF} _x0041_ and _x00_ "
    guard case .workbook(let write) = try sheet.copy(withTickets: [2: hostile])
    else {
      Issue.record("a workbook copy is written by the package")
      return
    }
    let copy = folder.appendingPathComponent("copy.xlsx")
    try write(copy.path)
    let parts = try python("xlsx_parts.py", [copy.path])
    #expect(parts.status == 0, "a part is not well-formed XML: \(parts.err)")
    let opened = try runTool(
      "python3",
      [
        "-c",
        "import openpyxl, sys; wb = openpyxl.load_workbook(sys.argv[1]); "
          + "print(repr(wb.active.cell(row=2, column=[c.value for c in wb.active[1]].index('Ticket') + 1).value))",
        copy.path,
      ])
    #expect(opened.status == 0, "openpyxl cannot open the copy: \(opened.err)")
    #expect(opened.out.contains("KEY-1"), "\(opened.out)")
    let back = try AuditSheet.read(path: copy.path)
    let row = try #require(back.rows.first { $0.number == 2 })
    #expect(row[back.column(.ticket)] == hostile)
  }
}

@Suite("the workbook's WCAG sheet")
struct WCAGSheetTests {
  /// Fills a workbook with openpyxl, lets LibreOffice recalculate it, and compares every cell of the WCAG
  /// and WCAG by component sheets with what the checklist's rows say (computed in Python without formulas).
  func expectLive(
    _ catalog: Catalog, marks: [String],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> [String: [String]] {
    let folder = try scratchFolder()
    let file = folder.appendingPathComponent("audit.xlsx")
    try exportToDisk(
      try AuditWorkbookExporter(options: ExportOptions()), catalog, to: file)
    let filled = folder.appendingPathComponent("filled.xlsx")
    let fill = try python("fill_workbook.py", [file.path, filled.path] + marks)
    #expect(fill.status == 0, "\(fill.err)", sourceLocation: sourceLocation)
    let convert = try runTool(
      "soffice",
      LibreOffice.isolated + [
        "--headless", "--norestore", "--convert-to",
        "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1",
        "--outdir", folder.path, filled.path,
      ])
    #expect(
      convert.status == 0, "\(convert.err)", sourceLocation: sourceLocation)
    let csv = try Data(
      contentsOf: folder.appendingPathComponent("filled-WCAG.csv"))
    let rows = try CSVReader().records(Array(csv)).map(\.fields)
    #expect(
      rows.first?.prefix(4) == ["Criterion", "Name", "Level", "Web checks"],
      sourceLocation: sourceLocation)
    let expected = try python("wcag_expected.py", [filled.path])
    #expect(
      expected.status == 0, "\(expected.err)", sourceLocation: sourceLocation)
    let json = try JSONSerialization.jsonObject(
      with: Data(expected.out.utf8))
    let truth = try #require(
      (json as? [String: Any])?["criteria"] as? [String: [String: [String]]],
      sourceLocation: sourceLocation)
    let unitTruth = try #require(
      (json as? [String: Any])?["units"] as? [String: [String]],
      sourceLocation: sourceLocation)
    let unitCSV = try Data(
      contentsOf: folder.appendingPathComponent("filled-WCAG by component.csv"))
    let unitRows = try CSVReader().records(Array(unitCSV)).map(\.fields)
    #expect(
      unitRows.first
        == [
          "Criterion", "Product type", "Component", "Platform", "Pass",
          "Fail", "Failing share",
        ], sourceLocation: sourceLocation)
    var unitsShown = Set<String>()
    for row in unitRows.dropFirst() where row.count == 7 {
      let key = row[0..<4].joined(separator: "|")
      unitsShown.insert(key)
      #expect(
        Array(row[4..<6]) == unitTruth[key],
        "\(key): LibreOffice shows \(Array(row[4..<6])), the rows say \(unitTruth[key] ?? [])",
        sourceLocation: sourceLocation)
      let (pass, fail) = (Double(row[4]) ?? 0, Double(row[5]) ?? 0)
      let share =
        pass + fail == 0
        ? "" : "\(Int((100 * fail / (pass + fail)).rounded()))%"
      #expect(row[6] == share, "\(key)", sourceLocation: sourceLocation)
    }
    #expect(
      unitsShown == Set(unitTruth.keys), sourceLocation: sourceLocation)
    var shown: [String: [String]] = [:]
    for row in rows.dropFirst() where row.count == 17 {
      shown[row[0]] = row
      let want =
        (truth[row[0]]?["Web"] ?? []) + (truth[row[0]]?["Software"] ?? [])
      #expect(
        Array(row[3...]) == want,
        "\(row[0]): LibreOffice shows \(Array(row[3...])), the rows say \(want)",
        sourceLocation: sourceLocation)
    }
    #expect(Set(shown.keys) == Set(truth.keys), sourceLocation: sourceLocation)
    try expectACRAgrees(
      with: shown, filled: filled, sourceLocation: sourceLocation)
    return shown
  }

  /// One rule everywhere: the ACR made from the same filled workbook gives each criterion and product type
  /// the level the workbook's live WCAG sheet shows (blank or "Not enough evidence" there is Not Evaluated
  /// in a draft ACR).
  func expectACRAgrees(
    with shown: [String: [String]], filled: URL,
    sourceLocation: Testing.SourceLocation
  ) throws {
    var settings = ACRSettings()
    settings.productName = "Workbook"
    settings.author.email = "a@example.com"
    let report = try ACRBuilder(
      settings: settings, draft: true, today: "2026-11-24", toolVersion: "test"
    ).build(try ACREvidence.rows(of: try AuditSheet.read(path: filled.path)))
    let rows = report.chapters.flatMap(\.rows)
    for (number, row) in shown {
      for (kind, column) in [(ACRComponent.web, 9), (.software, 16)] {
        let level = rows.first { $0.criterion.number == number }?.adherence[
          kind]?
          .term.label
        let expected =
          ["", "Not enough evidence"].contains(row[column])
          ? "Not Evaluated" : row[column]
        #expect(
          (level ?? "Not Evaluated") == expected,
          "\(number) \(kind.label): the WCAG sheet shows '\(row[column])', the ACR says \(level ?? "nothing")",
          sourceLocation: sourceLocation)
      }
    }
  }

  @Test(
    "counts and conformance per success criterion follow the checklist as testers fill it (LibreOffice recalculates)",
    .tags(.slow), .enabled(if: SlowTests.enabled, SlowTests.skipped))
  func samples() throws {
    let shown = try expectLive(
      try sampleCatalog(),
      marks: [
        "native/controls/rating/*@ios=Pass",
        "native/controls/rating/keyboard/arrow-keys@ios=Fail",
        "web/component/disclosure/*=Pass",
        "native/notifications/banner/*@android=Fail",
        "native/controls/toggle-switch/*@ios=Not applicable",
      ])
    #expect(shown["2.1.1"]?[2] == "A")
    #expect(shown["1.4.4"]?[1] == "Resize text")
    #expect(shown["2.1.1"]?[9] == "Supports", "every web keyboard row passed")
    // Software keyboard rows: the rating on iOS passes all but one, the banner on Android fails every
    // one: most of what was evaluated fails, VPAT 2.5's Does Not Support (not "Partially" for any pass).
    #expect(
      shown["2.1.1"]?[16] == "Does Not Support",
      "most software keyboard rows failed")
  }

  @Test(
    "Does Not Support averages each component's failing share: a large component does not outweigh the rest (LibreOffice recalculates)",
    .tags(.slow), .enabled(if: SlowTests.enabled, SlowTests.skipped))
  func unitsWeighEqually() throws {
    // A has ten checks of 1.1.1, B and C one each, on the web and on iOS.
    let components = [("a", 10), ("b", 1), ("c", 1)].map { name, checks in
      Component(
        id: "web/component/\(name)", title: name.uppercased(), family: .web,
        category: "component",
        criteria: (0..<checks).map { index in
          var criterion = Criterion(
            id: "web/component/\(name)/settings/c\(index)", test: .settings,
            check: "Check \(index)", expectation: "Expectation \(index)",
            platforms: [.web, .iOS],
            source: SourceLocation(file: "\(name).md", line: index + 1))
          criterion.wcag = ["1.1.1"]
          return criterion
        }, source: SourceLocation(file: "\(name).md", line: 1))
    }
    let shown = try expectLive(
      Catalog(components: components),
      marks: [
        "web/component/a/*@web=Pass", "web/component/b/*@web=Fail",
        "web/component/c/*@web=Fail", "web/component/a/*@ios=Fail",
        "web/component/b/*@ios=Pass", "web/component/c/*@ios=Pass",
      ])
    // Web: 2 of 12 rows fail, but two of three components fail outright (shares 0, 1, 1).
    #expect(shown["1.1.1"]?[9] == "Does Not Support")
    // iOS: 10 of 12 rows fail, all in one component of three (shares 1, 0, 0).
    #expect(shown["1.1.1"]?[16] == "Partially Supports")
  }

  @Test(
    "1.4.1 never counts rows of 1.4.10 to 1.4.13, wherever the number stands in the cell",
    .tags(.slow), .enabled(if: SlowTests.enabled, SlowTests.skipped))
  func wholeNumbers() throws {
    let lists: [[String]] = [
      ["1.4.1"], ["1.4.10"], ["1.4.1", "1.4.10"], ["1.4.11", "1.4.1"],
      ["1.4.12", "1.4.1", "1.4.13"], ["1.4.10", "1.4.11"], ["2.1.1", "1.4.13"],
    ]
    let criteria = lists.enumerated().map { index, wcag in
      var criterion = Criterion(
        id: "web/component/x/settings/c\(index)", test: .settings,
        check: "Check \(index)",
        expectation: "Expectation \(index)", platforms: [.web, .iOS],
        source: SourceLocation(file: "x.md", line: index + 1))
      criterion.wcag = wcag
      return criterion
    }
    let catalog = Catalog(components: [
      Component(
        id: "web/component/x", title: "X", family: .web, category: "component",
        criteria: criteria, source: SourceLocation(file: "x.md", line: 1))
    ])
    let shown = try expectLive(
      catalog, marks: ["*@web=Pass", "web/component/x/settings/c1@ios=Fail"])
    #expect(
      shown["1.4.1"]?[3] == "4", "rows 0, 2, 3 and 4 hold 1.4.1 on the web")
    #expect(shown["1.4.10"]?[3] == "3")
    #expect(shown["1.4.1"]?[9] == "Supports")
    #expect(
      shown["1.4.1"]?[16] == "Not enough evidence",
      "no software row of 1.4.1 was tested")
    #expect(
      shown["1.4.10"]?[16] == "Does Not Support",
      "its one tested software row failed")
  }
}
