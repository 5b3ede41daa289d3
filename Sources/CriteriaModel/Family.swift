/// The MagentaA11y collection a component belongs to.
public enum Family: String, Hashable, Sendable, Codable, CaseIterable {
  case native
  case web

  /// The platforms a component of this family is audited on.
  public var platforms: [Platform] {
    switch self {
    case .native: [.iOS, .android]
    case .web: [.web]
    }
  }
}
