import Foundation

/// Linear issues over its GraphQL API (`issueCreate` on `/graphql`): Markdown descriptions, labels by id,
/// and an issue id chosen by criteria.
///
/// The id (a UUID v4, which `IssueCreateInput.id` accepts) is recorded in the ledger before the create
/// is sent, so a create whose answer is lost is looked up by that id instead of being sent again.
/// GraphQL errors come back with Linear's own message; `RATELIMITED` and the
/// `X-RateLimit-Requests-*` headers pace the run.
public struct LinearTracker: Tracker {
  public let name = "linear"
  public let settings: TrackerSettings
  /// Linear's public API.
  public static let defaultURL = "https://api.linear.app"

  public init(settings: TrackerSettings) { self.settings = settings }

  public var choosesIDs: Bool { true }

  var endpoint: String { settings.url + "/graphql" }

  /// The fields read back from an issue, for the ledger and for status.
  static let issueFields =
    "id identifier url updatedAt createdAt completedAt canceledAt trashed state { name type }"

  static let createDocument =
    "mutation CriteriaIssueCreate($input: IssueCreateInput!) { issueCreate(input: $input) { success issue { \(issueFields) } } }"
  static let findDocument =
    "query CriteriaIssue($id: String!) { issue(id: $id) { \(issueFields) } }"
  static let markerDocument =
    "query CriteriaIssueByMarker($filter: IssueFilter) { issues(filter: $filter, first: 50, includeArchived: true) { nodes { id identifier url description } } }"
  static let readDocument =
    "query CriteriaIssueRead($id: String!) { issue(id: $id) { \(issueFields) description } }"
  static let updateDocument =
    "mutation CriteriaIssueUpdate($id: String!, $input: IssueUpdateInput!) { issueUpdate(id: $id, input: $input) { success issue { \(issueFields) } } }"

  func headers(_ credentials: Credentials) -> [(String, String)] {
    // A personal API key goes as it is; an OAuth access token as a bearer token.
    let value =
      settings.tokenType == "oauth"
      ? "Bearer \(credentials.token)" : credentials.token
    return [
      ("Authorization", value), ("Content-Type", "application/json"),
      ("Accept", "application/json"),
    ]
  }

  func input(for ticket: Ticket, create: Bool) -> [String: Any] {
    var input: [String: Any] = [
      "title": String(ticket.title.prefix(255)),
      "description": TextBodies.markdown(ticket),
    ]
    if create {
      input["teamId"] = settings.project
      if let id = ticket.clientID { input["id"] = id }
    }
    if !settings.labelIDs.isEmpty { input["labelIds"] = settings.labelIDs }
    return input
  }

  func body(_ document: String, _ variables: [String: Any]) throws(TicketError)
    -> Data
  {
    try JSONBody.encode(["query": document, "variables": variables])
  }

  public func payload(for ticket: Ticket) throws(TicketError) -> Data {
    try body(Self.createDocument, ["input": input(for: ticket, create: true)])
  }

  public func createRequest(for ticket: Ticket, credentials: Credentials)
    throws(TicketError) -> HTTPRequest
  {
    guard ticket.clientID != nil else {
      throw TicketError(
        "linear: the ticket \(ticket.identity) has no id of its own; criteria records one before sending"
      )
    }
    return HTTPRequest(
      method: "POST", url: endpoint, headers: headers(credentials),
      body: try payload(for: ticket), resendable: false)
  }

  /// Linear's own words for a GraphQL error answer, or nil when the answer has none.
  static func errorMessage(_ json: Any?) -> String? {
    guard let errors = (json as? [String: Any])?["errors"] as? [[String: Any]],
      let first = errors.first
    else { return nil }
    let extensions = first["extensions"] as? [String: Any]
    let message = first["message"] as? String ?? "an error"
    if let presentable = extensions?["userPresentableMessage"] as? String,
      presentable != message
    {
      return "\(message) (\(presentable))"
    }
    return message
  }

  /// Whether the answer says the issue does not exist.
  static func notFound(_ json: Any?) -> Bool {
    guard let errors = (json as? [String: Any])?["errors"] as? [[String: Any]]
    else { return false }
    return errors.contains {
      ($0["message"] as? String)?.hasPrefix("Entity not found") == true
    }
  }

  func filed(_ issue: Any?) -> FiledTicket? {
    guard let issue = issue as? [String: Any],
      let identifier = issue["identifier"] as? String
    else { return nil }
    return FiledTicket(key: identifier, url: issue["url"] as? String ?? "")
  }

