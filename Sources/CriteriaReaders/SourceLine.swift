/// One line of a document with its 1-based number; the trimmed text and indentation are computed once.
struct SourceLine: Sendable {
  let number: Int
  let text: String
  /// The text without leading and trailing white space.
  let trimmed: String
  /// Columns of leading white space (a tab counts as four).
  let indent: Int

  init(number: Int, text: String) {
    self.number = number
    self.text = text
    self.trimmed = text.trimmingWhitespace()
    var n = 0
    for byte in text.utf8 {
      if byte == 0x20 { n += 1 } else if byte == 0x09 { n += 4 } else { break }
    }
    self.indent = n
  }

  var isBlank: Bool { trimmed.isEmpty }
}

extension StringProtocol {
  /// The string without leading and trailing spaces, tabs, line breaks and no-break spaces.
  ///
  /// Works on UTF-8 bytes: reading thousands of lines per document made the Unicode-property
  /// version the readers' hot spot.
  func trimmingWhitespace() -> String {
    let whole = Substring(self)
    let utf8 = whole.utf8
    var start = utf8.startIndex
    var end = utf8.endIndex
    while start < end {
      let byte = utf8[start]
      if isASCIISpace(byte) {
        start = utf8.index(after: start)
      } else if byte == 0xC2, utf8.index(after: start) < end,
        utf8[utf8.index(after: start)] == 0xA0
      {
        start = utf8.index(start, offsetBy: 2)
      } else {
        break
      }
    }
    while start < end {
      let last = utf8.index(before: end)
      if isASCIISpace(utf8[last]) {
        end = last
      } else if utf8[last] == 0xA0, last > start,
        utf8[utf8.index(before: last)] == 0xC2
      {
        end = utf8.index(before: last)
      } else {
        break
      }
    }
    return String(whole[start..<end])
  }
}

@inline(__always)
private func isASCIISpace(_ byte: UInt8) -> Bool {
  byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B
    || byte == 0x0C
}
