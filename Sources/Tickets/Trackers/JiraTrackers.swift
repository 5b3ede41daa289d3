import Foundation

/// Jira Cloud, REST v3: descriptions in Atlassian Document Format, Basic auth from e-mail and API token.
public struct JiraCloudTracker: BulkTracker, JiraIssueAPI {
  public let name = "jira-cloud"
  /// Bulk create through `/rest/api/3/issue/bulk` when the output says `bulk: true`.
  public var bulkCreate: (any BulkTracker)? { settings.bulk ? self : nil }
  public let settings: TrackerSettings
  var issuePath: String { "/rest/api/3/issue" }
  var searchPath: String { "/rest/api/3/search/jql" }

  public init(settings: TrackerSettings) { self.settings = settings }

  /// The description in Atlassian Document Format, and the documents that continue it in comments
  /// when it is longer than Jira takes (`ADFPieces`).
  func bodyPieces(for ticket: Ticket) -> [JiraText] {
    ADFPieces.documents(
      for: ticket, limit: characterLimit,
      marker: { followUpMarkerText(for: ticket, index: $0) }
    ).map(JiraText.adf)
  }

  /// A comment in Atlassian Document Format: one paragraph per block of text.
  func commentText(_ text: String) -> JiraText {
    .adf(
      .document(text.components(separatedBy: "\n\n").map(ADFBody.paragraph)))
  }

  func followUpNote(_ note: String, marker: String) -> JiraText {
    .adf(.document([ADFBody.paragraph(note), ADFBody.paragraph(marker)]))
  }

  func headers(_ credentials: Credentials) -> [(String, String)] {
    let basic = Data("\(credentials.user ?? ""):\(credentials.token)".utf8)
      .base64EncodedString()
    return [
      ("Authorization", "Basic \(basic)"), ("Content-Type", "application/json"),
      ("Accept", "application/json"),
    ]
  }

  /// Jira takes at most 50 issues per bulk request.
  public var bulkLimit: Int { 50 }

  /// The bulk create's body.
  struct BulkCreate: Encodable {
    var issueUpdates: [JiraIssueBody]
  }

  /// A bulk create's answer: the created issues in order, and the failed ones by their place.
  struct BulkAnswer: Decodable {
    @Lenient var issues: [Lenient<JiraIssue>]?
    @Lenient var errors: [Lenient<Failure>]?

    struct Failure: Decodable {
      @Lenient var failedElementNumber: Int?
      @Lenient var elementErrors: ElementErrors?
    }

    struct ElementErrors: Decodable {
      @Lenient var errorMessages: [String]?
      @Lenient var errors: [String: Lenient<JSONText>]?
    }
  }

  /// One bulk request for up to 50 tickets.
  public func bulkRequest(for tickets: [Ticket], credentials: Credentials)
    throws(TicketError) -> HTTPRequest
  {
    HTTPRequest(
      method: "POST", url: settings.url + issuePath + "/bulk",
      headers: headers(credentials),
      body: try JSONBody.encode(
        BulkCreate(
          issueUpdates: tickets.map {
            JiraIssueBody(fields: issueFields(for: $0))
          })))
  }

  /// Maps a bulk response back to the tickets.
  ///
  /// Created issues come in order, failures by `failedElementNumber`. When the answer cannot be matched (not JSON, fewer issues than expected), the outcome is unknown.
  public func bulkResults(_ response: HTTPResponse, count: Int) -> [BulkOutcome]
  {
    let answer = response.decoded(BulkAnswer.self)
    var failed: [Int: String] = [:]
    for error in answer?.errors ?? [] {
      guard let index = error.wrappedValue?.failedElementNumber else {
        continue
      }
      let element = error.wrappedValue?.elementErrors
      let messages =
        (element?.errorMessages ?? [])
        + (element?.errors ?? [:]).sorted { $0.key < $1.key }.compactMap {
          field, value in value.wrappedValue.map { "\(field): \($0.value)" }
        }
      failed[index] =
        messages.isEmpty ? "rejected" : messages.joined(separator: "; ")
    }
    var created = (answer?.issues ?? []).makeIterator()
    return (0..<count).map { index in
      if let reason = failed[index] {
        return .rejected("Jira rejected it: \(reason)")
      }
      guard let key = created.next()?.wrappedValue?.key?.value else {
        return .unknown
      }
      return .created(filed(key))
    }
  }
}

