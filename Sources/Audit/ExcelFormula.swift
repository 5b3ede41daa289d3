/// Text inside a spreadsheet formula: the one way criteria quotes a string literal in a formula.
public enum ExcelFormula {
  /// `text` as a formula string literal: between double quotes, each quote doubled.
  public static func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
