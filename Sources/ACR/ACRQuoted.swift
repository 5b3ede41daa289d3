import CriteriaModel

/// The words of the criteria documents and of the testers' notes that a report's own English text
/// quotes (component names, checks, the first line of each note), found again in that text so that a page
/// can mark their language (WCAG 3.1.2, Language of Parts).
///
/// A phrase counts only as a whole: where it starts and ends with a letter or digit, the text beside it
/// is neither, so a component named "Tab" never marks the start of "Table". Longer phrases are tried
/// first.
public struct ACRQuoted: Sendable {
  /// The phrases, each with its language.
  let phrases: [String: ContentLanguage]
  /// The lengths (in characters) of the phrases that start with each first word, longest first.
  let lengths: [String: [Int]]

  /// The phrases to find, each with the language it is marked with; empty ones are dropped.
  public init(_ phrases: [String: ContentLanguage]) {
    var lengths: [String: Set<Int>] = [:]
    for phrase in phrases.keys where !phrase.isEmpty {
      lengths[Self.firstWord(phrase[...]), default: []].insert(phrase.count)
    }
    self.phrases = phrases
    self.lengths = lengths.mapValues { $0.sorted(by: >) }
  }

  static func isWord(_ character: Character?) -> Bool {
    guard let character else { return false }
    return character.isLetter || character.isNumber
  }

  /// What a phrase is looked up by: its first word (letters and digits), or its first character when that
  /// is neither.
  static func firstWord(_ text: Substring) -> String {
    guard let first = text.first else { return "" }
    guard isWord(first) else { return String(first) }
    return String(text.prefix { isWord($0) })
  }

  /// What the remarks and scope of an audit's report quote from these rows: each component's name and
  /// each check as the audit or today's documents name them, and each finding's note, whole and as a
  /// remark cites it (its first line, `firstLine(ofNotes:)`).
  ///
  /// `notes` are the rows as the audit holds them: a sentence criteria adds to a row's notes (a ledger's
  /// ticket, a check the audit lacks) is the report's own English, not the tester's.
  public static func phrases(
    names rows: [ACREvidence], notes written: [ACREvidence]
  ) -> (names: Set<String>, notes: Set<String>) {
    var names = Set<String>()
    for row in rows {
      names.insert(row.componentName)
      names.insert(row.check)
    }
    // The test and platform columns are criteria's own English words: a check named as its test is
    // not told apart from it, and is left unmarked.
    names.subtract(rows.map(\.test) + rows.map(\.platform))
    names.remove("")
    var notes = Set<String>()
    // A remark cites the notes of failures; the draft's table of unmapped findings, of findings.
    for row in written where row.outcome.isFinding || row.failedBefore {
      let note = row.notes.trimmingCharacters(in: .whitespacesAndNewlines)
      notes.insert(firstLine(ofNotes: note))
      // A note of one line is cited by its first line; a longer one stands whole in the table.
      if note.contains(where: \.isNewline) { notes.insert(note) }
    }
    notes.remove("")
    return (names, notes)
  }

  /// A note as a remark cites it: its first line, trimmed, without the periods that end it (the
  /// remark's own sentence ends there).
  static func firstLine(ofNotes notes: String) -> String {
    var line =
      notes.split(whereSeparator: \.isNewline).first.map {
        $0.trimmingCharacters(in: .whitespaces)
      } ?? ""
    while line.hasSuffix(".") { line.removeLast() }
    return line
  }

  /// `text` in pieces, in order, each with its language when it is a quoted phrase.
  public func pieces(_ text: String) -> [(
    text: String, language: ContentLanguage?
  )] {
    guard !phrases.isEmpty else { return [(text, nil)] }
    var out: [(text: String, language: ContentLanguage?)] = []
    var plain = ""
    var previous: Character?
    var index = text.startIndex
    scan: while index < text.endIndex {
      let character = text[index]
      // A phrase that starts (ends) with a letter or digit must not start (end) inside a word.
      if !(Self.isWord(character) && Self.isWord(previous)),
        let candidates = lengths[Self.firstWord(text[index...])]
      {
        for length in candidates {
          guard
            let end = text.index(
              index, offsetBy: length, limitedBy: text.endIndex)
          else { continue }
          let phrase = String(text[index..<end])
          guard let language = phrases[phrase] else { continue }
          let after = end < text.endIndex ? text[end] : nil
          if Self.isWord(phrase.last) && Self.isWord(after) { continue }
          if !plain.isEmpty { out.append((plain, nil)) }
          plain = ""
          out.append((phrase, language))
          previous = phrase.last
          index = end
          continue scan
        }
      }
      plain.append(character)
      previous = character
      index = text.index(after: index)
    }
    if !plain.isEmpty || out.isEmpty { out.append((plain, nil)) }
    return out
  }
}
