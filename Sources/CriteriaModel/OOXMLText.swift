/// Cell text in a workbook's XML (ECMA-376's ST_Xstring): a character XML 1.0 cannot hold (a C0 control
/// other than tab and line breaks, U+FFFE, U+FFFF) is written `_xHHHH_`, and an underscore that would
/// start such a sequence by accident is written `_x005F_`, so every reader gets back the exact text.
public enum OOXMLText {
  /// `text` with the characters XML cannot hold escaped.
  public static func escape(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { needsEscape($0) || $0 == "_" })
    else { return text }
    let scalars = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    for (index, scalar) in scalars.enumerated() {
      if needsEscape(scalar) {
        out.append(contentsOf: hex(scalar.value).unicodeScalars)
      } else if scalar == "_", startsEscape(scalars, at: index) {
        out.append(contentsOf: "_x005F_".unicodeScalars)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// Whether `_x` stands anywhere in the text: read as bytes, since Foundation's `contains` (a search
  /// through NSString) was a tenth of the time spent reading a large workbook.
  static func mayHoldEscape(_ text: String) -> Bool {
    var afterUnderscore = false
    for byte in text.utf8 {
      if afterUnderscore && byte == UInt8(ascii: "x") { return true }
      afterUnderscore = byte == UInt8(ascii: "_")
    }
    return false
  }

  /// The text an escaped cell stands for.
  public static func unescape(_ text: String) -> String {
    guard mayHoldEscape(text) else { return text }
    let scalars = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      if startsEscape(scalars, at: index),
        let value = UInt32(
          String(String.UnicodeScalarView(scalars[index + 2..<index + 6])),
          radix: 16),
        let scalar = Unicode.Scalar(value)
      {
        out.append(scalar)
        index += 7
      } else {
        out.append(scalars[index])
        index += 1
      }
    }
    return String(out)
  }

  /// Whether XML 1.0 cannot hold `scalar` (even as a character reference).
  public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r")
      || scalar.value == 0xFFFE || scalar.value == 0xFFFF
  }

  private static func startsEscape(_ scalars: [Unicode.Scalar], at index: Int)
    -> Bool
  {
    guard index + 6 < scalars.count, scalars[index] == "_",
      scalars[index + 1] == "x", scalars[index + 6] == "_"
    else { return false }
    return scalars[index + 2..<index + 6].allSatisfy {
      $0.properties.isASCIIHexDigit
    }
  }

  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "_x" + String(repeating: "0", count: max(0, 4 - digits.count))
      + digits + "_"
  }
}
