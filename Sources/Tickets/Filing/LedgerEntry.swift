import Foundation

extension Ledger {
  /// One ticket's record.
  public struct Entry: Codable, Hashable, Sendable {
    public init(
      state: State, key: String? = nil, url: String? = nil, attempts: Int,
      reason: String? = nil, followUpsSent: Int? = nil,
      fingerprint: String? = nil, updating: String? = nil,
      trackerUpdated: String? = nil, written: String? = nil,
      writtenText: String? = nil, writtenLabels: [String]? = nil,
      followUpsWritten: String? = nil, clientID: String? = nil,
      retest: RetestRecord? = nil, retested: String? = nil,
      retestPassed: Bool? = nil, formerIdentity: String? = nil,
      checks: Checks? = nil
    ) {
      self.state = state
      self.key = key
      self.url = url
      self.attempts = attempts
      self.reason = reason
      self.followUpsSent = followUpsSent
      self.fingerprint = fingerprint
      self.updating = updating
      self.trackerUpdated = trackerUpdated
      self.written = written
      self.writtenText = writtenText
      self.writtenLabels = writtenLabels
      self.followUpsWritten = followUpsWritten
      self.clientID = clientID
      self.retest = retest
      self.retested = retested
      self.retestPassed = retestPassed
      self.formerIdentity = formerIdentity
      self.checks = checks
    }

    public enum State: String, Codable, Sendable { case pending, filed, failed }
    public var state: State
    public var key: String?
    public var url: String?
    public var attempts: Int
    public var reason: String?
    /// How many follow-ups (GitHub continuation comments) are confirmed posted; nil when there are none.
    public var followUpsSent: Int?
    /// The fingerprint of the content the tracker is confirmed to hold (what was filed or last updated).
    public var fingerprint: String?
    /// The fingerprint of an update that was sent and not confirmed: the next run reads the ticket
    /// before sending it again.
    public var updating: String?
    /// The tracker's update time of the ticket right after criteria last wrote it, when the tracker
    /// reports one: a later time means a person edited it since.
    public var trackerUpdated: String?
    /// The digest of the fields an update overwrites (title, description, labels) as criteria last
    /// wrote them (`WrittenFields`), where the tracker shows them: a ticket whose update time moved
    /// with these fields unchanged was commented on or moved along, not edited.
    public var written: String?
    /// The digest of the title and description alone as criteria last wrote them, and criteria's own
    /// labels then (normalized): with these, labels a person added beside criteria's are no edit.
    public var writtenText: String?
    public var writtenLabels: [String]?
    /// The digest of the follow-ups (continuation comments) as criteria last wrote them, the first
    /// `followUpsSent` in order (`TicketFollowUps.digest`): one a person changed since (a ticked box) is
    /// an edit, and an update leaves the ticket alone.
    public var followUpsWritten: String?
    /// The id criteria chose for the ticket before creating it (Linear), so a retry finds it by that id.
    public var clientID: String?
    /// A retest follow-up under way (`follow_retest`): each step is recorded before it is sent.
    public var retest: RetestRecord?
    /// The last retest whose follow-up is confirmed done: the same retest is never acted on again.
    public var retested: String?
    /// Whether that retest passed (its follow-up closed the ticket); nil in entries recorded before
    /// criteria kept it, and where no retest was followed.
    public var retestPassed: Bool?
    /// The identity the ticket was filed under, when its component's document moved or was renamed
    /// since (`Ledger.move`): its body carries that marker until criteria updates it.
    public var formerIdentity: String?
    /// The component the ticket was filed for and its checks, recorded with the fingerprint.
    ///
    /// A component whose document was renamed and changed in one release is found by its checks
    /// (`TicketMoves`). Nil in entries recorded before criteria kept it, and for findings.
    public var checks: Checks?
  }

  /// A ticket's component id and its checks' row ids after that id (`/keyboard/tab@ios`).
  public struct Checks: Codable, Hashable, Sendable {
    public var component: String
    public var rows: [String]

    /// The checks of `ticket`, or nil for a finding or a ticket without checks of its component.
    public init?(_ ticket: Ticket) {
      let component = ticket.componentID
      guard ticket.finding == nil, !component.isEmpty else { return nil }
      let rows = ticket.checklist.compactMap { item in
        item.id.hasPrefix(component)
          ? String(item.id.dropFirst(component.count)) : nil
      }
      guard !rows.isEmpty else { return nil }
      self.component = component
      self.rows = rows
    }
  }

  /// A retest follow-up of one ticket: a comment, then closing or reopening it.
  public struct RetestRecord: Codable, Hashable, Sendable {
    /// Where a step is: not sent, sent without a confirmed answer (asked about before anything is
    /// sent again), or confirmed.
    public enum Step: String, Codable, Sendable { case pending, sending, done }
    /// The retest's fingerprint (row, result, date, tester).
    public var revision: String
    /// `close` or `reopen`.
    public var action: RetestAction
    public var comment: Step
    public var transition: Step
    /// A comment alone, no transition: a row failing again on a ticket still open (nil: false).
    public var commentOnly: Bool? = nil
  }
}

extension Ledger.Entry {
  /// Keeps what criteria wrote (`WrittenRecord`), or forgets it where criteria cannot tell.
  mutating func keep(_ record: WrittenRecord?) {
    written = record?.digest
    writtenText = record?.text
    writtenLabels = record?.labels
  }
}
