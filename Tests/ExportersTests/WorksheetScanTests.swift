import CriteriaModel
import Exporters
import Foundation
import TestSupport
import Testing

@testable import Audit

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The audit workbook is read by scanning its parts (no document tree).
///
/// These tests hold that reading to
/// what libxml2's document tree (Foundation's `XMLDocument`) gives for the same parts: the oracle below
/// reads SpreadsheetML as ECMA-376 Part 1 §18.3 describes it, written for these tests.
@Suite("Worksheet scan")
struct WorksheetScanTests {
  static let main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"

  /// A worksheet every producer's quirk is in: prefixes, CDATA, comments and processing instructions in
  /// values, references, CR LF and lone CR, rich and phonetic runs, a second `v`, a self-closing cell,
  /// rows and cells without `r`, a prefixed `r` attribute, a cell type of every kind, and a second
  /// `sheetData` and rows outside `sheetData` that are not the sheet's.
  static let quirkySheet = """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <!-- written by hand -->
    <x:worksheet xmlns:x="\(main)"><x:sheetPr/>\
    <x:sheetData>\
    <x:row r="1" spans="1:7"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="s"><x:v>1</x:v></x:c>\
    <x:c r="C1" t="inlineStr"><x:is><x:t xml:space="preserve">  lead &amp; trail  </x:t></x:is></x:c>\
    <x:c r="D1" t="b"><x:v>1</x:v></x:c><x:c r="E1" t="b"><x:v>0</x:v></x:c><x:c r="F1"><x:v>42.5</x:v></x:c>\
    <x:c r="G1" t="s"><x:v>2</x:v></x:c></x:row>
    <x:row><x:c><x:v>a</x:v></x:c><x:c t="str"><x:v><![CDATA[x < y & z]]></x:v></x:c>\
    <x:c r="F2"><x:v>1<!-- a note -->2<?pi stuff?>3</x:v></x:c>\
    <x:c r='G2' t='inlineStr'><x:is><x:r><x:t>one </x:t></x:r><x:r><x:rPr><x:b/></x:rPr><x:t>two</x:t></x:r>\
    <x:rPh sb="0" eb="1"><x:t>ふり</x:t></x:rPh></x:is></x:c></x:row>
    <x:row r="5"><x:c r="A5" t="inlineStr"><x:is><x:t>line1\r\nline2\rline3</x:t></x:is></x:c>\
    <x:c r="B5" t="str"><x:v>&#233;&#x1F600;&lt;&gt;&quot;&apos;</x:v></x:c>\
    <x:c r="C5"><x:v>first</x:v><x:v>second</x:v></x:c><x:c r="D5"/>\
    <x:c r="E5" t="s"/><x:c x:r="F5"><x:v>prefixed reference</x:v></x:c>\
    <x:c r="G5" t="inlineStr"><x:is><x:t>x_x000D_y</x:t></x:is><x:is><x:t>second is</x:t></x:is></x:c>\
    <x:c r="H5"><x:v>in <x:b>nested</x:b> element</x:v></x:c><x:c r="I5" t="str"><x:v/></x:c></x:row>
    <x:row r="6"/><x:row><x:c r="B7"><x:v>after an empty row</x:v></x:c></x:row>\
    </x:sheetData>\
    <x:sheetData><x:row r="9"><x:c r="A9"><x:v>second sheetData</x:v></x:c></x:row></x:sheetData>\
    <x:extLst><x:row r="10"><x:c r="A10"><x:v>not a row of the sheet</x:v></x:c></x:row></x:extLst>\
    </x:worksheet>
    """

  static let quirkyStrings = """
    <?xml version="1.0" encoding="UTF-8"?>
    <sst xmlns="\(main)" count="3" uniqueCount="3"><si><t>Plain</t></si>\
    <si><r><t>Rich </t></r><r><rPr><b/></rPr><t xml:space="preserve">text </t></r><rPh sb="0" eb="1"><t>ルビ</t></rPh>\
    <phoneticPr fontId="1"/></si><si><t>_x000D_ and &lt;tag&gt;<![CDATA[ & <raw>]]></t></si></sst>
    """

