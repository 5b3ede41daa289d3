import Foundation

/// Text made safe inside HTML elements and attribute values: what a document or a tester wrote shows as
/// text, never as markup.
public enum HTMLEscape {
  /// `<`, `>`, `&`, `"` and `'` as character references.
  public static func text(_ text: String) -> String {
    // Most text needs nothing: checked over its bytes (the five are ASCII, and no UTF-8 sequence of
    // another character contains an ASCII byte), and escaped byte by byte when it does. By bytes, a
    // quote followed by a combining mark is escaped too (as a Character it compared unequal to `"`).
    let special: (UInt8) -> Bool = {
      $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0x22 || $0 == 0x27
    }
    guard text.utf8.contains(where: special) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 16)
    for byte in text.utf8 {
      switch byte {
      case 0x3C: bytes += Array("&lt;".utf8)
      case 0x3E: bytes += Array("&gt;".utf8)
      case 0x26: bytes += Array("&amp;".utf8)
      case 0x22: bytes += Array("&quot;".utf8)
      case 0x27: bytes += Array("&#39;".utf8)
      default: bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension HTMLEscape {
  /// Text for XML (and XHTML-safe HTML): the characters XML 1.0 cannot hold, even as references
  /// (controls other than tab and line breaks, U+FFFE, U+FFFF), become U+FFFD, then `text`'s entities.
  public static func xml(_ value: String) -> String {
    text(
      String(
        String.UnicodeScalarView(
          value.unicodeScalars.map { scalar in
            OOXMLText.needsEscape(scalar) ? "\u{FFFD}" : scalar
          })))
  }
}

/// The start of every self-contained page criteria writes (the ACR, the report, the test plan).
public enum HTMLPage {
  /// What the three pages (the ACR, the report, the test plan) share, before each page's own `style`:
  /// text, tables and one focus outline, so the pages never disagree on how focus shows.
  public static let baseStyle = """
    body { font-family: system-ui, sans-serif; line-height: 1.45; color: #1a1a1a; background: #fff; overflow-wrap: break-word; }
    table { border-collapse: collapse; width: 100%; }
    caption { text-align: left; font-weight: 700; }
    th, td { border: 1px solid #767676; padding: 0.3rem 0.5rem; text-align: start; vertical-align: top; }
    thead th { background: #f0f0f0; }
    a { color: #0b57d0; }
    a:focus, select:focus, input:focus, button:focus { outline: 3px solid #0b57d0; outline-offset: 2px; }
    @media print { a { color: inherit; } }
    """

  /// The doctype, `lang`, charset, viewport, Content-Security-Policy `policy` (criteria's own text, written
  /// as is), `title`, the shared `baseStyle` then the page's own `style`, and the opening `<body>` tag.
  public static func start(title: String, policy: String, style: String)
    -> String
  {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta http-equiv="Content-Security-Policy" content="\(policy)">
    <title>\(HTMLEscape.text(title))</title>
    <style>
    \(baseStyle)
    \(style)
    </style>
    </head>
    <body>

    """
  }
}

/// Escapes text for the inside of a JSON string literal.
public enum JSONEscape {
  /// `text` with quotes, backslashes and control characters escaped, without the surrounding quotes.
  public static func string(_ text: String) -> String {
    BackslashEscape.apply(text) { value in
      value < 0x20 ? String(format: "\\u%04x", value) : nil
    }
  }
}

/// The backslash escapes JSON strings and YAML double-quoted scalars share: quote, backslash and the
/// common controls by name, other scalars as `escape` says (nil: as they are).
enum BackslashEscape {
  static func apply(_ text: String, escape: (UInt32) -> String?) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if let escaped = escape(scalar.value) {
          out += escaped
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}

/// Text made literal in Markdown: its special characters backslash-escaped, `<` and `&` as entities.
public enum MarkdownEscape {
  /// `text` that renders as itself.
  public static func text(_ value: String) -> String {
    var out = ""
    for character in value {
      switch character {
      case "<": out += "&lt;"
      case "&": out += "&amp;"
      case "\\", "`", "*", "_", "[", "]", "|", "#": out += "\\\(character)"
      default: out.append(character)
      }
    }
    return out
  }

  /// An address as a link destination that stays one, in a table cell too: spaces, angle brackets,
  /// parentheses, pipes, backslashes and backticks percent-encoded.
  public static func destination(_ url: String) -> String {
    var out = ""
    for scalar in url.unicodeScalars {
      if " <>()|\\`".unicodeScalars.contains(scalar) {
        out += String(format: "%%%02X", scalar.value)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// `text` that renders as itself inside one cell of a GitHub-flavoured table: line breaks as `<br>`.
  public static func cell(_ value: String) -> String {
    text(value).replacingOccurrences(of: "\r\n", with: "<br>")
      .replacingOccurrences(of: "\n", with: "<br>")
      .replacingOccurrences(of: "\r", with: "<br>")
  }
}

/// Text as a YAML double-quoted scalar, which can carry every character.
///
/// What YAML does not allow printed (C0 and C1 controls, DEL, U+FFFE, U+FFFF; and the line separators
/// U+2028, U+2029) is written as an escape (`\x1B`, `\x9B`, `\uFFFE`).
public enum YAMLEscape {
  /// `text` between double quotes: always a string, whatever it looks like.
  public static func doubleQuoted(_ text: String) -> String {
    let body = BackslashEscape.apply(text) { value in
      if value < 0x20 || (0x7F...0x9F).contains(value) {
        return String(format: "\\x%02X", value)
      }
      if [0xFFFE, 0xFFFF, 0x2028, 0x2029].contains(value) {
        return String(format: "\\u%04X", value)
      }
      return nil
    }
    return "\"" + body + "\""
  }
}
