import CriteriaModel
import Foundation

/// GitHub issues: GFM bodies of at most 65,536 characters (the rest follows as comments, never cut),
/// labels, and GitHub's secondary rate limits for content creation.
public struct GitHubTracker: SameShapeFields {
  public let name = "github"
  public let settings: TrackerSettings
  /// GitHub's limit on an issue or comment body.
  public static let maxBody = 65_536
  /// Writes at least a second apart, at most 80 a minute and 500 an hour (GitHub's limits on creating
  /// content); reads at most 600 a minute, so that they and a minute's writes (five points each) stay
  /// within GitHub's 900 points a minute.
  public static let defaultPacing = Pacing(
    minimumInterval: 1, perMinute: 80, perHour: 500,
    reads: Pacing.Reads(perMinute: 600))

  public init(settings: TrackerSettings) { self.settings = settings }

  /// The body split into pieces that each fit; the first is the issue, the rest become comments.
  public static func pieces(_ body: String) -> [String] {
    guard body.count > maxBody else { return [body] }
    // Room for the "continued" line and the part's hidden marker.
    // A code fence cut in two is closed and opened again, so each piece renders on its own.
    let pieces = TextPieces.split(
      body, limit: maxBody - 40 - 300,
      fence: TextPieces.Fence(close: "```") { $0.hasPrefix("```") })
    return pieces.enumerated().map { index, piece in
      index < pieces.count - 1
        ? piece
          + TextPieces.continuationParagraph(index + 2, of: pieces.count)
        : piece
    }
  }

  func apiBase() -> String { settings.url }

  func headers(_ credentials: Credentials) -> [(String, String)] {
    [
      ("Authorization", "Bearer \(credentials.token)"),
      ("Accept", "application/vnd.github+json"),
      ("X-GitHub-Api-Version", "2022-11-28"),
      ("Content-Type", "application/json"),
    ]
  }

  public func payload(for ticket: Ticket) throws(TicketError) -> Data {
    let body = Self.pieces(TextBodies.markdown(ticket))
    // The Markdown ends with the hidden marker; when the body continues in comments, the issue itself
    // must still carry it.
    let first =
      body.count > 1 ? body[0] + "\n\n<!-- \(ticket.markerLine) -->" : body[0]
    return try JSONBody.encode(
      NewIssue(
        title: ticket.title(fitting: 256), body: first,
        labels: ticket.sentLabels))
  }

  /// The body of an issue's create and update.
  struct NewIssue: Encodable {
    var title: String
    var body: String
    var labels: [String]
  }

  /// A comment to post.
  struct CommentBody: Encodable {
    var body: String
  }

  /// A comment as GitHub lists it.
  struct Comment: Decodable {
    @Lenient var id: JSONText?
    @Lenient var body: String?
  }

  /// A state change: closed with its reason, or open.
  struct StateChange: Encodable {
    var state: String
    var stateReason: String?

    enum CodingKeys: String, CodingKey {
      case state
      case stateReason = "state_reason"
    }
  }

  /// An issue as GitHub answers it (create, read, update, and each item of a list).
  struct Issue: Decodable {
    @Lenient var number: JSONText?
    @Lenient var htmlURL: JSONText?
    @Lenient var state: JSONText?
    @Lenient var stateReason: JSONText?
    @Lenient var closedAt: JSONText?
    @Lenient var updatedAt: JSONText?
    @Lenient var createdAt: JSONText?

    enum CodingKeys: String, CodingKey {
      case number, state
      case htmlURL = "html_url"
      case stateReason = "state_reason"
      case closedAt = "closed_at"
      case updatedAt = "updated_at"
      case createdAt = "created_at"
    }

    /// The filed ticket it is, when it has a number.
    var filed: FiledTicket? {
      number.map {
        FiledTicket(key: "#" + $0.value, url: htmlURL?.value ?? "")
      }
    }
  }

  func issueURL(_ filed: FiledTicket) -> String {
    let number = filed.key.trimmingCharacters(
      in: CharacterSet(charactersIn: "#"))
    return "\(apiBase())/repos/\(settings.project)/issues/\(number)"
  }

  public func createRequest(for ticket: Ticket, credentials: Credentials)
    throws(TicketError) -> HTTPRequest
  {
    HTTPRequest(
      method: "POST", url: "\(apiBase())/repos/\(settings.project)/issues",
      headers: headers(credentials),
      body: try payload(for: ticket))
  }

  public func created(from response: HTTPResponse) throws(TicketError)
    -> FiledTicket
  {
    guard let filed = response.decoded(Issue.self)?.filed else {
      throw TicketError(
        "GitHub answered \(response.status) without an issue number: \(response.snippet)"
      )
    }
    return filed
  }

  /// The issue's labels lack the marker label, which the lookup lists issues by.
  public func droppedMarkerLabel(_ response: HTTPResponse, ticket: Ticket)
    -> Bool
  {
    guard
      let labels = WrittenFields.labelNames(
        (response.json as? [String: Any])?["labels"])
    else { return false }
    return !WrittenFields.labels(labels, hold: ticket.markerLabel)
  }

  public func followUpPayloads(for ticket: Ticket) throws(TicketError) -> [Data]
  {
    try Self.pieces(TextBodies.markdown(ticket)).dropFirst().enumerated()
      .map { index, piece throws(TicketError) in
        // Each comment carries its own marker, so a comment whose answer was lost is found, not posted twice.
        try JSONBody.encode(
          CommentBody(
            body: piece + "\n\n" + followUpMarkerText(for: ticket, index: index)
          ))
      }
  }