  public func created(from response: HTTPResponse) throws(TicketError)
    -> FiledTicket
  {
    let json = response.json
    if let message = Self.errorMessage(json) {
      // A GraphQL error names what Linear refused: nothing was created.
      throw TicketError("Linear refused it: \(message)", refused: true)
    }
    guard
      let filed = filed(JSONBody.value(at: "data.issueCreate.issue", in: json))
    else {
      throw TicketError(
        "Linear answered \(response.status) without the created issue: \(response.snippet)"
      )
    }
    return filed
  }

  /// Looks the issue up by the id criteria gave it; without one (a ledger being rebuilt), by the marker
  /// in the team's issue descriptions (a filter on the issues themselves, not a lagging search index).
  public func searchRequest(for ticket: Ticket, credentials: Credentials)
    -> HTTPRequest?
  {
    let filter: [String: Any] = [
      "team": ["id": ["eq": settings.project]],
      "description": ["contains": ticket.marker],
    ]
    guard
      let body = try? ticket.clientID.map({ id throws(TicketError) in
        try body(Self.findDocument, ["id": id])
      }) ?? body(Self.markerDocument, ["filter": filter])
    else { return nil }
    return HTTPRequest(
      method: "POST", url: endpoint, headers: headers(credentials), body: body,
      resendable: true)
  }

  public func found(in response: HTTPResponse, ticket: Ticket) -> FiledTicket? {
    let json = response.json
    if let issue = filed(JSONBody.value(at: "data.issue", in: json)) {
      return issue
    }
    // `contains` also matches a longer identity that starts the same: the marker must end there.
    let nodes =
      JSONBody.value(at: "data.issues.nodes", in: json) as? [Any] ?? []
    return nodes.lazy.compactMap { node -> FiledTicket? in
      let description =
        (node as? [String: Any])?["description"] as? String ?? ""
      let ends = [" ", "\n", " -->", "\r"]
      guard
        description.hasSuffix(ticket.marker)
          || ends.contains(where: { description.contains(ticket.marker + $0) })
      else { return nil }
      return self.filed(node)
    }.first
  }

  /// An answer that neither finds the issue nor says it does not exist cannot be believed.
  public func searchFailure(in response: HTTPResponse) -> String? {
    let json = response.json
    if Self.notFound(json) { return nil }
    if let message = Self.errorMessage(json) { return "Linear: \(message)" }
    guard
      JSONBody.value(at: "data.issue", in: json) is [String: Any]
        || JSONBody.value(at: "data.issues.nodes", in: json) is [Any]
    else {
      return
        "Linear answered \(response.status) with neither the issue nor an error: \(response.snippet)"
    }
    return nil
  }

  public func readRequest(for filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  {
    guard let body = try? body(Self.readDocument, ["id": filed.key]) else {
      return nil
    }
    return HTTPRequest(
      method: "POST", url: endpoint, headers: headers(credentials), body: body,
      resendable: true)
  }

  /// `state.type`: completed is done, canceled is not planned; a trashed or missing issue is deleted.
  public func snapshot(from response: HTTPResponse) -> TicketSnapshot? {
    let json = response.json
    if Self.notFound(json) { return .deleted }
    let issue =
      (JSONBody.value(at: "data.issue", in: json)
      ?? JSONBody.value(at: "data.issueCreate.issue", in: json)
      ?? JSONBody.value(at: "data.issueUpdate.issue", in: json))
      as? [String: Any]
    guard let issue, let state = issue["state"] as? [String: Any],
      let type = state["type"] as? String
    else { return nil }
    if issue["trashed"] as? Bool == true { return .deleted }
    let category: TicketSnapshot.Category =
      type == "completed" ? .done : type == "canceled" ? .notPlanned : .open
    return TicketSnapshot(
      status: state["name"] as? String ?? type, category: category,
      resolvedOn: issue["completedAt"] as? String
        ?? issue["canceledAt"] as? String,
      updatedAt: issue["updatedAt"] as? String,
      createdAt: issue["createdAt"] as? String)
  }

  public func updateRequest(
    for ticket: Ticket, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    HTTPRequest(
      method: "POST", url: endpoint, headers: headers(credentials),
      body: try body(
        Self.updateDocument,
        ["id": filed.key, "input": input(for: ticket, create: false)]),
      resendable: false)
  }
}
