import CriteriaModel

/// A column of the audit checklist (workbook and CSV): what it is called and what a fresh row holds.
public enum AuditColumn: String, CaseIterable, Sendable {
  case id = "ID"
  case component = "Component"
  case platform = "Platform"
  case test = "Test"
  case check = "Check"
  case expected = "Expected result"
  case result = "Result"
  case severity = "Severity"
  case tester = "Tester"
  case date = "Date"
  case notes = "Notes"
  case ticket = "Ticket"

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

  /// Column width in characters for the workbook.
  public var width: Double {
    switch self {
    case .id: 34
    case .component: 20
    case .platform: 10
    case .test: 14
    case .check: 26
    case .expected: 60
    case .result, .severity: 16
    case .tester, .date: 12
    case .notes: 40
    case .ticket: 14
    }
  }

  /// The value a new, untested row holds in this column.
  public func value(for row: AuditRow, layout: AuditLayout) -> String {
    layout.value(self, title: row.component, row.criterion, row.platform)
  }
}
