import CriteriaModel

/// Turns a catalog (or failed audit rows) into tickets.
public struct TicketPlanner: Sendable {
  public init(
    grouping: Grouping = .componentPlatform,
    labels: [String] = ["accessibility"], includeScenarios: Bool = true
  ) {
    self.grouping = grouping
    self.labels = labels
    self.includeScenarios = includeScenarios
  }

  /// How criteria are grouped into tickets.
  public enum Grouping: String, Sendable, CaseIterable {
    /// One ticket per component and platform, its checks as a checklist.
    case componentPlatform = "component-platform"
    /// One ticket per check and platform.
    case criterion
  }

  /// The grouping.
  public var grouping: Grouping = .componentPlatform
  /// Labels added to every ticket.
  public var labels: [String] = ["accessibility"]
  /// Put the Gherkin scenarios in component tickets.
  public var includeScenarios: Bool = true

  /// The tickets for a catalog, in a stable order.
  public func tickets(for catalog: Catalog) -> [Ticket] {
    catalog.components.flatMap { component in
      component.platforms.flatMap { platform -> [Ticket] in
        let criteria = component.criteria.filter {
          $0.platforms.contains(platform)
        }
        guard !criteria.isEmpty else { return [] }
        switch grouping {
        case .componentPlatform:
          return [
            componentTicket(component, platform: platform, criteria: criteria)
          ]
        case .criterion:
          return criteria.map {
            criterionTicket(component, platform: platform, criterion: $0)
          }
        }
      }
    }
  }

  func componentTicket(
    _ component: Component, platform: Platform, criteria: [Criterion]
  ) -> Ticket {
    Ticket(
      identity: StableID.row(criterion: component.id, platform: platform),
      title: "Accessibility: \(component.title) (\(platform.rawValue))",
      summary:
        "Accessibility acceptance criteria for the \(component.title.lowercased()) on \(platform.rawValue). "
        + "Each check must pass before this is done.",
      checklist: criteria.map { item($0, platform) },
      scenarios: includeScenarios ? component.scenarios : [],
      labels: baseLabels(component, platform)
        + Self.wcagLabels(criteria.flatMap(\.wcag)),
      componentID: component.id,
      platform: platform,
      reference: component.reference)
  }

  func criterionTicket(
    _ component: Component, platform: Platform, criterion: Criterion
  ) -> Ticket {
    Ticket(
      identity: StableID.row(criterion: criterion.id, platform: platform),
      title:
        "Accessibility: \(component.title) (\(platform.rawValue)): \(criterion.test.label), \(criterion.check)",
      summary: criterion.expectation,
      checklist: [item(criterion, platform)],
      labels: baseLabels(component, platform) + [
        Label.clean(criterion.test.rawValue)
      ] + Self.wcagLabels(criterion.wcag),
      componentID: component.id, platform: platform,
      reference: component.reference)
  }

  func item(_ criterion: Criterion, _ platform: Platform) -> ChecklistItem {
    ChecklistItem(
      id: StableID.row(criterion: criterion.id, platform: platform),
      label: "\(criterion.test.label): \(criterion.check)",
      expectation: criterion.expectation, wcag: criterion.wcag,
      notApplicable: criterion.expectsNotApplicable)
  }

  /// `wcag-2.1.1` labels, once each, in WCAG order.
  static func wcagLabels(_ numbers: [String]) -> [String] {
    WCAGOrder.sorted(numbers).map { "wcag-" + $0 }
  }

  func baseLabels(_ component: Component, _ platform: Platform) -> [String] {
    labels.map(Label.clean) + [
      Label.clean(component.family.rawValue), Label.clean(platform.rawValue),
    ]
  }
}

/// Tracker labels: lower case, no spaces or commas (Jira rejects spaces, GitLab splits on commas).
public enum Label {
  public static func clean(_ text: String) -> String {
    String(text.lowercased().map { $0.isWhitespace || $0 == "," ? "-" : $0 })
  }
}
