import CriteriaModel
import Foundation

/// Filing tickets: each ticket the ledger does not have is created once (one at a time or in bulk) with
/// its follow-ups; one a stopped run left pending is looked up before anything is sent again; one
/// already filed is counted, or brought up to date when its content changed.
struct TicketFiling {
  let lookup: TicketLookup
  let updating: TicketUpdating
  /// Search the tracker for every ticket the ledger does not know before filing it: rebuilds a lost ledger.
  let searchBeforeFiling: Bool
  /// Update filed tickets whose content changed, instead of only counting them.
  let updateChanged: Bool
  /// The identities the sources hold, selected or not; when given, a ticket whose component's
  /// document moved is found under its old identity instead of being filed again (`TicketMoves`).
  var held: Set<String>? = nil
  let progress: FilingProgress?
  var loop: RequestLoop { lookup.loop }
  var tracker: any Tracker { loop.tracker }
  var credentials: Credentials { loop.credentials }
  var redactor: Redactor { loop.redactor }
  var followUps: TicketFollowUps { TicketFollowUps(lookup: lookup) }

  /// Files every ticket not yet filed; throws only when the run must stop, saying where it stopped.
  func file(_ tickets: [Ticket], ledger: inout Ledger) throws(TicketError)
    -> FilingSummary
  {
    var current: String?
    do {
      return try fileAll(tickets, ledger: &ledger, current: &current)
    } catch {
      var stopped = error
      if error.unreachable, let current {
        stopped.message +=
          " (stopped at \(current); it and the tickets after it were not finished)"
      }
      throw stopped
    }
  }

  func fileAll(
    _ tickets: [Ticket], ledger: inout Ledger, current: inout String?
  ) throws(TicketError) -> FilingSummary {
    var summary = FilingSummary()
    let bulk = tracker.bulkCreate
    var batch: [Ticket] = []
    // Tickets of a lineage the rebuilt ledger knows nothing of: an earlier ticket of theirs, filed under
    // another identity, cannot be found by its marker.
    var historyUnknown: Set<String> = []
    // Tickets of a moved document whose old ticket's request is pending: not filed (it may exist).
    var movedPending: [String: String] = [:]
    // Entries filed before criteria kept a ticket's checks gain them while the tracker holds what
    // this run would send (the same fingerprint): a later rename is then followed by its checks.
    try ledger.recordChecks(
      Dictionary(
        tickets.compactMap { ticket in
          guard let entry = ledger[ticket.identity], entry.state == .filed,
            entry.checks == nil, entry.fingerprint == ticket.revision,
            let checks = Ledger.Checks(ticket)
          else { return nil }
          return (ticket.identity, checks)
        }, uniquingKeysWith: { first, _ in first }))
    if !searchBeforeFiling {
      // Filed by an earlier version under the id it made of decomposed accents: the same ticket.
      let planned = Set(tickets.map(\.identity))
      for ticket in tickets where ledger[ticket.identity] == nil {
        guard let old = StableID.decomposedForm(of: ticket.identity),
          !planned.contains(old), let entry = ledger[old]
        else { continue }
        guard entry.state == .filed, let key = entry.key else {
          // Its request's outcome is unknown: it may exist under the old marker, so nothing is filed.
          if entry.state == .pending { movedPending[ticket.identity] = old }
          continue
        }
        try ledger.move(old, to: ticket.identity)
        summary.accentsComposed.append((ticket.identity, key, old))
      }
    }
    if let held, !searchBeforeFiling {
      // Recorded before anything is sent: each such ticket then counts as filed, and is out of date
      // (its body names the old identity) until it is updated.
      let found = try TicketMoves.find(
        tickets, ledger: ledger, held: held, tracker: tracker)
      let components = Dictionary(
        tickets.map { ($0.identity, $0.componentID) },
        uniquingKeysWith: { first, _ in first })
      for (new, old) in found.moves.sorted(by: { $0.key < $1.key }) {
        try ledger.move(old, to: new, component: components[new])
        if let key = ledger[new]?.key {
          summary.moved.append(
            (new, key, old, !found.byChecks.contains(new)))
        }
      }
      movedPending.merge(found.pending) { first, _ in first }
    }
    progress?.start(total: tickets.count)
    for unnamed in tickets {
      var ticket = unnamed
      current = ticket.identity
      if let old = movedPending[ticket.identity] {
        let why =
          old == StableID.decomposedForm(of: ticket.identity)
          ? "an earlier criteria filed it under the id it made of decomposed accents"
          : "its document moved or was renamed"
        summary.heldBack.append(
          (
            ticket.identity,
            "\(why), and the same ticket under its old id (\(old)) is pending "
              + "in the ledger \(ledger.path) (a request whose answer was lost): it may exist, so nothing "
              + "is filed; look for its marker criteria:id=\(old) on \(tracker.name): there, set that "
              + "entry's \"state\" to \"filed\" with its \"key\" (the next run moves it); not there, delete "
              + "the entry (the next run files this one)"
          ))
        progress?.advance()
        continue
      }
      if tracker.choosesIDs, let id = ledger[ticket.identity]?.clientID {
        ticket.clientID = id
      }
      switch ledger[ticket.identity]?.state {
      case .filed?:
        // A run stopped between the create and its follow-ups: post the rest, after looking. Only for
        // the content the issue holds: a changed body's comments go out with its update.
        if let entry = ledger[ticket.identity], let sent = entry.followUpsSent,
          let key = entry.key, entry.fingerprint == ticket.revision,
          entry.updating == nil
        {
          do {
            try followUps.send(
              ticket, FiledTicket(key: key, url: entry.url ?? ""), from: sent,
              look: true, ledger: &ledger)
          } catch let error where !error.stopsRun {
            try record(error, for: ticket, ledger: &ledger, in: &summary)
            progress?.advance()
            continue
          }
        }
        if let entry = ledger[ticket.identity],
          entry.fingerprint != ticket.revision || entry.updating != nil
        {
          if updateChanged {
            do {
              try updating.bringUpToDate(
                ticket, entry, ledger: &ledger, into: &summary)
            } catch let error where !error.stopsRun {
              summary.failed.append(
                (ticket.identity, redactor.text(error.message)))
            }
            progress?.advance()
            continue
          }
          summary.outdated.append(ticket.identity)
        }
        summary.alreadyFiled.append(ticket.identity)
        progress?.advance()
        continue
      case .pending?:
        // The last run stopped during this ticket's request: it may exist. Look before filing again.
        do {
          if try recovered(ticket, ledger: &ledger) != nil {
            summary.alreadyFiled.append(ticket.identity)
            progress?.advance()
            continue
          }
        } catch let error where !error.stopsRun {
          try record(error, for: ticket, ledger: &ledger, in: &summary)
          progress?.advance()
          continue
        }
      case nil where searchBeforeFiling:
        guard
          tracker.searchRequest(for: ticket, credentials: credentials) != nil
        else {
          throw TicketError(
            "\(tracker.name) cannot be searched (its definition has no search:), so a lost ledger "
              + "cannot be rebuilt; add a search: block to the definition",
            stopsRun: true)
        }
        if try recovered(ticket, ledger: &ledger) != nil {
          summary.alreadyFiled.append(ticket.identity)
          progress?.advance()
          continue
        }
        if let lineage = ticket.lineage,
          ledger.filed(inLineage: lineage, except: ticket.identity).isEmpty
        {
          historyUnknown.insert(ticket.identity)
        }
      default:
        break
      }
      if let lineage = ticket.lineage {
        let earlier = ledger.filed(inLineage: lineage, except: ticket.identity)
        if !earlier.isEmpty,
          !(try filesAfter(
            earlier, ticket, ledgerPath: ledger.path, into: &summary))
        {
          progress?.advance()
          continue
        }
      }
      // A ticket whose body continues in comments is filed on its own: a bulk answer is read for keys only.
      if let bulk, try tracker.followUpCount(for: ticket) == 0 {
        batch.append(ticket)
        if batch.count >= bulk.bulkLimit {
          try fileBatch(batch, bulk, ledger: &ledger, into: &summary)
          batch.removeAll()
        }
        continue
      }
      do {
        let filed = try fileOne(ticket, ledger: &ledger)
        summary.filed.append((ticket.identity, filed))
      } catch let error where !error.stopsRun {
        try record(error, for: ticket, ledger: &ledger, in: &summary)
      }
      progress?.advance()
    }
    if let bulk, !batch.isEmpty {
      try fileBatch(batch, bulk, ledger: &ledger, into: &summary)
    }
    progress?.finish()
    summary.historyUnknown = summary.filed.map(\.identity).filter(
      historyUnknown.contains)
    return summary
  }

