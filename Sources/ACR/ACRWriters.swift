import Conformance
import CriteriaModel
import Foundation

/// OpenACR YAML (schema 0.1.0): the report's facts, the catalogue id, and per chapter each criterion's
/// components with their adherence level (a term id) and notes.
public enum OpenACRWriter {
  public static func yaml(_ report: ACRReport) -> String {
    let s = report.settings
    var lines: [String] = [
      "# Made by criteria \(report.toolVersion) from \(report.auditPhrase).",
      "title: \(quoted(report.title))",
      "product:",
      "  name: \(quoted(s.productName))",
    ]
    if !s.productVersion.isEmpty {
      lines.append("  version: \(quoted(s.productVersion))")
    }
    if !s.productDescription.isEmpty {
      lines.append("  description: \(quoted(s.productDescription))")
    }
    for (key, contact) in [("author", s.author), ("vendor", s.vendor)]
    where !contact.fields.isEmpty {
      lines.append("\(key):")
      lines += contact.fields.map { "  \($0.0): \(quoted($0.1))" }
    }
    lines.append("report_date: \(quoted(report.reportDate))")
    lines.append("last_modified_date: \(quoted(report.reportDate))")
    lines.append("version: 1")
    // OpenACR has no scope of its own: the audit's scope follows the evaluation methods.
    let methods = [
      s.evaluationMethods, report.scope.summary, report.scope.mapping,
    ]
    .filter { !$0.isEmpty }.joined(separator: "\n\n")
    for (key, value) in [
      ("notes", s.notes), ("evaluation_methods_used", methods),
      ("legal_disclaimer", s.legalDisclaimer),
    ] where !value.isEmpty {
      lines.append("\(key): \(quoted(value))")
    }
    lines.append("catalog: \(s.edition)")
    lines.append("chapters:")
    for chapter in report.chapters {
      lines.append("  \(chapter.id):")
      if report.isUnreported(chapter) {
        lines.append("    disabled: true")
        lines.append("    notes: \(quoted(ACRReport.aaaNotReported))")
        continue
      }
      lines.append("    criteria:")
      for row in chapter.rows {
        lines.append("      - num: \(quoted(row.criterion.number))")
        lines.append("        components:")
        for kind in report.components {
          guard let adherence = row.adherence[kind] else { continue }
          lines.append("          - name: \(kind.rawValue)")
          lines.append("            adherence:")
          lines.append("              level: \(adherence.term.rawValue)")
          if !adherence.remarks.isEmpty {
            lines.append(
              "              notes: \(quoted(text(report, adherence.remarks)))")
          }
        }
      }
    }
    // A Section 508 provision has one level for the whole product: OpenACR's component "none".
    for chapter in report.provisionChapters {
      lines.append("  \(chapter.id):")
      if !chapter.notes.isEmpty {
        lines.append("    notes: \(quoted(chapter.notes))")
      } else if let whole = chapter.whole {
        lines.append(
          "    notes: \(quoted(text(report, ACRReport.wholeLine(whole))))")
      }
      if chapter.rows.isEmpty { continue }
      lines.append("    criteria:")
      for row in chapter.rows {
        lines.append("      - num: \(quoted(row.provision.id))")
        // A heading clause takes no level: VPAT's "Heading cell – no response required".
        if row.heading { continue }
        lines.append("        components:")
        lines.append("          - name: none")
        lines.append("            adherence:")
        lines.append("              level: \(row.adherence.term.rawValue)")
        if !row.adherence.remarks.isEmpty {
          lines.append(
            "              notes: \(quoted(text(report, row.adherence.remarks)))"
          )
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A YAML double-quoted scalar: always a string, whatever it looks like.
  static func quoted(_ text: String) -> String { YAMLEscape.doubleQuoted(text) }

  /// Remarks as plain text: a ticket key with a known page is followed by its address.
  static func text(_ report: ACRReport, _ remarks: String) -> String {
    report.linked(remarks, escape: { $0 }, link: { "\($0) (\($1))" })
  }
}

/// The report as Markdown, with VPAT's exact tables and headings.
public enum ACRMarkdownWriter {
  public static func markdown(_ report: ACRReport) -> String {
    let s = report.settings
    var lines = ["# \(text(report.title))", "", ACRReport.basedOn, ""]
    let facts = report.facts
    lines += facts.map { "- **\($0.0):** \(text($0.1))" }
    lines += ["", "## Scope of the evaluation"]
    for paragraph in report.scope.paragraphs {
      lines += ["", text(paragraph)]
    }
    lines += [
      "", "## Applicable Standards/Guidelines", "",
      "| Standard/Guideline | Included In Report |", "| --- | --- |",
    ]
    lines += report.applicableStandards.map {
      "| \(cell($0.standard)) | \(cell($0.included)) |"
    }
    lines += ["", "## Terms", ""]
    lines += ACRTerm.allCases.map { "- **\($0.label):** \($0.definition)" }
    lines += ["", "## WCAG 2.2 Report", ""]
    let alsoDocument = report.wcagTablesAlsoDocument
    if !alsoDocument.isEmpty {
      lines += ["Tables 1 and 2 also document conformance with:", ""]
      lines += alsoDocument.map { "- \($0)" }
      lines.append("")
    }
    let note = ACRReport.wcagScopingNote
    lines += [
      "\(note.before)[\(note.link)](\(note.url))\(note.after)", "",
      report.conformanceSentence,
    ]
    for chapter in report.chapters {
      lines += ["", "### \(chapter.label)", ""]
      if report.isUnreported(chapter) {
        lines.append(ACRReport.aaaNotReported)
        continue
      }
      lines.append(report.summaryLine(chapter))
      lines += [
        "", "| Criteria | Conformance Level | Remarks and Explanations |",
        "| --- | --- | --- |",
      ]
      for row in chapter.rows {
        let c = row.criterion
        let name =
          "[\(c.number) \(cell(c.handle))](\(c.understanding)) (Level \(c.level.rawValue)\(c.obsolete ? ", obsolete" : ""))"
        let levels = report.components.compactMap { kind in
          row.adherence[kind].map { "\(kind.label): \($0.term.label)" }
        }.joined(separator: "<br>")
        let remarks = report.components.compactMap { kind in
          row.adherence[kind].flatMap {
            $0.remarks.isEmpty
              ? nil : "\(kind.label): \(linkedRemarks(report, $0.remarks))"
          }
        }.joined(separator: "<br>")
        lines.append("| \(name) | \(levels) | \(remarks) |")
      }
    }
    var heading = ""
    for chapter in report.provisionChapters {
      if chapter.reportHeading != heading {
        heading = chapter.reportHeading
        lines += ["", "## \(text(heading))"]
      }
      lines += ["", "### \(text(chapter.label))"]
      if !chapter.notes.isEmpty {
        lines += ["", "Notes: \(text(chapter.notes))"]
      }
      if let whole = chapter.whole {
        lines += ["", linkedRemarks(report, ACRReport.wholeLine(whole))]
        continue
      }
      if chapter.rows.isEmpty { continue }
      lines += [
        "", "| Criteria | Conformance Level | Remarks and Explanations |",
        "| --- | --- | --- |",
      ]
      lines += chapter.rows.map {
        $0.heading
          ? "| **\($0.provision.id) \(cell($0.provision.handle))** | \(ProvisionStandard.headingCell) | |"
          : "| \($0.provision.id) \(cell($0.provision.handle)) | \($0.adherence.term.label) | \(linkedRemarks(report, $0.adherence.remarks)) |"
      }
    }
    if !report.unmappedFindings.isEmpty {
      lines += [
        "", "## \(ACRReport.unmappedHeading)", "",
        "Failed or uncertain rows of the audit that name no WCAG success criterion; a final report needs each mapped.",
        "", "| Row | Check | Result | Notes |", "| --- | --- | --- | --- |",
      ]
      lines += report.unmappedFindings.map {
        "| \(cell($0.place)) | \(cell($0.what)) | \($0.findingLabel) | \(cell($0.notes)) |"
      }
    }
    if !report.scope.units.isEmpty {
      lines += [
        "", "## \(ACRScope.coverageHeading)", "",
        "| Component | Platform | Checks evaluated |", "| --- | --- | --- |",
      ]
      lines += report.scope.units.map {
        "| \(cell($0.component)) | \(cell($0.platform)) | \($0.evaluated) of \($0.rows) |"
      }
    }
    if !s.legalDisclaimer.isEmpty {
      lines += ["", "## Legal Disclaimer", "", text(s.legalDisclaimer)]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Text with Markdown's and HTML's special characters made literal.
  static func text(_ value: String) -> String { MarkdownEscape.text(value) }

  static func cell(_ value: String) -> String { MarkdownEscape.cell(value) }

  /// Remarks in a table cell, each ticket key with a known page a link to it.
  static func linkedRemarks(_ report: ACRReport, _ remarks: String) -> String {
    report.linked(
      remarks, escape: cell,
      link: { "[\(cell($0))](\(MarkdownEscape.destination($1)))" })
  }
}

/// The report as one accessible, self-contained HTML page.
public enum ACRHTMLWriter {
  /// A table: `opening` is its `table` tag and caption, `columns` the column headers' text, and each row
  /// its header cell's HTML and then its other cells' HTML.
  static func table(
    _ opening: String, columns: [String],
    rows: [(header: String, cells: [String])]
  ) -> String {
    opening + "\n<thead><tr>"
      + columns.map { "<th scope=\"col\">\($0)</th>" }.joined()
      + "</tr></thead>\n<tbody>\n"
      + rows.map { row in
        "<tr><th scope=\"row\">\(row.header)</th>"
          + row.cells.map { "<td>\($0)</td>" }.joined() + "</tr>\n"
      }.joined() + "</tbody>\n</table>\n"
  }

  public static func html(_ report: ACRReport) -> String {
    let s = report.settings
    let languages = report.quotedLanguages
    let quoted = languages.isEmpty ? nil : ACRQuoted(languages)
    var out =
      HTMLPage.start(
        title: report.title,
        policy: "default-src 'none'; style-src 'unsafe-inline'",
        style: Self.style) + """
        <main>
        <h1>\(escape(report.title))</h1>
        <p>\(escape(ACRReport.basedOn))</p>

        """
    if report.draft {
      // The banner says it once; in print a watermark, fixed so that every page shows it, says it on
      // each page (page 5 of a draft must not pass for final).
      out +=
        "<p class=\"draft-mark\">Draft, not for release: criteria marked "
        + "\u{201C}Draft:\u{201D} are not evaluated yet.</p>\n"
        + "<div class=\"draft-watermark\" aria-hidden=\"true\">DRAFT</div>\n"
    }
    out += "<dl>\n"
    let facts = report.facts
    for (name, value) in facts {
      out += "<dt>\(escape(name))</dt><dd>\(escape(value))</dd>\n"
    }
    out +=
      "</dl>\n<h2>Scope of the evaluation</h2>\n"
      + report.scope.paragraphs.map {
        "<p>\($0 == report.scope.summary ? marked(report, quoted, $0, escape) : escape($0))</p>\n"
      }.joined()
    out +=
      "<h2 id=\"standards\">Applicable Standards/Guidelines</h2>\n"
      + table(
        "<table class=\"summary\" aria-labelledby=\"standards\">",
        columns: ["Standard/Guideline", "Included In Report"],
        rows: report.applicableStandards.map {
          (escape($0.standard), [escape($0.included)])
        })
    out += "<h2>Terms</h2>\n<dl>\n"
    for term in ACRTerm.allCases {
      out +=
        "<dt>\(escape(term.label))</dt><dd>\(escape(term.definition))</dd>\n"
    }
    out += "</dl>\n<h2>WCAG 2.2 Report</h2>\n"
    let alsoDocument = report.wcagTablesAlsoDocument
    if !alsoDocument.isEmpty {
      out +=
        "<p>Tables 1 and 2 also document conformance with:</p>\n<ul>\n"
        + alsoDocument.map { "<li>\(escape($0))</li>\n" }.joined() + "</ul>\n"
    }
    let note = ACRReport.wcagScopingNote
    out +=
      "<p>\(escape(note.before))<a href=\"\(escape(note.url))\">\(escape(note.link))</a>\(escape(note.after))</p>\n"
    out +=
      "<p>\(escape(report.conformanceSentence))</p>\n"
    for (index, chapter) in report.chapters.enumerated() {
      out += "<h3 id=\"\(chapter.id)\">\(escape(chapter.label))</h3>\n"
      if report.isUnreported(chapter) {
        out += "<p>\(escape(ACRReport.aaaNotReported))</p>\n"
        continue
      }
      let counts = report.components.map { chapter.counts($0) }
      out += table(
        "<table class=\"summary\">\n<caption>Summary, Level \(chapter.level.rawValue)</caption>",
        columns: ["Conformance Level"] + report.components.map(\.label),
        rows: ACRTerm.allCases.map { term in
          (term.label, counts.map { "\($0[term] ?? 0)" })
        })
      out += table(
        // Named by the heading above it, not a caption that says the same again.
        "<table class=\"criteria\" aria-labelledby=\"\(chapter.id)\">",
        columns: ["Criteria", "Conformance Level", "Remarks and Explanations"],
        rows: chapter.rows.map { row in
          let c = row.criterion
          let levels = report.components.compactMap { kind in
            row.adherence[kind].map {
              "<strong>\(kind.label):</strong> \($0.term.label)"
            }
          }
          let remarks = report.components.compactMap { kind in
            row.adherence[kind].flatMap {
              $0.remarks.isEmpty
                ? nil
                : "<p><strong>\(kind.label):</strong> \(linkedRemarks(report, quoted, $0.remarks))</p>"
            }
          }
          return (
            "<a href=\"\(escape(c.understanding))\">\(c.number) \(escape(c.handle))</a> (Level \(c.level.rawValue)\(c.obsolete ? ", obsolete" : ""))",
            [levels.joined(separator: "<br>"), remarks.joined()]
          )
        })
      _ = index
    }
    var heading = ""
    for chapter in report.provisionChapters {
      if chapter.reportHeading != heading {
        heading = chapter.reportHeading
        out += "<h2>\(escape(heading))</h2>\n"
      }
      out += "<h3 id=\"\(chapter.id)\">\(escape(chapter.label))</h3>\n"
      if !chapter.notes.isEmpty {
        out += "<p>Notes: \(escape(chapter.notes))</p>\n"
      }
      if let whole = chapter.whole {
        out +=
          "<p>\(linkedRemarks(report, quoted, ACRReport.wholeLine(whole)))</p>\n"
        continue
      }
      if chapter.rows.isEmpty { continue }
      out += table(
        "<table class=\"criteria\" aria-labelledby=\"\(chapter.id)\">",
        columns: ["Criteria", "Conformance Level", "Remarks and Explanations"],
        rows: chapter.rows.map { row in
          row.heading
            ? (
              "<strong>\(escape(row.provision.id)) \(escape(row.provision.handle))</strong>",
              [ProvisionStandard.headingCell, ""]
            )
            : (
              "\(escape(row.provision.id)) \(escape(row.provision.handle))",
              [
                row.adherence.term.label,
                linkedRemarks(report, quoted, row.adherence.remarks),
              ]
            )
        })
    }
    if !report.unmappedFindings.isEmpty {
      out +=
        "<h2>\(ACRReport.unmappedHeading)</h2>\n<p>Failed or uncertain rows of the audit that name no WCAG success criterion; a final report needs each mapped.</p>\n"
        + table(
          "<table class=\"criteria\">\n<caption>\(ACRReport.unmappedHeading)</caption>",
          columns: ["Row", "Check", "Result", "Notes"],
          rows: report.unmappedFindings.map { row in
            (
              escape(row.place),
              [
                marked(report, quoted, row.what, escape), row.findingLabel,
                marked(report, quoted, row.notes, escape),
              ]
            )
          })
    }
    if !report.scope.units.isEmpty {
      out +=
        "<h2 id=\"coverage\">\(ACRScope.coverageHeading)</h2>\n"
        + table(
          "<table class=\"summary\" aria-labelledby=\"coverage\">",
          columns: ["Component", "Platform", "Checks evaluated"],
          rows: report.scope.units.map { unit in
            (
              marked(report, quoted, unit.component, escape),
              [escape(unit.platform), "\(unit.evaluated) of \(unit.rows)"]
            )
          })
    }
    if !s.legalDisclaimer.isEmpty {
      out += "<h2>Legal Disclaimer</h2>\n<p>\(escape(s.legalDisclaimer))</p>\n"
    }
    out +=
      "<p>Made by criteria \(escape(report.toolVersion)).</p>\n</main>\n</body>\n</html>\n"
    return out
  }

  static func escape(_ text: String) -> String { HTMLEscape.text(text) }

  /// Remarks as HTML, each ticket key with a known page a link to it, and each phrase of the documents
  /// or notes in their language (`marked`).
  static func linkedRemarks(
    _ report: ACRReport, _ quoted: ACRQuoted?, _ remarks: String
  ) -> String {
    marked(report, quoted, remarks) {
      report.linked(
        $0, escape: escape,
        link: { "<a href=\"\(escape($1))\">\(escape($0))</a>" })
    }
  }

  /// Text as HTML through `html`, each phrase `quoted` finds in it inside a `<span lang>` of its
  /// language (and `dir="rtl"` where it is written so); `quoted` is nil when the documents and notes are
  /// in the page's English.
  static func marked(
    _ report: ACRReport, _ quoted: ACRQuoted?, _ text: String,
    _ html: (String) -> String
  ) -> String {
    guard let quoted else { return html(text) }
    return quoted.pieces(text).map {
      guard let language = $0.language else { return html($0.text) }
      return
        "<span\(ContentLanguage.attribute(language))>\(html($0.text))</span>"
    }.joined()
  }

  static let style = """
      body { margin: 2rem auto; max-width: 72rem; padding: 0 1rem; }
      table { margin: 1rem 0 2rem; }
      caption { font-size: 1.15rem; padding: 0.5rem 0; }
      th, td { padding: 0.4rem 0.6rem; }
      td p { margin: 0 0 0.4rem; }
      td p:last-child { margin-bottom: 0; }
      .criteria th[scope="row"] { width: 28%; font-weight: 400; }
      .criteria td:nth-of-type(1) { width: 18%; }
      .summary { width: auto; min-width: 24rem; }
      a:hover { outline: 2px solid #0b57d0; outline-offset: 2px; }
      dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
      dt { font-weight: 700; }
      .draft-mark { display: inline-block; border: 2px solid #a50e0e; color: #a50e0e; font-weight: 700;
        padding: 0.25rem 0.5rem; }
      .draft-watermark { display: none; position: fixed; top: 40%; left: 18%; font-size: 6rem;
        font-weight: 700; color: rgba(165, 14, 14, 0.12); transform: rotate(-30deg); pointer-events: none; }
      @media print { body { margin: 0; max-width: none; } tr { break-inside: avoid; }
        .draft-watermark { display: block; } }
    """
}
