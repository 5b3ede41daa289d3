/// A video (or other media) that shows the component with a screen reader.
public struct Media: Hashable, Sendable, Codable {
  /// The heading above it, for example "iOS VoiceOver".
  public var title: String
  /// The media path or URL as written in the document.
  public var url: String
  /// The MIME type the document declares, if any.
  public var type: String?

  public init(title: String, url: String, type: String? = nil) {
    self.title = title
    self.url = url
    self.type = type
  }
}
