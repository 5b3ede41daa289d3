import Audit
import CriteriaModel
import Foundation

/// `criteria diff`'s formats: Markdown for a release note or a pull request, HTML in the report's style,
/// JSON for scripts.
extension AuditDiff {
  /// The formats a diff is written in.
  public enum Format: String, Sendable, CaseIterable {
    case markdown, html, json
  }

  /// The buckets a person reads first; unchanged rows are counted, never listed.
  static let listed: [Bucket] = [
    .regression, .newFailure, .fix, .failureNotApplicable, .stillFailing,
    .newlyUntested, .resultChanged, .added, .retired,
  ]

  /// The diff in `format`; the HTML page marks the audits' own text and the testers' notes with
  /// their `languages`, when they are not English.
  public func render(
    _ format: Format, old: String, new: String,
    languages: TextLanguages = TextLanguages()
  ) -> String {
    switch format {
    case .markdown: markdown(old: old, new: new)
    case .html: html(old: old, new: new, languages: languages)
    case .json: json(old: old, new: new)
    }
  }

  func counts() -> [(Bucket, Int)] {
    Bucket.allCases.map { bucket in (bucket, rows(bucket).count) }
  }

  /// The listed rows' columns, in both tables' order.
  static let rowHeader = [
    "Component", "Platform", "Test", "Check", "Result", "Severity", "Notes",
    "ID",
  ]

  /// The conformance changes' columns.
  static let conformanceHeader = [
    "Criterion", "Product type", "Before", "After",
  ]

  /// A row's severity: the new one, else the old.
  static func severity(_ change: Change) -> String {
    change.newSeverity ?? change.oldSeverity ?? ""
  }

  /// What follows "A is B now" for a component whose document moved or was renamed.
  static func movedText(_ move: ComponentMove) -> String {
    " (its document moved or was renamed): "
      + Counted.phrase(move.rows.count, "row")
      + " compared with the same checks under the old id."
  }

  /// A conformance level as the tables show it; nil when no row tested the criterion on that side: Not
  /// enough evidence, the words the workbook, the report and the ACR's draft use.
  static func level(_ level: String?) -> String {
    level ?? "Not enough evidence"
  }

  /// A Markdown table's header and separator lines.
  static func markdownHeader(_ titles: [String]) -> String {
    "| \(titles.joined(separator: " | ")) |\n|"
      + String(repeating: " --- |", count: titles.count) + "\n"
  }

  /// An HTML table's head.
  static func htmlHeader(_ titles: [String]) -> String {
    "<thead><tr>"
      + titles.map { "<th scope=\"col\">\($0)</th>" }.joined()
      + "</tr></thead>\n"
  }

  /// What the conformance changes count besides the checklist rows, or nil.
  var retiredText: String? {
    let (old, new) = retiredFindings
    guard old + new > 0 else { return nil }
    return
      "Counted with the checklist rows, as the ACR counts them: the findings among the rows a refresh "
      + "retired (\(old) in the earlier audit, \(new) in the later one)."
  }

  static func result(_ change: Change) -> String {
    let was = change.old.map { $0.isEmpty ? "blank" : $0 } ?? "none"
    let now = change.new.map { $0.isEmpty ? "blank" : $0 } ?? "none"
    return "\(was) → \(now)"
  }

  // MARK: Markdown

  func markdown(old: String, new: String) -> String {
    func cell(_ text: String) -> String { MarkdownEscape.cell(text) }
    var out = "# \(MarkdownEscape.text(title))\n\n"
    out +=
      fromTo(old: old, new: new, text: MarkdownEscape.text) { "`\($0)`" }
      + "\n\n"
    out += "**\(MarkdownEscape.text(headline))**\n\n"
    for move in moves {
      out +=
        "`\(move.from)` is `\(move.to)` now" + Self.movedText(move) + "\n\n"
    }
    out += "| Bucket | Rows |\n| --- | ---: |\n"
    for (bucket, count) in counts() {
      out += "| \(bucket.title) | \(count) |\n"
    }
    for bucket in Self.listed {
      let rows = rows(bucket)
      guard !rows.isEmpty else { continue }
      out += "\n## \(bucket.title) (\(rows.count))\n\n"
      out += Self.markdownHeader(Self.rowHeader)
      for row in rows {
        let check =
          cell(row.check)
          + (row.expectationChanged ? " (expectation changed)" : "")
        out +=
          "| \(cell(row.component)) | \(cell(row.platform)) | \(cell(row.test)) | \(check) | \(cell(Self.result(row))) | "
          + "\(cell(Self.severity(row))) | \(cell(row.notes)) | `\(row.id)` |\n"
      }
    }
    out += "\n## Conformance changes (\(conformance.count))\n\n"
    if let retired = retiredText { out += retired + "\n\n" }
    if conformance.isEmpty {
      out += "No success criterion changed level.\n"
    } else {
      out += Self.markdownHeader(Self.conformanceHeader)
      for change in conformance {
        out +=
          "| \(change.criterion) \(cell(change.name)) | \(change.productType) | "
          + "\(Self.level(change.old)) | \(Self.level(change.new)) |\n"
      }
    }
    return out
  }

