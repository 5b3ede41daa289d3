import Foundation
import Logging

/// Updating filed tickets whose content changed, exactly once.
struct TicketUpdating {
  let lookup: TicketLookup
  /// Overwrite tickets a person edited since criteria last wrote them (`--force`).
  let overwriteEdited: Bool
  var loop: RequestLoop { lookup.loop }
  var tracker: any Tracker { loop.tracker }
  var credentials: Credentials { loop.credentials }
  var followUps: TicketFollowUps { TicketFollowUps(lookup: lookup) }

  /// Updates a filed ticket whose content changed, exactly once.
  ///
  /// The ledger records the update as sent before it goes; a run stopped after that reads the
  /// ticket and finds the update's revision in it instead of sending it again. A ticket a person
  /// edited since criteria last wrote it is left alone unless `overwriteEdited`; a deleted one is
  /// never filed again.
  func bringUpToDate(
    _ ticket: Ticket, _ recorded: Ledger.Entry, ledger: inout Ledger,
    into summary: inout FilingSummary
  ) throws(TicketError) {
    guard let key = recorded.key, let revision = ticket.revision else { return }
    let filed = FiledTicket(key: key, url: recorded.url ?? "")
    guard
      try tracker.updateRequest(
        for: ticket, filed: filed, credentials: credentials) != nil,
      tracker.readRequest(for: filed, credentials: credentials) != nil
    else {
      throw TicketError(
        "\(key) is out of date, and \(tracker.name) tickets cannot be updated here (a definition needs read: and update: blocks)"
      )
    }
    var entry = recorded
    let (snapshot, response) = try lookup.readAnswer(
      filed, identity: ticket.identity, former: recorded.formerIdentity)
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
      // Its comments are brought in line before the revision counts as the tracker's.
      let rewrote =
        sent == revision
        ? try followUps.rewrite(ticket, filed, ledger: &ledger) : false
      let updated =
        rewrote ? lookup.updateTime(of: filed) : snapshot.updatedAt
      let written =
        sent == revision ? tracker.record(ticket, answer: nil) : nil
      try ledger.change(ticket.identity) {
        $0.fingerprint = sent
        if sent == revision { $0.checks = Ledger.Checks(ticket) }
        $0.updating = nil
        $0.trackerUpdated = updated
        $0.keep(written)
        $0.formerIdentity = nil
      }
      entry = ledger[ticket.identity] ?? entry
      if sent == revision {
        summary.updated.append((ticket.identity, key))
        return
      }
    } else if !overwriteEdited,
      let what = try edited(ticket, filed, entry, snapshot, response)
    {
      summary.edited.append((ticket.identity, key, what))
      return
    }
    // Labels a person added beside criteria's stay on the ticket.
    var sending = ticket
    sending.keptLabels = Self.kept(ticket, entry, response, tracker)
    guard
      let request = try tracker.updateRequest(
        for: sending, filed: filed, credentials: credentials)
    else { return }
    try ledger.change(ticket.identity) { $0.updating = revision }
    // After a lost answer the ticket is read: the update's revision in it means it landed.
    var readBack: String?
    let answer: HTTPResponse?
    do {
      answer = try loop.sendOnce(
        request, what: "the update of \(key)", resumed: false
      ) {
        () throws(TicketError) -> Bool in
        let (now, response) = try lookup.readAnswer(filed)
        guard let body = response?.body,
          TicketRevision.present(revision, in: body)
        else { return false }
        readBack = now.updatedAt
        return true
      }
    } catch {
      // Refused: nothing changed, so nothing is pending for the next run to look for.
      if !error.outcomeUnknown && !error.stopsRun {
        try ledger.change(ticket.identity) { $0.updating = nil }
      }
      throw error
    }
    // A body continued in comments: the comments are rewritten before the revision counts as the
    // tracker's (a run stopped among them finds the description updated and rewrites them again).
    let rewrote = try followUps.rewrite(ticket, filed, ledger: &ledger)
    // The update's own answer may carry the new update time; otherwise read it back.
    var updated = readBack
    if rewrote {
      updated = lookup.updateTime(of: filed)
    } else if let answer {
      updated =
        tracker.snapshot(from: answer)?.updatedAt
        ?? (try? lookup.readAnswer(filed))?.snapshot.updatedAt
    }
    let written = tracker.record(ticket, sent: sending, answer: answer)
    try ledger.change(ticket.identity) {
      $0.fingerprint = revision
      $0.checks = Ledger.Checks(ticket)
      $0.updating = nil
      $0.trackerUpdated = updated
      $0.keep(written)
      // The body names this identity now.
      $0.formerIdentity = nil
    }
    summary.updated.append((ticket.identity, key))
  }

  /// What a person changed of what an update overwrites since criteria last wrote it, in a few words,
  /// or nil: the title or description, one of criteria's labels (where the update time moved), or a
  /// follow-up (a box ticked in a continuation comment, whether or not the update time moved for it).
  func edited(
    _ ticket: Ticket, _ filed: FiledTicket, _ entry: Ledger.Entry,
    _ snapshot: TicketSnapshot, _ response: HTTPResponse?
  ) throws(TicketError) -> String? {
    if snapshot.editedSince(recorded: entry.trackerUpdated),
      let change = Self.fieldChange(entry, response, tracker)
    {
      return change
    }
    return try followUps.changedByPerson(ticket, filed, entry)
      ? "a continuation comment" : nil
  }

  /// What a person changed of the fields an update overwrites (title, description, labels) since
  /// criteria last wrote them, or nil when they are as it wrote them: the moved update time was then
  /// someone's comment, a status or an assignee, not an edit.
  ///
  /// A label a person added beside criteria's is no edit (the update keeps it); one of criteria's they
  /// removed is. Entries of earlier versions compare the whole digest and cannot tell what changed.
  static func fieldChange(
    _ entry: Ledger.Entry, _ response: HTTPResponse?, _ tracker: any Tracker
  ) -> String? {
    let untold = "updated since; what changed cannot be told"
    guard let response, let now = tracker.writtenFields(in: response) else {
      return untold
    }
    guard let text = entry.writtenText else {
      return entry.written == now.digest ? nil : untold
    }
    if now.textDigest != text { return "its title or description" }
    if let own = entry.writtenLabels,
      !Set(own).isSubset(of: (now.labels ?? []).map(WrittenFields.normalized))
    {
      return "a label of criteria's removed"
    }
    return nil
  }

  /// The labels on the ticket now that are not criteria's (neither those it sends now nor those it last
  /// wrote): a person's, which an update sends along so that they stay.
  static func kept(
    _ ticket: Ticket, _ entry: Ledger.Entry, _ response: HTTPResponse?,
    _ tracker: any Tracker
  ) -> [String] {
    guard let response, let now = tracker.writtenFields(in: response)?.labels,
      let sent = (try? tracker.writtenFields(for: ticket))?.labels
    else { return [] }
    let own = Set(
      sent.map(WrittenFields.normalized) + (entry.writtenLabels ?? []))
    return now.filter { !own.contains(WrittenFields.normalized($0)) }
  }
}
