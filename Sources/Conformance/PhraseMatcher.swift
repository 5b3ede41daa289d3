/// Whole-word phrase matching in time linear in the text: words are numbered once, a text is folded
/// once per check (not once per rule and phrase), and a phrase is looked for by its rarest word.
///
/// Text is folded as before: lower case, and every run of characters that are neither letters nor
/// digits is one break between words, so "tab" is not in "table" and "Tab/Shift+Tab" holds "shift tab".
struct PhraseMatcher: Sendable {
  /// The longest phrase a rule may hold, in words: rules name short phrases, and the bound keeps the
  /// work per check linear.
  static let longestPhrase = 16

  /// Every word the rules use, numbered.
  private(set) var vocabulary: [String: Int] = [:]

  /// A phrase's words as numbers (a phrase of no words never matches).
  mutating func phrase(_ text: String) -> [Int] {
    Self.words(text).map { word in
      if let id = vocabulary[word] { return id }
      let id = vocabulary.count
      vocabulary[word] = id
      return id
    }
  }

  /// A check's text, folded once: its words as numbers (-1 for words no rule uses) and where each is.
  struct Text {
    let words: [Int]
    let positions: [Int: [Int]]

    /// Whether the text holds `phrase` as consecutive whole words.
    func contains(_ phrase: [Int]) -> Bool {
      guard !phrase.isEmpty else { return false }
      // The phrase's rarest word here; none at all and it cannot match.
      var rarest = 0
      var fewest = Int.max
      for (offset, word) in phrase.enumerated() {
        let count = positions[word]?.count ?? 0
        if count == 0 { return false }
        if count < fewest {
          fewest = count
          rarest = offset
        }
      }
      guard let candidates = positions[phrase[rarest]] else { return false }
      if candidates.count <= 64 {
        return candidates.contains { at in
          let start = at - rarest
          return start >= 0 && start + phrase.count <= words.count
            && phrase.indices.allSatisfy { words[start + $0] == phrase[$0] }
        }
      }
      return Self.search(phrase, in: words)
    }

    /// Knuth-Morris-Pratt over word numbers: linear in the text and the phrase, whatever they hold.
    static func search(_ phrase: [Int], in words: [Int]) -> Bool {
      var failure = [Int](repeating: 0, count: phrase.count)
      var length = 0
      for index in 1..<max(1, phrase.count) {
        while length > 0, phrase[index] != phrase[length] {
          length = failure[length - 1]
        }
        if phrase[index] == phrase[length] { length += 1 }
        failure[index] = length
      }
      var matched = 0
      for word in words {
        while matched > 0, word != phrase[matched] {
          matched = failure[matched - 1]
        }
        if word == phrase[matched] { matched += 1 }
        if matched == phrase.count { return true }
      }
      return false
    }
  }

  /// `text` folded against the rules' words.
  func fold(_ text: String) -> Text {
    var words: [Int] = []
    var positions: [Int: [Int]] = [:]
    for word in Self.words(text) {
      let id = vocabulary[word] ?? -1
      if id >= 0 { positions[id, default: []].append(words.count) }
      words.append(id)
    }
    return Text(words: words, positions: positions)
  }

  /// The words of `text`: lower case, split at every character that is neither a letter nor a digit.
  static func words(_ text: String) -> [String] {
    if let ascii = asciiWords(text) { return ascii }
    var result: [String] = []
    var current = ""
    for character in text.lowercased() {
      if character.isLetter || character.isNumber {
        current.append(character)
      } else if !current.isEmpty {
        result.append(current)
        current = ""
      }
    }
    if !current.isEmpty { result.append(current) }
    return result
  }

  /// `words` for text that is all ASCII (nearly every check), over its bytes.
  ///
  /// The same words, without building a Character or asking Unicode properties per letter; nil for
  /// any other text.
  static func asciiWords(_ text: String) -> [String]? {
    var utf8 = text
    return utf8.withUTF8 { bytes -> [String]? in
      var result: [String] = []
      var start = -1
      var word: [UInt8] = []
      for (index, byte) in bytes.enumerated() {
        guard byte < 0x80 else { return nil }
        let isLower = byte >= 0x61 && byte <= 0x7A
        let isUpper = byte >= 0x41 && byte <= 0x5A
        let isDigit = byte >= 0x30 && byte <= 0x39
        if isLower || isUpper || isDigit {
          if start < 0 { start = index }
          word.append(isUpper ? byte + 0x20 : byte)
        } else if start >= 0 {
          result.append(String(decoding: word, as: UTF8.self))
          word.removeAll(keepingCapacity: true)
          start = -1
        }
      }
      if start >= 0 { result.append(String(decoding: word, as: UTF8.self)) }
      return result
    }
  }
}