  // MARK: HTML

  func html(
    old: String, new: String, languages: TextLanguages
  ) -> String {
    func e(_ text: String) -> String { HTMLEscape.text(text) }
    func m(_ text: String) -> String {
      ContentLanguage.mark(text, languages.documents)
    }
    // A check the later audit lacks says so in criteria's words (`AuditResultRow.lackingNote`), which are
    // not the notes' language.
    func notesCell(_ row: Change) -> String {
      row.notes == AuditResultRow.lackingNote
        ? ChangeNote.htmlCell("", added: row.notes, languages: languages)
        : ChangeNote.htmlCell(row.notes, languages: languages)
    }
    var out = HTMLPage.start(
      title: title,
      policy: "default-src 'none'; style-src 'unsafe-inline'",
      style: """
        main { max-width: 72rem; margin: 0 auto; padding: 1rem; }
        .counts { width: auto; }
        td.n { text-align: right; }
        code { overflow-wrap: anywhere; }
        """)
    out += "<main>\n<h1>\(e(title))</h1>\n"
    out +=
      "<p>" + fromTo(old: old, new: new, text: e) { "<code>\(e($0))</code>" }
      + "</p>\n"
    out += "<p><strong>\(e(headline))</strong></p>\n"
    for move in moves {
      out +=
        "<p><code>\(e(move.from))</code> is <code>\(e(move.to))</code> now"
        + e(Self.movedText(move)) + "</p>\n"
    }
    out += "<table class=\"counts\">\n<caption>Rows by bucket</caption>\n"
    out +=
      "<thead><tr><th scope=\"col\">Bucket</th><th scope=\"col\">Rows</th></tr></thead>\n<tbody>\n"
    for (bucket, count) in counts() {
      out +=
        "<tr><th scope=\"row\">\(e(bucket.title))</th><td class=\"n\">\(count)</td></tr>\n"
    }
    out += "</tbody>\n</table>\n"
    for bucket in Self.listed {
      let rows = rows(bucket)
      guard !rows.isEmpty else { continue }
      let id = "b-\(bucket.rawValue)"
      out +=
        "<section aria-labelledby=\"\(id)\">\n<h2 id=\"\(id)\">\(e(bucket.title)) (\(rows.count))</h2>\n"
      out += "<table>\n" + Self.htmlHeader(Self.rowHeader) + "<tbody>\n"
      for row in rows {
        let changed =
          row.expectationChanged ? " <em>(expectation changed)</em>" : ""
        out +=
          "<tr>\(ContentLanguage.cell(row.component, languages.documents))<td>\(e(row.platform))</td><td>\(e(row.test))</td><td>\(m(row.check))\(changed)</td>"
          + "<td>\(e(Self.result(row)))</td><td>\(e(Self.severity(row)))</td>"
          + notesCell(row) + "<td><code>\(e(row.id))</code></td></tr>\n"
      }
      out += "</tbody>\n</table>\n</section>\n"
    }
    out +=
      "<section aria-labelledby=\"b-conformance\">\n<h2 id=\"b-conformance\">Conformance changes (\(conformance.count))</h2>\n"
    if let retired = retiredText { out += "<p>\(e(retired))</p>\n" }
    if conformance.isEmpty {
      out += "<p>No success criterion changed level.</p>\n"
    } else {
      out +=
        "<table>\n" + Self.htmlHeader(Self.conformanceHeader) + "<tbody>\n"
      for change in conformance {
        out +=
          "<tr><th scope=\"row\">\(e(change.criterion)) \(e(change.name))</th><td>\(e(change.productType))</td>"
          + "<td>\(e(Self.level(change.old)))</td><td>\(e(Self.level(change.new)))</td></tr>\n"
      }
      out += "</tbody>\n</table>\n"
    }
    out += "</section>\n</main>\n</body>\n</html>\n"
    return out
  }

  // MARK: JSON

  struct Document: Encodable {
    var old: String
    var new: String
    var counts: [String: Int]
    var rows: [Change]
    var conformance: [ConformanceChange]
    var moves: [ComponentMove]
    /// How many findings among each audit's retired rows its conformance counts.
    var retiredFindings: [String: Int]
  }

  func json(old: String, new: String) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [
      .prettyPrinted, .sortedKeys, .withoutEscapingSlashes,
    ]
    let document = Document(
      old: old, new: new,
      counts: Dictionary(
        uniqueKeysWithValues: counts().map { ($0.0.rawValue, $0.1) }),
      rows: changes, conformance: conformance, moves: moves,
      retiredFindings: ["old": retiredFindings.old, "new": retiredFindings.new])
    let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