  /// The oracle: a worksheet's cells by row and column from the document tree.
  static func treeCells(sheet: Data, strings: Data?) throws -> [Int: [Int:
    String]]
  {
    func children(_ element: XMLElement?, _ name: String) -> [XMLElement] {
      (element?.children ?? []).compactMap { $0 as? XMLElement }.filter {
        ($0.localName ?? $0.name) == name
      }
    }
    func attribute(_ element: XMLElement, _ name: String) -> String? {
      (element.attributes ?? []).first { ($0.localName ?? $0.name) == name }?
        .stringValue
    }
    // An element's string value as XPath 1.0 §5.2 defines it: its descendant text nodes (CDATA too), never
    // a comment's or processing instruction's text (Foundation's `stringValue` on Linux includes those).
    func text(_ node: XMLNode) -> String {
      switch node.kind {
      case .text: node.stringValue ?? ""
      case .element: (node.children ?? []).map(text).joined()
      default: ""
      }
    }
    // A rich string's text (§18.4.8 si, §18.3.1.53 is): its t, and each run's t; phonetic runs are not text.
    func rich(_ element: XMLElement) -> String {
      var texts: [XMLElement] = []
      for child in (element.children ?? []).compactMap({ $0 as? XMLElement }) {
        switch child.localName ?? child.name {
        case "t": texts.append(child)
        case "r": texts += children(child, "t")
        default: break
        }
      }
      return texts.map { OOXMLText.unescape(text($0)) }.joined()
    }
    let shared =
      try strings.map {
        try children(XMLDocument(data: $0).rootElement(), "si").map(rich)
      } ?? []
    let document = try XMLDocument(data: sheet)
    var cells: [Int: [Int: String]] = [:]
    var number = 0
    for row in children(
      children(document.rootElement(), "sheetData").first, "row")
    {
      number = attribute(row, "r").flatMap { Int($0) } ?? number + 1
      var column = -1
      var values: [Int: String] = [:]
      for cell in children(row, "c") {
        column =
          attribute(cell, "r").flatMap(CellReference.column) ?? column + 1
        let raw = children(cell, "v").first.map(text) ?? ""
        switch attribute(cell, "t") {
        case "s":
          values[column] =
            Int(raw).flatMap { shared.indices.contains($0) ? shared[$0] : nil }
            ?? ""
        case "inlineStr":
          values[column] = children(cell, "is").first.map(rich) ?? ""
        case "b": values[column] = raw == "1" ? "TRUE" : "FALSE"
        default: values[column] = raw
        }
      }
      cells[number] = values
    }
    return cells
  }

  /// What the scan reads, in the oracle's shape.
  static func scannedCells(_ path: String, part: String) throws -> [Int: [Int:
    String]]
  {
    let package = try XLSXPackage(path: path)
    var rows = WorksheetRows(shared: try package.sharedStrings(), place: path)
    #expect(try package.scan(part, into: &rows))
    var cells: [Int: [Int: String]] = [:]
    for (number, values) in rows.rows {
      cells[number] = Dictionary(
        uniqueKeysWithValues: values.enumerated().map { ($0, $1) })
    }
    return cells
  }

  /// Cells that hold text, as `row/column: value` lines, for a readable diff.
  static func lines(_ cells: [Int: [Int: String]]) -> [String] {
    cells.sorted { $0.key < $1.key }.flatMap { row, values in
      values.sorted { $0.key < $1.key }.filter { !$0.value.isEmpty }.map {
        "\(row)/\($0.key): \($0.value.debugDescription)"
      } + ["\(row): row"]
    }
  }

