import CriteriaModel
import Foundation
import Mustache

/// A tracker that works from a `TrackerDefinition`.
public struct DefinedTracker: Tracker {
  public let definition: TrackerDefinition
  public let settings: TrackerSettings
  public var name: String { definition.name }
  public var pacing: Pacing { settings.pacing }

  public init(definition: TrackerDefinition, settings: TrackerSettings) {
    self.definition = definition
    self.settings = settings
  }

  /// The values templates see; `escape` makes them safe where they are used (JSON strings or URLs).
  func values(_ ticket: Ticket, escape: (String) -> String) -> [String: Any] {
    let labels = ticket.sentLabels
    var values: [String: Any] = [
      "url": settings.url,
      "project": escape(settings.project),
      "issue_type": escape(settings.issueType(for: ticket)),
      "title": escape(
        definition.titleLimit.map { ticket.title(fitting: $0) } ?? ticket.title),
      "body_markdown": escape(TextBodies.markdown(ticket)),
      "body_html": escape(TextBodies.html(ticket)),
      "body_wiki": escape(TextBodies.wiki(ticket)),
      "body_text": escape(TextBodies.redmine(ticket)),
      "labels_csv": escape(labels.joined(separator: ",")),
      "labels": labels.map(escape),
      "identity": escape(ticket.identity),
      "marker": escape(ticket.marker),
      "marker_label": escape(ticket.markerLabel),
      "component": escape(ticket.componentID),
      "platform": escape(ticket.platform?.rawValue ?? ""),
    ]
    // Absent, not empty, when there is none: `{{#priority}}…{{/priority}}` writes the field only then.
    if let priority = settings.priority(for: ticket) {
      values["priority"] = escape(priority)
    }
    return values
  }

  public func payload(for ticket: Ticket) throws(TicketError) -> Data {
    let text = definition.body.render(values(ticket, escape: JSONEscape.string))
    let data = Data(text.utf8)
    guard definition.contentType.contains("json") else { return data }
    do { _ = try JSONSerialization.jsonObject(with: data) } catch {
      throw TicketError(
        "\(definition.file): create.body did not render to JSON for '\(ticket.identity)': \(error.localizedDescription)"
      )
    }
    return data
  }

  func headers(_ credentials: Credentials) -> [(String, String)] {
    let value: String
    switch definition.authScheme {
    case "plain": value = credentials.token
    case "token": value = "token \(credentials.token)"
    case "basic":
      value =
        "Basic "
        + Data("\(credentials.user ?? ""):\(credentials.token)".utf8)
        .base64EncodedString()
    default: value = "Bearer \(credentials.token)"
    }
    return [
      (definition.authHeader, value), ("Content-Type", definition.contentType),
      ("Accept", "application/json"),
    ]
  }

  public func createRequest(for ticket: Ticket, credentials: Credentials)
    throws(TicketError) -> HTTPRequest
  {
    HTTPRequest(
      method: definition.method,
      url: definition.createURL.render(values(ticket, escape: URLQuery.escape)),
      headers: headers(credentials), body: try payload(for: ticket))
  }

  public func created(from response: HTTPResponse) throws(TicketError)
    -> FiledTicket
  {
    guard
      let filed = filed(
        key: definition.keyPath, url: definition.createdURLField,
        in: response.json)
    else {
      throw TicketError(
        "\(name) answered \(response.status) without '\(definition.keyPath)': \(response.snippet)"
      )
    }
    return filed
  }

  /// Where the search looks for the marker label, the create's answer (an issue as `read:` shows it)
  /// must hold it at the `update.fields.labels` path, when the answer has that path at all.
  public func droppedMarkerLabel(_ response: HTTPResponse, ticket: Ticket)
    -> Bool
  {
    guard definition.searchesByMarkerLabel,
      let path = definition.update?.fields?.labels,
      let labels = WrittenFields.labelNames(
        JSONBody.value(at: path, in: response.json))
    else { return false }
    return !WrittenFields.labels(labels, hold: ticket.markerLabel)
  }

  /// The ticket an answer names at the definition's key path, with its page: at the URL path when the
  /// answer has one, else from the definition's `created_url` template.
  func filed(key keyPath: String, url urlPath: String?, in json: Any?)
    -> FiledTicket?
  {
    guard let key = JSONBody.string(JSONBody.value(at: keyPath, in: json))
    else { return nil }
    let url =
      urlPath.flatMap { JSONBody.string(JSONBody.value(at: $0, in: json)) }
      ?? definition.createdURL?.render([
        "url": settings.url, "key": key, "project": settings.project,
      ]) ?? ""
    return FiledTicket(key: key, url: url)
  }

  public func searchRequest(for ticket: Ticket, credentials: Credentials)
    -> HTTPRequest?
  {
    get(
      definition.searchURL, values(ticket, escape: URLQuery.escape), credentials
    )
  }

