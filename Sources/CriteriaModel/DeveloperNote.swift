/// Developer guidance for one platform and topic (Name, Role, Focus...), optionally for one framework.
public struct DeveloperNote: Hashable, Sendable, Codable {
  /// The platform the note is for; nil for notes that apply to every platform.
  public var platform: Platform?
  /// The topic heading, for example "Name", "Focus", "General Notes".
  public var topic: String
  /// The UI framework subsection (UIKit, SwiftUI, Android Views, Jetpack Compose), if any.
  public var framework: String?
  /// The note's Markdown text, indentation normalised.
  public var text: String
  /// Where the note starts.
  public var source: SourceLocation

  public init(
    platform: Platform? = nil, topic: String, framework: String? = nil,
    text: String, source: SourceLocation
  ) {
    self.platform = platform
    self.topic = topic
    self.framework = framework
    self.text = text
    self.source = source
  }
}
