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

  public init(
    id: String, test: TestKind, check: String, expectation: String,
    platforms: [Platform], source: SourceLocation, wcag: [String] = [],
    related: [String] = []
  ) {
    self.id = id
    self.test = test
    self.check = check
    self.expectation = expectation
    self.platforms = platforms
    self.source = source
    self.wcag = wcag
    self.related = related
  }
}

extension Criterion {
  /// Whether the expectation says the check does not apply ("N/A", "n/a", "… , N/A"): such a row is
  /// kept for the tester, pre-filled Not applicable, and is never evidence for a success criterion.
  public var expectsNotApplicable: Bool {
    Self.isNotApplicable(expectation: expectation)
  }

  /// Whether an expectation says "N/A" (alone, or after a comma, a parenthesis, a dash or a colon).
  ///
  /// Read backwards over the UTF-8 bytes without allocating: it is asked for every row of an audit.
  public static func isNotApplicable(expectation: String) -> Bool {
    let utf8 = expectation.utf8
    return utf8.withContiguousStorageIfAvailable(notApplicable)
      ?? Array(utf8).withUnsafeBufferPointer(notApplicable)
  }

  private static let notApplicableWords = ["n/a", "n.a", "not applicable"].map {
    Array($0.utf8)
  }

  private static func notApplicable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool
  {
    var end = bytes.count
    // Trailing spaces, line breaks, full stops and closing parentheses.
    while end > 0 {
      let byte = bytes[end - 1]
      guard
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
          || byte == 0x2E || byte == 0x29
      else { break }
      end -= 1
    }
    func lower(_ byte: UInt8) -> UInt8 {
      (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }
    for word in notApplicableWords {
      guard end >= word.count else { continue }
      let start = end - word.count
      guard
        (0..<word.count).allSatisfy({ lower(bytes[start + $0]) == word[$0] })
      else { continue }
      var before = start
      while before > 0, bytes[before - 1] == 0x20 { before -= 1 }
      if before == 0 { return true }
      // After a comma, an opening parenthesis, a dash or a colon: "…, N/A", "(n/a)".
      let mark = bytes[before - 1]
      if mark == 0x2C || mark == 0x28 || mark == 0x2D || mark == 0x3A {
        return true
      }
    }
    return false
  }
}
