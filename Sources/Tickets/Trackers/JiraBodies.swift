import CriteriaModel
import Foundation

/// What Jira takes in one description or comment: 32,767 characters (JRACLOUD-68949; Data Center's
/// default, which an administrator may lower or raise).
enum JiraLimit {
  static let characters = 32_767

  /// A wiki-markup body as pieces of at most `limit` characters each: the description, which keeps the
  /// body's last line (the marker), then the comments that continue it, each ending with `marker(index)`.
  ///
  /// A `{noformat}` block cut in two is closed and opened again, so each piece renders on its own.
  static func wikiPieces(
    _ body: String, limit: Int = characters, marker: (Int) -> String
  ) -> [String] {
    // Characters as Java counts them: UTF-16 units.
    let measure: (String) -> Int = { $0.utf16.count }
    guard measure(body) > limit,
      let lastBreak = body.lastIndex(of: "\n")
    else { return [body] }
    let markerLine = String(body[body.index(after: lastBreak)...])
    let continuation =
      TextPieces.continuationParagraph(99_999, of: 99_999)
    let reserve =
      measure(continuation)
      + max(measure(markerLine), measure(marker(99_999))) + 1
    let parts = TextPieces.split(
      String(body[..<lastBreak]), limit: limit - reserve,
      fence: TextPieces.Fence(close: "{noformat}") { $0 == "{noformat}" },
      measure: measure)
    return parts.enumerated().map { index, part in
      let next =
        index < parts.count - 1
        ? TextPieces.continuationParagraph(index + 2, of: parts.count)
        : ""
      return part + next + "\n" + (index == 0 ? markerLine : marker(index - 1))
    }
  }
}

/// A description too long for Jira continues in comments, posted right after the create, each found by
/// its own marker before it is posted again, and rewritten in place when the ticket is updated.
extension JiraIssueAPI {
  public func followUpPayloads(for ticket: Ticket) throws(TicketError) -> [Data]
  {
    try bodyPieces(for: ticket).dropFirst().map { piece throws(TicketError) in
      try JSONBody.encode(JiraIssue.Comment(body: piece))
    }
  }

  public func retiredFollowUpPayload(for ticket: Ticket, index: Int)
    throws(TicketError) -> Data?
  {
    try JSONBody.encode(
      JiraIssue.Comment(
        body: followUpNote(
          TextPieces.retiredContinuation,
          marker: followUpMarkerText(for: ticket, index: index))))
  }

  /// POST …/comment, or PUT of one comment (…/comment/ID).
  public func followUpRequest(
    _ payload: Data, comment: String?, filed: FiledTicket,
    credentials: Credentials
  ) -> HTTPRequest? {
    HTTPRequest(
      method: comment == nil ? "POST" : "PUT",
      url: issueURL(filed) + "/comment"
        + (comment.map { "/" + URLQuery.escape($0) } ?? ""),
      headers: headers(credentials), body: payload)
  }

  /// The oldest comments first: the continuations are posted right after the create.
  public func followUpsListRequest(filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  {
    commentList(filed, credentials: credentials, newestFirst: false)
  }

  public func followUpComments(in response: HTTPResponse) -> [FollowUpComment] {
    let answer = try? JSONSerialization.jsonObject(with: response.body)
    let comments = (answer as? [String: Any])?["comments"] as? [Any] ?? []
    return comments.compactMap { comment in
      guard let comment = comment as? [String: Any], let body = comment["body"]
      else { return nil }
      let id =
        (comment["id"] as? String) ?? (comment["id"] as? Int).map(String.init)
      return FollowUpComment(id: id, text: ADFText.text(body))
    }
  }

  /// The next page while Jira's answer says its comments go on past this one (`startAt` and the
  /// page's comments short of `total`; without a `total`, while pages come full).
  public func nextCommentPage(after request: HTTPRequest, answer: HTTPResponse)
    -> HTTPRequest?
  {
    let object = answer.json as? [String: Any]
    let count = (object?["comments"] as? [Any])?.count ?? 0
    let start = object?["startAt"] as? Int ?? 0
    let more =
      (object?["total"] as? Int).map { start + count < $0 } ?? (count >= 100)
    guard count > 0, more else { return nil }
    return request.setting("startAt", to: String(start + count))
  }

  public func followUpText(_ payload: Data) -> String {
    JSONBody.value(at: "body", in: JSONBody.parsed(payload)).map(ADFText.text)
      ?? ""
  }

  /// The marker in plain text, in parentheses so that part 2's is not found in part 20's.
  public func followUpMarkerText(for ticket: Ticket, index: Int) -> String {
    "(\(followUpMarker(for: ticket, index: index)))"
  }
}

extension JiraIssueAPI {
  /// The summary, description and labels of a create, an update or a read answer.
  static func fields(_ json: Any?) -> WrittenFields? {
    guard let fields = JSONBody.value(at: "fields", in: json) as? [String: Any],
      let summary = fields["summary"] as? String
    else { return nil }
    return WrittenFields(
      title: summary,
      description: fields["description"].map(ADFText.signature) ?? "",
      labels: fields["labels"] as? [String] ?? [])
  }
}

/// The text of a comment body as Jira answers it: wiki markup as it is (Data Center), or an ADF
/// document's text nodes one a line (Cloud).
enum ADFText {
  static func text(_ body: Any) -> String {
    (body as? String) ?? lines(body).joined(separator: "\n")
  }

  /// Every text node's text, in document order.
  static func lines(_ node: Any) -> [String] {
    guard let object = node as? [String: Any] else { return [] }
    let own = (object["text"] as? String).map { [$0] } ?? []
    return own + ((object["content"] as? [Any]) ?? []).flatMap(lines)
  }

  /// A body's words and form: wiki markup as it is, or an ADF document's node types, marks and text.
  ///
  /// A link mark keeps its address. Other attributes are left out, since Jira adds ids of its own to
  /// the nodes it stores; a person's bold or heading shows as much as a changed word.
  static func signature(_ node: Any) -> String {
    if let text = node as? String { return text }
    guard let object = node as? [String: Any] else { return "" }
    var parts = [object["type"] as? String ?? ""]
    for mark in object["marks"] as? [[String: Any]] ?? [] {
      let href = (mark["attrs"] as? [String: Any])?["href"] as? String
      parts.append(
        "[\(mark["type"] as? String ?? "")\(href.map { " " + $0 } ?? "")]")
    }
    if let text = object["text"] as? String { parts.append(text) }
    parts += (object["content"] as? [Any] ?? []).map(signature)
    return parts.joined(separator: "\u{1D}")
  }
}
