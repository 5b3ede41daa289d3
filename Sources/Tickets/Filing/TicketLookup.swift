import CriteriaModel
import Foundation

/// Reading tickets back: finding one by its marker, and reading a filed one's state.
///
/// Both change nothing on the tracker, so they go through the request loop's `ask`: paced, retried,
/// and never judged "failed" on a guess (a search that cannot be made leaves a ticket pending).
struct TicketLookup {
  let loop: RequestLoop
  var tracker: any Tracker { loop.tracker }
  var credentials: Credentials { loop.credentials }

  /// Looks the ticket up by its marker; nil when the tracker says it is not there.
  ///
  /// `since` is when the request that may have made it went out (0: an earlier run). Where the search
  /// reads an index that lags creates (`LaggingSearch`), "not there" is believed only once the index is
  /// seen to hold every issue made since; while it is behind the search is tried again, and a ticket it
  /// still cannot account for stays pending.
  func search(_ ticket: Ticket, ledgerPath: String, since: Double = 0)
    throws(TicketError) -> FiledTicket?
  {
    guard
      let request = tracker.searchRequest(for: ticket, credentials: credentials)
    else {
      // Without a search the tracker cannot be asked, and re-sending could file it twice: a person decides.
      throw TicketError(
        "an earlier request for it may have reached \(tracker.name), which cannot be searched (its definition "
          + "has no search:); look for its marker criteria:id=\(ticket.identity) on the tracker, then set its ledger entry "
          + "(\(ledgerPath)) to \"state\": \"filed\" with the key, or delete the entry to file it again",
        outcomeUnknown: true)
    }
    for attempt in 1...loop.retry.maxAttempts {
      let (response, cause) = try loop.ask(request) { response in
        tracker.searchFailure(in: response)
      }
      guard let response else {
        throw Self.notConfirmed(
          "searching \(tracker.name) failed (\(cause ?? "no search was made"))")
      }
      if let found = tracker.found(in: response, ticket: ticket) {
        return found
      }
      guard let behind = try indexBehind(since: since) else { return nil }
      guard attempt < loop.retry.maxAttempts else {
        throw Self.notConfirmed(
          "\(tracker.name)'s search index is behind (\(behind))", yet: true)
      }
      loop.pacer.pause(
        until: Date().timeIntervalSince1970
          + max(loop.retry.backoff(attempt: attempt), tracker.searchSettleTime))
    }
    return nil  // not reached: the last attempt returns or throws
  }

  /// The error of a ticket whose filing cannot be told, and why.
  ///
  /// Never "failed": a failed ticket is sent again next run, and this one may exist. It stays pending.
  static func notConfirmed(_ why: String, yet: Bool = false) -> TicketError {
    TicketError(
      "cannot tell\(yet ? " yet" : "") whether it was already filed: \(why); it stays pending and is looked up "
        + "again before anything is sent",
      outcomeUnknown: true)
  }

  /// The most issues moved out of the project in a row that `indexBehind` steps over.
  static let mostMovedInARow = 20
  /// How many keys after the newest indexed issue must all be missing before the index counts as
  /// caught up: an issue deleted or hidden from criteria's account (a security level) leaves a gap, and
  /// a newer one past it may still be missing from the index.
  static let missingKeysToBelieve = 3

