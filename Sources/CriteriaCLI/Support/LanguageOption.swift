import ArgumentParser
import CriteriaModel

/// `--language` and `--notes-language` of the commands that write an HTML page of an audit (report,
/// diff, acr): the language its checks and notes are written in, and its notes' own, over the config's
/// `language` and `notes_language`.
struct LanguageOption: ParsableArguments {
  @Option(
    help:
      "The language the audit's checks and notes are written in, as a BCP 47 tag (default: the config's language, else en); the page marks that text with it."
  )
  var language: String?

  @Option(
    help:
      "The language the testers' notes are written in, when it is not the checks' (default: the config's notes_language, else the checks' language)."
  )
  var notesLanguage: String?

  func validate() throws {
    for (flag, tag) in [
      ("--language", language), ("--notes-language", notesLanguage),
    ] {
      if let tag, ContentLanguage(tag) == nil {
        throw ValidationError(
          "\(flag) '\(tag)' is not \(ContentLanguage.expected)")
      }
    }
  }

  /// Refuses `--language` with an output that has no text to mark (`--to junit`, `--to markdown`):
  /// accepted there, it would do nothing a person asked for.
  func validate(html: Bool, format: String) throws {
    for (flag, tag) in [
      ("--language", language), ("--notes-language", notesLanguage),
    ]
    where tag != nil && !html {
      throw ValidationError(
        "\(flag) marks the text of an HTML page; --to \(format) has none to mark"
      )
    }
  }

  /// The languages given; one not given is nil.
  var languages: TextLanguages {
    TextLanguages(
      documents: language.flatMap(ContentLanguage.init),
      notes: notesLanguage.flatMap(ContentLanguage.init))
  }
}
