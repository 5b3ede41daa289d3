import Foundation

/// The checks a workbook part passes before any XML parser sees it.
///
/// SpreadsheetML parts never carry a document type declaration, so none is accepted: no DTD means
/// no entity can be declared, nothing is resolved and nothing is fetched, whatever the parser
/// underneath would do with one.
enum SafeXML {
  static func check(_ data: Data, file: String, part: String)
    throws(AuditError)
  {
    var none = NoXMLEvents()
    try check(data, file: file, part: part, reporting: &none)
  }

  /// Checks a part as `check` does and, in the same pass, reports its content to `events`.
  ///
  /// Events arrive as the scan goes: a part found damaged late may have reported its first rows before
  /// the error is thrown, so a caller keeps nothing it was told when this throws.
  static func check<Events: XMLEvents>(
    _ data: Data, file: String, part: String, reporting events: inout Events
  ) throws(AuditError) {
    let place = "\(file): the part \(part)"
    var bytes = [UInt8](data)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    guard let first = bytes.firstIndex(where: { !isSpace($0) }) else {
      throw AuditError("\(place) is empty; the workbook is damaged")
    }
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
      || bytes.contains(0)
    {
      throw AuditError(
        "\(place) is not UTF-8 XML (UTF-16 or binary); save the workbook again from Excel or LibreOffice"
      )
    }
    guard bytes[first] == UInt8(ascii: "<") else {
      throw AuditError("\(place) is not XML; the workbook is damaged")
    }
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw AuditError(
        "\(place) is not valid UTF-8; save the workbook again from Excel or LibreOffice"
      )
    }
    if let encoding = declaredEncoding(bytes),
      !["utf-8", "utf8"].contains(encoding.lowercased())
    {
      throw AuditError(
        "\(place) declares the encoding '\(encoding)'; criteria reads UTF-8 workbooks only"
      )
    }
    if contains(bytes, "<!DOCTYPE") || contains(bytes, "<!ENTITY") {
      throw AuditError(
        "\(place) has a document type declaration (<!DOCTYPE or <!ENTITY); workbooks never do, "
          + "and criteria never processes one: it is not read")
    }
    var scanner = XMLScanner(bytes: bytes, place: place)
    try scanner.scan(reporting: &events)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// The `encoding` of an `<?xml ... ?>` declaration at the start, if any.
  static func declaredEncoding(_ bytes: [UInt8]) -> String? {
    guard bytes.starts(with: Array("<?xml".utf8)) else { return nil }
    let end =
      bytes.prefix(512).firstIndex(of: UInt8(ascii: ">"))
      ?? min(bytes.count, 512)
    let declaration = String(decoding: bytes[..<end], as: UTF8.self)
    guard let range = declaration.range(of: "encoding") else { return nil }
    let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" }
    guard let quote = rest.first, quote == "\"" || quote == "'" else {
      return nil
    }
    return String(rest.dropFirst().prefix { $0 != quote })
  }

  static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
    let needle = Array(text.utf8)
    guard bytes.count >= needle.count else { return false }
    var index = 0
    while let found = bytes[index...].firstIndex(of: needle[0]) {
      if found + needle.count > bytes.count { return false }
      if bytes[found..<found + needle.count].elementsEqual(needle) {
        return true
      }
      index = found + 1
    }
    return false
  }
}

/// The well-formedness scan behind `SafeXML.check`, reporting what it reads.
///
/// Foundation's XML parser on Linux recovers from
/// broken documents (a sheet cut in half reads as the rows before the cut) and prints libxml2's complaints
/// on stderr, so every part is checked here first: every tag closed in order, attributes as
/// `name="value"` once each, no `<` in values, only the five predefined entities and character
/// references, one root element, and no markup cut off. What it finds it reports as it goes, so a reader
/// needs no second pass (nor a document tree).
private struct XMLScanner {
  let bytes: [UInt8]
  let place: String
  var index = 0
  /// The attributes of the tag being read, kept between tags so no tag allocates.
  var attributes: XMLAttributes

  init(bytes: [UInt8], place: String) {
    self.bytes = bytes
    self.place = place
    attributes = XMLAttributes(bytes: bytes)
  }

  func fail(_ what: String) -> AuditError {
    AuditError(
      "\(place) is not well-formed XML (\(what)); the workbook is damaged or was cut short"
    )
  }

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  func starts(_ text: String, at position: Int) -> Bool {
    bytes[position...].starts(with: text.utf8)
  }

  mutating func skip(past terminator: String) throws(AuditError) {
    let needle = Array(terminator.utf8)
    while index + needle.count <= bytes.count {
      if bytes[index] == needle[0]
        && bytes[index..<index + needle.count].elementsEqual(needle)
      {
        index += needle.count
        return
      }
      index += 1
    }
    throw fail("'\(terminator)' missing")
  }

