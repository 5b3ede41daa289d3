import CriteriaModel

/// A column of the audit checklist (workbook and CSV): what it is called and what a fresh row holds.
public enum AuditColumn: String, CaseIterable, Sendable {
  case component = "Component"
  case platform = "Platform"
  case test = "Test"
  case check = "Check"
  case expected = "Expected result"
  /// The WCAG 2.2 success criteria the check tests, such as `2.1.1, 2.4.7`.
  case wcag = "WCAG"
  case result = "Result"
  case severity = "Severity"
  case tester = "Tester"
  case date = "Date"
  case notes = "Notes"
  case ticket = "Ticket"
  /// Optional (`columns` option): on a Fail row, the WCAG 2.2 criteria the defect breaks; the
  /// conformance roll-up then counts the failure against those alone.
  case failedWCAG = "Failed WCAG"
  /// Last by default: people read the check first, and the long id breaks badly in a narrow column.
  case id = "ID"

  /// The columns a checklist has unless the `columns` option says otherwise (Failed WCAG is asked for).
  public static let defaultColumns = allCases.filter { $0 != .failedWCAG }

  /// Finds a column by its header or a loose spelling of it ("expected", "expected_result").
  public init?(userName: String) {
    let key = userName.lowercased().filter { $0.isLetter }
    guard
      let match = Self.allCases.first(where: {
        $0.rawValue.lowercased().filter { $0.isLetter } == key
      })
        ?? (key == "expected" || key == "expectation" ? .expected : nil)
    else { return nil }
    self = match
  }

  /// Column width in characters for the workbook: the default columns fit a landscape page at a
  /// readable scale.
  public var width: Double {
    switch self {
    case .id: 28
    case .component: 16
    case .platform: 9
    case .test: 12
    case .check: 22
    case .expected: 46
    case .wcag, .failedWCAG: 11
    case .result: 14
    case .severity, .tester: 10
    case .date, .ticket: 11
    case .notes: 26
    }
  }

  /// The value a new, untested row holds in this column.
  public func value(for row: AuditRow, layout: AuditLayout) -> String {
    layout.value(self, title: row.component, row.criterion, row.platform)
  }
}
