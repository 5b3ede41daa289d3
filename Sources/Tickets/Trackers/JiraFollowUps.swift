import CriteriaModel
import Foundation

/// What Jira takes in one description or comment: 32,767 characters (JRACLOUD-68949; Data Center's
/// default, which an administrator may lower or raise).
enum JiraLimit {
  static let characters = 32_767

  /// A wiki-markup body as pieces that each fit: the description, which keeps the body's last line (the
  /// marker), then the comments that continue it, each ending with `marker(index)`.
  ///
  /// A `{noformat}` block cut in two is closed and opened again, so each piece renders on its own.
  static func wikiPieces(_ body: String, marker: (Int) -> String) -> [String] {
    // Characters as Java counts them: UTF-16 units.
    let measure: (String) -> Int = { $0.utf16.count }
    guard measure(body) > characters,
      let lastBreak = body.lastIndex(of: "\n")
    else { return [body] }
    let markerLine = String(body[body.index(after: lastBreak)...])
    let continuation =
      "\n\n_" + TextPieces.continuation(99_999, of: 99_999) + "_"
    let reserve =
      measure(continuation)
      + max(measure(markerLine), measure(marker(99_999))) + 1
    let parts = TextPieces.split(
      String(body[..<lastBreak]), limit: characters - reserve,
      fence: TextPieces.Fence(close: "{noformat}") { $0 == "{noformat}" },
      measure: measure)
    return parts.enumerated().map { index, part in
      let next =
        index < parts.count - 1
        ? "\n\n_" + TextPieces.continuation(index + 2, of: parts.count) + "_"
        : ""
      return part + next + "\n" + (index == 0 ? markerLine : marker(index - 1))
    }
  }
}

/// A description too long for Jira continues in comments, posted right after the create, each found by
/// its own marker before it is posted again.
extension JiraIssueAPI {
  public func followUpCount(for ticket: Ticket) -> Int {
    bodyPieces(for: ticket).count - 1
  }

  public func followUps(
    for ticket: Ticket, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> [HTTPRequest] {
    try bodyPieces(for: ticket).dropFirst().map { piece throws(TicketError) in
      HTTPRequest(
        method: "POST", url: issueURL(filed) + "/comment",
        headers: headers(credentials),
        body: try JSONBody.encode(JiraIssue.Comment(body: piece)))
    }
  }

  /// The oldest comments first: the continuations are posted right after the create.
  public func followUpsListRequest(filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  {
    HTTPRequest(
      method: "GET",
      url: issueURL(filed) + "/comment?orderBy=created&maxResults=100",
      headers: headers(credentials))
  }

  /// Each comment's text: wiki markup as it is (Data Center), an ADF document's text nodes one a line
  /// (Cloud).
  public func followUpBodies(in response: HTTPResponse) -> [String] {
    let answer = try? JSONSerialization.jsonObject(with: response.body)
    let comments = (answer as? [String: Any])?["comments"] as? [Any] ?? []
    return comments.compactMap { comment in
      guard let body = (comment as? [String: Any])?["body"] else { return nil }
      return (body as? String) ?? ADFText.lines(body).joined(separator: "\n")
    }
  }

  /// The marker in plain text, in parentheses so that part 2's is not found in part 20's.
  public func followUpMarkerText(for ticket: Ticket, index: Int) -> String {
    "(\(followUpMarker(for: ticket, index: index)))"
  }
}

/// The text of an ADF document as Jira answers it.
enum ADFText {
  /// Every text node's text, in document order.
  static func lines(_ node: Any) -> [String] {
    guard let object = node as? [String: Any] else { return [] }
    let own = (object["text"] as? String).map { [$0] } ?? []
    return own + ((object["content"] as? [Any]) ?? []).flatMap(lines)
  }
}
