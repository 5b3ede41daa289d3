import Audit
import CriteriaModel

/// How every value of a defined file exporter is escaped before the template places it, so that no check
/// text can break the file or inject a formula.
public enum ValueEscape: String, Sendable, CaseIterable {
  /// RFC 4180 quoting and the formula guard, exactly as the checklist's CSV writer does them (a value
  /// with a comma, quote, line break, or a space at either end is quoted, quotes doubled).
  case csv
  /// JSON string escapes, without the surrounding quotes (the template writes them).
  case json
  /// XML entities.
  case xml
  /// HTML entities.
  case html
  /// Markdown's special characters made literal, and `<` and `&` as entities.
  case markdown
  /// Nothing: the template's author takes care.
  case none

  public func apply(_ text: String) -> String {
    switch self {
    case .csv:
      // The checklist's own CSV writer: one quoting and one formula guard for every CSV criteria writes.
      var field: [UInt8] = []
      CSVWriter().appendField(text, first: true, to: &field)
      return String(decoding: field, as: UTF8.self)
    case .json:
      return JSONEscape.string(text)
    case .xml, .html:
      return HTMLEscape.xml(text)
    case .markdown:
      return MarkdownEscape.text(text)
    case .none:
      return text
    }
  }
}