  public func found(in response: HTTPResponse, ticket: Ticket) -> FiledTicket? {
    guard let keyPath = definition.searchKeyPath else { return nil }
    guard let markerIn = definition.searchMarkerIn else {
      return filed(
        key: keyPath, url: definition.searchURLField, in: response.json)
    }
    // A text search also finds a longer marker that starts with this one (a finding's with its date
    // after it): take the result whose text holds this marker whole. A result whose text cannot be read
    // leaves the first result standing, as without `marker_in`, so nothing is filed twice.
    let json = response.json
    var index = 0
    while let element = JSONBody.value(
      at: Self.path(keyPath, element: index, resultOnly: true), in: json)
    {
      guard
        let text = JSONBody.string(
          JSONBody.value(at: markerIn, in: element))
      else {
        return filed(key: keyPath, url: definition.searchURLField, in: json)
      }
      if ticket.holdsMarker(text) {
        return filed(
          key: Self.path(keyPath, element: index),
          url: definition.searchURLField.map { Self.path($0, element: index) },
          in: json)
      }
      index += 1
    }
    return nil
  }

  /// The search answer must hold the list the key path steps into (`issues` of `issues.0.id`, the
  /// answer itself for `0.iid`); a key path without an index needs a JSON answer.
  public func searchFailure(in response: HTTPResponse) -> String? {
    let parts = (definition.searchKeyPath ?? "").split(separator: ".")
    guard let index = parts.firstIndex(where: { Int($0) != nil }) else {
      return response.unreadable(by: name, as: "a search result") {
        $0 is [Any] || $0 is [String: Any]
      }
    }
    return response.unreadable(
      by: name, as: "a search result",
      listAt: parts[..<index].joined(separator: "."))
  }

  /// The `comments:` answer must hold its list at `comments.list` (any JSON without one).
  public func commentListFailure(in response: HTTPResponse) -> String? {
    guard let list = definition.commentsList else {
      return response.unreadable(by: name, as: "a comment list") {
        $0 is [Any] || $0 is [String: Any]
      }
    }
    return response.unreadable(by: name, as: "a comment list", listAt: list)
  }

  /// A search path with its first result's index turned to `element`: `issues.0.id` → `issues.3.id`;
  /// with `resultOnly`, the path of that result itself (`issues.3`).
  static func path(
    _ path: String, element: Int, resultOnly: Bool = false
  ) -> String {
    let parts = path.split(separator: ".", omittingEmptySubsequences: false)
    guard let at = parts.firstIndex(of: "0") else { return path }
    let head = parts[..<at] + ["\(element)"]
    return (resultOnly ? head : head + parts[(at + 1)...]).joined(
      separator: ".")
  }

  /// The values of a request about one filed ticket: the ticket's, plus `key`.
  func values(
    _ ticket: Ticket?, filed: FiledTicket, escape: (String) -> String
  ) -> [String: Any] {
    var values: [String: Any] =
      ticket.map { self.values($0, escape: escape) }
      ?? ["url": settings.url, "project": escape(settings.project)]
    values["key"] = escape(filed.key)
    return values
  }

