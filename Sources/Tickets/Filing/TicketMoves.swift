import CriteriaModel
import Foundation

/// Criteria tickets whose component's document moved or was renamed since they were filed.
///
/// A component id is its document's path, so `rating.md` renamed `star-rating.md` gives each of its
/// tickets a new identity, and without this each would be filed again beside the open one. A ticket
/// the ledger does not have is the ticket filed under an identity the sources no longer hold when that
/// ticket's recorded content fingerprint is exactly this ticket's content under the old component id
/// (the same title, summary, checks, expectations, scenarios and labels), and no other ticket or entry
/// is as close; failing that, when the checks recorded with the old tickets pair the two components
/// (`byChecks`: content changed in the same release). Nothing is guessed: a ledger without
/// fingerprints or checks, too few of the same checks, or two matches leave the ticket to be filed as
/// new.
enum TicketMoves {
  /// New identity → the identity the ticket was filed under; new identity → an old identity whose
  /// request is pending (its outcome not known: the ticket may exist, so the new one is not filed); and
  /// the new identities found by their checks (`byChecks`), whose content changed.
  ///
  /// `held` are the identities the sources hold, selected or not: a ticket filed for one of them never
  /// moves. Findings (audit rows) never move here.
  static func find(
    _ tickets: [Ticket], ledger: Ledger, held: Set<String>,
    tracker: any Tracker
  ) throws(TicketError) -> (
    moves: [String: String], pending: [String: String], byChecks: Set<String>
  ) {
    let planned = Set(tickets.map(\.identity))
    let unheld = ledger.entries.filter { identity, entry in
      (entry.state == .filed && entry.key != nil || entry.state == .pending)
        && (entry.fingerprint != nil || entry.checks != nil)
        && !planned.contains(identity) && !held.contains(identity)
        && !identity.hasPrefix(AuditFindings.identityPrefix)
    }
    guard !unheld.isEmpty else { return ([:], [:], []) }
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
      for (identity, entry) in unheld
      where entry.fingerprint != nil && identity.hasSuffix(rest) {
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
    let matches = Set(found.values.joined())
    let byChecks = Self.byChecks(
      tickets, ledger: ledger, held: held,
      unheld: unheld.filter { !matches.contains($0.key) },
      found: Set(found.keys))
    moves.merge(byChecks.moves) { first, _ in first }
    pending.merge(byChecks.pending) { first, _ in first }
    return (moves, pending, Set(byChecks.moves.keys))
  }

  /// Tickets of a component whose document was renamed and changed in the same release.
  ///
  /// The content differs, so no fingerprint matches, but the checks the ledger recorded with the old
  /// tickets (`Ledger.Checks`) pair the old component with the new one by `ComponentPairing`'s rule
  /// (checks alike when they are the same test and check on the same platform). Each new ticket then
  /// is the old one of the same grouping (`@ios`, or `/keyboard/tab@ios`), out of date until updated.
  ///
  /// An old component counts only when the sources hold no ticket of it, and a new one only when the
  /// ledger holds none of its tickets; entries without recorded checks never pair.
  static func byChecks(
    _ tickets: [Ticket], ledger: Ledger, held: Set<String>,
    unheld: [String: Ledger.Entry], found: Set<String>
  ) -> (moves: [String: String], pending: [String: String]) {
    var arrived: [String: Set<String>] = [:]
    var known: Set<String> = []
    for ticket in tickets where ticket.finding == nil {
      let component = ticket.componentID
      guard ledger[ticket.identity] == nil else {
        known.insert(component)
        continue
      }
      guard !found.contains(ticket.identity),
        ticket.identity.hasPrefix(component),
        let checks = Ledger.Checks(ticket)
      else { continue }
      arrived[component, default: []].formUnion(checks.rows)
    }
    for component in known { arrived[component] = nil }
    guard !arrived.isEmpty else { return ([:], [:]) }
    let planned = Set(tickets.map(\.componentID))
    var gone: [String: Set<String>] = [:]
    for (identity, entry) in unheld {
      guard let checks = entry.checks, identity.hasPrefix(checks.component),
        !planned.contains(checks.component)
      else { continue }
      gone[checks.component, default: []].formUnion(checks.rows)
    }
    // A component the sources still hold under another grouping or selection is not gone.
    for component in gone.keys
    where held.contains(where: {
      $0 == component || $0.hasPrefix(component + "@")
        || $0.hasPrefix(component + "/")
    }) {
      gone[component] = nil
    }
    var moves: [String: String] = [:]
    var pending: [String: String] = [:]
    let pairs = ComponentPairing.pairs(
      gone: gone.mapValues(\.count), arrived: arrived.mapValues(\.count)
    ) { from, to in
      (gone[from] ?? []).intersection(arrived[to] ?? []).count
    }
    for pair in pairs {
      for ticket in tickets
      where ticket.componentID == pair.to && ledger[ticket.identity] == nil
        && ticket.finding == nil && !found.contains(ticket.identity)
      {
        let old = pair.from + ticket.identity.dropFirst(pair.to.count)
        guard let entry = unheld[old] else { continue }
        if entry.state == .pending {
          pending[ticket.identity] = old
        } else {
          moves[ticket.identity] = old
        }
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
