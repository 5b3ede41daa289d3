import Conformance
import CriteriaModel
import Foundation
import ZIPFoundation

/// The report as a Word document (WordprocessingML, `.docx`), laid out as ITI's VPAT 2.5Rev template is.
///
/// The title, the product facts, Applicable Standards/Guidelines, Terms, each report with one table per
/// chapter and the legal disclaimer. Headings are Word's own Heading 1 to 3 styles and each table's first
/// row is a header row Word repeats on every page (`w:tblHeader`), so the document reads as structured to
/// a screen reader and exports to a tagged PDF. A draft says DRAFT in every page's header. The package
/// holds only the parts Word needs: no macros, no external templates.
public enum ACRDocxWriter {
  /// The `.docx` bytes.
  public static func docx(_ report: ACRReport) throws(ACRError) -> Data {
    var body = Body()
    body.write(report)
    let parts: [(String, String)] = [
      ("[Content_Types].xml", contentTypes),
      ("_rels/.rels", packageRelationships),
      ("docProps/core.xml", core(report)),
      ("docProps/app.xml", app(report)),
      ("word/document.xml", body.document),
      ("word/styles.xml", styles),
      ("word/settings.xml", settings),
      ("word/header1.xml", header(report)),
      ("word/footer1.xml", footer),
      ("word/_rels/document.xml.rels", body.relationships),
    ]
    do {
      let archive = try Archive(accessMode: .create)
      for (path, text) in parts {
        let data = Data(text.utf8)
        try archive.addEntry(
          with: path, type: .file, uncompressedSize: Int64(data.count),
          modificationDate: Date(timeIntervalSince1970: 315_532_800),
          compressionMethod: .deflate
        ) { position, size in
          data.subdata(in: Int(position)..<Int(position) + size)
        }
      }
      guard let data = archive.data else {
        throw ACRError("the Word document could not be packaged")
      }
      return data
    } catch let error as ACRError {
      throw error
    } catch {
      throw ACRError(
        "the Word document could not be packaged (\(error))",
        status: .cannotCreate)
    }
  }

  /// Text as WordprocessingML holds it: the characters XML cannot hold become U+FFFD, then entities.
  static func escape(_ text: String) -> String { HTMLEscape.xml(text) }

  /// The document's paragraphs and tables, and the hyperlinks they point to.
  struct Body {
    var xml = ""
    /// Each hyperlink's address, in the order of their relationship ids (`rIdLink1`, …).
    var links: [String] = []

    /// A run of text; line breaks within it become Word's line breaks.
    static func run(_ text: String, bold: Bool = false, style: String? = nil)
      -> String
    {
      guard !text.isEmpty else { return "" }
      var properties = ""
      if let style { properties += "<w:rStyle w:val=\"\(style)\"/>" }
      if bold { properties += "<w:b/>" }
      let pieces = text.components(separatedBy: "\n").map {
        "<w:t xml:space=\"preserve\">\(escape($0))</w:t>"
      }
      return "<w:r>"
        + (properties.isEmpty ? "" : "<w:rPr>\(properties)</w:rPr>")
        + pieces.joined(separator: "<w:br/>") + "</w:r>"
    }

    /// A hyperlink to `url` around `text`.
    mutating func link(_ text: String, to url: String) -> String {
      links.append(url)
      return "<w:hyperlink r:id=\"rIdLink\(links.count)\">"
        + Self.run(text, style: "Hyperlink") + "</w:hyperlink>"
    }

    /// A paragraph of `runs` (already WordprocessingML) in `style`.
    mutating func paragraph(
      _ runs: String, style: String? = nil, keepNext: Bool = false
    ) {
      var properties = ""
      if let style { properties += "<w:pStyle w:val=\"\(style)\"/>" }
      if keepNext { properties += "<w:keepNext/>" }
      xml +=
        "<w:p>" + (properties.isEmpty ? "" : "<w:pPr>\(properties)</w:pPr>")
        + runs + "</w:p>"
    }

    mutating func heading(_ level: Int, _ text: String) {
      paragraph(Self.run(text), style: "Heading\(level)", keepNext: true)
    }

    mutating func text(_ text: String) { paragraph(Self.run(text)) }

