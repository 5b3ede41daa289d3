import Foundation
import Logging

/// Files tickets exactly once: the ledger is written before and after each request, an interrupted
/// request is resolved by searching the tracker for the ticket's marker before anything is re-sent,
/// transient failures are retried with backoff, and credentials that are refused stop the run.
public final class TicketFiler {
  let tracker: any Tracker
  let transport: HTTPTransport
  let credentials: Credentials
  let retry: RetryPolicy
  let pacer: RequestPacer
  let progress: FilingProgress?
  public internal(set) var ledger: Ledger
  /// Search the tracker for every ticket the ledger does not know before filing it: rebuilds a lost ledger.
  public var searchBeforeFiling = false
  /// Update filed tickets whose content changed (`--update`), instead of only counting them.
  public var updateChanged = false
  /// Overwrite tickets a person edited since criteria last wrote them (`--force`).
  public var overwriteEdited = false
  /// The ticket being worked on, for the message of a run that stops.
  var current: String?

  /// Creates a filer.
  public init(
    tracker: any Tracker, transport: HTTPTransport, ledger: Ledger,
    credentials: Credentials,
    retry: RetryPolicy? = nil, pacer: RequestPacer? = nil,
    progress: FilingProgress? = nil
  ) {
    self.tracker = tracker
    self.ledger = ledger
    self.credentials = credentials
    self.retry =
      retry
      ?? RetryPolicy(
        maxAttempts: tracker.settings.maxAttempts,
        base: tracker.settings.backoffBase)
    self.pacer = pacer ?? RequestPacer(pacing: tracker.pacing)
    self.transport = RateLimitAwareTransport(
      inner: transport, pacer: self.pacer,
      maxWait: tracker.settings.maxWait,
      unansweredLimit: self.retry.maxAttempts)
    self.progress = progress
    redactor = Redactor(credentials: credentials, url: tracker.settings.url)
    self.ledger.redactor = redactor
    if pacer == nil {
      self.pacer.notice = { [logger] in logger.notice("\($0)") }
    }
  }

  /// Where the filer says what it waits for; the CLI logs notices to stderr.
  public var logger = Logger(label: "criteria.tickets") {
    didSet { pacer.notice = { [logger] in logger.notice("\($0)") } }
  }

  /// Hides this run's secrets in everything the filer reports or records.
  public let redactor: Redactor

  /// Files every ticket not yet filed; throws only when the run must stop (credentials refused, ledger unwritable).
  public func file(_ tickets: [Ticket]) throws(TicketError) -> FilingSummary {
    do {
      let summary = try fileAll(
        try tickets.map { ticket throws(TicketError) in
          try TicketRevision.stamp(ticket, for: tracker)
        })
      try ledger.compact()
      return summary
    } catch {
      // The journal keeps every change; folding it in now only saves the next run the work.
      try? ledger.compact()
      var redacted = error
      if error.unreachable, let current {
        redacted.message +=
          " (stopped at \(current); it and the tickets after it were not finished)"
      }
      redacted.message = redactor.text(redacted.message)
      throw redacted
    }
  }

  func fileAll(_ tickets: [Ticket]) throws(TicketError) -> FilingSummary {
    var summary = FilingSummary()
    let bulk = tracker.bulkCreate
    var batch: [Ticket] = []
    progress?.start(total: tickets.count)
    for unnamed in tickets {
      var ticket = unnamed
      current = ticket.identity
      if tracker.choosesIDs, let id = ledger[ticket.identity]?.clientID {
        ticket.clientID = id
      }
      switch ledger[ticket.identity]?.state {
      case .filed?:
        // A run stopped between the create and its follow-ups: post the rest, after looking.
        if let entry = ledger[ticket.identity], let sent = entry.followUpsSent,
          let key = entry.key
        {
          do {
            try sendFollowUps(
              ticket, FiledTicket(key: key, url: entry.url ?? ""), from: sent,
              look: true)
          } catch let error where !error.stopsRun {
            try record(error, for: ticket, in: &summary)
            progress?.advance()
            continue
          }
        }
        if let entry = ledger[ticket.identity],
          entry.fingerprint != ticket.revision || entry.updating != nil
        {
          if updateChanged {
            do {
              try bringUpToDate(ticket, entry, into: &summary)
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
          if try recovered(ticket) {
            summary.alreadyFiled.append(ticket.identity)
            progress?.advance()
            continue
          }
        } catch let error where !error.stopsRun {
          try record(error, for: ticket, in: &summary)
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
        if try recovered(ticket) {
          summary.alreadyFiled.append(ticket.identity)
          progress?.advance()
          continue
        }
      default:
        break
      }
      if let bulk {
        batch.append(ticket)
        if batch.count >= bulk.bulkLimit {
          try fileBatch(batch, bulk, into: &summary)
          batch.removeAll()
        }
        continue
      }
      do {
        let filed = try fileOne(ticket)
        summary.filed.append((ticket.identity, filed))
      } catch let error where !error.stopsRun {
        try record(error, for: ticket, in: &summary)
      }
      progress?.advance()
    }
    if let bulk, !batch.isEmpty { try fileBatch(batch, bulk, into: &summary) }
    progress?.finish()
    return summary
  }

  /// Records a ticket that did not get filed.
  ///
  /// "Failed" only when the tracker certainly does not have it: a ticket the ledger already says is
  /// filed stays filed, and one whose outcome is unknown stays pending, so the next run looks it up
  /// before sending anything.
  func record(
    _ error: TicketError, for ticket: Ticket, in summary: inout FilingSummary
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

  /// Finds the ticket on the tracker by its marker and records it; false when it is not there.
  func recovered(_ ticket: Ticket) throws(TicketError) -> Bool {
    guard let found = try search(ticket) else { return false }
    try ledger.markFiled(ticket.identity, found)
    // Found after an interrupted run: which of its follow-ups made it is not known, so look first.
    try sendFollowUps(ticket, found, from: 0, look: true)
    return true
  }

}
