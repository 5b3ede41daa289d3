import Foundation

/// The comments that continue a body too long for one request (GitHub, Jira): posted after the create,
/// and rewritten in place when the ticket is updated, each exactly once.
///
/// Each carries its own marker. One whose answer was lost (or every one, after a stopped run) is looked
/// for among the ticket's comments before it is posted again; an edit whose answer was lost is checked
/// by reading the comment back before it is sent again.
struct TicketFollowUps {
  let lookup: TicketLookup
  var loop: RequestLoop { lookup.loop }
  var tracker: any Tracker { loop.tracker }
  var credentials: Credentials { loop.credentials }

  /// Posts a filed ticket's follow-ups from number `start` on.
  ///
  /// Each is recorded in the ledger once confirmed. With `look` (after an interrupted run or an
  /// uncertain create) the ticket's comments are read first and the ones there are not posted again.
  /// Right after the create, the ticket's update time is read back afterwards: the comments moved it,
  /// and criteria's own comments are no person's edit.
  func send(
    _ ticket: Ticket, _ filed: FiledTicket, from start: Int, look: Bool,
    ledger: inout Ledger
  ) throws(TicketError) {
    let requests = try tracker.followUps(
      for: ticket, filed: filed, credentials: credentials)
    guard start < requests.count else { return }
    if ledger[ticket.identity]?.followUpsSent == nil {
      try ledger.markFollowUps(ticket.identity, sent: start)
    }
    let present: Set<Int> =
      look ? Set(try posted(ticket, filed, count: requests.count).keys) : []
    for index in start..<requests.count {
      if !present.contains(index) {
        let outcome = try loop.exchange(
          request: { requests[index] },
          lookUp: { _ throws(TicketError) in
            try posted(ticket, filed, count: requests.count)[index] != nil
              ? () : nil
          },
          read: {
            response, answer throws(TicketError) -> RequestLoop.Reading<Void> in
            answer == .accepted ? .done(()) : .again(loop.problem(response))
          })
        if case .failure(let unfinished) = outcome {
          throw TicketError(
            "filed as \(filed.key), but its comment \(index + 2) of \(requests.count + 1) is not posted yet "
              + "(\(unfinished.cause)); the next run looks for it and posts what is missing"
          )
        }
      }
      try ledger.markFollowUps(ticket.identity, sent: index + 1)
    }
    let written = Self.digest(
      try tracker.followUpPayloads(for: ticket).map(tracker.followUpText))
    try ledger.change(ticket.identity) { $0.followUpsWritten = written }
    // Only right after the create: a resumed run cannot tell its comments from a person's edit.
    if !look, let updated = lookup.updateTime(of: filed) {
      try ledger.change(ticket.identity) { $0.trackerUpdated = updated }
    }
  }

  /// Brings an updated ticket's follow-ups in line with its body: each one there whose text differs is
  /// edited in place, each missing one is posted, and each one the shorter body no longer needs says so.
  ///
  /// Returns whether anything was sent. Every step can be taken again: a second run finds the comments
  /// as this one left them and sends nothing.
  func rewrite(_ ticket: Ticket, _ filed: FiledTicket, ledger: inout Ledger)
    throws(TicketError) -> Bool
  {
    let payloads = try tracker.followUpPayloads(for: ticket)
    // The follow-ups the body had when criteria last wrote them: those a shorter body leaves are retired.
    let known = max(payloads.count, ledger[ticket.identity]?.followUpsSent ?? 0)
    guard known > 0 else { return false }
    var there = try posted(ticket, filed, count: known)
    var sent = false
    for index in there.keys.sorted() {
      guard let comment = there[index] else { continue }
      let payload =
        index < payloads.count
        ? payloads[index]
        : try tracker.retiredFollowUpPayload(for: ticket, index: index)
      guard let payload,
        comment.text.withoutWhiteSpace
          != tracker.followUpText(payload).withoutWhiteSpace
      else { continue }
      guard let id = comment.id,
        let request = tracker.followUpRequest(
          payload, comment: id, filed: filed, credentials: credentials)
      else {
        throw TicketError(
          "comment \(index + 2) on \(filed.key) no longer says what the criteria say, and \(tracker.name)'s "
            + "answer gives no id to edit it by; the next run tries again")
      }
      try loop.sendOnce(
        request, what: "the edit of comment \(index + 2) on \(filed.key)",
        resumed: false
      ) {
        () throws(TicketError) -> Bool in
        there = try posted(ticket, filed, count: known)
        return there[index].map {
          $0.text.withoutWhiteSpace
            == tracker.followUpText(payload).withoutWhiteSpace
        } ?? false
      }
      sent = true
    }
    let missing = (0..<payloads.count).filter { there[$0] == nil }
    try ledger.markFollowUps(
      ticket.identity, sent: missing.first ?? payloads.count)
    if !missing.isEmpty {
      try send(
        ticket, filed, from: missing[0], look: true, ledger: &ledger)
      sent = true
    }
    let written = Self.digest(payloads.map(tracker.followUpText))
    try ledger.change(ticket.identity) { $0.followUpsWritten = written }
    return sent
  }

  /// Sixteen hex digits of follow-up texts in order, white space left out (as `rewrite` compares them).
  static func digest(_ texts: [String]) -> String {
    IdentityHash.hex(texts.map(\.withoutWhiteSpace).joined(separator: "\u{1E}"))
  }

  /// Whether a person changed one of the follow-ups criteria last wrote (edited, or deleted it) since.
  ///
  /// Their texts on the tracker are compared with the digest the ledger keeps. False where the ledger
  /// keeps none (no follow-ups, an earlier version's entry) or the ticket moved (its comments carry
  /// another marker).
  func changedByPerson(
    _ ticket: Ticket, _ filed: FiledTicket, _ entry: Ledger.Entry
  ) throws(TicketError) -> Bool {
    guard let written = entry.followUpsWritten, entry.formerIdentity == nil,
      let count = entry.followUpsSent, count > 0
    else { return false }
    let there = try posted(ticket, filed, count: count)
    return Self.digest((0..<count).map { there[$0]?.text ?? "" }) != written
  }

  /// The first `count` follow-ups found on the tracker, by index, found by their markers.
  func posted(_ ticket: Ticket, _ filed: FiledTicket, count: Int)
    throws(TicketError) -> [Int: FollowUpComment]
  {
    guard
      let request = tracker.followUpsListRequest(
        filed: filed, credentials: credentials)
    else {
      throw TicketError(
        "filed as \(filed.key); whether its follow-ups were posted cannot be checked, so none is sent twice",
        outcomeUnknown: true)
    }
    let markers = (0..<count).map {
      tracker.followUpMarkerText(for: ticket, index: $0)
    }
    var found: [Int: FollowUpComment] = [:]
    let (pages, cause) = try loop.askPages(request) {
      tracker.commentListFailure(in: $0)
    } enough: {
      for comment in tracker.followUpComments(in: $0[$0.count - 1]) {
        for (index, marker) in markers.enumerated()
        where found[index] == nil && comment.text.contains(marker) {
          found[index] = comment
        }
      }
      return found.count == count
    }
    guard pages != nil else {
      throw TicketError(
        "filed as \(filed.key), but its comments cannot be listed (\(cause ?? "no attempt was made")); the next run looks again before posting any"
      )
    }
    return found
  }

}
