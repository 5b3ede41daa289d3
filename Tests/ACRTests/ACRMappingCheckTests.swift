import Audit
import Conformance
import Foundation
import Testing

@testable import ACR

/// A row's WCAG cell against today's mapping of its check: only the differences that would make a claim
/// untrue stop a final report.
@Suite("ACR: WCAG cells against today's mapping")
struct ACRMappingCheckTests {
  /// Today's mapping of the rows `row(_:_:)` makes (check "Tab" of a Modal on iOS).
  static let mapping = ["native/x/modal/tab@ios": ["2.1.1", "2.4.3"]]

  @Test(
    "which differences count",
    arguments: [
      // A pass propping up a criterion its check does not test.
      (
        ["2.1.1", "2.4.3", "1.4.3"], ACREvidence.Outcome.pass,
        "counts for 1.4.3, which its check does not test"
      ),
      (
        ["2.1.1", "1.4.3"], .notApplicable,
        "counts for 1.4.3, which its check does not test"
      ),
      // A finding hidden from a criterion its check tests.
      (["2.1.1"], .fail, "leaves out 2.4.3, which its check tests"),
      ([], .cannotTell, "leaves out 2.1.1, 2.4.3, which its check tests"),
      // What only counts a failure more widely or a pass more narrowly, or what is not evidence.
      (["2.1.1", "2.4.3", "1.4.3"], .fail, nil),
      (["2.1.1"], .pass, nil),
      (["1.4.3"], .notTested, nil),
      (["2.1.1", "2.4.3"], .pass, nil),
    ] as [([String], ACREvidence.Outcome, String?)])
  func differences(
    wcag: [String], outcome: ACREvidence.Outcome, expected: String?
  ) {
    let said = row(wcag, outcome, place: "a.csv:2").mappingDisagreement(
      Self.mapping)
    if let expected {
      #expect(
        said?.hasPrefix("a.csv:2: Modal (iOS) Keyboard: Tab (") == true,
        "\(said ?? "nil")")
      #expect(said?.contains(expected) == true, "\(said ?? "nil")")
      #expect(
        said?.hasSuffix("(today's mapping: 2.1.1, 2.4.3)") == true,
        "\(said ?? "nil")")
    } else {
      #expect(said == nil)
    }
  }

  @Test(
    "a Fail whose Failed WCAG names what the defect breaks, and a row today's mapping does not know, are not checked"
  )
  func notChecked() {
    var failed = row(["2.1.1"], .fail)
    failed.failedWCAG = ["2.1.1"]
    #expect(failed.mappingDisagreement(Self.mapping) == nil)
    #expect(
      row(["1.4.3"], .pass, check: "Retired").mappingDisagreement(Self.mapping)
        == nil)
  }

  @Test(
    "a final report refuses (status 1) naming the row; a draft is written and warns; without a mapping nothing is checked"
  )
  func finalAndDraft() throws {
    let rows = [
      row(["2.1.1", "2.4.3"], .pass, place: "a.csv:2"),
      row(["1.4.3"], .pass, check: "Enter", place: "a.csv:3"),
    ]
    let mapping = Self.mapping.merging(
      ["native/x/modal/enter@ios": ["2.1.1"]]) { a, _ in a }
    let answers = try answeredAll()
    func builder(draft: Bool, mapping: [String: [String]]?) -> ACRBuilder {
      ACRBuilder(
        settings: settings(), answers: answers, draft: draft,
        today: "2026-11-26", toolVersion: "test", mapping: mapping)
    }
    do {
      _ = try builder(draft: false, mapping: mapping).build(rows)
      Issue.record(
        "a final report was built over a row counting for a criterion its check does not test"
      )
    } catch {
      #expect(error.status == .failure)
      #expect(
        error.description.contains(
          "1 row's WCAG cell disagrees with today's mapping of its check"),
        "\(error.description)")
      #expect(
        error.description.contains(
          "a.csv:3: Modal (iOS) Keyboard: Enter (Pass) counts for 1.4.3, which its check does not test"
        ),
        "\(error.description)")
      #expect(!error.description.contains("a.csv:2"), "\(error.description)")
    }
    let draft = try builder(draft: true, mapping: mapping).build(rows)
    #expect(
      draft.warnings.contains {
        $0.hasPrefix(
          "a.csv:3: Modal (iOS) Keyboard: Enter (Pass) counts for 1.4.3")
      }, "\(draft.warnings)")
    let unchecked = try builder(draft: false, mapping: nil).build(rows)
    #expect(unchecked.warnings.isEmpty, "\(unchecked.warnings)")
  }
}
