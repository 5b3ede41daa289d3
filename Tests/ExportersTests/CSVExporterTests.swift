import Audit
import CriteriaModel
import Exporters
import Foundation
import TestSupport
import Testing

@Suite("CSV checklist")
struct CSVExporterTests {
  @Test(
    "every csv-spectrum vector round-trips through our writer and Python's csv module",
    .enabled(if: SharedData.available, Comment(rawValue: SharedData.missing)))
  func csvSpectrum() throws {
    let vectors = Paths.shared.appendingPathComponent(
      "testdata/csv-spectrum/json")
    let names = try FileManager.default.contentsOfDirectory(
      atPath: vectors.path
    ).filter { $0.hasSuffix(".json") }.sorted()
    #expect(names.count == 11)
    let folder = try scratchFolder()
    for name in names {
      let records =
        try JSONSerialization.jsonObject(
          with: Data(contentsOf: vectors.appendingPathComponent(name)))
        as? [[String: String]] ?? []
      // The vectors' csv files give the column order; the JSON objects give the values.
      let csvName = name.replacingOccurrences(of: ".json", with: ".csv")
      let original = try String(
        contentsOf: Paths.shared.appendingPathComponent(
          "testdata/csv-spectrum/csvs/\(csvName)"), encoding: .utf8)
      let header =
        original.split(whereSeparator: \.isNewline).first.map {
          $0.split(separator: ",").map(String.init)
        } ?? []
      let table =
        [header] + records.map { record in header.map { record[$0] ?? "" } }
      for (label, writer) in [
        ("crlf", CSVWriter(formulaGuard: false)),
        (
          "lf-semicolon",
          CSVWriter(
            delimiter: UInt8(ascii: ";"), lineEnding: [0x0A],
            formulaGuard: false)
        ),
        ("bom", CSVWriter(byteOrderMark: true, formulaGuard: false)),
      ] {
        var bytes = writer.start()
        for row in table { writer.append(row, to: &bytes) }
        let file = folder.appendingPathComponent("\(label)-\(csvName)")
        try Data(bytes).write(to: file)
        let read = try python(
          "csv_roundtrip.py", [file.path, label == "lf-semicolon" ? ";" : ","])
        #expect(read.status == 0, "\(read.err)")
        let parsed =
          try JSONSerialization.jsonObject(with: Data(read.out.utf8))
          as? [[String]]
        #expect(parsed == table, "\(label) \(name)")
      }
    }
  }

  @Test("RFC 4180 quoting and one record separator throughout")
  func quoting() {
    var bytes: [UInt8] = []
    CSVWriter().append(
      ["plain", "a,b", "say \"hi\"", "two\nlines", " padded"], to: &bytes)
    CSVWriter().append(["x"], to: &bytes)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\" padded\"\r\nx\r\n"
    )
    var lf: [UInt8] = []
    CSVWriter(lineEnding: [0x0A]).append(["a", "b"], to: &lf)
    #expect(lf == Array("a,b\n".utf8))
  }

  @Test("formula guard on by default, off by option")
  func formulaGuard() throws {
    var guarded: [UInt8] = []
    CSVWriter().append(
      ["=HYPERLINK(\"x\")", "+1", "-2", "@SUM(A1)", "\tx", "safe"], to: &guarded
    )
    #expect(
      String(decoding: guarded, as: UTF8.self)
        == "\"'=HYPERLINK(\"\"x\"\")\",'+1,'-2,'@SUM(A1),'\tx,safe\r\n")
    let off = try CSVExporter(
      options: ExportOptions(["formula_guard": .bool(false)]))
    let catalog = Catalog(components: [
      Component(
        id: "web/component/x", title: "X", family: .web, category: "component",
        criteria: [
          Criterion(
            id: "web/component/x/keyboard/tab", test: .keyboard, check: "Tab",
            expectation: "=1+1",
            platforms: [.web], source: SourceLocation(file: "x", line: 1))
        ],
        source: SourceLocation(file: "x", line: 1))
    ])
    let text = String(
      decoding: try fileData(off.export(catalog, context: fixedContext)),
      as: UTF8.self)
    #expect(text.contains(",=1+1,"))
    let on = try CSVExporter(options: ExportOptions())
    #expect(
      String(
        decoding: try fileData(on.export(catalog, context: fixedContext)),
        as: UTF8.self
      ).contains(",'=1+1,"))
  }

  @Test(
    "the sample checklist: header, one row per platform, Android-only checks once, options honoured"
  )
  func sampleChecklist() throws {
    let catalog = try sampleCatalog()
    let exporter = try CSVExporter(
      options: ExportOptions([
        "delimiter": .string(";"), "bom": .bool(true),
        "columns": .list(["ID", "Platform", "Check", "Result"]),
      ]))
    let data = try fileData(exporter.export(catalog, context: fixedContext))
    #expect(data.starts(with: [0xEF, 0xBB, 0xBF]))
    let folder = try scratchFolder()
    let file = folder.appendingPathComponent("c.csv")
    try data.write(to: file)
    let read = try python("csv_roundtrip.py", [file.path, ";"])
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(read.out.utf8)) as? [[String]]
    )
    #expect(rows[0] == ["ID", "Platform", "Check", "Result"])
    #expect(rows.count == 1 + AuditRow.rows(of: catalog).count)
    #expect(
      rows.contains([
        "native/controls/toggle-switch/keyboard/enter@android", "Android",
        "Enter", "Not tested",
      ]))
    #expect(
      !rows.contains {
        $0[0] == "native/controls/toggle-switch/keyboard/enter@ios"
      })
    // The banner's State check says n/a: its rows start Not applicable, and test nothing.
    #expect(
      rows.contains([
        "native/notifications/banner/screenreader/state@ios", "iOS", "State",
        "Not applicable",
      ]))
    #expect(
      String(decoding: data, as: UTF8.self).components(separatedBy: "\r\n")
        .count == rows.count + 1)
  }

  @Test("bad options are named")
  func badOptions() {
    #expect(
      throws: ExportError(
        "--option.delimiter: ':' is not a delimiter; use ',', ';', 'tab' or '|'"
      )
    ) {
      try CSVExporter(options: ExportOptions(["delimiter": .string(":")]))
    }
    #expect(
      throws: ExportError(
        "--option.columns: unknown column 'Colour'; columns are 'Component', 'Platform', 'Test', 'Check', 'Expected result', 'WCAG', 'Result', 'Severity', 'Tester', 'Date', 'Notes', 'Ticket', 'Failed WCAG', 'ID'"
      )
    ) {
      try CSVExporter(
        options: ExportOptions(["columns": .list(["ID", "Colour"])]))
    }
  }

  @Test("golden CSV of the toggle switch sample")
  func golden() throws {
    let catalog = try loadCatalog(
      Paths.samples.appendingPathComponent("native/controls/toggle-switch.md"))
    let data = try fileData(
      CSVExporter(options: ExportOptions()).export(
        catalog, context: fixedContext))
    try expectGolden(String(decoding: data, as: UTF8.self), "toggle-switch.csv")
  }
}
