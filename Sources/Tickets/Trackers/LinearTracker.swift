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

  /// The fields an update overwrites, read back (and in the answers to a create and an update) to tell a
  /// person's edit from activity: Linear may keep a description otherwise than sent.
  static let writtenFieldsSelection =
    "title description labels { nodes { id } }"

  static let createDocument =
    "mutation CriteriaIssueCreate($input: IssueCreateInput!) { issueCreate(input: $input) { success issue { \(issueFields) \(writtenFieldsSelection) } } }"
  /// The create's document before it asked for the written fields: every ticket's revision is taken over
  /// a body with it (`revisionBasis`), so tickets filed before it changed are not out of date.
  static let revisionDocument =
    "mutation CriteriaIssueCreate($input: IssueCreateInput!) { issueCreate(input: $input) { success issue { \(issueFields) } } }"
  static let findDocument =
    "query CriteriaIssue($id: String!) { issue(id: $id) { \(issueFields) } }"
  static let markerDocument =
    "query CriteriaIssueByMarker($filter: IssueFilter) { issues(filter: $filter, first: 50, includeArchived: true) { nodes { id identifier url description } } }"
  static let readDocument =
    "query CriteriaIssueRead($id: String!) { issue(id: $id) { \(issueFields) \(writtenFieldsSelection) } }"
  static let updateDocument =
    "mutation CriteriaIssueUpdate($id: String!, $input: IssueUpdateInput!) { issueUpdate(id: $id, input: $input) { success issue { \(issueFields) \(writtenFieldsSelection) } } }"
  static let commentDocument =
    "mutation CriteriaCommentCreate($input: CommentCreateInput!) { commentCreate(input: $input) { success } }"
  static let commentsDocument =
    "query CriteriaIssueComments($id: String!, $filter: CommentFilter, $after: String) { issue(id: $id) { comments(first: 50, after: $after, filter: $filter) { nodes { body } pageInfo { hasNextPage endCursor } } } }"
  static let statesDocument =
    "query CriteriaIssueStates($id: String!) { issue(id: $id) { team { states(first: 100) { nodes { id name type } } } } }"
  static let stateDocument =
    "mutation CriteriaIssueState($id: String!, $input: IssueUpdateInput!) { issueUpdate(id: $id, input: $input) { success issue { \(issueFields) } } }"

  // MARK: Requests

  /// A GraphQL request: the document and its variables.
  struct Request<Variables: Encodable>: Encodable {
    var query: String
    var variables: Variables
  }

  /// `IssueCreateInput` and `IssueUpdateInput` as criteria fills them.
  struct IssueInput: Encodable {
    var title: String?
    var description: String?
    var teamId: String?
    var id: String?
    var labelIds: [String]?
    var stateId: String?
    /// An audit finding's priority (0 none, 1 urgent to 4 low), from its Severity: on create only.
    var priority: Int?
  }

  /// Variables of the documents that take an issue id, an input, or both.
  struct IssueVariables: Encodable {
    var id: String?
    var input: IssueInput?
  }

  /// `{"contains": …}` and `{"eq": …}` of Linear's filters.
  struct Contains: Encodable { var contains: String }
  struct Equals: Encodable { var eq: String }

  /// The marker search's filter: the team's issues whose description holds the marker.
  struct MarkerVariables: Encodable {
    struct Team: Encodable { var id: Equals }
    struct Filter: Encodable {
      var team: Team
      var description: Contains
    }
    var filter: Filter
  }

  struct CommentVariables: Encodable {
    struct Input: Encodable {
      var issueId: String
      var body: String
    }
    var input: Input
  }

  struct CommentsVariables: Encodable {
    struct Filter: Encodable { var body: Contains }
    var id: String
    var filter = Filter(body: Contains(contains: "criteria:retest="))
    /// The cursor of the page before (absent for the first).
    var after: String?
  }

  // MARK: Answers

  /// A GraphQL answer: its data, and the errors that say what was refused.
  struct Answer: Decodable {
    @Lenient var data: Fields?
    @Lenient var errors: [Lenient<GraphQLError>]?

    struct Fields: Decodable {
      @Lenient var issue: Issue?
      @Lenient var issues: Connection<Issue>?
      @Lenient var issueCreate: Payload?
      @Lenient var issueUpdate: Payload?
    }

    struct Payload: Decodable {
      @Lenient var issue: Issue?
    }

    /// Linear's own words for the first error, or nil when the answer has none.
    var errorMessage: String? {
      guard let first = errors?.first else { return nil }
      let message = first.wrappedValue?.message ?? "an error"
      if let presentable = first.wrappedValue?.extensions?
        .userPresentableMessage, presentable != message
      {
        return "\(message) (\(presentable))"
      }
      return message
    }

    /// Whether an error says the issue does not exist.
    var notFound: Bool {
      (errors ?? []).contains {
        $0.wrappedValue?.message?.hasPrefix("Entity not found") == true
      }
    }
  }

  struct Connection<Node: Decodable>: Decodable {
    @Lenient var nodes: [Lenient<Node>]?
  }

  struct Issue: Decodable {
    @Lenient var identifier: String?
    @Lenient var url: String?
    @Lenient var description: String?
    @Lenient var updatedAt: String?
    @Lenient var createdAt: String?
    @Lenient var completedAt: String?
    @Lenient var canceledAt: String?
    @Lenient var trashed: Bool?
    @Lenient var state: State?
    @Lenient var team: Team?

    var filed: FiledTicket? {
      identifier.map { FiledTicket(key: $0, url: url ?? "") }
    }
  }

  struct State: Decodable {
    @Lenient var id: String?
    @Lenient var name: String?
    @Lenient var type: String?
  }

  struct Team: Decodable {
    @Lenient var states: Connection<State>?
  }

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

  func input(for ticket: Ticket, create: Bool) -> IssueInput {
    IssueInput(
      title: ticket.title(fitting: 255),
      description: TextBodies.markdown(ticket),
      teamId: create ? settings.project : nil,
      id: create ? ticket.clientID : nil,
      labelIds: settings.labelIDs.isEmpty
        ? nil : settings.labelIDs + ticket.keptLabels,
      priority: create
        ? settings.priority(for: ticket).flatMap { Int($0) } : nil
    )
  }

  func body(_ document: String, _ variables: some Encodable)
    throws(TicketError) -> Data
  {
    try JSONBody.encode(Request(query: document, variables: variables))
  }

  /// A request to the endpoint; reads may be sent again, changes never.
  func request(
    _ document: String, _ variables: some Encodable, credentials: Credentials,
    resendable: Bool
  ) throws(TicketError) -> HTTPRequest {
    HTTPRequest(
      method: "POST", url: endpoint, headers: headers(credentials),
      body: try body(document, variables), resendable: resendable)
  }

  /// The title, description and (when the output sets them) label ids its create and update send.
  public func writtenFields(for ticket: Ticket) throws(TicketError)
    -> WrittenFields?
  {
    let input =
      JSONBody.value(
        at: "variables.input", in: JSONBody.parsed(try payload(for: ticket)))
      as? [String: Any]
    return fields(input, labels: input?["labelIds"] as? [String] ?? [])
  }

  /// The title, description and label ids of a read answer, or of a create's or an update's.
  public func writtenFields(in response: HTTPResponse) -> WrittenFields? {
    let issue = [
      "data.issue", "data.issueCreate.issue", "data.issueUpdate.issue",
    ]
    .lazy.compactMap { JSONBody.value(at: $0, in: response.json) }.first
    let nodes =
      JSONBody.value(at: "labels.nodes", in: issue) as? [[String: Any]] ?? []
    return fields(
      issue as? [String: Any], labels: nodes.compactMap { $0["id"] as? String })
  }

  /// Labels count only where the output sets them: an update without `label_ids` leaves them alone.
  func fields(_ issue: [String: Any]?, labels: [String]) -> WrittenFields? {
    guard let issue, let title = issue["title"] as? String else { return nil }
    return WrittenFields(
      title: title, description: issue["description"] as? String ?? "",
      labels: settings.labelIDs.isEmpty ? nil : labels)
  }

  public func payload(for ticket: Ticket) throws(TicketError) -> Data {
    try body(
      Self.createDocument,
      IssueVariables(input: input(for: ticket, create: true)))
  }

  public func revisionBasis(for ticket: Ticket) throws(TicketError) -> Data {
    try body(
      Self.revisionDocument,
      IssueVariables(input: input(for: ticket, create: true)))
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

  public func created(from response: HTTPResponse) throws(TicketError)
    -> FiledTicket
  {
    let answer = response.decoded(Answer.self)
    if let message = answer?.errorMessage {
      // A GraphQL error names what Linear refused: nothing was created.
      throw TicketError("Linear refused it: \(message)", refused: true)
    }
    guard let filed = answer?.data?.issueCreate?.issue?.filed else {
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
    let filter = MarkerVariables(
      filter: .init(
        team: .init(id: Equals(eq: settings.project)),
        description: Contains(contains: ticket.marker)))
    return try? ticket.clientID.map { id throws(TicketError) in
      try request(
        Self.findDocument, IssueVariables(id: id), credentials: credentials,
        resendable: true)
    }
      ?? request(
        Self.markerDocument, filter, credentials: credentials, resendable: true)
  }

  public func found(in response: HTTPResponse, ticket: Ticket) -> FiledTicket? {
    let data = response.decoded(Answer.self)?.data
    if let issue = data?.issue?.filed { return issue }
    // `contains` also matches a longer identity that starts the same: the marker must end there.
    return (data?.issues?.nodes ?? []).lazy.compactMap { node -> FiledTicket? in
      guard ticket.holdsMarker(node.wrappedValue?.description ?? "") else {
        return nil
      }
      return node.wrappedValue?.filed
    }.first
  }

  /// An answer that neither finds the issue nor says it does not exist cannot be believed.
  public func searchFailure(in response: HTTPResponse) -> String? {
    let answer = response.decoded(Answer.self)
    if answer?.notFound == true { return nil }
    if let message = answer?.errorMessage { return "Linear: \(message)" }
    guard answer?.data?.issue != nil || answer?.data?.issues?.nodes != nil
    else {
      return
        "Linear answered \(response.status) with neither the issue nor an error: \(response.snippet)"
    }
    return nil
  }

  public func readRequest(for filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  {
    try? request(
      Self.readDocument, IssueVariables(id: filed.key),
      credentials: credentials, resendable: true)
  }

  /// `state.type`: completed is done, canceled is not planned; a trashed or missing issue is deleted.
  public func snapshot(from response: HTTPResponse) -> TicketSnapshot? {
    let answer = response.decoded(Answer.self)
    if answer?.notFound == true { return .deleted }
    let data = answer?.data
    guard
      let issue = data?.issue ?? data?.issueCreate?.issue
        ?? data?.issueUpdate?.issue,
      let type = issue.state?.type
    else { return nil }
    if issue.trashed == true { return .deleted }
    let category: TicketSnapshot.Category =
      type == "completed" ? .done : type == "canceled" ? .notPlanned : .open
    return TicketSnapshot(
      status: issue.state?.name ?? type, category: category,
      resolvedOn: issue.completedAt ?? issue.canceledAt,
      updatedAt: issue.updatedAt, createdAt: issue.createdAt)
  }

  public func updateRequest(
    for ticket: Ticket, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    try request(
      Self.updateDocument,
      IssueVariables(id: filed.key, input: input(for: ticket, create: false)),
      credentials: credentials, resendable: false)
  }

  // MARK: Retests: `commentCreate`, then `issueUpdate` with the workflow state of the issue's team whose
  // name is the one asked for (defaults Done and Todo), read from the team's states.

  var retestStatus: RetestStatus {
    RetestStatus(
      settings: settings, closedDefault: "Done", reopenedDefault: "Todo")
  }

  /// A GraphQL error in a 200: the mutation was not done.
  public func refusal(in response: HTTPResponse) -> String? {
    response.decoded(Answer.self)?.errorMessage
  }

  public func commentRequest(
    _ comment: String, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    try request(
      Self.commentDocument,
      CommentVariables(input: .init(issueId: filed.key, body: comment)),
      credentials: credentials, resendable: false)
  }

  /// A comment page is the issue's `comments.nodes`; a GraphQL error is its own cause.
  public func commentListFailure(in response: HTTPResponse) -> String? {
    refusal(in: response)
      ?? response.unreadable(
        by: name, as: "the issue's comments",
        listAt: "data.issue.comments.nodes")
  }

  /// The issue's comments that hold a retest marker: the answer holds the marker when one was posted.
  public func commentsRequest(filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  {
    try? request(
      Self.commentsDocument, CommentsVariables(id: filed.key),
      credentials: credentials, resendable: true)
  }

  /// The same query after the page's `endCursor`, while its `pageInfo` says another page follows.
  public func nextCommentPage(after request: HTTPRequest, answer: HTTPResponse)
    -> HTTPRequest?
  {
    let page =
      JSONBody.value(at: "data.issue.comments.pageInfo", in: answer.json)
      as? [String: Any]
    guard page?["hasNextPage"] as? Bool == true,
      let cursor = page?["endCursor"] as? String,
      let id = JSONBody.value(
        at: "variables.id", in: JSONBody.parsed(request.body)) as? String,
      let body = try? body(
        Self.commentsDocument, CommentsVariables(id: id, after: cursor))
    else { return nil }
    var next = request
    next.body = body
    return next
  }

  public func transitionChoicesRequest(
    filed: FiledTicket, finding: Bool, credentials: Credentials
  )
    -> HTTPRequest?
  {
    try? request(
      Self.statesDocument, IssueVariables(id: filed.key),
      credentials: credentials, resendable: true)
  }

  public func transitionRequest(
    _ action: RetestAction, filed: FiledTicket, choices: HTTPResponse?,
    credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    guard let choices else { return nil }
    let answer = choices.decoded(Answer.self)
    if let message = answer?.errorMessage {
      throw TicketError(
        "Linear did not give the states of \(filed.key): \(message)")
    }
    let states = answer?.data?.issue?.team?.states?.nodes ?? []
    let id = try retestStatus.choose(
      action,
      among: states.compactMap { state in
        guard let name = state.wrappedValue?.name,
          let id = state.wrappedValue?.id
        else { return nil }
        return RetestStatus.Choice(names: [name], value: id, shown: name)
      }, key: filed.key, tracker: name)
    return try request(
      Self.stateDocument,
      IssueVariables(id: filed.key, input: IssueInput(stateId: id)),
      credentials: credentials, resendable: false)
  }
}
