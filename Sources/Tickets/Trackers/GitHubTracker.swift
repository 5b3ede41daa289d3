import CriteriaModel
import Foundation

/// GitHub issues: GFM bodies of at most 65,536 characters (the rest follows as comments, never cut),
/// labels, and GitHub's secondary rate limits for content creation.
public struct GitHubTracker: Tracker {
  public let name = "github"
  public let settings: TrackerSettings
  /// GitHub's limit on an issue or comment body.
  public static let maxBody = 65_536
  /// Writes one at a time, at least a second apart, at most 80 a minute and 500 an hour.
  public static let defaultPacing = Pacing(
    minimumInterval: 1, perMinute: 80, perHour: 500)

  public init(settings: TrackerSettings) { self.settings = settings }

  /// The body split into pieces that each fit; the first is the issue, the rest become comments.
  public static func pieces(_ body: String) -> [String] {
    guard body.count > maxBody else { return [body] }
    // Room for the "continued" line and the part's hidden marker.
    let pieces = TextPieces.split(body, limit: maxBody - 40 - 300)
    return pieces.enumerated().map { index, piece in
      index < pieces.count - 1
        ? piece
          + "\n\n_(continued in the next comment, \(index + 2) of \(pieces.count))_"
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
    return try JSONBody.encode([
      "title": ticket.title, "body": first,
      "labels": ticket.labels + [ticket.markerLabel],
    ])
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
    guard
      let number = JSONBody.string(
        JSONBody.value(at: "number", in: response.json))
    else {
      throw TicketError(
        "GitHub answered \(response.status) without an issue number: \(response.snippet)"
      )
    }
    let url =
      JSONBody.string(JSONBody.value(at: "html_url", in: response.json)) ?? ""
    return FiledTicket(key: "#" + number, url: url)
  }

  public func followUps(
    for ticket: Ticket, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> [HTTPRequest] {
    let number = filed.key.trimmingCharacters(
      in: CharacterSet(charactersIn: "#"))
    return try Self.pieces(TextBodies.markdown(ticket)).dropFirst().enumerated()
      .map { index, piece throws(TicketError) in
        // Each comment carries its own marker, so a comment whose answer was lost is found, not posted twice.
        let body =
          piece + "\n\n<!-- \(followUpMarker(for: ticket, index: index)) -->"
        return HTTPRequest(
          method: "POST",
          url:
            "\(apiBase())/repos/\(settings.project)/issues/\(number)/comments",
          headers: headers(credentials),
          body: try JSONBody.encode(["body": body]))
      }
  }

  public func followUpsListRequest(filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  {
    let number = filed.key.trimmingCharacters(
      in: CharacterSet(charactersIn: "#"))
    return HTTPRequest(
      method: "GET",
      url:
        "\(apiBase())/repos/\(settings.project)/issues/\(number)/comments?per_page=100",
      headers: headers(credentials))
  }

  public func followUpBodies(in response: HTTPResponse) -> [String] {
    (response.json as? [[String: Any]] ?? []).compactMap {
      $0["body"] as? String
    }
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
    guard
      let number = JSONBody.string(
        JSONBody.value(at: "0.number", in: response.json))
    else { return nil }
    return FiledTicket(
      key: "#" + number,
      url: JSONBody.string(JSONBody.value(at: "0.html_url", in: response.json))
        ?? "")
  }
}
