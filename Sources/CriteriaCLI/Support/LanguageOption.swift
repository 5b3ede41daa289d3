import ArgumentParser
import CriteriaModel

/// `--language` of the commands that write an HTML page of an audit (report, diff): the language its
/// checks and notes are written in, over the config's `language`.
struct LanguageOption: ParsableArguments {
  @Option(
    help:
      "The language the audit's checks and notes are written in, as a BCP 47 tag (default: the config's language, else en); the page marks that text with it."
  )
  var language: String?

  func validate() throws {
    if let language, ContentLanguage(language) == nil {
      throw ValidationError(
        "--language '\(language)' is not \(ContentLanguage.expected)")
    }
  }

  /// Refuses `--language` with an output that has no text to mark (`--to junit`, `--to markdown`):
  /// accepted there, it would do nothing a person asked for.
  func validate(html: Bool, format: String) throws {
    if language != nil && !html {
      throw ValidationError(
        "--language marks the text of an HTML page; --to \(format) has none to mark"
      )
    }
  }

  /// The language given, or nil.
  var value: ContentLanguage? { language.flatMap(ContentLanguage.init) }
}
