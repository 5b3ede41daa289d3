import Foundation

/// Azure DevOps work items: a JSON Patch document with an HTML description and tags, Basic auth with a PAT.
public struct AzureDevOpsTracker: Tracker {
  public let name = "azure-devops"
  public let settings: TrackerSettings

  public init(settings: TrackerSettings) { self.settings = settings }

  /// One JSON Patch operation on a field.
  struct Operation: Encodable {
    var op: String
    var path: String
    var value: String
  }

  /// A work item as Azure DevOps answers it: its id, its page, and its fields by their dotted names.
  struct WorkItem: Decodable {
    @Lenient var id: JSONText?
    @Lenient var fields: [String: Lenient<JSONText>]?
    @Lenient var _links: Links?

    struct Links: Decodable {
      @Lenient var html: Link?
    }

    struct Link: Decodable {
      @Lenient var href: JSONText?
    }

    func field(_ name: String) -> String? { fields?[name]?.wrappedValue?.value }
  }

  /// A WIQL query's answer: the work items found, by id.
  struct QueryAnswer: Decodable {
    @Lenient var workItems: [Lenient<Found>]?

    struct Found: Decodable {
      @Lenient var id: JSONText?
      @Lenient var url: JSONText?
    }
  }

  /// A work-item type's states.
  struct States: Decodable {
    @Lenient var value: [Lenient<State>]?

    struct State: Decodable {
      @Lenient var name: String?
    }
  }

  /// Bug's Severity values (Agile, Scrum and CMMI processes) for the workbook's severities.
  static let severities = [
    "critical": "1 - Critical", "high": "2 - High", "medium": "3 - Medium",
    "low": "4 - Low",
  ]

  /// The fields an update replaces.
  static let updatedFields: Set<String> = [
    "/fields/System.Title", "/fields/System.Description", "/fields/System.Tags",
  ]

  func operations(for ticket: Ticket) -> [Operation] {
    var ops = [
      Operation(
        op: "add", path: "/fields/System.Title",
        value: ticket.title(fitting: 255)),
      Operation(
        op: "add", path: "/fields/System.Description",
        value: TextBodies.html(ticket)),
      Operation(
        op: "add", path: "/fields/System.Tags",
        value: ticket.sentLabels.joined(separator: "; ")),
    ]
    // An audit finding's Severity, in Bug's own Severity field and as the priority `priority:` maps
    // it to; a create sets them, an update leaves them (`updatedFields`) to whoever triages. A field
    // the output's custom_fields set is theirs.
    let finding: [(String, String?)] = [
      ("Microsoft.VSTS.Common.Priority", settings.priority(for: ticket)),
      (
        "Microsoft.VSTS.Common.Severity",
        ticket.finding.flatMap {
          Self.severities[TrackerSettings.severityKey($0.severity)]
        }
      ),
    ]
    for case (let field, let value?) in finding
    where settings.customFields[field] == nil {
      ops.append(Operation(op: "add", path: "/fields/\(field)", value: value))
    }
    for (field, value) in settings.customFields.sorted(by: { $0.key < $1.key })
    {
      ops.append(Operation(op: "add", path: "/fields/\(field)", value: value))
    }
    return ops
  }

  public func payload(for ticket: Ticket) throws(TicketError) -> Data {
    try JSONBody.encode(operations(for: ticket))
  }

  func headers(_ credentials: Credentials, patch: Bool) -> [(String, String)] {
    let basic = Data(":\(credentials.token)".utf8).base64EncodedString()
    return [
      ("Authorization", "Basic \(basic)"), ("Accept", "application/json"),
      (
        "Content-Type",
        patch ? "application/json-patch+json" : "application/json"
      ),
    ]
  }

  var projectURL: String {
    "\(settings.url)/\(URLQuery.escape(settings.project))"
  }

  func itemURL(_ filed: FiledTicket) -> String {
    "\(projectURL)/_apis/wit/workitems/\(URLQuery.escape(filed.key))?api-version=7.1"
  }

