/// Keeps spreadsheet programs from running text as a formula (CSV/formula injection, OWASP):
/// text that starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading apostrophe.
public enum FormulaGuard {
  /// Whether a spreadsheet would treat `text` as a formula or command.
  public static func isRisky(_ text: String) -> Bool {
    guard let first = text.utf8.first else { return false }
    return first == UInt8(ascii: "=") || first == UInt8(ascii: "+")
      || first == UInt8(ascii: "-")
      || first == UInt8(ascii: "@") || first == 0x09 || first == 0x0D
  }

  /// The text made safe to open in a spreadsheet.
  public static func neutralise(_ text: String) -> String {
    isRisky(text) ? "'" + text : text
  }

  /// The text a CSV cell held before `neutralise`: its apostrophe dropped where one stands before what
  /// a spreadsheet would run (a tester's "- focus lost" reads as written, not "'- focus lost").
  ///
  /// A spreadsheet saving a CSV writes the text a cell shows, never such an apostrophe, so only the
  /// guard puts one there.
  public static func restore(_ text: String) -> String {
    text.hasPrefix("'") && isRisky(String(text.dropFirst()))
      ? String(text.dropFirst()) : text
  }
}
