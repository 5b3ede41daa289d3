import Foundation

/// Criteria tickets whose component's document moved or was renamed since they were filed.
///
/// A component id is its document's path, so `rating.md` renamed `star-rating.md` gives each of its
/// tickets a new identity, and without this each would be filed again beside the open one. A ticket
/// the ledger does not have is the ticket filed under an identity the sources no longer hold when that
/// ticket's recorded content fingerprint is exactly this ticket's content under the old component id
/// (the same title, summary, checks, expectations, scenarios and labels), and no other ticket or entry
/// is as close. Nothing is guessed: content changed in the same release, a ledger without fingerprints
/// or two matches leave the ticket to be filed as new.
enum TicketMoves {
  /// New identity → the identity the ticket was filed under; and new identity → an old identity whose
  /// request is pending (its outcome not known: the ticket may exist, so the new one is not filed).
  ///
  /// `held` are the identities the sources hold, selected or not: a ticket filed for one of them never
  /// moves. Findings (audit rows) never move here.
  static func find(
    _ tickets: [Ticket], ledger: Ledger, held: Set<String>,
    tracker: any Tracker
  ) throws(TicketError) -> (moves: [String: String], pending: [String: String])
  {
    let planned = Set(tickets.map(\.identity))
    let unheld = ledger.entries.filter { identity, entry in
      (entry.state == .filed && entry.key != nil || entry.state == .pending)
        && entry.fingerprint != nil
        && !planned.contains(identity) && !held.contains(identity)
        && !identity.hasPrefix(AuditFindings.identityPrefix)
    }
    guard !unheld.isEmpty else { return ([:], [:]) }
    var found: [String: [String]] = [:]
    // Comparisons per pair of components: one that failed three times and never matched is not
    // compared again (a true move whose first checks changed still matches on the next).
    var misses: [String: Int] = [:]
    var matched: Set<String> = []
    for ticket in tickets
    where ledger[ticket.identity] == nil && ticket.finding == nil
      && ticket.identity.hasPrefix(ticket.componentID)
    {
      // What follows the component in the identity: `@ios`, or `/keyboard/tab@ios`.
      let rest = ticket.identity.dropFirst(ticket.componentID.count)
      for (identity, entry) in unheld where identity.hasSuffix(rest) {
        let component = String(identity.dropLast(rest.count))
        let pair = component + "\n" + ticket.componentID
        guard !component.isEmpty,
          matched.contains(pair) || misses[pair, default: 0] < 3
        else { continue }
        if try TicketRevision.stamp(
          ticket.named(component: component), for: tracker
        ).revision == entry.fingerprint {
          found[ticket.identity, default: []].append(identity)
          matched.insert(pair)
        } else {
          misses[pair, default: 0] += 1
        }
      }
    }
    // One match each way, or none.
    var claims: [String: Int] = [:]
    for olds in found.values where olds.count == 1 {
      claims[olds[0], default: 0] += 1
    }
    var moves: [String: String] = [:]
    var pending: [String: String] = [:]
    for (new, olds) in found {
      // A pending entry among its matches may be the ticket (under its old marker): not filed.
      if let old = olds.first(where: { ledger[$0]?.state == .pending }) {
        pending[new] = old
      } else if olds.count == 1, claims[olds[0]] == 1 {
        moves[new] = olds[0]
      }
    }
    return (moves, pending)
  }
}

extension Ticket {
  /// The ticket as it would be for the component `component`: its identity and the ids of its checks
  /// under that component id.
  func named(component: String) -> Ticket {
    func renamed(_ id: String) -> String {
      id.hasPrefix(componentID)
        ? component + id.dropFirst(componentID.count) : id
    }
    var ticket = self
    ticket.identity = renamed(identity)
    ticket.checklist = checklist.map { item in
      var item = item
      item.id = renamed(item.id)
      return item
    }
    ticket.componentID = component
    return ticket
  }
}
