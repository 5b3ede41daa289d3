import CriteriaReaders
import Foundation

/// Talk to people on stderr; data goes to stdout.
enum Terminal {
  static func note(_ text: String) {
    FileHandle.standardError.write(Data((printable(text) + "\n").utf8))
  }

  /// The text with control characters (an escape sequence in a file name or a tracker's answer could
  /// otherwise clear or rewrite the user's terminal) shown as `\u{1B}`; line breaks and tabs stay.
  static func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\n" && scalar != "\t")
      || (0x7F...0x9F).contains(scalar.value)
  }

  static func report(_ diagnostics: [Diagnostic], warnings: Bool = true) {
    for d in diagnostics where warnings || d.severity == .error {
      note(d.description)
    }
  }

  static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}
