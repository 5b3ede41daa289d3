import Foundation

/// Tickets of a lineage (`Ticket.lineage`): an audit row's check that failed before, on another date.
extension TicketFiling {
  /// Whether to file a ticket whose lineage already has tickets on the tracker: only when every earlier
  /// one was done (the check failed again after its fix).
  ///
  /// An earlier one still open (or closed as not planned) stands for it: it is not filed, and the summary
  /// names that ticket. One deleted, moved or replaced, or one that cannot be read, holds it back for a
  /// person or the next run. Nothing is filed on a guess.
  func filesAfter(
    _ earlier: [(identity: String, entry: Ledger.Entry)], _ ticket: Ticket,
    ledgerPath: String, into summary: inout FilingSummary
  ) throws(TicketError) -> Bool {
    var read: [(identity: String, filed: FiledTicket, now: TicketSnapshot)] =
      []
    for (identity, entry) in earlier {
      guard let key = entry.key else { continue }
      let filed = FiledTicket(key: key, url: entry.url ?? "")
      do {
        read.append(
          (
            identity, filed,
            try lookup.readAnswer(filed, identity: identity).snapshot
          ))
      } catch let error where !error.stopsRun {
        summary.heldBack.append(
          (
            ticket.identity,
            "its check's earlier ticket \(key) (\(identity)) could not be read, so whether it is still open "
              + "is not known (\(redactor.text(error.message))); it is read again next run"
          ))
        return false
      }
    }
    if let stands = read.first(where: { $0.now.category == .open })
      ?? read.first(where: { $0.now.category == .notPlanned })
    {
      summary.standing.append(
        (ticket.identity, stands.filed, stands.identity, stands.now.status))
      return false
    }
    if let gone = read.first(where: { $0.now.category != .done }) {
      summary.heldBack.append(
        (
          ticket.identity,
          "its check's earlier ticket \(gone.filed.key) (\(gone.identity)) was \(gone.now.category.rawValue) "
            + "on \(tracker.name); a person decides (to file it anew, delete that entry from the ledger "
            + "\(ledgerPath))"
        ))
      return false
    }
    summary.again.append((ticket.identity, read.map(\.filed.key)))
    return true
  }
}
