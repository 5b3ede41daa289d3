/// A WCAG conformance level.
public enum WCAGLevel: String, Sendable, Codable, CaseIterable, Comparable {
  case a = "A"
  case aa = "AA"
  case aaa = "AAA"

  public static func < (lhs: WCAGLevel, rhs: WCAGLevel) -> Bool {
    lhs.rawValue.count < rhs.rawValue.count
  }
}

/// One WCAG 2.2 success criterion: its number, handle and level.
public struct SuccessCriterion: Hashable, Sendable {
  /// The number, such as `2.4.7`.
  public let number: String
  /// The short name W3C gives it, such as "Focus Visible".
  public let handle: String
  /// A, AA or AAA.
  public let level: WCAGLevel
  /// Whether WCAG 2.2 removed it (4.1.1 Parsing, which VPAT 2.5 still lists).
  public let obsolete: Bool

  init(
    _ number: String, _ handle: String, _ level: WCAGLevel,
    obsolete: Bool = false
  ) {
    self.number = number
    self.handle = handle
    self.level = level
    self.obsolete = obsolete
  }

  /// The principle's number, `1` to `4`.
  public var principle: String { String(number.prefix { $0 != "." }) }

  /// The guideline's number, such as `2.4`.
  public var guideline: String {
    number.split(separator: ".").prefix(2).joined(separator: ".")
  }

  /// The page of W3C's "Understanding WCAG 2.2" that explains it.
  public var understanding: String {
    var slug = ""
    for character in handle.lowercased() {
      if character.isLetter || character.isNumber {
        slug.append(character)
      } else if !slug.isEmpty, slug.last != "-" {
        slug.append("-")
      }
    }
    while slug.hasSuffix("-") { slug.removeLast() }
    return "https://www.w3.org/WAI/WCAG22/Understanding/\(slug).html"
  }

  /// `2.4.7 Focus Visible (Level AA)`.
  public var title: String { "\(number) \(handle) (Level \(level.rawValue))" }
}

