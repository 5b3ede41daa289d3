import Foundation

/// Azure DevOps work items: a JSON Patch document with an HTML description and tags, Basic auth with a PAT.
public struct AzureDevOpsTracker: Tracker {
  public let name = "azure-devops"
  public let settings: TrackerSettings

  public init(settings: TrackerSettings) { self.settings = settings }

  func operations(for ticket: Ticket) -> [[String: Any]] {
    var ops: [[String: Any]] = [
      [
        "op": "add", "path": "/fields/System.Title",
        "value": String(ticket.title.prefix(255)),
      ],
      [
        "op": "add", "path": "/fields/System.Description",
        "value": TextBodies.html(ticket),
      ],
      [
        "op": "add", "path": "/fields/System.Tags",
        "value": (ticket.labels + [ticket.markerLabel]).joined(separator: "; "),
      ],
    ]
    for (field, value) in settings.customFields.sorted(by: { $0.key < $1.key })
    {
      ops.append(["op": "add", "path": "/fields/\(field)", "value": value])
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

  func type(for ticket: Ticket) -> String { settings.issueType(for: ticket) }

  public func createRequest(for ticket: Ticket, credentials: Credentials)
    throws(TicketError) -> HTTPRequest
  {
    let type = URLQuery.escape(type(for: ticket))
    return HTTPRequest(
      method: "POST",
      url:
        "\(settings.url)/\(URLQuery.escape(settings.project))/_apis/wit/workitems/$\(type)?api-version=7.1",
      headers: headers(credentials, patch: true), body: try payload(for: ticket)
    )
  }

  public func created(from response: HTTPResponse) throws(TicketError)
    -> FiledTicket
  {
    // A sign-in page comes back as 200/203 HTML: that is a refused credential, not a created work item.
    guard let json = response.json as? [String: Any] else {
      throw TicketError(
        "Azure DevOps answered \(response.status) with a page that is not JSON (a sign-in page?): "
          + "the personal access token was not accepted", isAuthentication: true
      )
    }
    guard let id = JSONBody.string(json["id"]) else {
      throw TicketError(
        "Azure DevOps answered \(response.status) without a work item id: \(response.snippet)"
      )
    }
    return FiledTicket(
      key: id,
      url: JSONBody.string(JSONBody.value(at: "_links.html.href", in: json))
        ?? "")
  }

  public func searchRequest(for ticket: Ticket, credentials: Credentials)
    -> HTTPRequest?
  {
    let wiql =
      "SELECT [System.Id] FROM workitems WHERE [System.TeamProject] = @project AND [System.Tags] CONTAINS '\(ticket.markerLabel)'"
    guard let body = try? JSONBody.encode(["query": wiql]) else { return nil }
    return HTTPRequest(
      method: "POST",
      url:
        "\(settings.url)/\(URLQuery.escape(settings.project))/_apis/wit/wiql?api-version=7.1",
      headers: headers(credentials, patch: false), body: body, resendable: true)
  }

  public func found(in response: HTTPResponse, ticket: Ticket) -> FiledTicket? {
    guard
      let id = JSONBody.string(
        JSONBody.value(at: "workItems.0.id", in: response.json))
    else { return nil }
    return FiledTicket(
      key: id,
      url: JSONBody.string(
        JSONBody.value(at: "workItems.0.url", in: response.json)) ?? "")
  }
}
