import Foundation

/// A retested row whose ticket the ledger knows (`follow_retest`).
public struct RetestRow: Sendable, Hashable {
  /// The ledger identity of the ticket.
  public var identity: String
  public var filed: FiledTicket
  /// Whether the row passes now (else it fails again).
  public var passes: Bool
  /// The retest's fingerprint: a new retest (another date, tester or result) is a new action.
  public var revision: String
  /// What the comment opens with (who retested, when, which row); `comment(_:)` adds what criteria does,
  /// the tester's notes and the marker.
  public var said: String
  /// The tester's notes, "" for none.
  public var notes: String = ""
  /// Where the row is, for messages.
  public var place: String
  /// Every YYYY-MM-DD day the row's Date may mean (`AuditDate.days`; none when it reads as no day): a
  /// failure recorded before its ticket was resolved is no retest of the fix, and reopens nothing.
  public var days: [String] = []
  /// Whether a failing row may reopen its done ticket; false for a failure found through its lineage
  /// (the original audit), where filing files a new ticket instead, so only an open ticket is followed.
  public var reopens: Bool = true
  /// Whether the ticket stands for several checks (a component's criteria ticket): the comment then
  /// speaks of its checks, not of "the check".
  public var severalChecks: Bool = false

  public init(
    identity: String, filed: FiledTicket, passes: Bool, revision: String,
    said: String, notes: String = "", place: String, days: [String] = [],
    reopens: Bool = true, severalChecks: Bool = false
  ) {
    self.identity = identity
    self.filed = filed
    self.passes = passes
    self.revision = revision
    self.said = said
    self.notes = notes
    self.place = place
    self.days = days
    self.reopens = reopens
    self.severalChecks = severalChecks
  }

  /// Whether the ticket was filed for an audit finding (not for criteria by `criteria run`).
  public var isFinding: Bool {
    identity.hasPrefix(AuditFindings.identityPrefix)
  }

  /// The comment posted on the ticket: what the retest found, what criteria does about it (close,
  /// reopen, or, with nil, nothing: a row failing again on a ticket still open), the tester's notes,
  /// and the marker.
  public func comment(_ action: RetestAction?) -> String {
    let does =
      switch (action, severalChecks) {
      case (.close?, false):
        "The check passes now, so criteria closes this ticket."
      case (.close?, true):
        "Every check of this ticket passes in the audit now (or does not apply), so criteria closes this ticket."
      case (.reopen?, false):
        "The check fails again, so criteria reopens this ticket."
      case (.reopen?, true):
        "A check of this ticket fails again, so criteria reopens this ticket."
      case (nil, false): "The check still fails; the ticket stays open."
      case (nil, true):
        "A check of this ticket still fails; the ticket stays open."
      }
    return "\(said) \(does)"
      + (notes.isEmpty ? "" : "\n\nTester's notes: \(notes)") + "\n\n" + marker
  }

  /// The hidden line that makes the comment findable: a stopped run looks for it before posting again.
  public var marker: String { "criteria:retest=\(revision)" }
}

/// What following the retests did.
public struct RetestSummary: Sendable {
  public var closed: [(key: String, place: String)] = []
  public var reopened: [(key: String, place: String)] = []
  /// Open tickets of rows failing again: a comment says so, and they stay open.
  public var stillFailing: [(key: String, place: String)] = []
  /// Rows whose ticket already is where the retest puts it, or whose retest was followed before.
  public var unchanged = 0
  /// Tickets a person decides about, never touched: closed as not planned while the row fails, or
  /// moved, replaced or deleted on the tracker.
  public var listed: [(key: String, place: String, why: String)] = []
  public var failed: [(key: String, message: String)] = []

  public init() {}

  /// One line for the terminal.
  public var text: String {
    "\(closed.count) closed, \(reopened.count) reopened, \(stillFailing.count) still failing (commented), "
      + "\(unchanged) unchanged, "
      + "\(listed.count) for a person to decide, \(failed.count) failed"
  }
}

