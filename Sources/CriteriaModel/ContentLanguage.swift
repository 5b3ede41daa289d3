import Foundation

/// The language of text criteria did not write (documents, testers' notes) on a page whose own words are
/// English: marked so a screen reader speaks it in its language (WCAG 3.1.2, Language of Parts), and,
/// when it is written right to left, so a browser lays it out that way.
public struct ContentLanguage: Sendable, Hashable {
  /// The BCP 47 tag, as given (`es`, `pt-BR`).
  public let tag: String
  /// Whether the language is written right to left (Arabic, Hebrew, Persian, Urdu…): by the tag's script
  /// subtag when it has one (`az-Arab`, `sd-Deva`), else by the script CLDR gives the language (through
  /// Foundation's ICU).
  public let isRightToLeft: Bool

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
    // A script subtag is four letters; subtags after a singleton (`-u-nu-latn`) are an extension's.
    let script = parts.dropFirst().prefix { $0.count > 1 }.first {
      $0.count == 4 && $0.allSatisfy(\.isLetter)
    }
    if let script {
      isRightToLeft = Self.rightToLeftScripts.contains(script.lowercased())
    } else {
      isRightToLeft =
        Locale.Language(identifier: tag).characterDirection == .rightToLeft
    }
  }

  /// ISO 15924 codes of the scripts written right to left (Unicode's Bidi_Class R or AL letters).
  static let rightToLeftScripts: Set<String> = [
    "adlm", "arab", "aran", "armi", "avst", "chrs", "cprt", "elym", "hatr",
    "hebr", "hung", "khar", "lydi", "mand", "mani", "mend", "narb", "nbat",
    "nkoo", "orkh", "ougr", "palm", "phli", "phlp", "phnx", "prti", "rohg",
    "samr", "sarb", "sogd", "sogo", "syrc", "thaa", "yezi",
  ]

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
    return "<span\(attribute(language))>\(HTMLEscape.text(text))</span>"
  }

  /// A table cell whose whole content is `text` in `language`, marked on the cell itself.
  ///
  /// The `lang` (and `dir`) stand on the cell rather than on a span inside it, so text written right
  /// to left also aligns to the right (`text-align: start`). `attributes` (` scope="row"`) come
  /// first; an empty cell has no language.
  public static func cell(
    _ text: String, _ language: ContentLanguage?, tag: String = "td",
    attributes: String = ""
  ) -> String {
    "<\(tag)\(attributes)\(text.isEmpty ? "" : attribute(language))>"
      + "\(HTMLEscape.text(text))</\(tag)>"
  }

  /// ` lang="…"` for an element whose whole content is in `language`, with ` dir="rtl"` when it is
  /// written right to left; nothing when it is English or not given.
  public static func attribute(_ language: ContentLanguage?) -> String {
    guard let language, language.differsFromPage else { return "" }
    return " lang=\"\(HTMLEscape.text(language.tag))\""
      + (language.isRightToLeft ? " dir=\"rtl\"" : "")
  }
}
