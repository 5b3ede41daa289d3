import Audit
import CriteriaModel
import Exporters
import Foundation

/// Turns the rows of a filled audit whose Result is Fail into tickets, with the tester's severity, name, date and notes.
///
/// Rows that already name a ticket are left alone.
public struct AuditFindings: Sendable {
  /// A failed row and its ticket.
  public struct Item: Sendable {
    public var row: Int
    public var ticket: Ticket
  }

  /// What the sheet held.
  public struct Result: Sendable {
    public var items: [Item] = []
    /// Failed rows whose Ticket cell is already filled: row number and what it says.
    public var alreadyTicketed: [(row: Int, ticket: String)] = []
    /// How many rows were read.
    public var rowCount = 0
  }

  /// The five result words (pass, fail, not applicable, not tested, cannot tell), compared without
  /// regard to case; any other word is an error, never a silent "not failed".
  public var statuses: [String]
  /// The result word that means the check failed.
  public var failWord: String { statuses[1] }
  /// Labels on every ticket, before the finding's own.
  public var labels: [String]

  /// Creates a reader of findings; `failWord` replaces the layout's own fail word.
  public init(
    statuses: [String] = AuditLayout.defaultStatuses, failWord: String? = nil,
    labels: [String] = ["accessibility"]
  ) {
    var words = statuses.count == 5 ? statuses : AuditLayout.defaultStatuses
    if let failWord { words[1] = failWord }
    self.statuses = words
    self.labels = labels
  }

  /// The findings of a sheet; errors name the file, sheet and row.
  public func findings(in sheet: AuditSheet) throws(TicketError) -> Result {
    let where0 =
      sheet.sheetName.map { "\(sheet.path), sheet '\($0)'" } ?? sheet.path
    guard let resultColumn = sheet.column(.result) else {
      let found = sheet.header.filter { !$0.isEmpty }.map { "'\($0)'" }.joined(
        separator: ", ")
      throw TicketError(
        "\(where0): no Result column in the header (row \(sheet.headerRow): \(found.isEmpty ? "empty" : found)); "
          + "tickets are filed for the rows whose Result is \(failWord)")
    }
    let columns = Dictionary(
      uniqueKeysWithValues: AuditColumn.allCases.map { ($0, sheet.column($0)) })
    var result = Result()
    result.rowCount = sheet.rows.count
    let known = Set(statuses.map { $0.lowercased() })
    for row in sheet.rows {
      let word = row[resultColumn].trimmingCharacters(
        in: .whitespacesAndNewlines)
      guard !word.isEmpty else { continue }
      guard known.contains(word.lowercased()) else {
        throw TicketError(
          "\(sheet.place(row.number)): Result '\(word)' is not one of \(statuses.joined(separator: ", ")); "
            + "correct it, so that no failure goes unfiled (tickets are filed for the rows whose Result is \(failWord))"
        )
      }
      guard word.caseInsensitiveCompare(failWord) == .orderedSame else {
        continue
      }
      let existing = row[columns[.ticket] ?? nil].trimmingCharacters(
        in: .whitespaces)
      if !existing.isEmpty {
        result.alreadyTicketed.append((row.number, existing))
        continue
      }
      guard let idColumn = columns[.id] ?? nil else {
        throw TicketError(
          "\(where0): no ID column; each failed row needs its ID so its ticket is filed once"
        )
      }
      let id = row[idColumn].trimmingCharacters(in: .whitespaces)
      guard !id.isEmpty else {
        throw TicketError(
          "\(sheet.place(row.number)): Result is \(failWord) but the ID cell is empty"
        )
      }
      result.items.append(
        Item(
          row: row.number, ticket: ticket(id: id, row: row, columns: columns)))
    }
    return result
  }

  func ticket(id: String, row: AuditSheet.Row, columns: [AuditColumn: Int?])
    -> Ticket
  {
    func cell(_ column: AuditColumn) -> String {
      row[columns[column] ?? nil].trimmingCharacters(
        in: .whitespacesAndNewlines)
    }
    let parsed = StableID.split(row: id)
    let platform = Platform(userValue: cell(.platform)) ?? parsed.platform
    let criterionID = id.contains(StableID.platformSeparator) ? parsed.id : ""
    // Criterion ids are component/test/check: the component is what comes before the last two parts.
    let parts = (criterionID.isEmpty ? id : criterionID).split(separator: "/")
    let componentID =
      parts.count > 2
      ? parts.dropLast(2).joined(separator: "/") : parts.joined(separator: "/")
    let component = cell(.component).isEmpty ? componentID : cell(.component)
    let test = cell(.test)
    let check = cell(.check)
    let what = [test, check].filter { !$0.isEmpty }.joined(separator: ", ")
    let date = Self.date(cell(.date))
    let severity = cell(.severity)
    var labels = labels.map(Label.clean) + ["audit-finding"]
    if let platform { labels.append(Label.clean(platform.rawValue)) }
    if !severity.isEmpty { labels.append("severity-" + Label.clean(severity)) }
    // The WCAG column as the workbook holds it ("2.1.1, 2.4.7"); numbers only, so a note typed there is no label.
    let wcag = cell(.wcag).split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { number in
      !number.isEmpty && number.allSatisfy { $0.isNumber || $0 == "." }
    }
    labels += TicketPlanner.wcagLabels(wcag)
    return Ticket(
      identity: "finding/" + id + (date.isEmpty ? "" : "/" + date),
      title:
        "Accessibility finding: \(component)\(platform.map { " (\($0.rawValue))" } ?? ""): \(what.isEmpty ? id : what)",
      summary: "An accessibility audit found that this check fails."
        + (cell(.expected).isEmpty ? "" : " Expected: \(cell(.expected))"),
      checklist: [
        ChecklistItem(
          id: id, label: what.isEmpty ? id : "\(test): \(check)",
          expectation: cell(.expected), wcag: wcag)
      ],
      labels: labels, componentID: componentID, platform: platform,
      finding: Finding(
        result: cell(.result), severity: severity, tester: cell(.tester),
        date: date, notes: cell(.notes)))
  }

  /// A date as the tester's spreadsheet stored it: text stays as typed; a bare serial number (what Excel and
  /// LibreOffice store for a date cell) becomes YYYY-MM-DD.
  public static func date(_ value: String) -> String {
    guard let serial = Double(value), serial >= 1, serial < 2_958_466 else {
      return value
    }
    // Serial 1 is 1900-01-01 in the 1900 date system; serials from 61 on are one too high (the 1900 leap-day bug).
    let days = Int(serial.rounded(.down)) - (serial >= 61 ? 25_569 : 25_568)
    let date = Date(timeIntervalSince1970: Double(days) * 86_400)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return String(
      format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0,
      parts.day ?? 0)
  }
}
