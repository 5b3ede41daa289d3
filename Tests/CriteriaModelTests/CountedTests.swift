import CriteriaModel
import Testing

/// Counts shown to people agree with their number: one check, two checks, no checks.
@Suite("Counted phrases")
struct CountedTests {
  @Test(
    "One takes the singular; zero and many the plural, with an s or the given word"
  )
  func phrases() {
    #expect(Counted.phrase(1, "check") == "1 check")
    #expect(Counted.phrase(0, "check") == "0 checks")
    #expect(Counted.phrase(2, "new failure") == "2 new failures")
    #expect(
      Counted.phrase(1, "criterion", plural: "criteria") == "1 criterion")
    #expect(
      Counted.phrase(466, "criterion", plural: "criteria") == "466 criteria")
  }
}