  /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#123;` or `&#x1F;` at `index`; moves past it.
  mutating func reference() throws(AuditError) {
    guard let end = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";"))
    else { throw fail("a bare '&'") }
    let name = bytes[(index + 1)..<end]
    let known = ["amp", "lt", "gt", "quot", "apos"].contains {
      name.elementsEqual($0.utf8)
    }
    let decimal =
      name.first == UInt8(ascii: "#") && name.count > 1
      && name.dropFirst().allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    let hex =
      name.starts(with: "#x".utf8) && name.count > 2
      && name.dropFirst(2).allSatisfy {
        ($0 >= 0x30 && $0 <= 0x39)
          || (($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x66)
      }
    guard known || decimal || hex else {
      throw fail(
        "the entity '&\(String(decoding: name, as: UTF8.self).prefix(20));' is not defined"
      )
    }
    if decimal || hex {
      // XML 1.0 §4.1, well-formedness constraint Legal Character: a reference names a character XML
      // allows (never NUL, another control character, a surrogate, U+FFFE or U+FFFF).
      let digits = String(decoding: name.dropFirst(hex ? 2 : 1), as: UTF8.self)
      guard let value = UInt32(digits, radix: hex ? 16 : 10),
        Self.isLegal(value)
      else {
        throw fail(
          "the reference '&\(String(decoding: name, as: UTF8.self).prefix(20));' names a character XML does not allow"
        )
      }
    }
    index = end + 1
  }

  mutating func scan<Events: XMLEvents>(reporting events: inout Events)
    throws(AuditError)
  {
    if let control = bytes.first(where: { $0 < 0x20 && !Self.isSpace($0) }) {
      throw fail(
        "the control character 0x\(String(control, radix: 16)), which XML does not allow"
      )
    }
    // U+FFFE and U+FFFF (UTF-8 EF BF BE and EF BF BF) are not XML characters either.
    var lead = bytes.startIndex
    while let found = bytes[lead...].firstIndex(of: 0xEF) {
      if found + 2 < bytes.count, bytes[found + 1] == 0xBF,
        bytes[found + 2] == 0xBE || bytes[found + 2] == 0xBF
      {
        throw fail(
          "the character U+\(bytes[found + 2] == 0xBE ? "FFFE" : "FFFF"), which XML does not allow"
        )
      }
      lead = found + 1
    }
    if starts("<?xml", at: index) {
      guard let end = bytes.firstIndex(of: UInt8(ascii: ">")),
        bytes[end - 1] == UInt8(ascii: "?"),
        !bytes[1..<end].contains(UInt8(ascii: "<")),
        String(decoding: bytes[5..<end], as: UTF8.self).trimmingCharacters(
          in: .whitespaces
        ).hasPrefix("version=")
      else { throw fail("a malformed XML declaration") }
    }
    var open: [ArraySlice<UInt8>] = []
    var roots = 0
    var textStart: Int?
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "&") {
        if open.isEmpty { throw fail("text outside the root element") }
        if textStart == nil { textStart = index }
        try reference()
        continue
      }
      guard byte == UInt8(ascii: "<") else {
        if open.isEmpty && !Self.isSpace(byte) {
          throw fail("text outside the root element")
        }
        if byte == UInt8(ascii: "]"), starts("]]>", at: index) {
          throw fail("']]>' in text")
        }
        if textStart == nil, !open.isEmpty { textStart = index }
        index += 1
        continue
      }
      if let start = textStart {
        events.text(bytes[start..<index], cdata: false)
        textStart = nil
      }
      let next = index + 1 < bytes.count ? bytes[index + 1] : 0
      if next == UInt8(ascii: "?") {
        index += 2
        guard !name().isEmpty else {
          throw fail("a processing instruction without a target")
        }
        try skip(past: "?>")
      } else if next == UInt8(ascii: "!") {
        if starts("<!--", at: index) {
          try skip(past: "-->")
        } else if starts("<![CDATA[", at: index) {
          guard !open.isEmpty else {
            throw fail("text outside the root element")
          }
          let contentStart = index + 9
          try skip(past: "]]>")
          events.text(bytes[contentStart..<(index - 3)], cdata: true)
        } else {
          throw fail("a declaration")
        }
      } else {
        let (name, closing, selfClosing) = try tag()
        if closing {
          guard let last = open.popLast(), last.elementsEqual(name) else {
            throw fail(
              "</\(String(decoding: name, as: UTF8.self).prefix(40))> closes nothing open"
            )
          }
          try events.end()
          if events.finished { return }
        } else {
          if open.isEmpty {
            roots += 1
            guard roots == 1 else { throw fail("more than one root element") }
          }
          try events.start(name, attributes: attributes)
          if selfClosing {
            try events.end()
            if events.finished { return }
          } else {
            open.append(name)
          }
        }
      }
    }
    guard roots == 1 else { throw fail("no root element") }
    guard open.isEmpty else {
      throw fail(
        "<\(String(decoding: open[open.count - 1], as: UTF8.self).prefix(40))> is never closed"
      )
    }
  }

  /// Reads a start or end tag at `index` with its attributes (into `attributes`); returns its name and
  /// kind.
  mutating func tag() throws(AuditError) -> (
    name: ArraySlice<UInt8>, closing: Bool, selfClosing: Bool
  ) {
    let closing =
      index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")
    index += closing ? 2 : 1
    let name = self.name()
    guard !name.isEmpty else { throw fail("a tag without a name") }
    attributes.spans.removeAll(keepingCapacity: true)
    while true {
      var spaced = false
      while index < bytes.count, Self.isSpace(bytes[index]) {
        spaced = true
        index += 1
      }
      guard index < bytes.count else { throw fail("a tag cut off") }
      if bytes[index] == UInt8(ascii: ">") {
        index += 1
        return (name, closing, false)
      }
      if bytes[index] == UInt8(ascii: "/"), !closing, index + 1 < bytes.count,
        bytes[index + 1] == UInt8(ascii: ">")
      {
        index += 2
        return (name, false, true)
      }
      guard spaced, !closing else {
        throw fail(
          "a malformed tag <\(String(decoding: name, as: UTF8.self).prefix(40))>"
        )
      }
      let nameStart = index
      let attribute = self.name()
      guard !attribute.isEmpty else {
        throw fail(
          "a malformed attribute in <\(String(decoding: name, as: UTF8.self).prefix(40))>"
        )
      }
      guard
        !attributes.spans.contains(where: {
          bytes[$0.name].elementsEqual(attribute)
        })
      else {
        throw fail(
          "the attribute \(String(decoding: attribute, as: UTF8.self).prefix(40)) is given twice"
        )
      }
      while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
      guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
        throw fail("an attribute without a value")
      }
      index += 1
      while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
      guard index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27
      else { throw fail("an attribute value without quotes") }
      let quote = bytes[index]
      index += 1
      let valueStart = index
      while index < bytes.count, bytes[index] != quote {
        if bytes[index] == UInt8(ascii: "<") {
          throw fail("'<' in an attribute value")
        }
        if bytes[index] == UInt8(ascii: "&") {
          try reference()
        } else {
          index += 1
        }
      }
      guard index < bytes.count else { throw fail("a tag cut off") }
      if attribute.starts(with: "xmlns".utf8),
        !Self.isNamespaceURI(bytes[valueStart..<index])
      {
        throw fail("a namespace name that is not a URI")
      }
      attributes.spans.append(
        (nameStart..<(nameStart + attribute.count), valueStart..<index))
      index += 1
    }
  }
  /// Whether XML 1.0 allows a character (its production `Char`).
  static func isLegal(_ value: UInt32) -> Bool {
    value == 0x9 || value == 0xA || value == 0xD
      || (0x20...0xD7FF).contains(value)
      || (0xE000...0xFFFD).contains(value)
      || (0x10000...0x10FFFF).contains(value)
  }

  /// A URI as libxml2 checks namespace names: URI characters only, and a scheme of a letter then letters,
  /// digits, `+`, `-` or `.` when there is a `:`.
  static func isNamespaceURI(_ value: ArraySlice<UInt8>) -> Bool {
    let allowed = Set(
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%"
        .utf8)
    guard value.allSatisfy(allowed.contains) else { return false }
    guard let colon = value.firstIndex(of: UInt8(ascii: ":")) else {
      return true
    }
    let scheme = value[value.startIndex..<colon]
    guard let first = scheme.first,
      (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A
    else { return false }
    return scheme.allSatisfy {
      ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || ($0 >= 0x30 && $0 <= 0x39)
        || "+-.".utf8.contains($0)
    }
  }

  /// An XML name at `index` (letters, digits and `_:.-`, or any non-ASCII byte); moves past it.
  mutating func name() -> ArraySlice<UInt8> {
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      let isNameByte =
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39)
        || (byte >= 0x41 && byte <= 0x5A)
        || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_")
        || byte == UInt8(ascii: ":")
        || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
      // A name starts with a letter, '_', ':' or a non-ASCII character, never a digit, '.' or '-'.
      let isStart =
        byte >= 0x80 || (byte >= 0x41 && byte <= 0x5A)
        || (byte >= 0x61 && byte <= 0x7A)
        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
      guard isNameByte, index > start || isStart else { break }
      index += 1
    }
    return bytes[start..<index]
  }
}
