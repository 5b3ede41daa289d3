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
}
