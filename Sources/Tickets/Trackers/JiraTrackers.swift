import Foundation

/// Jira Cloud, REST v3: descriptions in Atlassian Document Format, Basic auth from e-mail and API token.
public struct JiraCloudTracker: BulkTracker {
  public let name = "jira-cloud"
  /// JQL searches an index that lags creates by a few seconds; there is no consistent lookup by label.
  public var searchSettleTime: Double { settings.searchSettle ?? 10 }
  /// Bulk create through `/rest/api/3/issue/bulk` when the output says `bulk: true`.
  public var bulkCreate: (any BulkTracker)? { settings.bulk ? self : nil }
  public let settings: TrackerSettings

  public init(settings: TrackerSettings) { self.settings = settings }

  func fields(for ticket: Ticket) -> [String: Any] {
    JiraResponses(settings: settings).fields(
      for: ticket, description: ADFBody.document(for: ticket))
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

  /// One bulk request for up to 50 tickets.
  public func bulkRequest(for tickets: [Ticket], credentials: Credentials)
    throws(TicketError) -> HTTPRequest
  {
    let updates = tickets.map { ["fields": fields(for: $0)] }
    return HTTPRequest(
      method: "POST", url: settings.url + "/rest/api/3/issue/bulk",
      headers: headers(credentials),
      body: try JSONBody.encode(["issueUpdates": updates]))
  }

  /// Maps a bulk response back to the tickets.
  ///
  /// Created issues come in order, failures by `failedElementNumber`. When the answer cannot be matched (not JSON, fewer issues than expected), the outcome is unknown.
  public func bulkResults(_ response: HTTPResponse, count: Int) -> [BulkOutcome]
  {
    let json = response.json as? [String: Any]
    var failed: [Int: String] = [:]
    for error in json?["errors"] as? [[String: Any]] ?? [] {
      guard let index = error["failedElementNumber"] as? Int else { continue }
      let element = error["elementErrors"] as? [String: Any]
      let messages =
        (element?["errorMessages"] as? [String] ?? [])
        + (element?["errors"] as? [String: Any] ?? [:]).sorted {
          $0.key < $1.key
        }.map { "\($0.key): \($0.value)" }
      failed[index] =
        messages.isEmpty ? "rejected" : messages.joined(separator: "; ")
    }
    var created = (json?["issues"] as? [[String: Any]] ?? []).makeIterator()
    return (0..<count).map { index in
      if let reason = failed[index] {
        return .rejected("Jira rejected it: \(reason)")
      }
      guard let issue = created.next(), let key = issue["key"] as? String else {
        return .unknown
      }
      return .created(
        FiledTicket(key: key, url: settings.url + "/browse/" + key))
    }
  }
}

/// Jira Server / Data Center, REST v2: descriptions in wiki markup, a personal access token as Bearer.
public struct JiraDataCenterTracker: Tracker {
  public let name = "jira-dc"
  /// JQL searches an index that lags creates by a few seconds; there is no consistent lookup by label.
  public var searchSettleTime: Double { settings.searchSettle ?? 10 }
  public let settings: TrackerSettings

  public init(settings: TrackerSettings) { self.settings = settings }

  func headers(_ credentials: Credentials) -> [(String, String)] {
    [
      ("Authorization", "Bearer \(credentials.token)"),
      ("Content-Type", "application/json"), ("Accept", "application/json"),
    ]
  }
}

/// What Jira Cloud and Data Center share: the created issue's key and the marker-label search (only the
/// search path differs between REST v3 and v2).
struct JiraResponses {
  let settings: TrackerSettings

  /// The create fields both APIs share; only the description's format differs (ADF or wiki markup).
  func fields(for ticket: Ticket, description: Any) -> [String: Any] {
    var fields: [String: Any] = [
      "project": ["key": settings.project],
      "summary": String(ticket.title.prefix(255)),
      "issuetype": ["name": settings.issueType(for: ticket)],
      "description": description,
      "labels": ticket.labels + [ticket.markerLabel],
    ]
    if !settings.components.isEmpty {
      fields["components"] = settings.components.map { ["name": $0] }
    }
    for (id, value) in settings.customFields { fields[id] = value }
    return fields
  }

  func created(from response: HTTPResponse) throws(TicketError) -> FiledTicket {
    guard
      let key = JSONBody.string(JSONBody.value(at: "key", in: response.json))
    else {
      throw TicketError(
        "Jira answered \(response.status) without an issue key: \(response.snippet)"
      )
    }
    return FiledTicket(key: key, url: settings.url + "/browse/" + key)
  }

  func searchRequest(path: String, ticket: Ticket, headers: [(String, String)])
    -> HTTPRequest
  {
    let jql =
      "project = \"\(settings.project)\" AND labels = \"\(ticket.markerLabel)\""
    return HTTPRequest(
      method: "GET",
      url: settings.url + path + "?fields=key&jql=" + URLQuery.escape(jql),
      headers: headers)
  }

  func found(in response: HTTPResponse) -> FiledTicket? {
    guard
      let key = JSONBody.string(
        JSONBody.value(at: "issues.0.key", in: response.json))
    else { return nil }
    return FiledTicket(key: key, url: settings.url + "/browse/" + key)
  }
}

/// Percent-encoding for query values.
enum URLQuery {
  static func escape(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }
}
