import Foundation

/// What a scan reports, in document order, of a part it has found well-formed so far.
///
/// Text arrives raw, as it stands in the part: references unresolved and line ends as written
/// (`XMLText.decode` gives the text a parser would). Comments and processing instructions are not
/// reported; CDATA sections are, marked as such.
protocol XMLEvents {
  /// An element opens (a self-closing one is followed at once by `end`).
  mutating func start(_ name: ArraySlice<UInt8>, attributes: XMLAttributes)
    throws(AuditError)
  /// The innermost open element closes.
  mutating func end() throws(AuditError)
  /// Character data inside the root element.
  mutating func text(_ raw: ArraySlice<UInt8>, cdata: Bool)
  /// Whether the reader has read all it wants: the scan stops after the element that just closed,
  /// leaving the rest of the part unchecked.
  var finished: Bool { get }
}

extension XMLEvents {
  var finished: Bool { false }
}

/// A scan that only checks.
struct NoXMLEvents: XMLEvents {
  func start(_ name: ArraySlice<UInt8>, attributes: XMLAttributes) {}
  func end() {}
  func text(_ raw: ArraySlice<UInt8>, cdata: Bool) {}
}

/// The attributes of the element just opened, valid during `XMLEvents.start` only.
struct XMLAttributes {
  let bytes: [UInt8]
  var spans: [(name: Range<Int>, value: Range<Int>)] = []

  /// The raw value of an attribute by local name (`r:id` is found as `id`); namespace declarations are not
  /// attributes.
  func value(_ localName: String) -> ArraySlice<UInt8>? {
    for span in spans
    where XMLName.local(bytes[span.name]).elementsEqual(localName.utf8)
      && !bytes[span.name].starts(with: "xmlns".utf8)
    {
      return bytes[span.value]
    }
    return nil
  }

  /// The value of an attribute by local name, as a parser gives it.
  func string(_ localName: String) -> String? {
    value(localName).map { XMLText.decode($0, attribute: true) }
  }
}

/// Element and attribute names.
enum XMLName {
  /// A name without its prefix: `x:row` is `row` (SpreadsheetML producers differ in prefixes).
  static func local(_ name: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    guard let colon = name.firstIndex(of: UInt8(ascii: ":")) else {
      return name
    }
    return name[(colon + 1)...]
  }
}

/// Character data as an XML parser gives it.
enum XMLText {
  /// `raw` as text: references resolved, line ends normalised.
  ///
  /// The five predefined entities and character references are resolved (not in a CDATA
  /// section) and line ends normalised (CR LF and a lone CR become LF; in an attribute value, as XML 1.0
  /// §3.3.3 says, tab, CR and LF become a space). `raw` has passed the scan, so every reference in it is
  /// well-formed and known.
  static func decode(
    _ raw: ArraySlice<UInt8>, attribute: Bool = false, cdata: Bool = false
  ) -> String {
    let plain = !raw.contains {
      ($0 == UInt8(ascii: "&") && !cdata) || $0 == 0x0D
        || (attribute && ($0 == 0x09 || $0 == 0x0A))
    }
    if plain { return String(decoding: raw, as: UTF8.self) }
    var out: [UInt8] = []
    out.reserveCapacity(raw.count)
    var index = raw.startIndex
    while index < raw.endIndex {
      let byte = raw[index]
      switch byte {
      case UInt8(ascii: "&") where !cdata:
        let end =
          raw[index...].firstIndex(of: UInt8(ascii: ";")) ?? raw.endIndex
        append(reference: raw[(index + 1)..<end], to: &out)
        index = min(end + 1, raw.endIndex)
        continue
      case 0x0D:
        out.append(attribute ? 0x20 : 0x0A)
        if index + 1 < raw.endIndex, raw[index + 1] == 0x0A { index += 1 }
      case 0x09, 0x0A:
        out.append(attribute ? 0x20 : byte)
      default:
        out.append(byte)
      }
      index += 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static func append(
    reference name: ArraySlice<UInt8>, to out: inout [UInt8]
  ) {
    let scalar: Unicode.Scalar?
    switch String(decoding: name, as: UTF8.self) {
    case "amp": scalar = "&"
    case "lt": scalar = "<"
    case "gt": scalar = ">"
    case "quot": scalar = "\""
    case "apos": scalar = "'"
    case let number where number.hasPrefix("#x"):
      scalar = UInt32(number.dropFirst(2), radix: 16).flatMap(
        Unicode.Scalar.init)
    case let number where number.hasPrefix("#"):
      scalar = UInt32(number.dropFirst()).flatMap(Unicode.Scalar.init)
    default: scalar = nil
    }
    // A reference to no character (a surrogate, past U+10FFFF) stands as U+FFFD.
    out.append(contentsOf: String(scalar ?? "\u{FFFD}").utf8)
  }
}
