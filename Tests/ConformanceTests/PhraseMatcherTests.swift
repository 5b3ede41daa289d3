import CriteriaModel
import CriteriaReaders
import Foundation
import TestSupport
import Testing

@testable import Conformance

@Suite("folding text into words")
struct PhraseMatcherTests {
  /// The rule as the README states it, one Character at a time: lower case, and every run of
  /// characters that are neither letters nor digits is one break.
  func reference(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    for character in text.lowercased() {
      if character.isLetter || character.isNumber {
        current.append(character)
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  @Test(
    "the ASCII byte path folds exactly as the Character rule; other text takes the Character path"
  )
  func asciiPath() throws {
    let samples = [
      "Tab, arrow keys or ctl+tab", "Focus visibly moves to the BUTTON", "  ",
      "", "a--b__c 200% x2",
      "Résumé: déjà vu", "n/a", "Swipe up/down", "1.4.10 vs 1.4.1",
    ]
    for text in samples {
      #expect(PhraseMatcher.words(text) == reference(text), "\(text)")
    }
    #expect(PhraseMatcher.asciiWords("Résumé") == nil)
    let (catalog, _) = CatalogReader().read(
      try SourceCollector().collect([
        SharedData.packageRoot.appendingPathComponent("Samples/criteria").path
      ]))
    for check in catalog.components.flatMap(\.criteria) {
      #expect(PhraseMatcher.words(check.check) == reference(check.check))
      #expect(
        PhraseMatcher.words(check.expectation) == reference(check.expectation))
    }
  }
}