    /// Remarks with each ticket key the report knows a page for as a hyperlink.
    mutating func remarks(_ report: ACRReport, _ remarks: String) -> String {
      report.linked(
        remarks, escape: { Self.run($0) },
        link: { key, url in link(key, to: url) })
    }

    /// A table whose first row is the header Word repeats on every page; each cell is a list of
    /// paragraphs' runs, and `widths` are the columns' shares of the text width in fiftieths of a percent.
    mutating func table(
      columns: [String], widths: [Int], rows: [[[String]]],
      header: Bool = true
    ) {
      let total = 9_360
      let twips = widths.map { $0 * total / 5_000 }
      xml +=
        "<w:tbl><w:tblPr><w:tblStyle w:val=\"ACRTable\"/><w:tblW w:w=\"5000\" w:type=\"pct\"/>"
        + "<w:tblLayout w:type=\"fixed\"/><w:tblLook w:val=\"0420\" w:firstRow=\"1\" w:lastRow=\"0\" "
        + "w:firstColumn=\"0\" w:lastColumn=\"0\" w:noHBand=\"1\" w:noVBand=\"1\"/></w:tblPr><w:tblGrid>"
        + twips.map { "<w:gridCol w:w=\"\($0)\"/>" }.joined() + "</w:tblGrid>"
      func cell(_ paragraphs: [String], width: Int, style: String?) -> String {
        let pStyle =
          style.map { "<w:pPr><w:pStyle w:val=\"\($0)\"/></w:pPr>" } ?? ""
        let content = paragraphs.isEmpty ? [""] : paragraphs
        return "<w:tc><w:tcPr><w:tcW w:w=\"\(width)\" w:type=\"dxa\"/></w:tcPr>"
          + content.map { "<w:p>\(pStyle)\($0)</w:p>" }.joined() + "</w:tc>"
      }
      if header {
        xml += "<w:tr><w:trPr><w:cantSplit/><w:tblHeader/></w:trPr>"
        for (index, column) in columns.enumerated() {
          xml += cell(
            [Self.run(column)], width: twips[index], style: "TableHeading")
        }
        xml += "</w:tr>"
      }
      for row in rows {
        xml += "<w:tr><w:trPr><w:cantSplit/></w:trPr>"
        for (index, paragraphs) in row.enumerated() where index < twips.count {
          xml += cell(paragraphs, width: twips[index], style: "TableText")
        }
        xml += "</w:tr>"
      }
      xml += "</w:tbl>"
      // Word joins two tables that touch; a paragraph keeps them apart.
      paragraph("", style: "TableGap")
    }