  public func createRequest(for ticket: Ticket, credentials: Credentials)
    throws(TicketError) -> HTTPRequest
  {
    let type = URLQuery.escape(settings.issueType(for: ticket))
    return HTTPRequest(
      method: "POST",
      url: "\(projectURL)/_apis/wit/workitems/$\(type)?api-version=7.1",
      headers: headers(credentials, patch: true), body: try payload(for: ticket)
    )
  }

  public func created(from response: HTTPResponse) throws(TicketError)
    -> FiledTicket
  {
    // A sign-in page comes back as 200/203 HTML: that is a refused credential, not a created work item.
    guard let item = response.decoded(WorkItem.self) else {
      throw TicketError(
        "Azure DevOps answered \(response.status) with a page that is not JSON (a sign-in page?): "
          + "the personal access token was not accepted", isAuthentication: true
      )
    }
    guard let id = item.id?.value else {
      throw TicketError(
        "Azure DevOps answered \(response.status) without a work item id: \(response.snippet)"
      )
    }
    return FiledTicket(key: id, url: item._links?.html?.href?.value ?? "")
  }

  public func searchRequest(for ticket: Ticket, credentials: Credentials)
    -> HTTPRequest?
  {
    let wiql =
      "SELECT [System.Id] FROM workitems WHERE [System.TeamProject] = @project AND [System.Tags] CONTAINS '\(ticket.markerLabel)'"
    guard let body = try? JSONBody.encode(["query": wiql]) else { return nil }
    return HTTPRequest(
      method: "POST", url: "\(projectURL)/_apis/wit/wiql?api-version=7.1",
      headers: headers(credentials, patch: false), body: body, resendable: true)
  }

  public func found(in response: HTTPResponse, ticket: Ticket) -> FiledTicket? {
    guard
      let first = response.decoded(QueryAnswer.self)?.workItems?.first?
        .wrappedValue,
      let id = first.id?.value
    else { return nil }
    return FiledTicket(key: id, url: first.url?.value ?? "")
  }

  /// A WIQL answer is an object whose `workItems` is the list.
  public func searchFailure(in response: HTTPResponse) -> String? {
    response.unreadable(by: name, as: "a query result", listAt: "workItems")
  }

  /// A comment page is an object whose `comments` is the list.
  public func commentListFailure(in response: HTTPResponse) -> String? {
    response.unreadable(by: name, as: "a comment list", listAt: "comments")
  }

  /// The states of Azure DevOps' built-in processes (Agile, Scrum, CMMI, Basic) that mean finished.
  static let doneStates: Set<String> = [
    "closed", "done", "resolved", "completed",
  ]
  static let removedStates: Set<String> = ["removed", "cut"]