  /// Records a ticket that did not get filed.
  ///
  /// "Failed" only when the tracker certainly does not have it: a ticket the ledger already says is
  /// filed stays filed, and one whose outcome is unknown stays pending, so the next run looks it up
  /// before sending anything.
  func record(
    _ error: TicketError, for ticket: Ticket, ledger: inout Ledger,
    in summary: inout FilingSummary
  ) throws(TicketError) {
    let reason = redactor.text(error.message)
    if ledger[ticket.identity]?.state == .filed {
      summary.failed.append((ticket.identity, reason))
    } else if error.outcomeUnknown {
      try ledger.markUnknown(ticket.identity, reason: reason)
      summary.unknown.append((ticket.identity, reason))
    } else {
      try ledger.markFailed(ticket.identity, reason: reason)
      summary.failed.append((ticket.identity, reason))
    }
  }

  /// The digest of what an update of `ticket` overwrites, when the request the ledger recorded as sent
  /// for it carried this content (its fingerprint); nil otherwise.
  func written(_ ticket: Ticket, ledger: Ledger) -> WrittenRecord? {
    guard ticket.revision != nil,
      ledger[ticket.identity]?.fingerprint == ticket.revision
    else { return nil }
    return tracker.record(ticket, answer: nil)
  }

  /// Finds the ticket on the tracker by its marker and records it, with the follow-ups it lacks; nil
  /// when it is not there.
  ///
  /// `since`: when the request that may have made it went out (0: an earlier run).
  @discardableResult
  func recovered(_ ticket: Ticket, ledger: inout Ledger, since: Double = 0)
    throws(TicketError) -> FiledTicket?
  {
    guard
      let found = try lookup.search(
        ticket, ledgerPath: ledger.path, since: since)
    else {
      return nil
    }
    try ledger.markFiled(
      ticket.identity, found, written: written(ticket, ledger: ledger))
    // Found after an interrupted run: which of its follow-ups made it is not known, so look first.
    try followUps.send(ticket, found, from: 0, look: true, ledger: &ledger)
    return found
  }
}
