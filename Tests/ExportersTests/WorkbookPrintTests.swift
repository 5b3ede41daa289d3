import Audit
import CriteriaModel
import Foundation
import TestSupport
import Testing

@testable import Exporters

@Suite("a workbook that prints")
struct WorkbookPrintTests {
  struct Printout {
    var landscape: Bool
    var pages: [(first: String, last: String, overlaps: Int)]
    var examples: [String]
  }

  /// Writes the workbook, prints it to PDF with LibreOffice and reads the PDF back with poppler.
  func print(_ catalog: Catalog, title: String) throws -> Printout {
    let folder = try scratchFolder()
    let file = folder.appendingPathComponent("audit.xlsx")
    let exporter = try AuditWorkbookExporter(
      options: ExportOptions(["title": .string(title)]))
    try exportToDisk(exporter, catalog, to: file)
    let convert = try runTool(
      "soffice",
      LibreOffice.isolated + [
        "--headless", "--norestore", "--convert-to", "pdf", "--outdir",
        folder.path, file.path,
      ])
    #expect(convert.status == 0, "\(convert.err)")
    let check = try python(
      "print_check.py", [folder.appendingPathComponent("audit.pdf").path])
    #expect(check.status == 0, "\(check.err)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(check.out.utf8))
        as? [String: Any])
    let pages = (report["pages"] as? [[String: Any]] ?? []).map {
      (
        first: $0["first"] as? String ?? "", last: $0["last"] as? String ?? "",
        overlaps: $0["overlaps"] as? Int ?? -1
      )
    }
    let width = report["width"] as? Double ?? 0
    let height = report["height"] as? Double ?? 0
    return Printout(
      landscape: width > height, pages: pages,
      examples: report["examples"] as? [String] ?? [])
  }

  /// Every page is landscape, starts with its sheet's header row, ends with the footer, and no printed
  /// text runs into other text.
  func expectPrintable(_ printout: Printout, title: String, sheets: [String]) {
    #expect(printout.landscape)
    #expect(!printout.pages.isEmpty)
    let headers = [
      "Checklist":
        "Component Platform Test Check Expected result WCAG Result Severity Tester Date Notes Ticket ID",
      "Summary":
        "Component Platform Checks Pass Fail Not applicable Not tested Cannot tell Conformance",
      // Its header wraps onto three lines; the first printed line starts with these.
      "WCAG": "Criterion Name Level",
      "WCAG by component": "Criterion Product",
      "Scenarios": "Component ID Component Scenario Step",
      "Notes": "Component ID Component Platform Topic Framework Note",
    ]
    var seen: [String] = []
    for (index, page) in printout.pages.enumerated() {
      let footer = page.last.split(
        separator: " ", omittingEmptySubsequences: true
      ).joined(separator: " ")
      let sheet = sheets.first { footer.contains(" \($0) Page ") } ?? "?"
      if seen.last != sheet { seen.append(sheet) }
      #expect(
        footer.hasPrefix(title + " "), "page \(index + 1) footer: \(footer)")
      #expect(
        footer.hasSuffix("Page \(index + 1) of \(printout.pages.count)"),
        "page \(index + 1) footer: \(footer)")
      let first = page.first.split(
        separator: " ", omittingEmptySubsequences: true
      ).joined(separator: " ")
      let header = headers[sheet] ?? "?"
      #expect(
        sheet.hasPrefix("WCAG") ? first.hasPrefix(header) : first == header,
        "page \(index + 1) (\(sheet)) starts with '\(first)'")
      #expect(
        page.overlaps == 0,
        "page \(index + 1): \(page.overlaps) words printed over others: \(printout.examples)"
      )
    }
    #expect(seen == sheets, "sheets print in order, each once")
  }

  @Test(
    "the sample workbook prints landscape, one page wide, header on every page, footer with title, sheet and page numbers",
    .tags(.slow), .enabled(if: SlowTests.enabled, SlowTests.skipped))
  func sample() throws {
    let title = "Sample audit & review"
    let printout = try print(try sampleCatalog(), title: title)
    expectPrintable(
      printout, title: title,
      sheets: [
        "Checklist", "Summary", "WCAG", "WCAG by component", "Scenarios",
        "Notes",
      ])
    #expect(
      printout.pages.count <= 8,
      "the sample printed on \(printout.pages.count) pages")
  }

  @Test(
    "the corpus workbook prints the same way on every one of its pages",
    .tags(.slow), .enabled(if: SlowTests.enabled, SlowTests.skipped),
    .enabled(if: SharedData.available, Comment(rawValue: SharedData.missing)))
  func corpus() throws {
    let title = "Corpus audit"
    let printout = try print(try loadCatalog(Paths.corpus), title: title)
    expectPrintable(
      printout, title: title,
      sheets: [
        "Checklist", "Summary", "WCAG", "WCAG by component", "Scenarios",
        "Notes",
      ])
  }

  @Test(
    "row heights cover the lines wrapped text needs",
    arguments: [
      ("short", 10.0, 1),
      ("native/controls/rating/keyboard/tab-or-arrow-keys@android", 28.0, 3),
      (String(repeating: "word ", count: 40), 46.0, 4),
      ("one\ntwo\nthree", 40.0, 3),
      (String(repeating: "x", count: 100), 10.0, 10),
      // Letters of two, three and four UTF-8 bytes are as wide as ASCII ones: scalars count, never bytes.
      (String(repeating: "é", count: 100), 10.0, 10),
      (String(repeating: "日", count: 100), 10.0, 10),
      (String(repeating: "😀", count: 100), 10.0, 10),
      ("ünïcödé wörds ünïcödé wörds", 10.0, 4),
    ])
  func rowHeights(text: String, width: Double, lines: Int) {
    #expect(RowHeight.lines(text, width: width) == lines)
  }

  /// The estimate as it was written before it counted scalars: Characters, paragraphs split first.
  static func characterLines(_ text: String, width: Double) -> Int {
    let capacity = max(Int((width * 1.15).rounded(.down)) - 1, 1)
    var total = 0
    for paragraph in text.split(
      separator: "\n", omittingEmptySubsequences: false)
    {
      var lines = 1
      var used = 0
      var words: [Int] = []
      var current = 0
      for character in paragraph {
        current += 1
        if character == " " || character == "/" || character == "-" {
          words.append(current)
          current = 0
        }
      }
      if current > 0 { words.append(current) }
      for word in words {
        if used + word <= capacity {
          used += word
        } else if word <= capacity {
          lines += used == 0 ? 0 : 1
          used = word
        } else {
          if used > 0 { lines += 1 }
          lines += (word - 1) / capacity
          used = (word - 1) % capacity + 1
        }
      }
      total += lines
    }
    return max(total, 1)
  }

  @Test(
    "the one-pass scalar estimate gives every corpus and sample text the height the Character estimate gave",
    .enabled(if: SharedData.available, Comment(rawValue: SharedData.missing)))
  func scalarEstimateMatches() throws {
    let catalogs = [try loadCatalog(Paths.corpus), try sampleCatalog()]
    var texts: [String] = []
    for catalog in catalogs {
      for component in catalog.components {
        texts +=
          [component.title, component.summary] + component.notes.map(\.text)
        for criterion in component.criteria {
          texts += [
            criterion.check, criterion.expectation, criterion.id,
            criterion.wcag.joined(separator: ", "),
          ]
        }
      }
    }
    #expect(texts.count > 1000)
    for text in texts {
      for width in [8.0, 12.0, 18.0, 28.0, 46.0, 60.0] {
        #expect(
          RowHeight.lines(text, width: width)
            == Self.characterLines(text, width: width),
          "\(text.prefix(60)) at \(width)")
      }
    }
    // Non-ASCII text counts as many units as it shows letters, never its bytes.
    #expect(RowHeight.lines(String(repeating: "é", count: 20), width: 10) == 2)
  }

  @Test(
    "the footer doubles a literal & and stays within Excel's 255 characters")
  func footer() {
    #expect(XLSXSheet.footer(title: "A & B") == "&LA && B&C&A&RPage &P of &N")
    let long = XLSXSheet.footer(title: String(repeating: "&", count: 400))
    #expect(long.utf8.count <= 255)
    #expect(long.hasSuffix("&C&A&RPage &P of &N"))
  }
}

@Suite("shipped file exporter definitions")
struct ShippedFileDefinitionTests {
  // A run does not check the compiled-in templates (FileDefinitions.entries leaves them out); reading
  // each here with FileDefinition(yaml:file:) checks its syntax and every variable it names.
  @Test(
    "the compiled-in definitions are the files in exporters/, and each reads with its template checked"
  )
  func sameAsFiles() throws {
    #expect(!ShippedFileDefinitions.files.isEmpty)
    for file in ShippedFileDefinitions.files {
      let onDisk = try String(
        contentsOf: Paths.packageRoot.appendingPathComponent(file.name),
        encoding: .utf8)
      #expect(onDisk == file.text, "\(file.name)")
      let definition = try FileDefinition(yaml: file.text, file: file.name)
      #expect(definition.escape == .csv)
    }
  }
}
