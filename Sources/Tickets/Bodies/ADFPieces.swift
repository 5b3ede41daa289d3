import CriteriaModel
import Foundation

/// An Atlassian Document Format document cut into documents that each fit a size, nothing left out.
///
/// Jira refuses a description or comment longer than 32,767 characters. A document's size here is the
/// UTF-8 length of its JSON as sent, longer than its text in characters or UTF-16 units. Blocks flow
/// into each document until it is full: the block that does not fit is cut there (a list between its
/// items, a paragraph between its text nodes, a text node between lines, or within a line longer than
/// the room), and its rest opens the next document. Each piece is a valid document, and the pieces'
/// text, in order, is the document's.
enum ADFPieces {
  /// The UTF-8 length of a node's JSON, as `JSONBody` writes it.
  static func size(_ node: ADFNode) -> Int {
    (try? JSONBody.encode(node).count) ?? Int.max
  }

  /// The children packed, in order, into copies of `shell`.
  ///
  /// The first copy holds at most `first`, the others `limit` (each a node's whole size). A child that
  /// does not fit is cut to fill the copy, its rest going on in the next; one that cannot be cut stays
  /// whole.
  static func pack(
    _ children: [ADFNode], into shell: ADFNode, first: Int, limit: Int
  ) -> [ADFNode] {
    var empty = shell
    empty.content = []
    let base = size(empty)
    var copies: [ADFNode] = []
    var current: [ADFNode] = []
    var capacity = first
    var used = base
    var queue = children
    var next = 0
    func close() {
      if !current.isEmpty {
        var copy = shell
        copy.content = current
        copies.append(copy)
      }
      current = []
      capacity = limit
      used = base
    }
    while next < queue.count {
      let child = queue[next]
      next += 1
      let comma = current.isEmpty ? 0 : 1
      let childSize = size(child)
      if used + comma + childSize <= capacity {
        current.append(child)
        used += comma + childSize
        continue
      }
      let (head, rest) = fill(
        child, room: capacity - used - comma, limit: limit - base)
      if let head {
        current.append(head)
      } else if current.isEmpty, capacity >= limit {
        // Nothing of it fits even an empty copy, and it cannot be cut: it goes as it is.
        current.append(child)
        close()
        continue
      }
      close()
      queue.insert(contentsOf: rest, at: next)
    }
    close()
    return copies
  }

  /// The longest leading part of `node` that fits `room`, or nil when none does, and the rest, as nodes
  /// of the same type and attributes.
  static func fill(_ node: ADFNode, room: Int, limit: Int) -> (
    head: ADFNode?, rest: [ADFNode]
  ) {
    if size(node) <= room { return (node, []) }
    if let text = node.text {
      var empty = node
      empty.text = ""
      let overhead = size(empty)
      guard room > overhead else { return (nil, [node]) }
      // Pieces are prefixes of the text: the first is the head, what follows it (after the line break
      // it was cut at, if any) is the rest.
      let first =
        TextPieces.split(text, limit: room - overhead) { stringSize($0) }[0]
      guard stringSize(first) <= room - overhead else { return (nil, [node]) }
      var remainder = text.dropFirst(first.count)
      if remainder.first == "\n" { remainder = remainder.dropFirst() }
      var head = node
      head.text = first
      var rest = node
      rest.text = String(remainder)
      return (head, remainder.isEmpty ? [] : [rest])
    }
    guard let content = node.content, !content.isEmpty else {
      return (nil, [node])
    }
    let copies = pack(content, into: node, first: room, limit: limit)
    guard let head = copies.first, size(head) <= room else {
      return (nil, copies)
    }
    return (head, Array(copies.dropFirst()))
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
    let parts = pack(
      blocks, into: .document([]), first: limit - reserve,
      limit: limit - reserve)
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