  public func readRequest(for filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  {
    get(
      definition.read?.url, values(nil, filed: filed, escape: URLQuery.escape),
      credentials)
  }

  public func snapshot(from response: HTTPResponse) -> TicketSnapshot? {
    guard let read = definition.read else { return nil }
    let fields = JSONFields(response)
    guard let status = fields.string(read.status) else { return nil }
    let closed =
      read.closedValues.isEmpty
      ? fields.bool(read.closed) ?? false
      : fields.string(read.closed).map(read.closedValues.contains) ?? false
    let notPlanned = read.notPlanned.contains {
      $0.caseInsensitiveCompare(status) == .orderedSame
    }
    return TicketSnapshot(
      status: status,
      category: closed ? (notPlanned ? .notPlanned : .done) : .open,
      resolvedOn: closed ? read.resolvedOn.flatMap(fields.string) : nil,
      updatedAt: read.updatedAt.flatMap(fields.string),
      createdAt: read.createdAt.flatMap(fields.string))
  }

  public func updateRequest(
    for ticket: Ticket, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    guard let update = definition.update else { return nil }
    return try request(
      update, "update", values(ticket, filed: filed, escape: JSONEscape.string),
      url: values(ticket, filed: filed, escape: URLQuery.escape),
      for: ticket.identity, credentials: credentials)
  }

  public func commentRequest(
    _ comment: String, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    guard let block = definition.comment else { return nil }
    var body = ticketValues(filed, escape: JSONEscape.string)
    body["comment"] = JSONEscape.string(comment)
    return try request(
      block, "comment", body, url: ticketValues(filed, escape: URLQuery.escape),
      for: filed.key, credentials: credentials)
  }

  public func transitionRequest(
    _ action: RetestAction, filed: FiledTicket, choices: HTTPResponse?,
    credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? {
    guard let block = action == .close ? definition.close : definition.reopen
    else {
      return nil
    }
    return try request(
      block, action.rawValue, ticketValues(filed, escape: JSONEscape.string),
      url: ticketValues(filed, escape: URLQuery.escape), for: filed.key,
      credentials: credentials)
  }

  public func commentsRequest(filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  {
    get(
      definition.commentsURL, ticketValues(filed, escape: URLQuery.escape),
      credentials)
  }

  /// The fields the update body writes, at the definition's `update.fields` paths.
  public func writtenFields(for ticket: Ticket) throws(TicketError)
    -> WrittenFields?
  {
    guard let update = definition.update, let paths = update.fields else {
      return nil
    }
    let body = update.body.render(
      values(ticket, escape: JSONEscape.string))
    return Self.fields(JSONBody.parsed(Data(body.utf8)), at: paths)
  }

  public func writtenFields(in response: HTTPResponse) -> WrittenFields? {
    definition.update?.fields.flatMap { Self.fields(response.json, at: $0) }
  }

  /// The title, description and labels at `paths` in a body or an answer; nil when one is missing.
  static func fields(_ json: Any?, at paths: TrackerDefinition.FieldPaths)
    -> WrittenFields?
  {
    guard
      let title = JSONBody.value(at: paths.title, in: json) as? String,
      let description = JSONBody.value(at: paths.description, in: json)
        as? String
    else { return nil }
    guard let labelPath = paths.labels else {
      return WrittenFields(title: title, description: description, labels: nil)
    }
    guard
      let labels = WrittenFields.labelNames(
        JSONBody.value(at: labelPath, in: json))
    else { return nil }
    return WrittenFields(title: title, description: description, labels: labels)
  }

  /// The next page of a comment list, where the answer names one in a `Link` header (`rel="next"`, as
  /// GitLab and many REST APIs page); only on the same scheme, host and port, so the credentials go
  /// nowhere else.
  public func nextCommentPage(after request: HTTPRequest, answer: HTTPResponse)
    -> HTTPRequest?
  {
    guard let next = Self.nextLink(answer.headers["link"]),
      let asked = URLComponents(string: request.url),
      let named = URLComponents(string: next),
      named.scheme?.lowercased() == asked.scheme?.lowercased(),
      named.host?.lowercased() == asked.host?.lowercased(),
      named.port == asked.port, next != request.url
    else { return nil }
    var page = request
    page.url = next
    return page
  }

  /// The URL of a `Link` header's `rel="next"` entry (RFC 8288), or nil.
  static func nextLink(_ header: String?) -> String? {
    for entry in (header ?? "").split(separator: ",") {
      let parts = entry.split(separator: ";").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard let target = parts.first, target.hasPrefix("<"),
        target.hasSuffix(">"),
        parts.dropFirst().contains(where: {
          $0.replacingOccurrences(of: "\"", with: "").lowercased()
            .split(separator: "=").map {
              $0.trimmingCharacters(in: .whitespaces)
            } == ["rel", "next"]
        })
      else { continue }
      return String(target.dropFirst().dropLast())
    }
    return nil
  }

  /// A GET of the URL a definition's template gives (values URL-escaped); nil without a template.
  func get(
    _ template: MustacheTemplate?, _ values: [String: Any],
    _ credentials: Credentials
  ) -> HTTPRequest? {
    template.map {
      HTTPRequest(
        method: "GET", url: $0.render(values), headers: headers(credentials))
    }
  }

  /// The values of a request about a filed ticket without its content: the key, and the statuses a
  /// retest closes and reopens with.
  func ticketValues(_ filed: FiledTicket, escape: (String) -> String)
    -> [String: Any]
  {
    var values = values(nil, filed: filed, escape: escape)
    values["closed_status"] = escape(
      settings.closedStatus?.first ?? definition.defaultClosedStatus ?? "")
    values["reopened_status"] = escape(
      settings.reopenedStatus?.first ?? definition.defaultReopenedStatus
        ?? "")
    return values
  }

  /// A request from a block, its body checked to be JSON when it says it is.
  func request(
    _ block: TrackerDefinition.Update, _ name: String, _ body: [String: Any],
    url: [String: Any], for subject: String, credentials: Credentials
  ) throws(TicketError) -> HTTPRequest {
    let data = Data(block.body.render(body).utf8)
    if block.contentType.contains("json") {
      do { _ = try JSONSerialization.jsonObject(with: data) } catch {
        throw TicketError(
          "\(definition.file): \(name).body did not render to JSON for '\(subject)': \(error.localizedDescription)"
        )
      }
    }
    let headers = headers(credentials).map {
      $0.0 == "Content-Type" ? ($0.0, block.contentType) : $0
    }
    return HTTPRequest(
      method: block.method, url: block.url.render(url), headers: headers,
      body: data)
  }
}

/// Reading a JSON answer by the dotted paths a definition names (the user's, so not a typed answer).
struct JSONFields {
  let json: Any?

  init(_ response: HTTPResponse) { json = response.json }

  func string(_ path: String) -> String? {
    JSONBody.string(JSONBody.value(at: path, in: json))
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