/// Jira Server / Data Center, REST v2: descriptions in wiki markup, a personal access token as Bearer.
public struct JiraDataCenterTracker: JiraIssueAPI {
  public let name = "jira-dc"
  public let settings: TrackerSettings
  var issuePath: String { "/rest/api/2/issue" }
  var searchPath: String { "/rest/api/2/search" }

  public init(settings: TrackerSettings) { self.settings = settings }

  /// The description in wiki markup, and the pieces that continue it in comments when it is longer than
  /// Jira takes.
  func bodyPieces(for ticket: Ticket) -> [JiraText] {
    JiraLimit.wikiPieces(
      TextBodies.wiki(ticket), limit: characterLimit,
      marker: {
        TextBodies.wikiMarker(followUpMarkerText(for: ticket, index: $0))
      }
    ).map(JiraText.wiki)
  }

  /// A comment in Jira's wiki markup: the text as it is.
  func commentText(_ text: String) -> JiraText { .wiki(text) }

  func followUpNote(_ note: String, marker: String) -> JiraText {
    .wiki("_" + note + "_\n\n" + TextBodies.wikiMarker(marker))
  }

  func headers(_ credentials: Credentials) -> [(String, String)] {
    [
      ("Authorization", "Bearer \(credentials.token)"),
      ("Content-Type", "application/json"), ("Accept", "application/json"),
    ]
  }
}

/// A description or comment in the API's format: ADF (Cloud) or wiki markup (Data Center).
enum JiraText: Encodable {
  case adf(ADFNode)
  case wiki(String)

  func encode(to encoder: any Encoder) throws {
    var single = encoder.singleValueContainer()
    switch self {
    case .adf(let document): try single.encode(document)
    case .wiki(let text): try single.encode(text)
    }
  }
}

/// An issue's fields as criteria sends them.
///
/// All of them on create; the summary, description and labels on update (the project and type stay as
/// they are). `custom_fields` go as they are and win over the fields of the same id.
struct JiraFields: Encodable {
  struct Key: Encodable { var key: String }
  struct Name: Encodable { var name: String }

  var project: Key?
  var summary: String
  var issuetype: Name?
  var description: JiraText
  var labels: [String]
  var components: [Name]?
  /// An audit finding's priority, from its Severity: set on create only (a person may change it).
  var priority: Name? = nil
  var custom: [String: String]

  /// The fields an update sends.
  var updating: JiraFields {
    var fields = self
    fields.project = nil
    fields.issuetype = nil
    fields.components = nil
    fields.priority = nil
    fields.custom = custom.filter { Self.updated.contains($0.key) }
    return fields
  }

  static let updated: Set<String> = ["summary", "description", "labels"]

  func encode(to encoder: any Encoder) throws {
    var keyed = encoder.container(keyedBy: DynamicKey.self)
    func put(_ key: String, _ value: (some Encodable)?) throws {
      guard let value, custom[key] == nil else { return }
      try keyed.encode(value, forKey: DynamicKey(key))
    }
    try put("project", project)
    try put("summary", summary)
    try put("issuetype", issuetype)
    try put("description", description)
    try put("labels", labels)
    try put("components", components)
    try put("priority", priority)
    for (id, value) in custom {
      try keyed.encode(value, forKey: DynamicKey(id))
    }
  }
}

/// `{"fields": …}`: a create's or update's body.
struct JiraIssueBody: Encodable {
  var fields: JiraFields
}

/// An issue as Jira answers it (create, read, and each search hit).
struct JiraIssue: Decodable {
  /// Resolutions that close an issue without fixing it (Jira's defaults).
  static let unfixed: Set<String> = [
    "won't do", "won't fix", "duplicate", "cannot reproduce", "declined",
    "incomplete",
  ]

  @Lenient var key: JSONText?
  @Lenient var fields: Fields?

  struct Fields: Decodable {
    @Lenient var status: Status?
    @Lenient var resolution: Named?
    @Lenient var resolutiondate: JSONText?
    @Lenient var updated: JSONText?
    @Lenient var created: JSONText?
  }

  struct Status: Decodable {
    @Lenient var name: JSONText?
    @Lenient var statusCategory: Category?
  }