    /// The whole report, in VPAT's order.
    mutating func write(_ report: ACRReport) {
      let s = report.settings
      heading(1, report.title)
      text(ACRReport.basedOn)
      if report.draft {
        paragraph(
          Self.run(
            "Draft, not for release: criteria marked \u{201C}Draft:\u{201D} are not evaluated yet.",
            bold: true), style: "DraftMark")
      }
      for (name, value) in report.facts {
        paragraph(Self.run(name + ": ", bold: true) + Self.run(value))
      }
      heading(2, "Scope of the evaluation")
      for paragraph in report.scope.paragraphs { text(paragraph) }
      heading(2, "Applicable Standards/Guidelines")
      text(
        "This report covers the degree of conformance for the following accessibility standard/guidelines:"
      )
      table(
        columns: ["Standard/Guideline", "Included In Report"],
        widths: [3_000, 2_000],
        rows: report.applicableStandards.map {
          [[Self.run($0.standard)], [Self.run($0.included)]]
        })
      heading(2, "Terms")
      text(
        "The terms used in the Conformance Level information are defined as follows:"
      )
      for term in ACRTerm.allCases {
        paragraph(
          Self.run(term.label + ": ", bold: true) + Self.run(term.definition),
          style: "ListParagraph")
      }
      heading(2, "WCAG 2.2 Report")
      let also = report.wcagTablesAlsoDocument
      if !also.isEmpty {
        text("Tables 1 and 2 also document conformance with:")
        for line in also { paragraph(Self.run(line), style: "ListParagraph") }
      }
      let note = ACRReport.wcagScopingNote
      paragraph(
        Self.run(note.before) + link(note.link, to: note.url)
          + Self.run(note.after))
      text(report.conformanceSentence)
      for chapter in report.chapters {
        heading(3, chapter.label)
        if report.isUnreported(chapter) {
          text(ACRReport.aaaNotReported)
          continue
        }
        text(report.summaryLine(chapter))
        var rows: [[[String]]] = []
        for row in chapter.rows {
          let c = row.criterion
          let name =
            link("\(c.number) \(c.handle)", to: c.understanding)
            + Self.run(
              " (Level \(c.level.rawValue)\(c.obsolete ? ", obsolete" : ""))")
          var levels: [String] = []
          var remarks: [String] = []
          for kind in report.components {
            guard let adherence = row.adherence[kind] else { continue }
            levels.append(Self.run("\(kind.label): \(adherence.term.label)"))
            if !adherence.remarks.isEmpty {
              remarks.append(
                Self.run("\(kind.label): ", bold: true)
                  + self.remarks(report, adherence.remarks))
            }
          }
          rows.append([[name], levels, remarks])
        }
        table(
          columns: [
            "Criteria", "Conformance Level", "Remarks and Explanations",
          ],
          widths: [1_400, 1_100, 2_500], rows: rows)
      }
      var reportHeading = ""
      for chapter in report.provisionChapters {
        if chapter.reportHeading != reportHeading {
          reportHeading = chapter.reportHeading
          heading(2, reportHeading)
        }
        heading(3, chapter.label)
        if !chapter.notes.isEmpty { text("Notes: " + chapter.notes) }
        if let whole = chapter.whole {
          paragraph(remarks(report, ACRReport.wholeLine(whole)))
          continue
        }
        if chapter.rows.isEmpty { continue }
        var rows: [[[String]]] = []
        for row in chapter.rows {
          let name = "\(row.provision.id) \(row.provision.handle)"
          rows.append(
            row.heading
              ? [
                [Self.run(name, bold: true)],
                [Self.run(ProvisionStandard.headingCell)], [],
              ]
              : [
                [Self.run(name)], [Self.run(row.adherence.term.label)],
                [remarks(report, row.adherence.remarks)],
              ])
        }
        table(
          columns: [
            "Criteria", "Conformance Level", "Remarks and Explanations",
          ],
          widths: [1_400, 1_100, 2_500], rows: rows)
      }
      if !report.unmappedFindings.isEmpty {
        heading(2, ACRReport.unmappedHeading)
        text(
          "Failed or uncertain rows of the audit that name no WCAG success criterion; a final report needs each mapped."
        )
        table(
          columns: ["Row", "Check", "Result", "Notes"],
          widths: [1_300, 1_400, 700, 1_600],
          rows: report.unmappedFindings.map {
            [
              [Self.run($0.place)], [Self.run($0.what)],
              [Self.run($0.findingLabel)], [Self.run($0.notes)],
            ]
          })
      }
      if !report.scope.units.isEmpty {
        heading(2, ACRScope.coverageHeading)
        table(
          columns: ["Component", "Platform", "Checks evaluated"],
          widths: [2_400, 1_300, 1_300],
          rows: report.scope.units.map {
            [
              [Self.run($0.component)], [Self.run($0.platform)],
              [Self.run("\($0.evaluated) of \($0.rows)")],
            ]
          })
      }
      if !s.legalDisclaimer.isEmpty {
        heading(2, "Legal Disclaimer")
        text(s.legalDisclaimer)
      }
    }

    var document: String {
      """
      <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <w:document xmlns:w="\(namespace)" xmlns:r="\(relationshipsNamespace)"><w:body>\(xml)\
      <w:sectPr><w:headerReference w:type="default" r:id="rIdHeader"/>\
      <w:footerReference w:type="default" r:id="rIdFooter"/>\
      <w:pgSz w:w="12240" w:h="15840"/>\
      <w:pgMar w:top="1296" w:right="1440" w:bottom="1296" w:left="1440" w:header="576" w:footer="576" w:gutter="0"/>\
      </w:sectPr></w:body></w:document>
      """
    }