  /// The samples' audit workbook, written into a folder of its own, and its Checklist part.
  func sampleWorkbook() throws -> (
    folder: URL, package: XLSXPackage, part: String
  ) {
    let folder = try scratchFolder()
    let original = folder.appendingPathComponent("written.xlsx")
    try exportToDisk(
      try AuditWorkbookExporter(options: ExportOptions()), try sampleCatalog(),
      to: original)
    let package = try XLSXPackage(path: original.path)
    let part = try #require(
      try package.sheets().first { $0.name == "Checklist" }
    ).part
    return (folder, package, part)
  }

  func workbook(sheet: String, strings: String) throws -> (
    path: String, part: String
  ) {
    let (folder, package, part) = try sampleWorkbook()
    let copy = folder.appendingPathComponent("quirky.xlsx").path
    // The other sheets emptied: their cells name strings of the table this one replaces.
    var replacing = [
      part: Data(sheet.utf8), "xl/sharedStrings.xml": Data(strings.utf8),
    ]
    for other in try package.sheets() where other.part != part {
      replacing[other.part] = Data(
        "<worksheet xmlns=\"\(Self.main)\"><sheetData/></worksheet>".utf8)
    }
    try package.writeCopy(to: copy, replacing: replacing)
    return (copy, part)
  }

  @Test(
    "a worksheet with every producer's quirk reads as the document tree reads it"
  )
  func quirks() throws {
    let (path, part) = try workbook(
      sheet: Self.quirkySheet, strings: Self.quirkyStrings)
    let scanned = try Self.scannedCells(path, part: part)
    let tree = try Self.treeCells(
      sheet: Data(Self.quirkySheet.utf8), strings: Data(Self.quirkyStrings.utf8)
    )
    #expect(Self.lines(scanned) == Self.lines(tree))
    // Read from the specification, not from either reader: the values a person sees in Excel.
    #expect(scanned[1]?[0] == "Plain")
    #expect(scanned[1]?[1] == "Rich text ")
    #expect(scanned[1]?[2] == "  lead & trail  ")
    #expect(scanned[1]?[3] == "TRUE" && scanned[1]?[4] == "FALSE")
    #expect(scanned[1]?[6] == "\r and <tag> & <raw>")
    #expect(scanned[2]?[1] == "x < y & z")
    #expect(scanned[2]?[5] == "123")
    #expect(scanned[2]?[6] == "one two")
    #expect(scanned[5]?[0] == "line1\nline2\nline3")
    #expect(scanned[5]?[1] == "é😀<>\"'")
    #expect(scanned[5]?[2] == "first")
    #expect(scanned[5]?[4] == "")
    #expect(scanned[5]?[5] == "prefixed reference")
    #expect(scanned[5]?[6] == "x\ry")
    #expect(scanned[5]?[7] == "in nested element")
    #expect(scanned[7]?[1] == "after an empty row")
    #expect(scanned[9] == nil && scanned[10] == nil)
  }

  @Test(
    "the audit workbook criteria writes reads as the document tree reads it, every sheet"
  )
  func writtenWorkbook() throws {
    let file = try scratchFolder().appendingPathComponent("audit.xlsx")
    try exportToDisk(
      try AuditWorkbookExporter(options: ExportOptions()), try sampleCatalog(),
      to: file)
    let package = try XLSXPackage(path: file.path)
    let strings = try package.part("xl/sharedStrings.xml")
    let sheets = try package.sheets()
    #expect(sheets.count >= 5)
    for sheet in sheets {
      let data = try #require(try package.part(sheet.part))
      let scanned = try Self.scannedCells(file.path, part: sheet.part)
      let tree = try Self.treeCells(sheet: data, strings: strings)
      #expect(Self.lines(scanned) == Self.lines(tree), "sheet \(sheet.name)")
      #expect(!scanned.isEmpty, "sheet \(sheet.name)")
    }
  }

  @Test(
    "a part damaged after its first rows is an error, and no row read before the damage is kept"
  )
  func damagedLate() throws {
    let cut = Self.quirkySheet.replacingOccurrences(
      of: "<x:row r=\"6\"/>", with: "<x:row r=\"6\">")
    let (path, _) = try workbook(sheet: cut, strings: Self.quirkyStrings)
    #expect {
      _ = try AuditSheet.read(path: path)
    } throws: { error in
      "\(error)".contains("is not well-formed XML") && "\(error)".contains(path)
    }
  }
}

