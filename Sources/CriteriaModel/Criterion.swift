import Foundation

/// One check a tester performs: a key ("Tab", "Name", "Text resize") and what must happen.
public struct Criterion: Hashable, Sendable, Codable {
  /// Stable identifier: component id, test kind and check, never the position in the document.
  public var id: String
  /// The group the check belongs to.
  public var test: TestKind
  /// The key of the check as the document writes it, for example "Tab, arrow keys or ctl+tab".
  public var check: String
  /// What the tester must observe.
  public var expectation: String
  /// The platforms the check applies to (a check that says "on Android" only applies there).
  public var platforms: [Platform]
  /// Where the check was read.
  public var source: SourceLocation
  /// The WCAG success criteria the check tests (numbers such as `2.4.7`, in WCAG order), as mapped by
  /// the WCAG rules; empty until mapped.
  public var wcag: [String] = []
  /// Success criteria practitioners also name for the check, never counted as evidence.
  ///
  /// They disagree whether the check tests them, so they are shown for review only. Empty until mapped.
  public var related: [String] = []

  /// Creates a criterion.
  public init(
    id: String, test: TestKind, check: String, expectation: String,
    platforms: [Platform], source: SourceLocation
  ) {
    self.id = id
    self.test = test
    self.check = check
    self.expectation = expectation
    self.platforms = platforms
    self.source = source
  }
}

extension Criterion {
  /// Whether the expectation says the check does not apply ("N/A", "n/a", "… , N/A"): such a row is
  /// kept for the tester, pre-filled Not applicable, and is never evidence for a success criterion.
  public var expectsNotApplicable: Bool {
    Self.isNotApplicable(expectation: expectation)
  }

  /// Whether an expectation says "N/A" (alone, or after a comma, a parenthesis, a dash or a colon).
  public static func isNotApplicable(expectation: String) -> Bool {
    var text = expectation.lowercased().trimmingCharacters(
      in: .whitespacesAndNewlines)
    while let last = text.last, last == "." || last == ")" || last == " " {
      text.removeLast()
    }
    for ending in ["n/a", "n.a", "not applicable"] where text.hasSuffix(ending)
    {
      let before = text.dropLast(ending.count)
      if before.isEmpty { return true }
      if let mark = before.last(where: { $0 != " " }),
        mark == "," || mark == "(" || mark == "-" || mark == ":"
      {
        return true
      }
    }
    return false
  }
}
