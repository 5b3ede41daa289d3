import CriteriaModel
import Foundation

/// One ticket to file: a component on a platform with its checks, one check, or one failed audit row.
public struct Ticket: Hashable, Sendable {
  /// Stable identity (`native/controls/sheet@ios`, or a row id): the ledger's key and the body's hidden marker.
  public var identity: String
  /// The ticket title.
  public var title: String
  /// An opening paragraph.
  public var summary: String
  /// The checks, as a checklist.
  public var checklist: [ChecklistItem]
  /// Gherkin scenarios to include as code.
  public var scenarios: [Scenario] = []
  /// Labels (no spaces).
  public var labels: [String]
  /// The component id.
  public var componentID: String
  /// The platform, when the ticket is for one.
  public var platform: Platform?
  /// The "Full information" link.
  public var reference: String?
  /// For tickets from a filled audit: what the tester wrote.
  public var finding: Finding?
  /// The fingerprint of this content, written after the marker so that a ticket's body tells which
  /// version of it the tracker holds (set by the filer; nil in a dry run's payloads).
  public var revision: String?
  /// The id criteria chose for the ticket before creating it, for trackers that take one (Linear).
  public var clientID: String?
  /// What tickets of one lineage stand for: one thing seen at different times.
  ///
  /// An audit row's check failing on one date, then on another. Identities of a lineage are the
  /// lineage itself, or it, a slash and more (a date may hold slashes), so no lineage may be another's
  /// start followed by a slash. A ticket whose lineage already has a ticket on the tracker is filed
  /// only when every earlier one was done (`TicketFiling`).
  public var lineage: String?
  /// Labels a person added on the tracker that an update keeps (names; Linear's label ids).
  ///
  /// Sent with criteria's own, never part of the revision; empty but in an update.
  public var keptLabels: [String] = []

  /// The labels a create or update sends: criteria's, the marker label, and the labels kept.
  public var sentLabels: [String] { labels + [markerLabel] + keptLabels }

  public init(
    identity: String, title: String, summary: String,
    checklist: [ChecklistItem], scenarios: [Scenario] = [], labels: [String],
    componentID: String, platform: Platform? = nil, reference: String? = nil,
    finding: Finding? = nil, revision: String? = nil, clientID: String? = nil,
    lineage: String? = nil, keptLabels: [String] = []
  ) {
    self.identity = identity
    self.title = title
    self.summary = summary
    self.checklist = checklist
    self.scenarios = scenarios
    self.labels = labels
    self.componentID = componentID
    self.platform = platform
    self.reference = reference
    self.finding = finding
    self.revision = revision
    self.clientID = clientID
    self.lineage = lineage
    self.keptLabels = keptLabels
  }

  /// The title as a tracker that takes at most `limit` characters shows it.
  ///
  /// Whole when it fits, else cut at a character and ended with an ellipsis. Jira, Azure DevOps and
  /// Linear count UTF-16 units (Java's and .NET's string length), in which an emoji is two.
  public func title(fitting limit: Int) -> String {
    guard title.utf16.count > limit else { return title }
    var cut = ""
    var units = 1  // the ellipsis
    for character in title {
      units += character.utf16.count
      if units > limit { break }
      cut.append(character)
    }
    return cut + "…"
  }

  /// The marker label: `criteria-` and a hash of the identity (labels must be short and have no spaces).
  public var markerLabel: String { "criteria-" + IdentityHash.hex(identity) }
  /// The marker text written into bodies, searched for when a ledger has to be rebuilt.
  public var marker: String { "criteria:id=\(identity)" }
  /// Whether `text` holds this ticket's marker whole: followed by its end, white space or markup, not
  /// by more of a longer identity that starts the same (a search that matches text finds those too).
  public func holdsMarker(_ text: String) -> Bool {
    var rest = text[...]
    while let range = rest.range(of: marker) {
      guard let next = rest[range.upperBound...].unicodeScalars.first else {
        return true
      }
      if next.properties.isWhitespace
        || "<>()[]{}\"'*_|`".unicodeScalars.contains(next)
      {
        return true
      }
      rest = rest[range.upperBound...]
    }
    return false
  }

  /// The marker with the content's revision after it, as bodies end: `criteria:id=… criteria:rev=…`.
  public var markerLine: String {
    revision.map { "\(marker) \(TicketRevision.prefix)\($0)" } ?? marker
  }
}

/// One line of a ticket's checklist.
public struct ChecklistItem: Hashable, Sendable {
  /// The audit row id.
  public var id: String
  /// "Keyboard: Tab".
  public var label: String
  /// The expected result.
  public var expectation: String
  /// Whether it is ticked.
  public var done: Bool = false
  /// The WCAG success criteria the check tests.
  public var wcag: [String] = []
  /// Whether the check expects N/A: nothing to check, so bodies list it apart, with no box to tick.
  public var notApplicable: Bool = false

  /// The heading bodies list the checks that expect N/A under.
  public static let notApplicableTitle = "Not applicable (nothing to check)"

  public init(
    id: String, label: String, expectation: String, done: Bool = false,
    wcag: [String] = [], notApplicable: Bool = false
  ) {
    self.id = id
    self.label = label
    self.expectation = expectation
    self.done = done
    self.wcag = wcag
    self.notApplicable = notApplicable
  }

  /// The expected result with the success criteria it tests: `Focus moves (WCAG 2.1.1, 2.4.7)`.
  public var detail: String {
    wcag.isEmpty
      ? expectation
      : "\(expectation) (WCAG \(wcag.joined(separator: ", ")))"
  }
}

/// What a tester recorded for a failed row.
public struct Finding: Hashable, Sendable {
  /// The result word the tester chose ("Fail").
  public var result: String = "Fail"
  public var severity: String
  public var tester: String
  public var date: String
  public var notes: String
  /// The columns a tester added to the audit (Device, Build), as header and cell, in the sheet's order.
  public var added: [Added] = []
  /// How to see the failure, in order: where, what to do, what should happen and what the tester saw.
  public var steps: [String] = []

  /// One cell of a column a tester added.
  public struct Added: Hashable, Sendable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  public init(
    result: String = "Fail", severity: String, tester: String, date: String,
    notes: String, added: [Added] = [], steps: [String] = []
  ) {
    self.result = result
    self.severity = severity
    self.tester = tester
    self.date = date
    self.notes = notes
    self.added = added
    self.steps = steps
  }

  /// The heading bodies list `steps` under.
  public static let stepsTitle = "Steps to reproduce"

  /// What the tester recorded, as name and value, leaving out what they left empty (the result is always
  /// there), the columns they added last.
  public var facts: [(name: String, value: String)] {
    ([
      ("Result", result), ("Severity", severity), ("Tester", tester),
      ("Date", date), ("Notes", notes),
    ] + added.map { ($0.name, $0.value) }).filter { !$0.1.isEmpty }
  }
}

/// FNV-1a 64-bit: a short, stable, dependency-free hash for marker labels.
public enum IdentityHash {
  /// Sixteen hex digits.
  public static func hex(_ text: String) -> String {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

/// A ticket's content fingerprint, and finding it again in what a tracker returns.
public enum TicketRevision {
  /// What precedes the fingerprint in a body.
  public static let prefix = "criteria:rev="

  /// The fingerprint of a tracker request body: 16 hex digits.
  public static func of(_ payload: Data) -> String {
    IdentityHash.hex(String(decoding: payload, as: UTF8.self))
  }

  /// Whether a tracker's answer (a ticket read back, in any format) carries this revision.
  public static func present(_ revision: String, in body: Data) -> Bool {
    body.range(of: Data((prefix + revision).utf8)) != nil
  }
}
