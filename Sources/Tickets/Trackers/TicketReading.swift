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
  public static func identity(
    of answer: HTTPResponse, key: String, marker: String,
    answeredKey: String? = nil
  ) -> TicketSnapshot? {
    if [301, 308].contains(answer.status) {
      return TicketSnapshot(status: "moved", category: .moved)
    }
    if let answeredKey, !answeredKey.isEmpty, answeredKey != key {
      return TicketSnapshot(status: "moved", category: .moved)
    }
    let body = answer.body
    let ours = [marker, marker.replacingOccurrences(of: "/", with: "\\/")]
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

/// Reading a JSON answer by dotted paths.
struct JSONFields {
  let json: Any?

  init(_ response: HTTPResponse) { json = response.json }

  func string(_ path: String) -> String? {
    JSONBody.string(JSONBody.value(at: path, in: json))
  }

  /// A value whose name holds dots (Azure DevOps' `System.State`) in the object at `path`.
  func named(_ name: String, in path: String) -> String? {
    JSONBody.string(
      (JSONBody.value(at: path, in: json) as? [String: Any])?[name])
  }

  func bool(_ path: String) -> Bool? {
    switch JSONBody.value(at: path, in: json) {
    case let value as Bool: value
    case let value as NSNumber: value.boolValue
    case let value as String: ["true", "1", "yes"].contains(value.lowercased())
    default: nil
    }
  }
}

extension GitHubTracker {
  func issueURL(_ filed: FiledTicket) -> String {
    let number = filed.key.trimmingCharacters(
      in: CharacterSet(charactersIn: "#"))
    return "\(apiBase())/repos/\(settings.project)/issues/\(number)"
  }

  public func readRequest(for filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  {
    HTTPRequest(
      method: "GET", url: issueURL(filed), headers: headers(credentials))
  }

  /// `state` and `state_reason`: closed as completed is done; closed as not planned is not.
  public func snapshot(from response: HTTPResponse) -> TicketSnapshot? {
    let fields = JSONFields(response)
    guard let state = fields.string("state") else { return nil }
    let reason = fields.string("state_reason")
    let closed = state == "closed"
    let notPlanned = closed && reason == "not_planned"
    return TicketSnapshot(
      status: closed
        ? "closed as \((reason ?? "completed").replacingOccurrences(of: "_", with: " "))"
        : state,
      category: closed ? (notPlanned ? .notPlanned : .done) : .open,
      resolvedOn: closed ? fields.string("closed_at") : nil,
      updatedAt: fields.string("updated_at"),
      createdAt: fields.string("created_at"))
  }

  /// PATCH of the title, body and labels (an over-long body's continuation comments are not rewritten).
  public func updateRequest(
    for ticket: Ticket, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    HTTPRequest(
      method: "PATCH", url: issueURL(filed), headers: headers(credentials),
      body: try payload(for: ticket))
  }

  /// A comment on the issue (POST …/comments); the marker goes in an HTML comment, unseen.
  public func commentRequest(
    _ comment: String, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    HTTPRequest(
      method: "POST", url: issueURL(filed) + "/comments",
      headers: headers(credentials),
      body: try JSONBody.encode(["body": Self.hidingLastLine(comment)]))
  }

  /// PATCH of the state: closed as completed, or open again.
  public func transitionRequest(
    _ action: RetestAction, filed: FiledTicket, choices: HTTPResponse?,
    credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    HTTPRequest(
      method: "PATCH", url: issueURL(filed), headers: headers(credentials),
      body: try JSONBody.encode(
        action == .close
          ? ["state": "closed", "state_reason": "completed"] : ["state": "open"]
      ))
  }

  public func commentsRequest(filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  {
    followUpsListRequest(filed: filed, credentials: credentials)
  }

  /// Markdown with its last line (a marker) inside an HTML comment.
  static func hidingLastLine(_ text: String) -> String {
    guard let newline = text.lastIndex(of: "\n") else { return text }
    return text[...newline] + "<!-- \(text[text.index(after: newline)...]) -->"
  }
}

/// Jira's status category (`new`, `indeterminate`, `done`) and resolution, read the same from both APIs.
extension JiraResponses {
  /// Resolutions that close an issue without fixing it (Jira's defaults).
  static let unfixed: Set<String> = [
    "won't do", "won't fix", "duplicate", "cannot reproduce", "declined",
    "incomplete",
  ]

  func readRequest(
    path: String, filed: FiledTicket, headers: [(String, String)]
  ) -> HTTPRequest {
    HTTPRequest(
      method: "GET",
      url: settings.url + path + "/" + URLQuery.escape(filed.key)
        + "?fields=status,resolution,resolutiondate,updated,created,description",
      headers: headers)
  }

  func snapshot(from response: HTTPResponse) -> TicketSnapshot? {
    let fields = JSONFields(response)
    guard let status = fields.string("fields.status.name") else { return nil }
    let category = fields.string("fields.status.statusCategory.key")
    let resolution = fields.string("fields.resolution.name")
    let done = category == "done"
    let unfixed =
      resolution.map { Self.unfixed.contains($0.lowercased()) } ?? false
    return TicketSnapshot(
      status: resolution.map { "\(status) (\($0))" } ?? status,
      category: done ? (unfixed ? .notPlanned : .done) : .open,
      resolvedOn: done ? fields.string("fields.resolutiondate") : nil,
      updatedAt: fields.string("fields.updated"),
      createdAt: fields.string("fields.created"))
  }

  /// PUT of the summary, description and labels: the project and type stay as they are.
  func updateRequest(
    path: String, fields all: [String: Any], filed: FiledTicket,
    headers: [(String, String)]
  ) throws(TicketError) -> HTTPRequest {
    let fields = all.filter {
      ["summary", "description", "labels"].contains($0.key)
    }
    return HTTPRequest(
      method: "PUT",
      url: settings.url + path + "/" + URLQuery.escape(filed.key),
      headers: headers, body: try JSONBody.encode(["fields": fields]))
  }
}

/// Jira Cloud and Data Center read and update a filed issue the same way, at their own API path and with
/// their own description format: written once here.
protocol JiraIssueAPI: Tracker {
  /// `/rest/api/3/issue` (Cloud) or `/rest/api/2/issue` (Data Center).
  var issuePath: String { get }
  /// `/rest/api/3/search/jql` (Cloud) or `/rest/api/2/search` (Data Center).
  var searchPath: String { get }
  func headers(_ credentials: Credentials) -> [(String, String)]
  /// The create's fields for a ticket, description in this API's format.
  func issueFields(for ticket: Ticket) -> [String: Any]
  /// A comment's body in this API's format (ADF or wiki markup).
  func commentBody(_ text: String) -> Any
}

extension JiraIssueAPI {
  public func payload(for ticket: Ticket) throws(TicketError) -> Data {
    try JSONBody.encode(["fields": issueFields(for: ticket)])
  }

  public func createRequest(for ticket: Ticket, credentials: Credentials)
    throws(TicketError) -> HTTPRequest
  {
    HTTPRequest(
      method: "POST", url: settings.url + issuePath,
      headers: headers(credentials), body: try payload(for: ticket))
  }

  public func created(from response: HTTPResponse) throws(TicketError)
    -> FiledTicket
  {
    try JiraResponses(settings: settings).created(from: response)
  }

  public func searchRequest(for ticket: Ticket, credentials: Credentials)
    -> HTTPRequest?
  {
    JiraResponses(settings: settings).searchRequest(
      path: searchPath, ticket: ticket, headers: headers(credentials))
  }

  public func found(in response: HTTPResponse, ticket: Ticket) -> FiledTicket? {
    JiraResponses(settings: settings).found(in: response)
  }

  /// Jira answers a moved issue's old key under its new one.
  public func answeredKey(_ response: HTTPResponse) -> String? {
    JSONFields(response).string("key")
  }

  public func readRequest(for filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  {
    JiraResponses(settings: settings).readRequest(
      path: issuePath, filed: filed, headers: headers(credentials))
  }

  public func snapshot(from response: HTTPResponse) -> TicketSnapshot? {
    JiraResponses(settings: settings).snapshot(from: response)
  }

  public func updateRequest(
    for ticket: Ticket, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    try JiraResponses(settings: settings).updateRequest(
      path: issuePath, fields: issueFields(for: ticket), filed: filed,
      headers: headers(credentials))
  }
}

extension JiraCloudTracker: JiraIssueAPI {
  var issuePath: String { "/rest/api/3/issue" }
  var searchPath: String { "/rest/api/3/search/jql" }
  func issueFields(for ticket: Ticket) -> [String: Any] { fields(for: ticket) }
}

extension JiraDataCenterTracker: JiraIssueAPI {
  var issuePath: String { "/rest/api/2/issue" }
  var searchPath: String { "/rest/api/2/search" }
  func issueFields(for ticket: Ticket) -> [String: Any] {
    JiraResponses(settings: settings).fields(
      for: ticket, description: TextBodies.wiki(ticket))
  }
}

extension AzureDevOpsTracker {
  /// The states of Azure DevOps' built-in processes (Agile, Scrum, CMMI, Basic) that mean finished.
  static let doneStates: Set<String> = [
    "closed", "done", "resolved", "completed",
  ]
  static let removedStates: Set<String> = ["removed", "cut"]

  func itemURL(_ filed: FiledTicket) -> String {
    "\(settings.url)/\(URLQuery.escape(settings.project))/_apis/wit/workitems/\(URLQuery.escape(filed.key))?api-version=7.1"
  }

  public func readRequest(for filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  {
    HTTPRequest(
      method: "GET", url: itemURL(filed),
      headers: headers(credentials, patch: false))
  }

  public func snapshot(from response: HTTPResponse) -> TicketSnapshot? {
    let fields = JSONFields(response)
    guard let state = fields.named("System.State", in: "fields") else {
      return nil
    }
    let lowered = state.lowercased()
    let category: TicketSnapshot.Category =
      Self.doneStates.contains(lowered)
      ? .done : Self.removedStates.contains(lowered) ? .notPlanned : .open
    return TicketSnapshot(
      status: state, category: category,
      resolvedOn: category == .open
        ? nil
        : fields.named("Microsoft.VSTS.Common.ClosedDate", in: "fields")
          ?? fields.named("Microsoft.VSTS.Common.ResolvedDate", in: "fields")
          ?? fields.named("System.ChangedDate", in: "fields"),
      updatedAt: fields.named("System.ChangedDate", in: "fields"),
      createdAt: fields.named("System.CreatedDate", in: "fields"))
  }

  /// A JSON Patch replacing the title, description and tags.
  public func updateRequest(
    for ticket: Ticket, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    let operations = operations(for: ticket).filter {
      [
        "/fields/System.Title", "/fields/System.Description",
        "/fields/System.Tags",
      ]
      .contains($0["path"] as? String ?? "")
    }.map { operation in
      var replaced = operation
      replaced["op"] = "replace"
      return replaced
    }
    return HTTPRequest(
      method: "PATCH", url: itemURL(filed),
      headers: headers(credentials, patch: true),
      body: try JSONBody.encode(operations))
  }
}

extension TicketRevision {
  /// The ticket with its revision set: the fingerprint of the request body without one.
  public static func stamp(_ ticket: Ticket, for tracker: any Tracker)
    throws(TicketError) -> Ticket
  {
    var unstamped = ticket
    unstamped.revision = nil
    // A chosen id is not content: the same ticket sent under another id is the same revision.
    unstamped.clientID = nil
    var stamped = ticket
    stamped.revision = of(try tracker.payload(for: unstamped))
    return stamped
  }
}
