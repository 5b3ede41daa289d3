import MemberwiseInit

/// A video (or other media) that shows the component with a screen reader.
@MemberwiseInit
public struct Media: Hashable, Sendable, Codable {
  /// The heading above it, for example "iOS VoiceOver".
  public var title: String
  /// The media path or URL as written in the document.
  public var url: String
  /// The MIME type the document declares, if any.
  public var type: String?
}
