import Foundation
import Logging

/// Updating filed tickets whose content changed, exactly once.
extension TicketFiler {
  /// Updates a filed ticket whose content changed, exactly once.
  ///
  /// The ledger records the update as sent before it goes; a run stopped after that reads the
  /// ticket and finds the update's revision in it instead of sending it again. A ticket a person
  /// edited since criteria last wrote it is left alone unless `overwriteEdited`; a deleted one is
  /// never filed again.
  func bringUpToDate(
    _ ticket: Ticket, _ recorded: Ledger.Entry,
    into summary: inout FilingSummary
  ) throws(TicketError) {
    guard let key = recorded.key, let revision = ticket.revision else { return }
    let filed = FiledTicket(key: key, url: recorded.url ?? "")
    guard
      let request = try tracker.updateRequest(
        for: ticket, filed: filed, credentials: credentials),
      tracker.readRequest(for: filed, credentials: credentials) != nil
    else {
      throw TicketError(
        "\(key) is out of date, and \(tracker.name) tickets cannot be updated here (a definition needs read: and update: blocks)"
      )
    }
    var entry = recorded
    var (snapshot, response) = try readAnswer(filed, identity: ticket.identity)
    if snapshot.category == .deleted {
      summary.deleted.append((ticket.identity, key))
      return
    }
    guard snapshot.isOurs else {
      summary.notOurs.append((ticket.identity, key, snapshot.status))
      return
    }
    // An update sent by a stopped run, found on the tracker: it landed.
    if let sent = entry.updating, let body = response?.body,
      TicketRevision.present(sent, in: body)
    {
      try ledger.change(ticket.identity) {
        $0.fingerprint = sent
        $0.updating = nil
        $0.trackerUpdated = snapshot.updatedAt
      }
      entry = ledger[ticket.identity] ?? entry
      if sent == revision {
        summary.updated.append((ticket.identity, key))
        return
      }
    } else if !overwriteEdited,
      snapshot.editedSince(recorded: entry.trackerUpdated)
    {
      summary.edited.append((ticket.identity, key))
      return
    }
    try ledger.change(ticket.identity) { $0.updating = revision }
    var ambiguous = false
    var cause = "no attempt was made"
    for attempt in 1...retry.maxAttempts {
      if ambiguous {
        (snapshot, response) = try readAnswer(filed)
        if let body = response?.body, TicketRevision.present(revision, in: body)
        {
          try confirmUpdate(ticket, revision, snapshot.updatedAt)
          summary.updated.append((ticket.identity, key))
          return
        }
        ambiguous = false
      }
      pacer.waitForTurn()
      let answer: HTTPResponse
      do { answer = try transport.send(request) } catch {
        if error.fatal { throw TicketError(stopping: error) }
        ambiguous = !error.neverSent
        cause = error.message
        try wait(attempt: attempt, response: nil)
        continue
      }
      switch Answer(answer) {
      case .accepted:
        // The update's own answer may carry the new update time; otherwise read it back.
        let updated =
          tracker.snapshot(from: answer)?.updatedAt
          ?? (try? readAnswer(filed))?.snapshot.updatedAt
        try confirmUpdate(ticket, revision, updated)
        summary.updated.append((ticket.identity, key))
        return
      case .refusedCredentials:
        throw authenticationError(answer)
      case .retryLater(let mayHaveChanged):
        ambiguous = mayHaveChanged
        cause = problem(answer)
        try wait(attempt: attempt, response: answer)
      case .refused:
        try ledger.change(ticket.identity) { $0.updating = nil }
        throw TicketError(
          "\(tracker.name) refused the update of \(key) (\(answer.status)): \(answer.snippet)"
        )
      }
    }
    throw TicketError(
      "the update of \(key) is not confirmed after \(retry.maxAttempts) attempts (\(cause)); the next run reads it before sending anything"
    )
  }

  func confirmUpdate(
    _ ticket: Ticket, _ revision: String, _ updated: String?
  ) throws(TicketError) {
    try ledger.change(ticket.identity) {
      $0.fingerprint = revision
      $0.updating = nil
      $0.trackerUpdated = updated
    }
  }
}
