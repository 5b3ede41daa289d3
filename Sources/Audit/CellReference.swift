/// A1-style cell references, bounded by Excel's limits: the one owner of column letters.
public enum CellReference {
  /// Excel's limits: columns A to XFD, rows 1 to 1,048,576.
  public static let maximumColumns = 16_384
  public static let rows = 1...1_048_576

  /// A row's number: its `r` when it has one, else one past the row before, the first row 1.
  ///
  /// A row's `r` is optional (ECMA-376 Part 1, §18.3.1.73); the reader and the copies number rows by this rule.
  static func row(_ given: Int?, after previous: Int?) -> Int {
    given ?? (previous.map { $0 + 1 } ?? 1)
  }

  /// The zero-based column of `L12` (11), or nil when there are no letters or they pass XFD.
  public static func column(_ reference: String) -> Int? {
    var column = 0
    var letters = 0
    for scalar in reference.unicodeScalars {
      guard
        scalar.value >= 65 && scalar.value <= 90
          || scalar.value >= 97 && scalar.value <= 122
      else { break }
      letters += 1
      guard letters <= 3 else { return nil }
      column = column * 26 + Int((scalar.value & ~0x20) - 64)
    }
    return letters == 0 || column > maximumColumns ? nil : column - 1
  }

  /// The zero-based column and the row of `L12` (11, 12), or nil when it is no cell reference within
  /// Excel's limits.
  public static func cell(_ reference: String) -> (column: Int, row: Int)? {
    let digits = reference.drop { !$0.isASCII || !$0.isNumber }
    guard let column = column(reference),
      reference.count - digits.count <= 3, let row = Int(digits),
      rows.contains(row)
    else { return nil }
    return (column, row)
  }

  /// The letters of a zero-based column: 0 → A, 26 → AA.
  public static func letters(_ column: Int) -> String {
    var n = column + 1
    var letters = ""
    while n > 0 {
      let remainder = (n - 1) % 26
      letters = String(UnicodeScalar(UInt8(65 + remainder))) + letters
      n = (n - 1) / 26
    }
    return letters
  }
}
