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
  func search(_ ticket: Ticket, ledgerPath: String) throws(TicketError)
    -> FiledTicket?
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
    let (response, cause) = try loop.ask(request) { response in
      tracker.searchFailure(in: response)
    }
    if let response { return tracker.found(in: response, ticket: ticket) }
    // Never "failed": a failed ticket is sent again next run, and this one may exist. It stays pending.
    throw TicketError(
      "cannot tell whether it was already filed: searching \(tracker.name) failed (\(cause ?? "no search was made")); "
        + "it stays pending and is looked up again before anything is sent",
      outcomeUnknown: true)
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