extension WorksheetScanTests {
  @Test(
    "a reference to a character XML does not allow is not well-formed (XML 1.0 §4.1, Legal Character)",
    arguments: [
      "&#0;", "&#x0;", "&#1;", "&#x1F;", "&#xD800;", "&#xFFFE;", "&#65535;",
      "&#x110000;",
      "&#99999999999;",
    ])
  func illegalCharacter(reference: String) throws {
    for part in ["<a>\(reference)</a>", "<a b=\"\(reference)\"/>"] {
      #expect(throws: AuditError.self, "\(part)") {
        try SafeXML.check(Data(part.utf8), file: "a.xlsx", part: "xl/p.xml")
      }
    }
    for raw in ["\u{FFFE}", "\u{FFFF}"] {
      #expect(throws: AuditError.self, "raw \(raw.debugDescription)") {
        try SafeXML.check(
          Data("<a>x\(raw)</a>".utf8), file: "a.xlsx", part: "xl/p.xml")
      }
    }
    for allowed in [
      "&#9;", "&#xA;", "&#13;", "&#x20;", "&#xFFFD;", "&#x1F600;",
    ] {
      try SafeXML.check(
        Data("<a>\(allowed)</a>".utf8), file: "a.xlsx", part: "xl/p.xml")
    }
  }

  @Test(
    "text or a reference outside the root element is not well-formed (XML 1.0 §2.1: after the root, Misc is comments, PIs and space)",
    arguments: ["&amp;<a/>", "<a/>&amp;", "x<a/>", "<a/><![CDATA[x]]>"])
  func outsideTheRoot(part: String) throws {
    #expect(throws: AuditError.self) {
      try SafeXML.check(Data(part.utf8), file: "a.xlsx", part: "xl/p.xml")
    }
  }
}

extension WorksheetScanTests {
  @Test(
    "a workbook whose rows carry no r (it is optional) gets its ticket keys and statuses in the copies, in the rows read"
  )
  func copyWithoutReferences() throws {
    let (folder, package, part) = try sampleWorkbook()
    let sheetXML = String(
      decoding: try #require(try package.part(part)), as: UTF8.self)
    let bare = sheetXML.replacingOccurrences(
      of: #"(<row\b[^>]*?) r="[0-9]+""#, with: "$1", options: .regularExpression
    )
    #expect(bare != sheetXML && !bare.contains("<row r="))
    let path = folder.appendingPathComponent("bare.xlsx").path
    try package.writeCopy(to: path, replacing: [part: Data(bare.utf8)])
    let sheet = try AuditSheet.read(path: path)
    let written = try AuditSheet.read(path: package.path)
    #expect(sheet.rows == written.rows)
    let targets = [sheet.rows[0].number, sheet.rows[5].number]
    /// Writes a workbook copy beside the others and reads it back.
    func readBack(_ copy: AuditCopy, as name: String) throws -> AuditSheet {
      guard case .workbook(let write) = copy else {
        throw AuditError("a workbook's copy is not a workbook")
      }
      let path = folder.appendingPathComponent(name).path
      try write(path)
      return try AuditSheet.read(path: path)
    }
    let back = try readBack(
      try sheet.copy(withTickets: [targets[0]: "A11Y-1", targets[1]: "A11Y-2"]),
      as: "copy.xlsx")
    let ticket = try #require(back.column(.ticket))
    #expect(back.rows.first { $0.number == targets[0] }?[ticket] == "A11Y-1")
    #expect(back.rows.first { $0.number == targets[1] }?[ticket] == "A11Y-2")
    #expect(back.rows.count == sheet.rows.count)

    var status = TicketStatusColumns()
    status.values[targets[1]] = [
      "Done", "2026-11-20", TicketStatusColumns.retestWord,
    ]
    status.keys[targets[0]] = "A11Y-1"
    let read = try readBack(
      try sheet.copy(withStatus: status), as: "synced.xlsx")
    let retest = try #require(read.header.firstIndex(of: "Retest"))
    #expect(read.rows.first { $0.number == targets[1] }?[retest] == "Retest")
    #expect(read.rows.first { $0.number == targets[0] }?[ticket] == "A11Y-1")
    #expect(read.rows.filter { !$0[retest].isEmpty }.count == 1)
  }
}

extension WorksheetScanTests {
  @Test(
    "a shared string index the table lacks is damage, not an empty cell; the table is found where the relationships put it"
  )
  func sharedStringTable() throws {
    let (folder, package, part) = try sampleWorkbook()
    let written = try AuditSheet.read(path: package.path)
    let sheetXML = String(
      decoding: try #require(try package.part(part)), as: UTF8.self)
    let range = try #require(
      sheetXML.range(
        of: #"<c r="[A-Z]+2" [^>]*t="s"[^>]*><v>[0-9]+</v>"#,
        options: .regularExpression))
    let damaged = sheetXML.replacingCharacters(
      in: range,
      with: sheetXML[range].replacingOccurrences(
        of: #"<v>[0-9]+</v>"#, with: "<v>99999</v>",
        options: .regularExpression))
    let path = folder.appendingPathComponent("damaged.xlsx").path
    try package.writeCopy(to: path, replacing: [part: Data(damaged.utf8)])
    #expect {
      _ = try AuditSheet.read(path: path)
    } throws: { error in
      "\(error)".contains(
        "damaged.xlsx, sheet 'Checklist', row 2, column ")
        && "\(error)".contains(
          "the shared string '99999' is not in the workbook's table of")
    }

