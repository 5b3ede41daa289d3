import CriteriaModel

/// The shape of an audit checklist: which columns, and the words testers pick from.
public struct AuditLayout: Sendable {
  /// The columns, in order.
  public var columns: [AuditColumn] = AuditColumn.defaultColumns
  /// Result words in the order: pass, fail, not applicable, not tested, cannot tell.
  public var statuses: [String] = defaultStatuses
  /// Severity words, most severe first.
  public var severities: [String] = defaultSeverities

  public static let defaultStatuses = [
    "Pass", "Fail", "Not applicable", "Not tested", "Cannot tell",
  ]
  public static let defaultSeverities = ["Critical", "High", "Medium", "Low"]

  /// The option keys every audit-shaped exporter takes.
  public static let optionHelp: [String: String] = [
    "columns":
      "the checklist columns, in order (default: \(AuditColumn.defaultColumns.map(\.rawValue).joined(separator: ", ")); also Failed WCAG, where testers name the criteria a failure breaks)",
    "statuses":
      "five result words: pass, fail, not applicable, not tested, cannot tell (default: \(defaultStatuses.joined(separator: ", ")))",
    "severities":
      "severity words (default: \(defaultSeverities.joined(separator: ", ")))",
  ]

  public var pass: String { statuses[0] }
  public var fail: String { statuses[1] }
  public var notApplicable: String { statuses[2] }
  /// The result every new row starts with (but those whose expectation is N/A: Not applicable).
  public var defaultStatus: String { statuses[3] }
  public var cannotTell: String { statuses[4] }

  public init(
    columns: [AuditColumn] = AuditColumn.defaultColumns,
    statuses: [String] = defaultStatuses,
    severities: [String] = defaultSeverities
  ) {
    self.columns = columns
    self.statuses = statuses
    self.severities = severities
  }

  /// The value of one cell of a fresh row, straight from the model.
  public func value(
    _ column: AuditColumn, _ component: Component, _ criterion: Criterion,
    _ platform: Platform
  ) -> String {
    value(column, title: component.title, criterion, platform)
  }

  /// The one owner of what a new, untested row holds in each column.
  public func value(
    _ column: AuditColumn, title: String, _ criterion: Criterion,
    _ platform: Platform
  ) -> String {
    switch column {
    case .id: StableID.row(criterion: criterion.id, platform: platform)
    case .component: title
    case .platform: platform.rawValue
    case .test: criterion.test.label
    case .check: criterion.check
    case .expected: criterion.expectation
    case .wcag: criterion.wcag.joined(separator: ", ")
    // A check whose expectation is N/A starts Not applicable: it tests nothing, and the tester
    // should not have to say so again.
    case .result: criterion.expectsNotApplicable ? notApplicable : defaultStatus
    case .severity, .tester, .date, .notes, .ticket, .failedWCAG: ""
    }
  }

  /// The cells of one row, in column order.
  public func cells(for row: AuditRow) -> [String] {
    columns.map { $0.value(for: row, layout: self) }
  }
}