/// Following retests: a fixed row's open ticket is closed, a row failing again reopens its done ticket,
/// each with a comment, and a row failing again on a ticket still open gets the comment alone; each
/// exactly once.
///
/// Each step (the comment, then the close or reopen) is recorded in the ledger before it is sent. A
/// step whose outcome is unknown (a dropped connection, a 5xx, a run killed) is asked about first:
/// the comment by its marker among the ticket's comments, the transition by the ticket's status. A
/// retest once followed is never followed again.
struct RetestFollowing {
  let lookup: TicketLookup
  var loop: RequestLoop { lookup.loop }
  var tracker: any Tracker { loop.tracker }
  var credentials: Credentials { loop.credentials }

  /// Acts on each row's ticket; throws only when the run must stop.
  func follow(_ rows: [RetestRow], ledger: inout Ledger) throws(TicketError)
    -> RetestSummary
  {
    var summary = RetestSummary()
    for row in rows {
      do { try follow(row, ledger: &ledger, into: &summary) } catch let error
        where !error.stopsRun
      {
        summary.failed.append(
          (row.filed.key, loop.redactor.text(error.message)))
      }
    }
    return summary
  }

  func follow(
    _ row: RetestRow, ledger: inout Ledger, into summary: inout RetestSummary
  )
    throws(TicketError)
  {
    guard let entry = ledger[row.identity] else { return }
    if entry.retested == row.revision {
      summary.unchanged += 1
      return
    }
    let snapshot = try lookup.readAnswer(
      row.filed, identity: row.identity, former: entry.formerIdentity
    )
    .snapshot
    let record = entry.retest.flatMap { $0.revision == row.revision ? $0 : nil }
    if record == nil, !row.passes, !row.reopens, snapshot.category != .open {
      // Filing decided about this one (filed anew, stands, or held back) and said so.
      summary.unchanged += 1
      return
    }
    switch snapshot.category {
    case .deleted, .moved, .replaced:
      summary.listed.append(
        (
          row.filed.key, row.place,
          "\(snapshot.category.rawValue) on \(tracker.name); not touched"
        ))
      return
    default: break
    }
    guard
      var record = record
        ?? Self.begin(row, on: snapshot, into: &summary)
    else { return }
    // Whether the ticket stands as criteria last wrote it: then the update time after this retest's
    // comment and transition is criteria's own, recorded so they never read as a person's edit.
    let untouched =
      entry.retest == nil
      && !snapshot.editedSince(recorded: entry.trackerUpdated)
    let target: TicketSnapshot.Category =
      record.action == .close ? .done : .open
    // The transition is built before the comment goes: a status the tracker does not offer fails the
    // row before anything is said on the ticket.
    let transition: HTTPRequest?
    if snapshot.category == target || record.transition == .done {
      transition = nil
    } else {
      var choices: HTTPResponse?
      if let request = tracker.transitionChoicesRequest(
        filed: row.filed, finding: row.isFinding, credentials: credentials)
      {
        let (answer, cause) = try loop.ask(request) { _ in nil }
        guard let answer else {
          throw TicketError(
            "cannot read where \(row.filed.key) can go on \(tracker.name) (\(cause ?? "no answer")); nothing was sent"
          )
        }
        choices = answer
      }
      transition = try tracker.transitionRequest(
        record.action, filed: row.filed, choices: choices,
        credentials: credentials)
      if transition == nil { throw Self.cannotFollow(tracker) }
    }
    guard
      let post = try tracker.commentRequest(
        row.comment(record.commentOnly == true ? nil : record.action),
        filed: row.filed,
        credentials: credentials)
    else { throw Self.cannotFollow(tracker) }
    if record.comment != .done {
      let resumed = record.comment == .sending
      record.comment = .sending
      try ledger.change(row.identity) { [record] in $0.retest = record }
      try loop.sendOnce(
        post, what: "the retest comment on \(row.filed.key)", resumed: resumed
      ) {
        () throws(TicketError) -> Bool in try hasComment(row)
      }
      record.comment = .done
      try ledger.change(row.identity) { [record] in $0.retest = record }
    }
    // A ticket already where the retest puts it (read just now) needs no transition.
    if record.transition != .done, let transition {
      let resumed = record.transition == .sending
      record.transition = .sending
      try ledger.change(row.identity) { [record] in $0.retest = record }
      try loop.sendOnce(
        transition, what: "the \(record.action.rawValue) of \(row.filed.key)",
        resumed: resumed
      ) {
        () throws(TicketError) -> Bool in
        let now = try lookup.readAnswer(row.filed).snapshot.category
        return now == target || (target == .done && now == .notPlanned)
      }
    }
    let updated = untouched ? lookup.updateTime(of: row.filed) : nil
    try ledger.change(row.identity) {
      $0.retest = nil
      $0.retested = row.revision
      $0.retestPassed = row.passes
      if let updated { $0.trackerUpdated = updated }
    }
    if record.commentOnly == true {
      summary.stillFailing.append((row.filed.key, row.place))
    } else if record.action == .close {
      summary.closed.append((row.filed.key, row.place))
    } else {
      summary.reopened.append((row.filed.key, row.place))
    }
  }

