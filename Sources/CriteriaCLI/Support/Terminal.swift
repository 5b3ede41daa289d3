import CriteriaReaders
import Foundation
import Tickets

/// Talk to people on stderr; data goes to stdout.
enum Terminal {
  static func note(_ text: String) {
    let shown = printable(text)
    let lines = width.map { wrapped(shown, width: $0) } ?? shown
    FileHandle.standardError.write(Data((lines + "\n").utf8))
  }

  /// The width to wrap messages at: the terminal's, when stderr is one (a file or a pipe gets one
  /// line per message, for grep and for scripts).
  static let width: Int? = {
    guard stderrIsTerminal else { return nil }
    var size = winsize()
    if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 40 {
      return Int(size.ws_col)
    }
    return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init)
      .flatMap { $0 >= 40 ? $0 : nil } ?? 80
  }()

  /// `text` with each line longer than `width` broken at spaces, the continuation lines indented by
  /// four spaces; a word longer than the line stays whole.
  static func wrapped(_ text: String, width: Int) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      guard line.count > width else { return String(line) }
      var lines: [String] = []
      var current = ""
      for word in line.split(separator: " ", omittingEmptySubsequences: false) {
        let indent = lines.isEmpty ? "" : "    "
        if !current.isEmpty,
          indent.count + current.count + 1 + word.count > width
        {
          lines.append(indent + current)
          current = String(word)
        } else {
          current += (current.isEmpty ? "" : " ") + word
        }
      }
      lines.append((lines.isEmpty ? "" : "    ") + current)
      return lines.joined(separator: "\n")
    }.joined(separator: "\n")
  }

  /// `value` as the JSON a script reads on stdout: sorted keys, indented, slashes as they are; keys in
  /// snake_case where the command's output says so (`run`'s summary, `status`'s tickets).
  static func json(_ value: some Encodable, snakeCaseKeys: Bool = false) throws
    -> String
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [
      .sortedKeys, .prettyPrinted, .withoutEscapingSlashes,
    ]
    if snakeCaseKeys { encoder.keyEncodingStrategy = .convertToSnakeCase }
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  /// The text with control characters shown visibly as `\x1B` (an escape sequence in a file name or a
  /// tracker's answer could otherwise clear or retitle the user's terminal), and bidirectional overrides
  /// as `\u{202E}` (they could reorder what is shown); line breaks and tabs stay.
  static func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        result += visible(scalar)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// One table cell: `printable`, with line breaks and tabs shown as `\n` and `\t` too.
  static func cell(_ text: String) -> String {
    printable(text).replacingOccurrences(of: "\r", with: "\\r")
      .replacingOccurrences(of: "\n", with: "\\n")
      .replacingOccurrences(of: "\t", with: "\\t")
  }

  private static func visible(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return scalar.value <= 0xFF
      ? "\\x" + (hex.count < 2 ? "0" : "") + hex : "\\u{\(hex)}"
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\n" && scalar != "\t")
      || (0x7F...0x9F).contains(scalar.value)
      || (0x202A...0x202E).contains(scalar.value)
      || (0x2066...0x2069).contains(scalar.value)
      || scalar.value == 0xFFFE || scalar.value == 0xFFFF
  }

  static func report(_ diagnostics: [Diagnostic], warnings: Bool = true) {
    for d in diagnostics where warnings || d.severity == .error {
      note(d.description)
    }
  }

  static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

  /// A filing run's progress as one line redrawn on stderr (count, rate, ETA).
  @Sendable static func progress(_ step: FilingProgress.Step) {
    let line =
      step.finished
      ? "\n"
      : String(
        format: "\r  tickets %d/%d  %.1f/s  ETA %.0fs ", step.done, step.total,
        step.rate, step.remaining)
    FileHandle.standardError.write(Data(line.utf8))
  }
}