    // Another producer's name for the table: the relationships say where it is.
    let moved = folder.appendingPathComponent("moved.xlsx").path
    let script = """
      import sys, zipfile
      source, target = zipfile.ZipFile(sys.argv[1]), zipfile.ZipFile(sys.argv[2], "w")
      for item in source.infolist():
          data = source.read(item.filename)
          name = item.filename
          if name == "xl/sharedStrings.xml":
              name = "xl/strings/table1.xml"
          if name in ("xl/_rels/workbook.xml.rels", "[Content_Types].xml"):
              data = data.replace(b"sharedStrings.xml", b"strings/table1.xml")
          target.writestr(name, data)
      target.close()
      """
    let run = try runTool("python3", ["-c", script, package.path, moved])
    #expect(run.status == 0, "\(run.err)")
    let read = try AuditSheet.read(path: moved)
    #expect(read.header == written.header)
    #expect(read.rows == written.rows)
  }
}

extension WorksheetScanTests {
  @Test(
    "another sheet's header is read from the start of its part; a start too short for it falls back to the whole part"
  )
  func headerFromStart() throws {
    let (folder, package, part) = try sampleWorkbook()
    let whole = try AuditSheet.read(path: package.path)
    let sheetXML = String(
      decoding: try #require(try package.part(part)), as: UTF8.self)
    // A NUL at the end, which the check of a whole part refuses: only a scan of the start reads it.
    #expect(sheetXML.utf8.count > 4_000)
    let path = folder.appendingPathComponent("late.xlsx").path
    try package.writeCopy(
      to: path, replacing: [part: Data(sheetXML.utf8) + [0]])
    let copy = try XLSXPackage(path: path)
    func header(limit: Int) throws -> [String]? {
      var scan = WorksheetRows(
        shared: try copy.sharedStrings(), place: "late.xlsx")
      scan.headerOnly = true
      #expect(try copy.scanStart(part, into: &scan, limit: limit))
      return scan.rows.last?.1.map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }
    #expect(try header(limit: 4_000) == whole.header)
    // Too short for the header, or a part shorter than the limit: the whole part is checked.
    #expect(throws: AuditError.self) { _ = try header(limit: 40) }
    #expect(throws: AuditError.self) { _ = try header(limit: 1 << 24) }
  }
}