/// The WCAG 2.2 success criteria, as the W3C Recommendation (5 October 2023) numbers and names them.
public enum WCAG22 {
  /// All 86 success criteria of WCAG 2.2, plus 4.1.1 Parsing kept as obsolete (as VPAT 2.5's WCAG 2.2
  /// edition does): 87, in number order.
  public static let all: [SuccessCriterion] = [
    SuccessCriterion("1.1.1", "Non-text Content", .a),
    SuccessCriterion("1.2.1", "Audio-only and Video-only (Prerecorded)", .a),
    SuccessCriterion("1.2.2", "Captions (Prerecorded)", .a),
    SuccessCriterion(
      "1.2.3", "Audio Description or Media Alternative (Prerecorded)", .a),
    SuccessCriterion("1.2.4", "Captions (Live)", .aa),
    SuccessCriterion("1.2.5", "Audio Description (Prerecorded)", .aa),
    SuccessCriterion("1.2.6", "Sign Language (Prerecorded)", .aaa),
    SuccessCriterion("1.2.7", "Extended Audio Description (Prerecorded)", .aaa),
    SuccessCriterion("1.2.8", "Media Alternative (Prerecorded)", .aaa),
    SuccessCriterion("1.2.9", "Audio-only (Live)", .aaa),
    SuccessCriterion("1.3.1", "Info and Relationships", .a),
    SuccessCriterion("1.3.2", "Meaningful Sequence", .a),
    SuccessCriterion("1.3.3", "Sensory Characteristics", .a),
    SuccessCriterion("1.3.4", "Orientation", .aa),
    SuccessCriterion("1.3.5", "Identify Input Purpose", .aa),
    SuccessCriterion("1.3.6", "Identify Purpose", .aaa),
    SuccessCriterion("1.4.1", "Use of Color", .a),
    SuccessCriterion("1.4.2", "Audio Control", .a),
    SuccessCriterion("1.4.3", "Contrast (Minimum)", .aa),
    SuccessCriterion("1.4.4", "Resize text", .aa),
    SuccessCriterion("1.4.5", "Images of Text", .aa),
    SuccessCriterion("1.4.6", "Contrast (Enhanced)", .aaa),
    SuccessCriterion("1.4.7", "Low or No Background Audio", .aaa),
    SuccessCriterion("1.4.8", "Visual Presentation", .aaa),
    SuccessCriterion("1.4.9", "Images of Text (No Exception)", .aaa),
    SuccessCriterion("1.4.10", "Reflow", .aa),
    SuccessCriterion("1.4.11", "Non-text Contrast", .aa),
    SuccessCriterion("1.4.12", "Text Spacing", .aa),
    SuccessCriterion("1.4.13", "Content on Hover or Focus", .aa),
    SuccessCriterion("2.1.1", "Keyboard", .a),
    SuccessCriterion("2.1.2", "No Keyboard Trap", .a),
    SuccessCriterion("2.1.3", "Keyboard (No Exception)", .aaa),
    SuccessCriterion("2.1.4", "Character Key Shortcuts", .a),
    SuccessCriterion("2.2.1", "Timing Adjustable", .a),
    SuccessCriterion("2.2.2", "Pause, Stop, Hide", .a),
    SuccessCriterion("2.2.3", "No Timing", .aaa),
    SuccessCriterion("2.2.4", "Interruptions", .aaa),
    SuccessCriterion("2.2.5", "Re-authenticating", .aaa),
    SuccessCriterion("2.2.6", "Timeouts", .aaa),
    SuccessCriterion("2.3.1", "Three Flashes or Below Threshold", .a),
    SuccessCriterion("2.3.2", "Three Flashes", .aaa),
    SuccessCriterion("2.3.3", "Animation from Interactions", .aaa),
    SuccessCriterion("2.4.1", "Bypass Blocks", .a),
    SuccessCriterion("2.4.2", "Page Titled", .a),
    SuccessCriterion("2.4.3", "Focus Order", .a),
    SuccessCriterion("2.4.4", "Link Purpose (In Context)", .a),
    SuccessCriterion("2.4.5", "Multiple Ways", .aa),
    SuccessCriterion("2.4.6", "Headings and Labels", .aa),
    SuccessCriterion("2.4.7", "Focus Visible", .aa),
    SuccessCriterion("2.4.8", "Location", .aaa),
    SuccessCriterion("2.4.9", "Link Purpose (Link Only)", .aaa),
    SuccessCriterion("2.4.10", "Section Headings", .aaa),
    SuccessCriterion("2.4.11", "Focus Not Obscured (Minimum)", .aa),
    SuccessCriterion("2.4.12", "Focus Not Obscured (Enhanced)", .aaa),
    SuccessCriterion("2.4.13", "Focus Appearance", .aaa),
    SuccessCriterion("2.5.1", "Pointer Gestures", .a),
    SuccessCriterion("2.5.2", "Pointer Cancellation", .a),
    SuccessCriterion("2.5.3", "Label in Name", .a),
    SuccessCriterion("2.5.4", "Motion Actuation", .a),
    SuccessCriterion("2.5.5", "Target Size (Enhanced)", .aaa),
    SuccessCriterion("2.5.6", "Concurrent Input Mechanisms", .aaa),
    SuccessCriterion("2.5.7", "Dragging Movements", .aa),
    SuccessCriterion("2.5.8", "Target Size (Minimum)", .aa),
    SuccessCriterion("3.1.1", "Language of Page", .a),
    SuccessCriterion("3.1.2", "Language of Parts", .aa),
    SuccessCriterion("3.1.3", "Unusual Words", .aaa),
    SuccessCriterion("3.1.4", "Abbreviations", .aaa),
    SuccessCriterion("3.1.5", "Reading Level", .aaa),
    SuccessCriterion("3.1.6", "Pronunciation", .aaa),
    SuccessCriterion("3.2.1", "On Focus", .a),
    SuccessCriterion("3.2.2", "On Input", .a),
    SuccessCriterion("3.2.3", "Consistent Navigation", .aa),
    SuccessCriterion("3.2.4", "Consistent Identification", .aa),
    SuccessCriterion("3.2.5", "Change on Request", .aaa),
    SuccessCriterion("3.2.6", "Consistent Help", .a),
    SuccessCriterion("3.3.1", "Error Identification", .a),
    SuccessCriterion("3.3.2", "Labels or Instructions", .a),
    SuccessCriterion("3.3.3", "Error Suggestion", .aa),
    SuccessCriterion("3.3.4", "Error Prevention (Legal, Financial, Data)", .aa),
    SuccessCriterion("3.3.5", "Help", .aaa),
    SuccessCriterion("3.3.6", "Error Prevention (All)", .aaa),
    SuccessCriterion("3.3.7", "Redundant Entry", .a),
    SuccessCriterion("3.3.8", "Accessible Authentication (Minimum)", .aa),
    SuccessCriterion("3.3.9", "Accessible Authentication (Enhanced)", .aaa),
    SuccessCriterion("4.1.1", "Parsing", .a, obsolete: true),
    SuccessCriterion("4.1.2", "Name, Role, Value", .a),
    SuccessCriterion("4.1.3", "Status Messages", .aa),
  ]

  /// The principles by number.
  public static let principles = [
    "1": "Perceivable", "2": "Operable", "3": "Understandable", "4": "Robust",
  ]

  /// The guidelines by number.
  public static let guidelines = [
    "1.1": "Text Alternatives", "1.2": "Time-based Media", "1.3": "Adaptable",
    "1.4": "Distinguishable", "2.1": "Keyboard Accessible",
    "2.2": "Enough Time", "2.3": "Seizures and Physical Reactions",
    "2.4": "Navigable", "2.5": "Input Modalities", "3.1": "Readable",
    "3.2": "Predictable", "3.3": "Input Assistance", "4.1": "Compatible",
  ]

  private static let byNumber = Dictionary(
    uniqueKeysWithValues: all.map { ($0.number, $0) })

  /// The success criterion with this number, if WCAG 2.2 has one.
  public static func criterion(_ number: String) -> SuccessCriterion? {
    byNumber[number]
  }
}
