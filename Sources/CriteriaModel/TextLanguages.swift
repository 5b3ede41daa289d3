/// The languages of the two kinds of text a page quotes that criteria did not write: the documents'
/// (components, checks, expected results) and the testers' notes', which are the documents' unless
/// the notes have their own.
///
/// `report`, `diff` and `acr` take them from `--language` and `--notes-language` over the config's
/// `language` and `notes_language` (`over(_:)`); the pages mark each kind of text with its own.
public struct TextLanguages: Sendable, Hashable {
  /// The documents' language, when given.
  public var documents: ContentLanguage?
  /// The notes' own language, when given (`notes` falls back to the documents').
  public var notesGiven: ContentLanguage?

  /// Languages as given; a nil one is not known.
  public init(
    documents: ContentLanguage? = nil, notes: ContentLanguage? = nil
  ) {
    self.documents = documents
    self.notesGiven = notes
  }

  /// The notes' language: their own, else the documents'.
  public var notes: ContentLanguage? { notesGiven ?? documents }

  /// These, with each one not given taken from `fallback` (a flag's over the config's).
  public func over(_ fallback: TextLanguages) -> TextLanguages {
    TextLanguages(
      documents: documents ?? fallback.documents,
      notes: notesGiven ?? fallback.notesGiven)
  }
}