  public func readRequest(for filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  {
    HTTPRequest(
      method: "GET", url: itemURL(filed),
      headers: headers(credentials, patch: false))
  }

  public func snapshot(from response: HTTPResponse) -> TicketSnapshot? {
    guard let item = response.decoded(WorkItem.self),
      let state = item.field("System.State")
    else { return nil }
    let lowered = state.lowercased()
    let category: TicketSnapshot.Category =
      Self.doneStates.contains(lowered)
      ? .done : Self.removedStates.contains(lowered) ? .notPlanned : .open
    return TicketSnapshot(
      status: state, category: category,
      resolvedOn: category == .open
        ? nil
        : item.field("Microsoft.VSTS.Common.ClosedDate")
          ?? item.field("Microsoft.VSTS.Common.ResolvedDate")
          ?? item.field("System.ChangedDate"),
      updatedAt: item.field("System.ChangedDate"),
      createdAt: item.field("System.CreatedDate"))
  }

  /// The title, description and tags its create and update send.
  public func writtenFields(for ticket: Ticket) throws(TicketError)
    -> WrittenFields?
  {
    let operations =
      JSONBody.parsed(try payload(for: ticket)) as? [[String: Any]] ?? []
    var fields: [String: Any] = [:]
    for operation in operations {
      if let path = operation["path"] as? String, path.hasPrefix("/fields/") {
        fields[String(path.dropFirst(8))] = operation["value"]
      }
    }
    return Self.fields(fields)
  }

  /// The title, description and tags of a read answer.
  public func writtenFields(in response: HTTPResponse) -> WrittenFields? {
    (JSONBody.value(at: "fields", in: response.json) as? [String: Any]).flatMap(
      Self.fields)
  }

  static func fields(_ fields: [String: Any]) -> WrittenFields? {
    guard let title = fields["System.Title"] as? String else { return nil }
    let tags = (fields["System.Tags"] as? String ?? "").split(separator: ";")
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    return WrittenFields(
      title: title, description: fields["System.Description"] as? String ?? "",
      labels: tags)
  }

  /// A JSON Patch replacing the title, description and tags.
  public func updateRequest(
    for ticket: Ticket, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    let operations = operations(for: ticket).filter {
      Self.updatedFields.contains($0.path)
    }.map { operation in
      var replaced = operation
      replaced.op = "replace"
      return replaced
    }
    return HTTPRequest(
      method: "PATCH", url: itemURL(filed),
      headers: headers(credentials, patch: true),
      body: try JSONBody.encode(operations))
  }

  // A retest: a comment on the work item, then its System.State set to a state its type has (read from
  // the type's states, so a missing name is an error naming the states there are).

  var retestStatus: RetestStatus {
    RetestStatus(
      settings: settings, closedDefault: "Closed", reopenedDefault: "Active")
  }

  func commentsURL(_ filed: FiledTicket) -> String {
    "\(projectURL)/_apis/wit/workItems/\(URLQuery.escape(filed.key))/comments?api-version=7.1-preview.4"
  }

  public func commentRequest(
    _ comment: String, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    HTTPRequest(
      method: "POST", url: commentsURL(filed),
      headers: headers(credentials, patch: false),
      body: try JSONBody.encode(["text": comment]))
  }

  /// The newest comments first, 200 a page.
  public func commentsRequest(filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  {
    HTTPRequest(
      method: "GET", url: commentsURL(filed) + "&order=desc&$top=200",
      headers: headers(credentials, patch: false))
  }

  /// The next page while the answer carries a `continuationToken`.
  public func nextCommentPage(after request: HTTPRequest, answer: HTTPResponse)
    -> HTTPRequest?
  {
    guard
      let token = JSONBody.value(at: "continuationToken", in: answer.json)
        as? String, !token.isEmpty
    else { return nil }
    return request.setting("continuationToken", to: token)
  }

  /// The states of the work-item type the ticket was filed as: Bug for an audit finding, the
  /// configured `issue_type` for criteria (types differ: an Agile Task has no Resolved state).
  public func transitionChoicesRequest(
    filed: FiledTicket, finding: Bool, credentials: Credentials
  )
    -> HTTPRequest?
  {
    let type = URLQuery.escape(finding ? "Bug" : settings.issueType)
    return HTTPRequest(
      method: "GET",
      url:
        "\(projectURL)/_apis/wit/workitemtypes/\(type)/states?api-version=7.1",
      headers: headers(credentials, patch: false))
  }

  public func transitionRequest(
    _ action: RetestAction, filed: FiledTicket, choices: HTTPResponse?,
    credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    guard let choices else { return nil }
    let states = (choices.decoded(States.self)?.value ?? []).compactMap {
      $0.wrappedValue?.name
    }
    let state = try retestStatus.choose(
      action, among: states.map { .init(names: [$0], value: $0, shown: $0) },
      key: filed.key,
      tracker: name)
    return HTTPRequest(
      method: "PATCH", url: itemURL(filed),
      headers: headers(credentials, patch: true),
      body: try JSONBody.encode([
        Operation(op: "add", path: "/fields/System.State", value: state)
      ]))
  }
}
