/// An example of what a screen reader announces, from an "Announcement examples" section.
public struct Announcement: Hashable, Sendable, Codable {
  /// The platform whose screen reader says it.
  public var platform: Platform?
  /// The announcement and its explanation as written, for example `"Close, button" (If Close X is available)`.
  public var text: String

  public init(platform: Platform? = nil, text: String) {
    self.platform = platform
    self.text = text
  }
}
