import CriteriaModel
import Foundation

/// An Atlassian Document Format document cut into documents that each fit a size, nothing left out.
///
/// Jira refuses a description or comment longer than 32,767 characters. A document's size here is the
/// UTF-8 length of its JSON as sent, longer than its text in characters or UTF-16 units. Blocks are
/// kept whole where they fit; a list too long is cut between its items, a paragraph between its text
/// nodes, and a text node between lines (or within a line longer than the limit), so each piece is a
/// valid document and the pieces' text, in order, is the document's.
enum ADFPieces {
  /// The UTF-8 length of a node's JSON, as `JSONBody` writes it.
  static func size(_ node: ADFNode) -> Int {
    (try? JSONBody.encode(node).count) ?? Int.max
  }

  /// The nodes, each of `node`'s type and attributes, that hold its content in order and each fit `limit`.
  ///
  /// A node with nothing to cut (a text node of a single character, a node without content) is kept
  /// as it is.
  static func split(_ node: ADFNode, limit: Int) -> [ADFNode] {
    let whole = size(node)
    guard whole > limit else { return [node] }
    if let text = node.text {
      var empty = node
      empty.text = ""
      let overhead = size(empty)
      // A text piece's size in the node is its escaped JSON string without the quotes.
      let pieces = TextPieces.split(text, limit: max(limit - overhead, 1)) {
        stringSize($0)
      }
      return pieces.map { piece in
        var part = node
        part.text = piece
        return part
      }
    }
    guard let content = node.content, !content.isEmpty else { return [node] }
    var shell = node
    shell.content = []
    let base = size(shell)
    var parts: [ADFNode] = []
    var current: [ADFNode] = []
    var used = base
    for child in content.flatMap({ split($0, limit: limit - base) }) {
      let added = size(child) + (current.isEmpty ? 0 : 1)
      if !current.isEmpty, used + added > limit {
        shell.content = current
        parts.append(shell)
        current = []
        used = base
      }
      used += size(child) + (current.isEmpty ? 0 : 1)
      current.append(child)
    }
    if !current.isEmpty {
      shell.content = current
      parts.append(shell)
    }
    return parts
  }

  /// The UTF-8 length of a string's JSON escape, quotes left out.
  static func stringSize(_ text: String) -> Int {
    ((try? JSONBody.encode([text]).count) ?? Int.max) - 4
  }
}

extension ADFPieces {
  /// A ticket's description as documents that each fit `limit`: the description, then the comments that
  /// continue it.
  ///
  /// The description keeps the ticket's marker line (its identity and revision); every piece but the
  /// last says where it continues, and each comment ends with its follow-up marker (`marker(index)`, 0
  /// for the first comment), so a comment whose answer was lost is found before it is posted again.
  static func documents(
    for ticket: Ticket, limit: Int, marker: (Int) -> String
  ) -> [ADFNode] {
    let document = ADFBody.document(for: ticket)
    guard size(document) > limit, var blocks = document.content,
      blocks.count > 1
    else { return [document] }
    // The marker paragraph ends the document; the description carries it in every case.
    blocks.removeLast()
    let reserve =
      size(continuation(99_999, of: 99_999))
      + max(
        size(ADFBody.paragraph(ticket.markerLine)),
        size(ADFBody.paragraph(marker(99_999)))) + 2
    let parts = split(.document(blocks), limit: limit - reserve)
    return parts.enumerated().map { index, part in
      var content = part.content ?? []
      if index < parts.count - 1 {
        content.append(continuation(index + 2, of: parts.count))
      }
      content.append(
        ADFBody.paragraph(index == 0 ? ticket.markerLine : marker(index - 1)))
      return .document(content)
    }
  }

  /// The paragraph ending a piece that continues in the next comment.
  static func continuation(_ next: Int, of count: Int) -> ADFNode {
    ADFNode(
      "paragraph",
      content: [
        ADFNode(
          "text", text: TextPieces.continuation(next, of: count),
          marks: [ADFNode.Mark(type: "em")])
      ])
  }
}