  /// Why a lagging search index may miss an issue made at or after `since`, or nil when it holds every
  /// issue made so far (or the tracker's search does not lag).
  ///
  /// The index is behind when one of the issues numbered after the newest one it holds can be read: it
  /// holds every issue once `missingKeysToBelieve` keys in a row after it cannot. An issue since moved to
  /// another project is stepped over. Where the next key cannot be told (a project named by id, with no
  /// issue yet), the settle time already waited is all there is.
  func indexBehind(since: Double) throws(TicketError) -> String? {
    guard let index = tracker.laggingSearch else { return nil }
    if let caughtUp = loop.indexCaughtUpAt, caughtUp > since { return nil }
    let checked = Date().timeIntervalSince1970
    let (answer, cause) = try loop.ask(
      index.newestIndexedRequest(credentials: credentials)
    ) { response in
      index.newestIndexed(in: response) == nil
        ? "\(tracker.name) answered \(response.status) with no issue list: \(response.snippet)"
        : nil
    }
    guard let answer, let newest = index.newestIndexed(in: answer) else {
      throw Self.notConfirmed(
        "asking \(tracker.name) for the newest issue its search holds failed (\(cause ?? "no attempt was made"))"
      )
    }
    let held: String
    switch newest {
    case .none: held = "it holds no issue of the project"
    case .key(let key): held = "the newest it holds is \(key)"
    }
    var after = newest
    var missing = 0
    for _ in 0..<(Self.mostMovedInARow + Self.missingKeysToBelieve) {
      guard let next = index.keyAfter(after) else { return nil }
      after = .key(next)
      let (read, cause) = try loop.ask(
        index.issueRequest(key: next, credentials: credentials), gone: true
      ) { response in
        tracker.answeredKey(response) == nil
          ? "\(tracker.name) answered \(response.status) with something that is not an issue: \(response.snippet)"
          : nil
      }
      guard let read else {
        throw Self.notConfirmed(
          "reading \(next) from \(tracker.name) failed (\(cause ?? "no attempt was made"))"
        )
      }
      if [404, 410].contains(read.status) {
        missing += 1
        guard missing < Self.missingKeysToBelieve else {
          loop.indexCaughtUpAt = checked
          return nil
        }
        continue
      }
      // An issue moved to another project since answers under its new key: the number is the project's
      // no more, so look at the next one.
      guard let answered = tracker.answeredKey(read), answered != next else {
        return "\(next) exists, and \(held)"
      }
    }
    return
      "more than \(Self.mostMovedInARow) issues after the newest it holds moved away"
  }

  /// The ticket's update time as the tracker says it now, or nil when it cannot be read.
  ///
  /// Recorded after criteria's own comments and transitions, so they never read as a person's edit.
  func updateTime(of filed: FiledTicket) -> String? {
    guard tracker.readRequest(for: filed, credentials: credentials) != nil
    else { return nil }
    return try? readAnswer(filed).snapshot.updatedAt
  }

  /// The snapshot and the raw answer (whose body tells which revision the ticket holds).
  ///
  /// With `identity`, an answer that is another ticket reads moved or replaced; `former` is the
  /// identity the ticket was filed under before its component's document moved, whose marker its body
  /// may still carry.
  func readAnswer(
    _ filed: FiledTicket, identity: String? = nil, former: String? = nil
  )
    throws(TicketError) -> (snapshot: TicketSnapshot, response: HTTPResponse?)
  {
    guard
      let request = tracker.readRequest(for: filed, credentials: credentials)
    else {
      throw TicketError(
        "\(tracker.name) tickets cannot be read back (its definition has no read: block); add one to read their status"
      )
    }
    let (answer, cause) = try loop.ask(
      request, gone: true, moved: identity != nil
    ) {
      response in
      tracker.snapshot(from: response) == nil
        ? "\(tracker.name) answered \(response.status) with something that is not a ticket: \(response.snippet)"
        : nil
    }
    if let answer {
      if [404, 410].contains(answer.status) { return (.deleted, answer) }
      if let identity,
        let other = TicketSnapshot.identity(
          of: answer, key: filed.key, marker: "criteria:id=\(identity)",
          answeredKey: tracker.answeredKey(answer),
          former: former.map { "criteria:id=\($0)" })
      {
        return (other, answer)
      }
      if let snapshot = tracker.snapshot(from: answer) {
        return (snapshot, answer)
      }
    }
    throw TicketError(
      "cannot read \(filed.key) from \(tracker.name): \(cause ?? "no attempt was made")"
    )
  }
}