  struct Category: Decodable {
    @Lenient var key: JSONText?
  }

  struct Named: Decodable {
    @Lenient var name: JSONText?
  }

  /// A JQL search's answer.
  struct Search: Decodable {
    @Lenient var issues: [Lenient<JiraIssue>]?
  }

  /// A comment to post.
  struct Comment: Encodable {
    var body: JiraText
  }

  /// Where an issue can go: each transition's id, name and target status.
  struct Transitions: Decodable {
    @Lenient var transitions: [Lenient<Transition>]?
  }

  struct Transition: Decodable {
    @Lenient var id: JSONText?
    @Lenient var name: String?
    @Lenient var to: Target?
  }

  struct Target: Decodable {
    @Lenient var name: String?
  }

  /// The transition to make.
  struct ChosenTransition: Encodable {
    struct ID: Encodable { var id: String }
    var transition: ID
  }
}

/// Jira Cloud and Data Center create, find, read, update, comment and transition an issue the same way,
/// at their own API path and with their own description format: written once here.
protocol JiraIssueAPI: SameShapeFields, LaggingSearch {
  /// `/rest/api/3/issue` (Cloud) or `/rest/api/2/issue` (Data Center).
  var issuePath: String { get }
  /// `/rest/api/3/search/jql` (Cloud) or `/rest/api/2/search` (Data Center).
  var searchPath: String { get }
  func headers(_ credentials: Credentials) -> [(String, String)]
  /// The description in this API's format, then the comments that continue it when it is too long
  /// (`JiraLimit`); each continuation ends with its follow-up marker.
  func bodyPieces(for ticket: Ticket) -> [JiraText]
  /// A comment in this API's format.
  func commentText(_ text: String) -> JiraText
  /// A short note with a follow-up marker after it, as a comment in this API's format.
  func followUpNote(_ note: String, marker: String) -> JiraText
}

extension JiraIssueAPI {
  /// JQL searches an index that lags creates by a few seconds; there is no consistent lookup by label.
  public var searchSettleTime: Double { settings.searchSettle ?? 10 }

  /// The most characters a description or comment takes: the output's `character_limit`, else Jira's.
  var characterLimit: Int { settings.characterLimit ?? JiraLimit.characters }

  /// The create's fields for a ticket.
  func issueFields(for ticket: Ticket) -> JiraFields {
    JiraFields(
      project: .init(key: settings.project),
      summary: ticket.title(fitting: 255),
      issuetype: .init(name: settings.issueType(for: ticket)),
      description: bodyPieces(for: ticket)[0],
      labels: ticket.sentLabels,
      components: settings.components.isEmpty
        ? nil : settings.components.map { .init(name: $0) },
      priority: settings.priority(for: ticket).map { .init(name: $0) },
      custom: settings.customFields)
  }

  func filed(_ key: String) -> FiledTicket {
    FiledTicket(key: key, url: settings.url + "/browse/" + key)
  }

  func issueURL(_ filed: FiledTicket) -> String {
    settings.url + issuePath + "/" + URLQuery.escape(filed.key)
  }

  var retestStatus: RetestStatus {
    RetestStatus(
      settings: settings, closedDefault: "Done", reopenedDefault: "To Do")
  }

  public func payload(for ticket: Ticket) throws(TicketError) -> Data {
    try JSONBody.encode(JiraIssueBody(fields: issueFields(for: ticket)))
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
    guard let key = response.decoded(JiraIssue.self)?.key?.value else {
      throw TicketError(
        "Jira answered \(response.status) without an issue key: \(response.snippet)"
      )
    }
    return filed(key)
  }

  /// The project's issues carrying the ticket's marker label.
  public func searchRequest(for ticket: Ticket, credentials: Credentials)
    -> HTTPRequest?
  {
    let jql =
      "project = \"\(settings.project)\" AND labels = \"\(ticket.markerLabel)\""
    return HTTPRequest(
      method: "GET",
      url: settings.url + searchPath + "?fields=key&jql="
        + URLQuery.escape(jql),
      headers: headers(credentials))
  }

  public func found(in response: HTTPResponse, ticket: Ticket) -> FiledTicket? {
    response.decoded(JiraIssue.Search.self)?.issues?.first?.wrappedValue?.key
      .map { filed($0.value) }
  }

