/// What kind of testing a criterion belongs to: the numbered groups of a Condensed section.
///
/// The four MagentaA11y groups have fixed names; any other group keeps the name the document gave,
/// so nothing a document says is lost.
public struct TestKind: Hashable, Sendable, Codable, Comparable,
  CustomStringConvertible
{
  /// The identifier used in IDs, JSON and config (`keyboard`, `gestures`, `screenReader`, `settings`).
  public let rawValue: String

  /// Creates a kind from its identifier.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  public static let keyboard = TestKind("keyboard")
  public static let gestures = TestKind("gestures")
  public static let screenReader = TestKind("screenReader")
  public static let settings = TestKind("settings")

  /// The four kinds every MagentaA11y document uses, in document order.
  public static let standard: [TestKind] = [
    .keyboard, .gestures, .screenReader, .settings,
  ]

  /// The label a tester reads in a spreadsheet or checklist.
  public var label: String {
    switch self {
    case .keyboard: "Keyboard"
    case .gestures: "Gestures"
    case .screenReader: "Screen reader"
    case .settings: "Settings"
    default: rawValue
    }
  }

  public var description: String { rawValue }

  public static func < (lhs: TestKind, rhs: TestKind) -> Bool {
    let l = standard.firstIndex(of: lhs) ?? standard.count
    let r = standard.firstIndex(of: rhs) ?? standard.count
    return l != r ? l < r : lhs.rawValue < rhs.rawValue
  }

  public init(from decoder: Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
