import Audit
import CriteriaModel

/// How every value of a defined file exporter is escaped before the template places it, so that no check
/// text can break the file or inject a formula.
public enum ValueEscape: String, Sendable, CaseIterable {
  /// RFC 4180 quoting (a value with a comma, quote or line break is quoted, quotes doubled) and the
  /// formula guard.
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
      let guarded =
        FormulaGuard.isRisky(text) ? FormulaGuard.neutralise(text) : text
      guard
        guarded.contains(where: {
          $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r"
        })
      else { return guarded }
      return "\"" + guarded.replacingOccurrences(of: "\"", with: "\"\"") + "\""
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
