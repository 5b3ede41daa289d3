import CriteriaModel

/// A document's bytes decoded as UTF-8 and split into numbered lines.
struct DocumentText: Sendable {
  let path: String
  let lines: [SourceLine]
  /// Warnings for what was mended while decoding: control characters, stray code fences.
  private(set) var repairs: [Diagnostic] = []

  /// Decodes `bytes`; a file that is empty or not UTF-8 is an error naming the first bad line.
  init(path: String, bytes: [UInt8]) throws(ReadError) {
    self.path = path
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    ) {
      throw ReadError(SourceLocation(file: path, line: 0), "the file is empty")
    }
    if let bad = Self.firstInvalidUTF8Line(bytes) {
      throw ReadError(
        SourceLocation(file: path, line: bad),
        "the file is not UTF-8 text; save it as UTF-8 and try again")
    }
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    var lines: [SourceLine] = []
    var controlLines: [Int] = []
    lines.reserveCapacity(body.count / 40)
    var number = 0
    var start = body.startIndex
    // Split on bytes: Character-based splitting was the readers' slowest step.
    while start <= body.endIndex {
      let newline = body[start...].firstIndex(of: 0x0A) ?? body.endIndex
      var end = newline
      if end > start, body[end - 1] == 0x0D { end -= 1 }
      number += 1
      var line = String(decoding: body[start..<end], as: UTF8.self)
      if body[start..<end].contains(where: Self.isControl) {
        // NUL cuts C strings (and so XLSX cells) short; escape sequences would reach the terminal.
        line = String(
          String.UnicodeScalarView(
            line.unicodeScalars.map { Self.isControl($0) ? "\u{FFFD}" : $0 }))
        controlLines.append(number)
      }
      lines.append(SourceLine(number: number, text: line))
      start = newline + 1
    }
    let stray = Self.strayFenceOpenings(lines)
    for index in stray {
      lines[index] = SourceLine(number: lines[index].number, text: "")
    }
    self.lines = lines
    if let first = controlLines.first {
      repairs.append(
        Diagnostic(
          .warning, SourceLocation(file: path, line: first),
          "control characters (such as NUL or ESC) on \(controlLines.count) line\(controlLines.count == 1 ? "" : "s") were replaced by \u{FFFD}"
        ))
    }
    for index in stray {
      repairs.append(
        Diagnostic(
          .warning, SourceLocation(file: path, line: lines[index].number),
          "this code fence is never closed (or only after a later ## section); it is ignored, and the lines after it are read"
        ))
    }
  }

  private static func isControl(_ byte: UInt8) -> Bool {
    byte < 0x20 && byte != 0x09 && byte != 0x0D || byte == 0x7F
  }
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar.value != 0x09 && scalar.value != 0x0D)
      || (0x7F...0x9F).contains(scalar.value)
  }

  /// Indices of fence openings that do not hold code.
  ///
  /// Those are fences never closed, or (three-character fences, where authors' mistakes are) closed
  /// only after a line that is a known `##` section heading; a stray fence would otherwise swallow every
  /// section after it. A closed fence of four or more characters is code, whole, whatever it holds:
  /// that is what longer fences are for (an example document inside one).
  static func strayFenceOpenings(_ lines: [SourceLine]) -> [Int] {
    var stray = Set<Int>()
    var found = true
    while found {
      found = false
      var fence = CodeFence()
      var opening: Int?
      var crossesHeading = false
      for (index, line) in lines.enumerated() where !stray.contains(index) {
        let wasOpen = fence.isOpen
        fence.observe(line)
        if !wasOpen && fence.isOpen {
          opening = index
          crossesHeading = false
        } else if wasOpen && fence.isOpen {
          if fence.length == 3, line.indent < 4, line.trimmed.hasPrefix("## "),
            SectionKind.classify(
              MarkdownSection.cleanHeading(line.trimmed.dropFirst(3)))?.exact
              == true
          {
            crossesHeading = true
          }
        } else if wasOpen && !fence.isOpen, crossesHeading, let opening {
          stray.insert(opening)
          found = true
          break
        }
      }
      if !found, fence.isOpen, let opening {
        stray.insert(opening)
        found = true
      }
    }
    return stray.sorted()
  }

  func location(_ line: Int) -> SourceLocation {
    SourceLocation(file: path, line: line)
  }

  /// The 1-based line of the first byte sequence that is not valid UTF-8, or nil.
  static func firstInvalidUTF8Line(_ bytes: [UInt8]) -> Int? {
    var line = 1
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      if b == 0x0A {
        line += 1
        i += 1
        continue
      }
      if b < 0x80 {
        i += 1
        continue
      }
      let length: Int
      switch b {
      case 0xC2...0xDF: length = 2
      case 0xE0...0xEF: length = 3
      case 0xF0...0xF4: length = 4
      default: return line
      }
      guard i + length <= bytes.count else { return line }
      for k in 1..<length where bytes[i + k] & 0xC0 != 0x80 { return line }
      let second = bytes[i + 1]
      if (b == 0xE0 && second < 0xA0) || (b == 0xED && second > 0x9F)
        || (b == 0xF0 && second < 0x90) || (b == 0xF4 && second > 0x8F)
      {
        return line
      }
      i += length
    }
    return nil
  }
}
