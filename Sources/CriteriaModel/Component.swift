/// One UI component's accessibility acceptance criteria: the unit a MagentaA11y document describes.
public struct Component: Hashable, Sendable, Codable {
  /// Stable slug such as `native/controls/sheet`: the same in both document formats.
  public var id: String
  /// Human title, for example "Sheet".
  public var title: String
  /// Native or web.
  public var family: Family
  /// The collection folder, for example "controls", "notifications", "patterns", "component".
  public var category: String
  /// The General Notes text.
  public var summary: String = ""
  /// The checks, in document order.
  public var criteria: [Criterion] = []
  /// The Gherkin scenarios, in document order.
  public var scenarios: [Scenario] = []
  /// Developer notes per platform and topic.
  public var notes: [DeveloperNote] = []
  /// Instructions for the tester that the document wrote as checks (a bullet whose key is a platform
  /// and whose text says how to set up a screen reader): shown before the checks, never a row.
  public var testerNotes: [String] = []
  /// Screen reader announcement examples.
  public var announcements: [Announcement] = []
  /// Videos showing the component with screen readers.
  public var media: [Media] = []
  /// The "Full information" link, if the document has one.
  public var reference: String?
  /// The file and line the component was read from.
  public var source: SourceLocation
  /// The WCAG success criteria the component's checks test, and any the document cites itself, in
  /// WCAG order; empty until mapped.
  public var wcag: [String] = []
  /// What the component is for the WCAG mapping (`control`, `input`, `link`, `skip-link`, `composite`,
  /// `dialog`, `live`, `landmark`, `heading`, `image`, `figure`, `table`, `list`, `description`, `text`,
  /// `media`, `page`, or `unknown`), from its own Role check, then its title, slug and category, by the
  /// kind rules; empty until mapped.
  public var kind: String = ""

  public init(
    id: String, title: String, family: Family, category: String,
    summary: String = "", criteria: [Criterion] = [],
    scenarios: [Scenario] = [], notes: [DeveloperNote] = [],
    testerNotes: [String] = [], announcements: [Announcement] = [],
    media: [Media] = [], reference: String? = nil, source: SourceLocation,
    wcag: [String] = [], kind: String = ""
  ) {
    self.id = id
    self.title = title
    self.family = family
    self.category = category
    self.summary = summary
    self.criteria = criteria
    self.scenarios = scenarios
    self.notes = notes
    self.testerNotes = testerNotes
    self.announcements = announcements
    self.media = media
    self.reference = reference
    self.source = source
    self.wcag = wcag
    self.kind = kind
  }

  /// The platforms any of this component's criteria apply to, in a fixed order.
  public var platforms: [Platform] {
    let used = Set(criteria.flatMap(\.platforms))
    return used.isEmpty ? family.platforms : used.sorted()
  }
}