  /// Jira answers a search as an object whose `issues` is the list.
  public func searchFailure(in response: HTTPResponse) -> String? {
    response.unreadable(by: name, as: "a search result", listAt: "issues")
  }

  /// Jira answers a comment page as an object whose `comments` is the list.
  public func commentListFailure(in response: HTTPResponse) -> String? {
    response.unreadable(by: name, as: "a comment list", listAt: "comments")
  }

  /// Jira answers a moved issue's old key under its new one.
  public func answeredKey(_ response: HTTPResponse) -> String? {
    response.decoded(JiraIssue.self)?.key?.value
  }

  public func readRequest(for filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  {
    HTTPRequest(
      method: "GET",
      url: issueURL(filed)
        + "?fields=status,resolution,resolutiondate,updated,created,description,summary,labels",
      headers: headers(credentials))
  }

  public func snapshot(from response: HTTPResponse) -> TicketSnapshot? {
    let fields = response.decoded(JiraIssue.self)?.fields
    guard let status = fields?.status?.name?.value else { return nil }
    let category = fields?.status?.statusCategory?.key?.value
    let resolution = fields?.resolution?.name?.value
    let done = category == "done"
    let unfixed =
      resolution.map { JiraIssue.unfixed.contains($0.lowercased()) } ?? false
    return TicketSnapshot(
      status: resolution.map { "\(status) (\($0))" } ?? status,
      category: done ? (unfixed ? .notPlanned : .done) : .open,
      resolvedOn: done ? fields?.resolutiondate?.value : nil,
      updatedAt: fields?.updated?.value,
      createdAt: fields?.created?.value)
  }

  /// PUT of the summary, description and labels: the project and type stay as they are.
  public func updateRequest(
    for ticket: Ticket, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    HTTPRequest(
      method: "PUT", url: issueURL(filed), headers: headers(credentials),
      body: try JSONBody.encode(
        JiraIssueBody(fields: issueFields(for: ticket).updating)))
  }

  /// A new comment on the issue, posted as a follow-up is.
  public func commentRequest(
    _ comment: String, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    followUpRequest(
      try JSONBody.encode(JiraIssue.Comment(body: commentText(comment))),
      comment: nil, filed: filed, credentials: credentials)
  }

  /// The newest comments first, so a retest comment is among the first page however many there are.
  public func commentsRequest(filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  {
    commentList(filed, credentials: credentials, newestFirst: true)
  }

  /// The first page (a hundred) of an issue's comments, newest or oldest first.
  func commentList(
    _ filed: FiledTicket, credentials: Credentials, newestFirst: Bool
  ) -> HTTPRequest {
    HTTPRequest(
      method: "GET",
      url: issueURL(filed)
        + "/comment?orderBy=\(newestFirst ? "-" : "")created&maxResults=100",
      headers: headers(credentials))
  }

  public func transitionChoicesRequest(
    filed: FiledTicket, finding: Bool, credentials: Credentials
  )
    -> HTTPRequest?
  {
    HTTPRequest(
      method: "GET", url: issueURL(filed) + "/transitions",
      headers: headers(credentials))
  }

  /// A comment, then the transition whose target status or name is the one asked for, chosen from the
  /// issue's transitions.
  public func transitionRequest(
    _ action: RetestAction, filed: FiledTicket, choices: HTTPResponse?,
    credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    guard let choices else { return nil }
    let transitions =
      choices.decoded(JiraIssue.Transitions.self)?.transitions ?? []
    // A transition is chosen by the status it leads to, else by its own name.
    let id = try retestStatus.choose(
      action,
      among: transitions.compactMap { transition in
        guard let name = transition.wrappedValue?.name,
          let id = transition.wrappedValue?.id?.value
        else { return nil }
        let to = transition.wrappedValue?.to?.name
        return RetestStatus.Choice(
          names: [to ?? name, name], value: id,
          shown: to.map { "\(name) → \($0)" } ?? name)
      }, key: filed.key, tracker: name)
    return HTTPRequest(
      method: "POST", url: issueURL(filed) + "/transitions",
      headers: headers(credentials),
      body: try JSONBody.encode(
        JiraIssue.ChosenTransition(transition: .init(id: id))))
  }
}