  /// What a retest not yet under way does to a ticket as it is now: the steps to take, or nil (with
  /// the summary saying why) when the ticket stays as it is.
  static func begin(
    _ row: RetestRow, on snapshot: TicketSnapshot,
    into summary: inout RetestSummary
  ) -> Ledger.RetestRecord? {
    if !row.passes, let resolved = snapshot.resolvedOn, !row.days.isEmpty,
      !row.days.allSatisfy({ $0 >= resolved })
    {
      // Failed before the ticket was closed, or on a Date that may mean a day before it: the fix
      // awaits its retest (sync says "Retest").
      summary.unchanged += 1
      return nil
    }
    switch (row.passes, snapshot.category) {
    case (true, .open):
      return .init(
        revision: row.revision, action: .close, comment: .pending,
        transition: .pending)
    case (false, .done):
      return .init(
        revision: row.revision, action: .reopen, comment: .pending,
        transition: .pending)
    case (false, .open):
      // The ticket is where the retest puts it; the comment keeps it true (the retest's day, the
      // tester's new notes).
      return .init(
        revision: row.revision, action: .reopen, comment: .pending,
        transition: .done, commentOnly: true)
    case (false, .notPlanned):
      summary.listed.append(
        (
          row.filed.key, row.place,
          "fails again, but the ticket was closed as not planned (\(snapshot.status)); not reopened"
        ))
      return nil
    default:
      summary.unchanged += 1
      return nil
    }
  }

  static func cannotFollow(_ tracker: any Tracker) -> TicketError {
    TicketError(
      "\(tracker.name) tickets cannot be commented on, closed and reopened here; follow_retest needs a definition with comment:, close: and reopen: blocks"
    )
  }

  /// Whether the ticket's comments (or its read answer, for trackers whose read holds them) carry the
  /// row's marker; an answer that cannot be had is an error, so nothing is sent on a guess.
  ///
  /// An answer that is no comment list (an HTML sign-in page, `{}`) is one that cannot be had.
  func hasComment(_ row: RetestRow) throws(TicketError) -> Bool {
    let listed = tracker.commentsRequest(
      filed: row.filed, credentials: credentials)
    guard
      let request = listed
        ?? tracker.readRequest(for: row.filed, credentials: credentials)
    else {
      throw TicketError(
        "cannot tell whether the retest comment on \(row.filed.key) was posted: \(tracker.name) tickets cannot be read",
        outcomeUnknown: true)
    }
    let marker = Data(row.marker.utf8)
    let (pages, cause) = try loop.askPages(request) { answer in
      listed != nil
        ? tracker.commentListFailure(in: answer)
        : tracker.refusal(in: answer)
          ?? (tracker.snapshot(from: answer) == nil
            ? "\(tracker.name) answered \(answer.status) with something that is not a ticket: \(answer.snippet)"
            : nil)
    } enough: {
      $0[$0.count - 1].body.range(of: marker) != nil
    }
    guard let pages else {
      throw TicketError(
        "cannot tell whether the retest comment on \(row.filed.key) was posted (\(cause ?? "no answer")); "
          + "it is looked for again before anything is sent",
        outcomeUnknown: true)
    }
    return pages.contains { $0.body.range(of: marker) != nil }
  }
}
