import Foundation

/// A filed ticket as its tracker shows it now: its status in the tracker's words and what it means.
public struct TicketSnapshot: Sendable, Hashable, Codable {
  /// What a status means for the audit.
  public enum Category: String, Sendable, Codable {
    /// Not finished (new, open, in progress, reopened).
    case open
    /// Finished as done or fixed: a failed check needs a re-test.
    case done
    /// Closed without a fix (won't do, not planned, rejected, removed, cancelled).
    case notPlanned = "not planned"
    /// The tracker no longer has it.
    case deleted
    /// The key now names the ticket somewhere else (a Jira issue moved to another project, a GitHub
    /// issue transferred): never updated, closed or reopened by criteria; a person decides.
    case moved
    /// The key now names another ticket (a tracker that reused the number): never touched by criteria;
    /// a person decides.
    case replaced
  }

  /// The tracker's own words: `In Progress`, `closed (completed)`.
  public var status: String
  public var category: Category
  /// The day it was finished (`2026-11-23`), when the tracker says.
  public var resolvedOn: String?
  /// The tracker's last-update time, as it writes it.
  public var updatedAt: String?
  /// The tracker's creation time, as it writes it.
  public var createdAt: String?

  /// Creates a snapshot.
  public init(
    status: String, category: Category, resolvedOn: String? = nil,
    updatedAt: String? = nil, createdAt: String? = nil
  ) {
    self.status = status
    self.category = category
    self.resolvedOn = resolvedOn.flatMap(Self.day)
    self.updatedAt = updatedAt
    self.createdAt = createdAt
  }

  /// A ticket the tracker answered 404 or 410 for.
  public static let deleted = TicketSnapshot(
    status: "deleted", category: .deleted)

  /// Whether the ticket is the one criteria filed, so that criteria may act on it.
  public var isOurs: Bool { category != .moved && category != .replaced }

  /// What the ledger's ticket has become when its key answers with another ticket: `moved` when the
  /// tracker says the key moved (a permanent redirect, or another key in the answer), `replaced` when
  /// the answer carries criteria markers and none is this ticket's; nil when it is the ticket filed.
  ///
  /// A ticket whose markers a person removed cannot be told apart, and counts as the one filed.
  ///
  /// `former` is a marker the ticket's body may still carry instead: the identity it was filed under
  /// before its component's document moved (`Ledger.Entry.formerIdentity`).
  public static func identity(
    of answer: HTTPResponse, key: String, marker: String,
    answeredKey: String? = nil, former: String? = nil
  ) -> TicketSnapshot? {
    if [301, 308].contains(answer.status) {
      return TicketSnapshot(status: "moved", category: .moved)
    }
    if let answeredKey, !answeredKey.isEmpty, answeredKey != key {
      return TicketSnapshot(status: "moved", category: .moved)
    }
    let body = answer.body
    let ours = ([marker] + (former.map { [$0] } ?? [])).flatMap {
      [$0, $0.replacingOccurrences(of: "/", with: "\\/")]
    }
    let prefix = Data("criteria:id=".utf8)
    guard body.range(of: prefix) != nil,
      !ours.contains(where: { body.range(of: Data($0.utf8)) != nil })
    else { return nil }
    return TicketSnapshot(status: "replaced", category: .replaced)
  }

  /// The date part of an ISO 8601 time (`2026-11-23T10:00:00Z` → `2026-11-23`), or nil when it is not one.
  static func day(_ time: String) -> String? {
    let day = String(time.prefix(10))
    let digits = day.split(separator: "-")
    guard digits.count == 3, digits.map(\.count) == [4, 2, 2],
      digits.allSatisfy({ $0.allSatisfy(\.isNumber) })
    else { return nil }
    return day
  }

  /// Whether a person (or anything but criteria) changed the ticket after criteria last wrote it:
  /// its update time differs from the one recorded then, or, when none was recorded, from its creation time.
  public func editedSince(recorded: String?) -> Bool {
    guard let updatedAt else { return false }
    if let recorded { return updatedAt != recorded }
    guard let createdAt else { return false }
    return updatedAt != createdAt
  }
}

extension Tracker {
  public func readRequest(for filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  { nil }
  public func snapshot(from response: HTTPResponse) -> TicketSnapshot? { nil }
  public func answeredKey(_ response: HTTPResponse) -> String? { nil }
  public func updateRequest(
    for ticket: Ticket, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? { nil }
}

extension TicketRevision {
  /// The ticket with its revision set: the fingerprint of the request body without one
  /// (`Tracker.revisionBasis`), and of its continuation comments' bodies, when it has any.
  public static func stamp(_ ticket: Ticket, for tracker: any Tracker)
    throws(TicketError) -> Ticket
  {
    var unstamped = ticket
    unstamped.revision = nil
    // A chosen id is not content: the same ticket sent under another id is the same revision.
    unstamped.clientID = nil
    var stamped = ticket
    // A body continued in comments: the revision covers every piece, so a change in a comment's part
    // makes the ticket out of date too.
    var content = try tracker.revisionBasis(for: unstamped)
    for piece in try tracker.followUpPayloads(for: unstamped) {
      content.append(piece)
    }
    stamped.revision = of(content)
    return stamped
  }
}
