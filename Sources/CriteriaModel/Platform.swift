/// A platform an audit row is tested on.
public enum Platform: String, Hashable, Sendable, Codable, CaseIterable,
  Comparable
{
  case iOS
  case android = "Android"
  case web = "Web"

  /// Parses a user-written platform name ("ios", "Android", "WEB").
  public init?(userValue: String) {
    switch userValue.lowercased() {
    case "ios": self = .iOS
    case "android": self = .android
    case "web": self = .web
    default: return nil
    }
  }

  /// The platform as it ends a row id: `ios`, `android`, `web`.
  public var idSuffix: String {
    switch self {
    case .iOS: "ios"
    case .android: "android"
    case .web: "web"
    }
  }

  public static func < (lhs: Platform, rhs: Platform) -> Bool {
    (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
  }
}
