import CriteriaModel
import Foundation

/// The sentence `criteria refresh` writes at the top of a row's Notes when its check changed.
///
/// A row that held a result gets `Changed since the last audit: was 'Pass' against the expectation
/// 'Focus moves' (severity High).`
///
/// It stands in the tester's cell so a workbook shows it beside their notes, but it is criteria's
/// English, not the tester's: a page leaves it unmarked (only the expectation it quotes is the
/// documents' text), and an ACR never quotes it as a tester's account of a failure. This type writes it
/// and reads it back, so the two cannot drift apart.
public struct ChangeNote: Sendable, Hashable {
  /// The result the row held before the change, in the layout's words.
  public let result: String
  /// The expectation the result was recorded against.
  public let expectation: String
  /// The severity the row held, or empty.
  public let severity: String

  private static let opening = "Changed since the last audit: was '"
  private static let against = "' against the expectation '"
  private static let severityOpening = "' (severity "

  /// The sentence for a row that held `result` (and `severity`, when not empty) against `expectation`,
  /// as a refresh writes it into the Notes cell.
  public static func sentence(
    result: String, expectation: String, severity: String
  ) -> String {
    opening + result + against + expectation + ending(severity: severity)
  }

  /// What follows the expectation: its closing quote, then the severity when there is one.
  private static func ending(severity: String) -> String {
    severity.isEmpty ? "'." : severityOpening + severity + ")."
  }

  /// The note one line of a Notes cell holds, or nil when the line is not one (the tester's own text).
  ///
  /// Spaces around the line are allowed (a tester may leave some); anything else must be as written.
  public init?(line: some StringProtocol) {
    let line = line.trimmingCharacters(in: .whitespaces)
    guard line.hasPrefix(Self.opening) else { return nil }
    let said = line.dropFirst(Self.opening.count)
    guard let middle = said.range(of: Self.against) else { return nil }
    result = String(said[..<middle.lowerBound])
    let rest = said[middle.upperBound...]
    if rest.hasSuffix(")."),
      let start = rest.range(of: Self.severityOpening, options: .backwards)
    {
      expectation = String(rest[..<start.lowerBound])
      severity = String(rest[start.upperBound...].dropLast(2))
    } else if rest.hasSuffix("'.") {
      expectation = String(rest.dropLast(2))
      severity = ""
    } else {
      return nil
    }
    guard !result.isEmpty else { return nil }
  }

  /// One line of a Notes cell: a change note criteria wrote, or the tester's text.
  public enum Line: Sendable, Hashable {
    case change(ChangeNote)
    case tester(String)
  }

  /// A Notes cell's lines in order, the tester's consecutive lines kept together as one (a cell without
  /// a change note is one, as it is).
  public static func lines(of notes: String) -> [Line] {
    guard notes.contains(opening) else { return [.tester(notes)] }
    var lines: [Line] = []
    var written: [Substring] = []
    func flush() {
      if !written.isEmpty {
        lines.append(.tester(written.joined(separator: "\n")))
      }
      written = []
    }
    // Any line break: a CSV saved on Windows may hold CRLF inside a quoted cell.
    for line in notes.split(
      omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    {
      if let note = ChangeNote(line: line) {
        flush()
        lines.append(.change(note))
      } else {
        written.append(line)
      }
    }
    flush()
    return lines
  }

  /// What the tester wrote in a Notes cell: the cell without the change notes a refresh put there.
  public static func testerNotes(_ notes: String) -> String {
    guard notes.contains(opening) else { return notes }
    return lines(of: notes).compactMap {
      if case .tester(let text) = $0 { text } else { nil }
    }
    .joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A Notes cell's content on an HTML page whose own words are English: the tester's lines marked with
  /// the notes' language, each change note unmarked but for the expectation it quotes (the documents'),
  /// then `added` (criteria's own sentences, such as a ledger's ticket) unmarked.
  ///
  /// With no change note and nothing added, the whole cell is the tester's and the `td` itself carries
  /// the language (so text written right to left also aligns to the right).
  ///
  /// The tester's line breaks stay line breaks (`<br>`): a page would otherwise run a note's lines into
  /// one sentence.
  public static func htmlCell(
    _ notes: String, added: String = "", languages: TextLanguages
  ) -> String {
    breaks(cell(notes, added: added, languages: languages))
  }

  /// A cell's line breaks as `<br>`: the escaped text holds no tag that spans a line.
  static func breaks(_ cell: String) -> String {
    cell.replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(of: "\r", with: "\n")
      .replacingOccurrences(of: "\n", with: "<br>")
  }

  static func cell(
    _ notes: String, added: String, languages: TextLanguages
  ) -> String {
    let lines = lines(of: notes)
    if added.isEmpty, lines.count == 1, case .tester(let text) = lines[0] {
      return ContentLanguage.cell(text, languages.notes)
    }
    let written = lines.map { line -> String in
      switch line {
      case .tester(let text): ContentLanguage.mark(text, languages.notes)
      case .change(let note): note.html(documents: languages.documents)
      }
    }
    .filter { !$0.isEmpty }.joined(separator: "\n")
    let separator = written.isEmpty || added.isEmpty ? "" : " "
    return "<td>" + written + separator + HTMLEscape.text(added) + "</td>"
  }

  /// The sentence escaped for HTML, the expectation marked with the documents' language.
  func html(documents: ContentLanguage?) -> String {
    let e = HTMLEscape.text
    return e(Self.opening + result + Self.against)
      + ContentLanguage.mark(expectation, documents)
      + e(Self.ending(severity: severity))
  }
}
