import Foundation

/// What an update overwrites on a ticket (its title, description and labels), as the tracker shows them.
///
/// criteria records these fields' digest when it writes a ticket. A ticket whose update time moved since
/// then, but whose fields still have that digest, was only commented on, moved through its workflow or
/// assigned: an update loses nothing a person wrote. Where a tracker shows them otherwise than criteria
/// sent them, the digests differ, and the ticket counts as edited, as before.
public struct WrittenFields: Sendable, Hashable {
  public var title: String
  /// The description as the tracker shows it (an ADF document's form and words: `ADFText.signature`).
  public var description: String
  /// The labels an update sets, in any order; nil when the update leaves labels alone.
  public var labels: [String]?

  public init(title: String, description: String, labels: [String]? = nil) {
    self.title = title
    self.description = description
    self.labels = labels
  }

  /// Sixteen hex digits of the fields with white space left out (trackers store line ends and spacing
  /// their own way) and the labels in order.
  public var digest: String {
    let parts =
      textParts
      + (labels.map {
        // Any order, any case: a tracker may answer a label under the name it already had.
        [$0.map(Self.normalized).sorted().joined(separator: "\u{1F}")]
      } ?? [])
    return IdentityHash.hex(parts.joined(separator: "\u{1E}"))
  }
}

extension WrittenFields {
  /// The title and description as compared: white space left out.
  var textParts: [String] {
    [title.withoutWhiteSpace, description.withoutWhiteSpace]
  }

  /// Sixteen hex digits of the title and description alone, white space left out.
  public var textDigest: String {
    IdentityHash.hex(textParts.joined(separator: "\u{1E}"))
  }

  /// A label as compared: white space left out, lower case (a tracker may answer a label under the
  /// name it already had).
  static func normalized(_ label: String) -> String {
    label.withoutWhiteSpace.lowercased()
  }

  /// Label names in a body or an answer: a list of names, or of label objects with a name (GitHub's,
  /// GitLab's with_labels_details), or one comma-separated string; nil for anything else.
  static func labelNames(_ value: Any?) -> [String]? {
    switch value {
    case let names as [Any]:
      names.compactMap {
        ($0 as? String) ?? ($0 as? [String: Any])?["name"] as? String
      }
    case let list as String: list.split(separator: ",").map(String.init)
    default: nil
    }
  }

  /// Whether `labels` (as an answer shows them) hold `label`, compared as `normalized` does.
  static func labels(_ labels: [String], hold label: String) -> Bool {
    labels.contains { normalized($0) == normalized(label) }
  }
}

/// What the ledger keeps of a create or update: the fields' digest, the title and description's digest,
/// and criteria's own labels (a label a person adds beside them is no edit, and an update keeps it).
public struct WrittenRecord: Sendable, Hashable {
  public var digest: String
  public var text: String
  /// Criteria's labels as sent (normalized), without the ones kept; nil where the update sets none.
  public var labels: [String]?
}

extension Tracker {
  /// What the ledger keeps of a create or update of `ticket` (as `sent`, with the labels kept): the
  /// fields as the write's answer shows them, with criteria's own labels as `ticket` has them.
  ///
  /// A tracker may store a description otherwise than sent, and a later read shows that form; where the
  /// answer holds no fields, the fields as sent. The answer belongs to the write itself, so no person's
  /// edit can be taken into it.
  func record(_ ticket: Ticket, sent: Ticket? = nil, answer: HTTPResponse?)
    -> WrittenRecord?
  {
    let own = try? writtenFields(for: ticket)
    guard
      let fields = answer.flatMap(writtenFields(in:))
        ?? (sent.map { try? writtenFields(for: $0) } ?? own)
    else { return nil }
    return WrittenRecord(
      digest: fields.digest, text: fields.textDigest,
      labels: own?.labels.map { $0.map(WrittenFields.normalized) })
  }
}

/// A tracker whose create and read answer hold the fields an update overwrites in one shape (GitHub's
/// issue, Jira's `fields`).
protocol SameShapeFields: Tracker {
  /// The fields in a create payload or a read answer.
  static func fields(_ json: Any?) -> WrittenFields?
}

extension SameShapeFields {
  public func writtenFields(for ticket: Ticket) throws(TicketError)
    -> WrittenFields?
  {
    Self.fields(JSONBody.parsed(try payload(for: ticket)))
  }

  public func writtenFields(in response: HTTPResponse) -> WrittenFields? {
    Self.fields(response.json)
  }
}