  public func retiredFollowUpPayload(for ticket: Ticket, index: Int)
    throws(TicketError) -> Data?
  {
    try JSONBody.encode(
      CommentBody(
        body: "_" + TextPieces.retiredContinuation + "_\n\n"
          + followUpMarkerText(for: ticket, index: index)))
  }

  /// POST …/comments, or PATCH of one comment (…/issues/comments/ID).
  public func followUpRequest(
    _ payload: Data, comment: String?, filed: FiledTicket,
    credentials: Credentials
  ) -> HTTPRequest? {
    HTTPRequest(
      method: comment == nil ? "POST" : "PATCH",
      url: comment.map {
        "\(apiBase())/repos/\(settings.project)/issues/comments/\(URLQuery.escape($0))"
      } ?? issueURL(filed) + "/comments",
      headers: headers(credentials), body: payload)
  }

  public func followUpsListRequest(filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  {
    HTTPRequest(
      method: "GET", url: issueURL(filed) + "/comments?per_page=100",
      headers: headers(credentials))
  }

  /// The next page when GitHub's `Link` header names one, or when a full page came.
  ///
  /// A proxy may drop the header; an empty page after a full one ends the list. GitHub lists an
  /// issue's comments oldest first.
  public func nextCommentPage(after request: HTTPRequest, answer: HTTPResponse)
    -> HTTPRequest?
  {
    let count = answer.decoded([Lenient<Comment>].self)?.count ?? 0
    let linked = answer.headers["link"]?.contains("rel=\"next\"") ?? false
    guard count > 0, linked || count >= 100 else { return nil }
    let page = URLQuery.value("page", in: request.url).flatMap { Int($0) } ?? 1
    return request.setting("page", to: String(page + 1))
  }

  public func followUpComments(in response: HTTPResponse) -> [FollowUpComment] {
    (response.decoded([Lenient<Comment>].self) ?? []).compactMap {
      guard let body = $0.wrappedValue?.body else { return nil }
      return FollowUpComment(id: $0.wrappedValue?.id?.value, text: body)
    }
  }

  public func followUpText(_ payload: Data) -> String {
    (try? JSONDecoder().decode(Comment.self, from: payload))?.body ?? ""
  }

  /// Lists the repository's issues carrying the ticket's marker label, open or closed.
  ///
  /// Unlike `/search/issues`, whose index lags creates by seconds, the list is consistent: an issue
  /// created a moment ago by a request whose answer was lost is found.
  public func searchRequest(for ticket: Ticket, credentials: Credentials)
    -> HTTPRequest?
  {
    let url =
      "\(apiBase())/repos/\(settings.project)/issues?state=all&per_page=1&labels="
      + URLQuery.escape(ticket.markerLabel)
    return HTTPRequest(method: "GET", url: url, headers: headers(credentials))
  }

  public func found(in response: HTTPResponse, ticket: Ticket) -> FiledTicket? {
    response.decoded([Lenient<Issue>].self)?.first?.wrappedValue?.filed
  }

  /// GitHub lists issues as a JSON array; a found issue must carry its number.
  public func searchFailure(in response: HTTPResponse) -> String? {
    if let unreadable = response.unreadable(
      by: name, as: "an issue list", listAt: "")
    {
      return unreadable
    }
    guard let first = response.decoded([Lenient<Issue>].self)?.first,
      first.wrappedValue?.filed == nil
    else { return nil }
    return "GitHub listed an issue without its number: \(response.snippet)"
  }

  /// GitHub lists comments as a JSON array.
  public func commentListFailure(in response: HTTPResponse) -> String? {
    response.unreadable(by: name, as: "a comment list", listAt: "")
  }

  public func readRequest(for filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  {
    HTTPRequest(
      method: "GET", url: issueURL(filed), headers: headers(credentials))
  }

  /// `state` and `state_reason`: closed as completed is done; closed as not planned is not.
  public func snapshot(from response: HTTPResponse) -> TicketSnapshot? {
    guard let issue = response.decoded(Issue.self),
      let state = issue.state?.value
    else { return nil }
    let reason = issue.stateReason?.value
    let closed = state == "closed"
    let notPlanned = closed && reason == "not_planned"
    return TicketSnapshot(
      status: closed
        ? "closed as \((reason ?? "completed").replacingOccurrences(of: "_", with: " "))"
        : state,
      category: closed ? (notPlanned ? .notPlanned : .done) : .open,
      resolvedOn: closed ? issue.closedAt?.value : nil,
      updatedAt: issue.updatedAt?.value,
      createdAt: issue.createdAt?.value)
  }

  /// The title, body and labels (names) of a create, an update or a read answer.
  static func fields(_ json: Any?) -> WrittenFields? {
    guard let issue = json as? [String: Any],
      let title = issue["title"] as? String
    else { return nil }
    let labels = WrittenFields.labelNames(issue["labels"] as? [Any])
    return WrittenFields(
      title: title, description: issue["body"] as? String ?? "",
      labels: labels ?? [])
  }

  /// PATCH of the title, body and labels (an over-long body's continuation comments are rewritten after
  /// it, `TicketFollowUps.rewrite`).
  public func updateRequest(
    for ticket: Ticket, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    HTTPRequest(
      method: "PATCH", url: issueURL(filed), headers: headers(credentials),
      body: try payload(for: ticket))
  }

  /// A new comment on the issue, posted as a follow-up is; the marker goes in an HTML comment, unseen.
  public func commentRequest(
    _ comment: String, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    followUpRequest(
      try JSONBody.encode(CommentBody(body: Self.hidingLastLine(comment))),
      comment: nil, filed: filed, credentials: credentials)
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
          ? StateChange(state: "closed", stateReason: "completed")
          : StateChange(state: "open")))
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
