import Audit
import CriteriaModel
import Testing

@Suite("A refresh's change note, written and read back")
struct ChangeNoteTests {
  // The sentence as the README documents it ("Changed since the last audit: was 'Fail' against the
  // expectation '…' (severity High)."), with and without a severity.
  let withSeverity =
    "Changed since the last audit: was 'Fail' against the expectation 'Focus moves to the button' (severity High)."
  let withoutSeverity =
    "Changed since the last audit: was 'Pass' against the expectation 'Focus moves to the button'."

  @Test(
    "the sentence is the README's, with and without a severity, and reads back to the same facts"
  )
  func sentence() throws {
    #expect(
      ChangeNote.sentence(
        result: "Fail", expectation: "Focus moves to the button",
        severity: "High") == withSeverity)
    #expect(
      ChangeNote.sentence(
        result: "Pass", expectation: "Focus moves to the button", severity: "")
        == withoutSeverity)
    let high = try #require(ChangeNote(line: withSeverity))
    #expect(
      [high.result, high.expectation, high.severity] == [
        "Fail", "Focus moves to the button", "High",
      ])
    let none = try #require(ChangeNote(line: withoutSeverity))
    #expect(
      [none.result, none.expectation, none.severity] == [
        "Pass", "Focus moves to the button", "",
      ])
    // An expectation with its own quotes and parentheses, a severity with parentheses, and spaces a
    // tester left around the line.
    let quoted = try #require(
      ChangeNote(
        line: "  "
          + ChangeNote.sentence(
            result: "Cannot tell",
            expectation: "It says 'Close' (the button's name)",
            severity: "Low (cosmetic)") + " "))
    #expect(
      [quoted.result, quoted.expectation, quoted.severity] == [
        "Cannot tell", "It says 'Close' (the button's name)", "Low (cosmetic)",
      ])
  }

  @Test(
    "a tester's line that only starts like one, or breaks off, stays the tester's"
  )
  func testersLines() {
    for line in [
      "Changed since the last audit: the focus ring is gone.",
      "Changed since the last audit: was 'Fail' against the expectation 'Focus moves",
      "Changed since the last audit: was '' against the expectation 'Focus moves'.",
      "Le contour du focus est invisible.",
    ] {
      #expect(ChangeNote(line: line) == nil, "\(line)")
    }
  }

  @Test(
    "a Notes cell splits into the change notes and the tester's lines, in order; the tester's notes are the rest"
  )
  func lines() {
    let cell =
      withSeverity + "\n" + withoutSeverity
      + "\nLe contour du focus\nest invisible."
    #expect(
      ChangeNote.lines(of: cell) == [
        .change(ChangeNote(line: withSeverity)!),
        .change(ChangeNote(line: withoutSeverity)!),
        .tester("Le contour du focus\nest invisible."),
      ])
    #expect(
      ChangeNote.testerNotes(cell) == "Le contour du focus\nest invisible.")
    #expect(ChangeNote.testerNotes(withSeverity) == "")
    // A cell with Windows line breaks (a CSV saved on Windows) splits the same way.
    #expect(
      ChangeNote.testerNotes(withoutSeverity + "\r\nLe contour est invisible.")
        == "Le contour est invisible.")
    // A cell without one is left exactly as it is.
    #expect(ChangeNote.testerNotes(" Focus lost.\n") == " Focus lost.\n")
  }

  @Test(
    "on a page: the tester's lines take the notes' language, the note is criteria's but for the expectation"
  )
  func html() throws {
    let languages = TextLanguages(
      documents: ContentLanguage("de"), notes: ContentLanguage("fr"))
    let cell = ChangeNote.htmlCell(
      withSeverity + "\nLe contour est invisible.", added: "Filed as #12.",
      languages: languages)
    #expect(
      cell
        == "<td>Changed since the last audit: was &#39;Fail&#39; against the expectation &#39;"
        + "<span lang=\"de\">Focus moves to the button</span>&#39; (severity High).<br>"
        + "<span lang=\"fr\">Le contour est invisible.</span> Filed as #12.</td>"
    )
    // A tester's own line breaks stay breaks on the page, never one run-on sentence.
    #expect(
      ChangeNote.htmlCell(
        "Step 1: open the menu.\r\nStep 2: press Tab.",
        languages: TextLanguages())
        == "<td>Step 1: open the menu.<br>Step 2: press Tab.</td>")
    // The tester's notes alone: the cell itself carries their language, as before.
    #expect(
      ChangeNote.htmlCell("Le contour est invisible.", languages: languages)
        == "<td lang=\"fr\">Le contour est invisible.</td>")
    // English throughout: nothing is marked.
    #expect(
      ChangeNote.htmlCell(withoutSeverity, languages: TextLanguages())
        == "<td>Changed since the last audit: was &#39;Pass&#39; against the expectation &#39;"
        + "Focus moves to the button&#39;.</td>")
  }
}