    var relationships: String {
      let base =
        "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
      return """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
        <Relationship Id="rIdStyles" Type="\(base)/styles" Target="styles.xml"/>\
        <Relationship Id="rIdSettings" Type="\(base)/settings" Target="settings.xml"/>\
        <Relationship Id="rIdHeader" Type="\(base)/header" Target="header1.xml"/>\
        <Relationship Id="rIdFooter" Type="\(base)/footer" Target="footer1.xml"/>\
        \(links.enumerated().map { index, url in
          "<Relationship Id=\"rIdLink\(index + 1)\" Type=\"\(base)/hyperlink\" Target=\"\(escape(url))\" TargetMode=\"External\"/>"
        }.joined())</Relationships>
        """
    }
  }

  static let namespace =
    "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
  static let relationshipsNamespace =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships"

  static let contentTypes = """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
    <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
    <Default Extension="xml" ContentType="application/xml"/>\
    <Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>\
    <Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>\
    <Override PartName="/word/settings.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml"/>\
    <Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/>\
    <Override PartName="/word/footer1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml"/>\
    <Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>\
    <Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>\
    </Types>
    """

  static let packageRelationships = """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
    <Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>\
    <Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>\
    <Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/>\
    </Relationships>
    """

  /// The title (which a PDF made from the document shows as its title), the author and the date.
  static func core(_ report: ACRReport) -> String {
    let author = report.settings.author
    return """
      <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" \
      xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" \
      xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\
      <dc:title>\(escape(report.title))</dc:title>\
      <dc:subject>\(escape(ACRReport.basedOn))</dc:subject>\
      <dc:creator>\(escape(author.name.isEmpty ? author.companyName : author.name))</dc:creator>\
      <dc:language>en-US</dc:language>\
      <dcterms:created xsi:type="dcterms:W3CDTF">\(report.reportDate)T00:00:00Z</dcterms:created>\
      </cp:coreProperties>
      """
  }

  static func app(_ report: ACRReport) -> String {
    """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">\
    <Application>criteria \(escape(report.toolVersion))</Application></Properties>
    """
  }

  /// Word's settings: the document's title shown in place of its file name, and English as its language.
  static let settings = """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <w:settings xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">\
    <w:defaultTabStop w:val="720"/><w:compat><w:compatSetting w:name="compatibilityMode" \
    w:uri="http://schemas.microsoft.com/office/word" w:val="15"/></w:compat></w:settings>
    """

  /// Every page's header: the title, and DRAFT on a draft (page 5 of a draft must not pass for final).
  static func header(_ report: ACRReport) -> String {
    let mark =
      report.draft
      ? Body.run("DRAFT, not for release", bold: true)
        + "<w:r><w:tab/></w:r>" : ""
    return """
      <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <w:hdr xmlns:w="\(namespace)" xmlns:r="\(relationshipsNamespace)">\
      <w:p><w:pPr><w:pStyle w:val="Header"/></w:pPr>\(mark)\(Body.run(report.title))</w:p></w:hdr>
      """
  }

  /// Every page's footer: "Page N of M".
  static let footer = """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <w:ftr xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">\
    <w:p><w:pPr><w:pStyle w:val="Footer"/><w:jc w:val="right"/></w:pPr>\
    <w:r><w:t xml:space="preserve">Page </w:t></w:r><w:fldSimple w:instr=" PAGE "><w:r><w:t>1</w:t></w:r></w:fldSimple>\
    <w:r><w:t xml:space="preserve"> of </w:t></w:r><w:fldSimple w:instr=" NUMPAGES "><w:r><w:t>1</w:t></w:r></w:fldSimple>\
    </w:p></w:ftr>
    """

