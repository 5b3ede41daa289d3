/// The language of text criteria did not write (documents, testers' notes) on a page whose own words are
/// English: marked so a screen reader speaks it in its language (WCAG 3.1.2, Language of Parts).
public struct ContentLanguage: Sendable, Hashable {
  /// The BCP 47 tag, as given (`es`, `pt-BR`).
  public let tag: String

  /// The language `tag` names, or nil when it is not a well-formed BCP 47 tag of a language (a primary
  /// subtag of two or three letters, then subtags of one to eight letters or digits).
  public init?(_ tag: String) {
    let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
    guard let primary = parts.first, (2...3).contains(primary.count),
      primary.allSatisfy({ $0.isASCII && $0.isLetter }),
      parts.dropFirst().allSatisfy({
        (1...8).contains($0.count)
          && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
      })
    else { return nil }
    self.tag = tag
  }

  /// What a message says a tag must be.
  public static let expected =
    "a BCP 47 language tag such as en, es or pt-BR"

  /// Whether text in this language needs marking on an English page: any language but English.
  public var differsFromPage: Bool {
    tag.split(separator: "-").first?.lowercased() != "en"
  }

  /// `text` escaped, inside `<span lang>` when `language` is given and not English.
  public static func mark(_ text: String, _ language: ContentLanguage?)
    -> String
  {
    guard let language, language.differsFromPage, !text.isEmpty else {
      return HTMLEscape.text(text)
    }
    return
      "<span lang=\"\(HTMLEscape.text(language.tag))\">\(HTMLEscape.text(text))</span>"
  }

  /// ` lang="…"` for an element whose whole content is in `language`, or nothing when it is English or
  /// not given.
  public static func attribute(_ language: ContentLanguage?) -> String {
    guard let language, language.differsFromPage else { return "" }
    return " lang=\"\(HTMLEscape.text(language.tag))\""
  }
}
