import Testing

@testable import ACR

@Suite("the documents' words in the ACR's text")
struct ACRQuotedTests {
  func marked(_ phrases: Set<String>, _ text: String) -> String {
    ACRQuoted(phrases).pieces(text).map {
      $0.quoted ? "[\($0.text)]" : $0.text
    }.joined()
  }

  @Test(
    "a phrase counts only as a whole, the longest first; punctuation at its edge needs no word boundary"
  )
  func wholePhrases() {
    #expect(
      marked(["Tab", "Tabla"], "Tab, Tabla, Table and Tabs (Tab)")
        == "[Tab], [Tabla], Table and Tabs ([Tab])")
    #expect(
      marked(["Botón", "Botón de radio"], "Botón de radio (iOS) y Botón.")
        == "[Botón de radio] (iOS) y [Botón].")
    #expect(
      marked(["«Cerrar»"], "Nombre:«Cerrar»x") == "Nombre:[«Cerrar»]x")
    #expect(marked([], "Nada") == "Nada")
    #expect(marked(["Nada"], "") == "")
    #expect(marked(["a"], "a a") == "[a] [a]")
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
    #expect(
      ACRQuoted.phrases(names: [tested, named], notes: [asWritten])
        == [
          "Interruptor", "Tabulador", "El foco se pierde",
          "El foco se pierde.\nSegunda línea",
        ])
    var passed = asWritten
    passed.outcome = .pass
    #expect(
      ACRQuoted.phrases(names: [], notes: [passed]).isEmpty,
      "a remark never quotes a passing row's note")
    // The remark cites the note's first line as the phrase is found: without its closing period.
    #expect(ACRQuoted.firstLine(ofNotes: "  Uno...\nDos") == "Uno")
  }
}
