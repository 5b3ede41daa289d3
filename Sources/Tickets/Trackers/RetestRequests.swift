import Foundation

/// Where a retest takes a ticket, by name: the option, else the tracker's usual word.
struct RetestStatus {
  var settings: TrackerSettings
  var closedDefault: String
  var reopenedDefault: String

  /// The status name the action asks for.
  func wanted(_ action: RetestAction) -> String {
    action == .close
      ? settings.closedStatus ?? closedDefault
      : settings.reopenedStatus ?? reopenedDefault
  }

  /// The option that names it, for messages.
  func option(_ action: RetestAction) -> String {
    "\(settings.origin).\(action == .close ? "closed_status" : "reopened_status")"
  }

  /// One place a ticket can go: the names it answers to (first ones first), what the request sends for
  /// it, and how a message shows it.
  struct Choice {
    var names: [String]
    var value: String
    var shown: String
  }

  /// What to send for the action: the choice whose first name is the one asked for, else one whose
  /// later name is; none is an error naming every choice.
  func choose(
    _ action: RetestAction, among choices: [Choice], key: String,
    tracker: String
  ) throws(TicketError) -> String {
    let wanted = wanted(action)
    for rank in 0..<(choices.map(\.names.count).max() ?? 0) {
      if let hit = choices.first(where: {
        rank < $0.names.count
          && $0.names[rank].caseInsensitiveCompare(wanted) == .orderedSame
      }) {
        return hit.value
      }
    }
    throw missing(
      action, key: key, tracker: tracker, offered: choices.map(\.shown))
  }

  /// The error for a status the tracker does not offer, naming the ones it does.
  func missing(
    _ action: RetestAction, key: String, tracker: String, offered: [String]
  ) -> TicketError {
    TicketError(
      "\(tracker) offers no way to '\(wanted(action))' for \(key) (it offers: "
        + (offered.isEmpty ? "nothing" : offered.joined(separator: ", "))
        + "); set \(option(action)) to one of them. Nothing was sent for it.")
  }
}

/// Jira (Cloud and Data Center): a comment, then the transition whose name or target status is the one
/// asked for, chosen from the issue's transitions.
extension JiraIssueAPI {
  func issueURL(_ filed: FiledTicket) -> String {
    settings.url + issuePath + "/" + URLQuery.escape(filed.key)
  }

  var retestStatus: RetestStatus {
    RetestStatus(
      settings: settings, closedDefault: "Done", reopenedDefault: "To Do")
  }

  public func commentRequest(
    _ comment: String, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    HTTPRequest(
      method: "POST", url: issueURL(filed) + "/comment",
      headers: headers(credentials),
      body: try JSONBody.encode(["body": commentBody(comment)]))
  }

  /// The newest comments first, so a retest comment is among the first page however many there are.
  public func commentsRequest(filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  {
    HTTPRequest(
      method: "GET",
      url: issueURL(filed) + "/comment?orderBy=-created&maxResults=100",
      headers: headers(credentials))
  }

  public func transitionChoicesRequest(
    filed: FiledTicket, credentials: Credentials
  )
    -> HTTPRequest?
  {
    HTTPRequest(
      method: "GET", url: issueURL(filed) + "/transitions",
      headers: headers(credentials))
  }

  public func transitionRequest(
    _ action: RetestAction, filed: FiledTicket, choices: HTTPResponse?,
    credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    guard let choices else { return nil }
    // A transition is chosen by the status it leads to, else by its own name.
    let transitions =
      (choices.json as? [String: Any])?["transitions"] as? [[String: Any]] ?? []
    let id = try retestStatus.choose(
      action,
      among: transitions.compactMap { transition in
        guard let name = transition["name"] as? String,
          let id = JSONBody.string(transition["id"])
        else { return nil }
        let to = (transition["to"] as? [String: Any])?["name"] as? String
        return RetestStatus.Choice(
          names: [to ?? name, name], value: id,
          shown: to.map { "\(name) → \($0)" } ?? name)
      }, key: filed.key, tracker: name)
    return HTTPRequest(
      method: "POST", url: issueURL(filed) + "/transitions",
      headers: headers(credentials),
      body: try JSONBody.encode(["transition": ["id": id]]))
  }
}

extension JiraCloudTracker {
  /// A comment in Atlassian Document Format: one paragraph per block of text.
  func commentBody(_ text: String) -> Any {
    [
      "type": "doc", "version": 1,
      "content": text.components(separatedBy: "\n\n").map(ADFBody.paragraph),
    ]
  }
}

extension JiraDataCenterTracker {
  /// A comment in Jira's wiki markup: the text as it is.
  func commentBody(_ text: String) -> Any { text }
}

/// Azure DevOps: a comment on the work item, then its System.State set to a state its type has (read
/// from the type's states, so a missing name is an error naming the states there are).
extension AzureDevOpsTracker {
  var retestStatus: RetestStatus {
    RetestStatus(
      settings: settings, closedDefault: "Closed", reopenedDefault: "Active")
  }

