import CriteriaModel
import Testing

@testable import ACR

@Suite("the documents' words in the ACR's text")
struct ACRQuotedTests {
  func marked(_ phrases: Set<String>, _ text: String) throws -> String {
    let es = try #require(ContentLanguage("es"))
    return ACRQuoted(Dictionary(uniqueKeysWithValues: phrases.map { ($0, es) }))
      .pieces(text).map {
        $0.language == nil ? $0.text : "[\($0.text)]"
      }.joined()
  }

  @Test(
    "a phrase counts only as a whole, the longest first; punctuation at its edge needs no word boundary"
  )
  func wholePhrases() throws {
    #expect(
      try marked(["Tab", "Tabla"], "Tab, Tabla, Table and Tabs (Tab)")
        == "[Tab], [Tabla], Table and Tabs ([Tab])")
    #expect(
      try marked(["Botón", "Botón de radio"], "Botón de radio (iOS) y Botón.")
        == "[Botón de radio] (iOS) y [Botón].")
    #expect(
      try marked(["«Cerrar»"], "Nombre:«Cerrar»x") == "Nombre:[«Cerrar»]x")
    #expect(try marked([], "Nada") == "Nada")
    #expect(try marked(["Nada"], "") == "")
    #expect(try marked(["a"], "a a") == "[a] [a]")
  }

  @Test(
    "what a remark quotes: names and checks of every row, the notes as testers wrote them, never criteria's own test and platform words"
  )
  func phrases() {
    var tested = ACREvidence(
      id: "x", wcag: ["2.1.1"], component: .software, platform: "iOS",
      componentName: "Interruptor", test: "Keyboard", check: "Tabulador",
      outcome: .fail, notes: "El foco se pierde.\nSegunda línea")
    let asWritten = tested
    tested.notes += " Filed as ticket 7."
    let named = ACREvidence(
      id: "y", wcag: [], component: .software, platform: "Android",
      componentName: "Keyboard", test: "Keyboard", check: "Android",
      outcome: .notTested, notes: "Not in the audit.")
    let phrases = ACRQuoted.phrases(names: [tested, named], notes: [asWritten])
    #expect(phrases.names == ["Interruptor", "Tabulador"])
    #expect(
      phrases.notes == [
        "El foco se pierde", "El foco se pierde.\nSegunda línea",
      ])
    var passed = asWritten
    passed.outcome = .pass
    #expect(
      ACRQuoted.phrases(names: [], notes: [passed]).notes.isEmpty,
      "a remark never quotes a passing row's note")
    // The remark cites the note's first line as the phrase is found: without its closing period.
    #expect(ACRQuoted.firstLine(ofNotes: "  Uno...\nDos") == "Uno")
  }

  @Test(
    "each phrase in its language: the notes' when they have their own, the documents' for a name, none in English"
  )
  func languages() throws {
    var report = try ACRWriterTests().report()
    report.quoted = (
      names: ["Enter", "Cerrar"], notes: ["Fokus fehlt", "Cerrar"]
    )
    report.languages = TextLanguages(
      documents: ContentLanguage("es"), notes: ContentLanguage("de"))
    #expect(
      report.quotedLanguages.mapValues(\.tag)
        == ["Enter": "es", "Cerrar": "es", "Fokus fehlt": "de"])
    // English documents, German notes: the MagentaA11y documents as they are, a German team's notes.
    report.languages.documents = ContentLanguage("en")
    #expect(
      report.quotedLanguages.mapValues(\.tag)
        == ["Fokus fehlt": "de", "Cerrar": "de"])
    report.languages.notesGiven = nil
    #expect(report.quotedLanguages.isEmpty)
  }
}