  /// Word's built-in heading styles (so the navigation pane, a screen reader and a PDF's tags see
  /// headings), a table style with borders, and the text styles the document uses.
  static let styles: String = {
    func heading(_ level: Int, size: Int, space: Int) -> String {
      "<w:style w:type=\"paragraph\" w:styleId=\"Heading\(level)\"><w:name w:val=\"heading \(level)\"/>"
        + "<w:basedOn w:val=\"Normal\"/><w:next w:val=\"Normal\"/><w:uiPriority w:val=\"9\"/><w:qFormat/>"
        + "<w:pPr><w:keepNext/><w:keepLines/><w:spacing w:before=\"\(space)\" w:after=\"120\"/>"
        + "<w:outlineLvl w:val=\"\(level - 1)\"/></w:pPr>"
        + "<w:rPr><w:b/><w:color w:val=\"1F3864\"/><w:sz w:val=\"\(size)\"/><w:szCs w:val=\"\(size)\"/></w:rPr></w:style>"
    }
    return """
      <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">\
      <w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:eastAsia="Calibri" w:cs="Calibri"/>\
      <w:sz w:val="20"/><w:szCs w:val="20"/><w:lang w:val="en-US" w:eastAsia="en-US" w:bidi="ar-SA"/></w:rPr></w:rPrDefault>\
      <w:pPrDefault><w:pPr><w:spacing w:after="120" w:line="264" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>\
      <w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>\
      \(heading(1, size: 36, space: 0))\(heading(2, size: 28, space: 360))\(heading(3, size: 24, space: 240))\
      <w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/><w:basedOn w:val="Normal"/>\
      <w:pPr><w:ind w:left="360"/></w:pPr></w:style>\
      <w:style w:type="paragraph" w:styleId="TableText"><w:name w:val="Table Text"/><w:basedOn w:val="Normal"/>\
      <w:pPr><w:spacing w:before="40" w:after="40"/></w:pPr></w:style>\
      <w:style w:type="paragraph" w:styleId="TableHeading"><w:name w:val="Table Heading"/><w:basedOn w:val="TableText"/>\
      <w:rPr><w:b/></w:rPr></w:style>\
      <w:style w:type="paragraph" w:styleId="TableGap"><w:name w:val="Table Gap"/><w:basedOn w:val="Normal"/>\
      <w:pPr><w:spacing w:after="0" w:line="120" w:lineRule="exact"/></w:pPr></w:style>\
      <w:style w:type="paragraph" w:styleId="DraftMark"><w:name w:val="Draft Mark"/><w:basedOn w:val="Normal"/>\
      <w:pPr><w:pBdr><w:top w:val="single" w:sz="12" w:space="2" w:color="A50E0E"/><w:left w:val="single" w:sz="12" w:space="2" w:color="A50E0E"/>\
      <w:bottom w:val="single" w:sz="12" w:space="2" w:color="A50E0E"/><w:right w:val="single" w:sz="12" w:space="2" w:color="A50E0E"/></w:pBdr></w:pPr>\
      <w:rPr><w:color w:val="A50E0E"/></w:rPr></w:style>\
      <w:style w:type="paragraph" w:styleId="Header"><w:name w:val="header"/><w:basedOn w:val="Normal"/>\
      <w:pPr><w:tabs><w:tab w:val="right" w:pos="9360"/></w:tabs><w:spacing w:after="0"/></w:pPr><w:rPr><w:color w:val="595959"/></w:rPr></w:style>\
      <w:style w:type="paragraph" w:styleId="Footer"><w:name w:val="footer"/><w:basedOn w:val="Normal"/>\
      <w:pPr><w:spacing w:after="0"/></w:pPr><w:rPr><w:color w:val="595959"/></w:rPr></w:style>\
      <w:style w:type="character" w:styleId="Hyperlink"><w:name w:val="Hyperlink"/>\
      <w:rPr><w:color w:val="0B57D0"/><w:u w:val="single"/></w:rPr></w:style>\
      <w:style w:type="table" w:styleId="ACRTable"><w:name w:val="ACR Table"/><w:tblPr>\
      <w:tblBorders><w:top w:val="single" w:sz="4" w:space="0" w:color="767676"/><w:left w:val="single" w:sz="4" w:space="0" w:color="767676"/>\
      <w:bottom w:val="single" w:sz="4" w:space="0" w:color="767676"/><w:right w:val="single" w:sz="4" w:space="0" w:color="767676"/>\
      <w:insideH w:val="single" w:sz="4" w:space="0" w:color="767676"/><w:insideV w:val="single" w:sz="4" w:space="0" w:color="767676"/></w:tblBorders>\
      <w:tblCellMar><w:left w:w="80" w:type="dxa"/><w:right w:w="80" w:type="dxa"/></w:tblCellMar></w:tblPr>\
      <w:tblStylePr w:type="firstRow"><w:rPr><w:b/></w:rPr><w:tcPr><w:shd w:val="clear" w:color="auto" w:fill="E7E6E6"/></w:tcPr></w:tblStylePr>\
      </w:style></w:styles>
      """
  }()
}