  func commentsURL(_ filed: FiledTicket) -> String {
    "\(settings.url)/\(URLQuery.escape(settings.project))/_apis/wit/workItems/\(URLQuery.escape(filed.key))/comments?api-version=7.1-preview.4"
  }

  public func commentRequest(
    _ comment: String, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    HTTPRequest(
      method: "POST", url: commentsURL(filed),
      headers: headers(credentials, patch: false),
      body: try JSONBody.encode(["text": comment]))
  }

  public func commentsRequest(filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  {
    HTTPRequest(
      method: "GET", url: commentsURL(filed) + "&order=desc&$top=200",
      headers: headers(credentials, patch: false))
  }

  /// The states of the work-item type audit findings are filed as (Bug).
  public func transitionChoicesRequest(
    filed: FiledTicket, credentials: Credentials
  )
    -> HTTPRequest?
  {
    HTTPRequest(
      method: "GET",
      url:
        "\(settings.url)/\(URLQuery.escape(settings.project))/_apis/wit/workitemtypes/Bug/states?api-version=7.1",
      headers: headers(credentials, patch: false))
  }

  public func transitionRequest(
    _ action: RetestAction, filed: FiledTicket, choices: HTTPResponse?,
    credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    guard let choices else { return nil }
    let states =
      ((choices.json as? [String: Any])?["value"] as? [[String: Any]] ?? [])
      .compactMap { $0["name"] as? String }
    let state = try retestStatus.choose(
      action, among: states.map { .init(names: [$0], value: $0, shown: $0) },
      key: filed.key,
      tracker: name)
    return HTTPRequest(
      method: "PATCH", url: itemURL(filed),
      headers: headers(credentials, patch: true),
      body: try JSONBody.encode([
        ["op": "add", "path": "/fields/System.State", "value": state]
      ]))
  }
}

/// Linear: `commentCreate`, then `issueUpdate` with the workflow state of the issue's team whose name
/// is the one asked for (defaults Done and Todo), read from the team's states.
extension LinearTracker {
  static let commentDocument =
    "mutation CriteriaCommentCreate($input: CommentCreateInput!) { commentCreate(input: $input) { success } }"
  static let commentsDocument =
    "query CriteriaIssueComments($id: String!, $filter: CommentFilter) { issue(id: $id) { comments(first: 50, filter: $filter) { nodes { body } } } }"
  static let statesDocument =
    "query CriteriaIssueStates($id: String!) { issue(id: $id) { team { states(first: 100) { nodes { id name type } } } } }"
  static let stateDocument =
    "mutation CriteriaIssueState($id: String!, $input: IssueUpdateInput!) { issueUpdate(id: $id, input: $input) { success issue { \(issueFields) } } }"

  var retestStatus: RetestStatus {
    RetestStatus(
      settings: settings, closedDefault: "Done", reopenedDefault: "Todo")
  }

  /// A GraphQL error in a 200: the mutation was not done.
  public func refusal(in response: HTTPResponse) -> String? {
    Self.errorMessage(response.json)
  }

  public func commentRequest(
    _ comment: String, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    HTTPRequest(
      method: "POST", url: endpoint, headers: headers(credentials),
      body: try body(
        Self.commentDocument,
        ["input": ["issueId": filed.key, "body": comment]]),
      resendable: false)
  }

  /// The issue's comments that hold a retest marker: the answer holds the marker when one was posted.
  public func commentsRequest(filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  {
    let filter = ["body": ["contains": "criteria:retest="]]
    guard
      let body = try? body(
        Self.commentsDocument, ["id": filed.key, "filter": filter])
    else { return nil }
    return HTTPRequest(
      method: "POST", url: endpoint, headers: headers(credentials), body: body,
      resendable: true)
  }

  public func transitionChoicesRequest(
    filed: FiledTicket, credentials: Credentials
  )
    -> HTTPRequest?
  {
    guard let body = try? body(Self.statesDocument, ["id": filed.key]) else {
      return nil
    }
    return HTTPRequest(
      method: "POST", url: endpoint, headers: headers(credentials), body: body,
      resendable: true)
  }

  public func transitionRequest(
    _ action: RetestAction, filed: FiledTicket, choices: HTTPResponse?,
    credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    guard let choices else { return nil }
    if let message = Self.errorMessage(choices.json) {
      throw TicketError(
        "Linear did not give the states of \(filed.key): \(message)")
    }
    let states =
      JSONBody.value(at: "data.issue.team.states.nodes", in: choices.json)
      as? [[String: Any]]
      ?? []
    let id = try retestStatus.choose(
      action,
      among: states.compactMap { state in
        guard let name = state["name"] as? String,
          let id = state["id"] as? String
        else {
          return nil
        }
        return RetestStatus.Choice(names: [name], value: id, shown: name)
      }, key: filed.key, tracker: name)
    return HTTPRequest(
      method: "POST", url: endpoint, headers: headers(credentials),
      body: try body(
        Self.stateDocument, ["id": filed.key, "input": ["stateId": id]]),
      resendable: false)
  }
}
