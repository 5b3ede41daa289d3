/// Text inside a spreadsheet formula: the one way criteria quotes a string literal in a formula.
public enum ExcelFormula {
  /// `text` as a formula string literal: between double quotes, each quote doubled.
  public static func quoted(_ text: String) -> String {
    // Most texts hold no quote: skip the search-and-replace (the workbook quotes hundreds of thousands).
    guard text.utf8.contains(UInt8(ascii: "\"")) else {
      return "\"" + text + "\""
    }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
