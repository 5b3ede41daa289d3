import CriteriaModel

/// The `##` sections the readers understand, recognised despite case, spacing and small typos.
enum SectionKind: String, CaseIterable {
  case generalNotes = "General Notes"
  case condensed = "Condensed"
  case criteria = "Criteria"
  case gherkin = "Gherkin"
  case iosNotes = "iOS Developer Notes"
  case androidNotes = "Android Developer Notes"
  case developerNotes = "Developer notes"
  case videos = "Videos"
  case ios = "iOS"
  case android = "Android"
  case codeExamples = "Code examples"

  /// The kind and whether it was a fuzzy (typo) match.
  static func classify(_ heading: String) -> (kind: SectionKind, exact: Bool)? {
    let key = normalise(heading)
    if key == "codeexample" { return (.codeExamples, true) }
    if let exact = allCases.first(where: { normalise($0.rawValue) == key }) {
      return (exact, true)
    }
    // Two typos at most, and the longest name has 21 letters: longer headings need no edit distance
    // (a 10 MB heading took half a minute).
    guard key.count >= 6, key.count <= 24 else { return nil }
    let near = allCases.filter { $0.rawValue.count >= 6 }
      .map { ($0, editDistance(normalise($0.rawValue), key)) }
      .filter { $0.1 <= 2 }
      .min { $0.1 < $1.1 }
    return near.map { ($0.0, false) }
  }

  static func normalise(_ text: String) -> String {
    String(
      text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic }
        .map(Character.init))
  }

  static func editDistance(_ a: String, _ b: String) -> Int {
    EditDistance.between(a, b)
  }
}
