import Foundation
import Logging

/// Creating tickets: one at a time or in bulk, with their follow-ups, each exactly once.
extension TicketFiling {
  /// Files up to `bulkLimit` tickets in one request.
  ///
  /// The same rules as one at a time: pending before the
  /// request, a search for every ticket whose fate is unknown before anything is sent again, and a
  /// rejected element fails only its own ticket.
  func fileBatch(
    _ tickets: [Ticket], _ bulk: any BulkTracker, ledger: inout Ledger,
    into summary: inout FilingSummary
  ) throws(TicketError) {
    try ledger.markPending(tickets: tickets)
    var remaining = tickets

    func settle(_ ticket: Ticket, _ filed: FiledTicket) throws(TicketError) {
      try ledger.markFiled(
        ticket.identity, filed, written: written(ticket, ledger: ledger))
      summary.filed.append((ticket.identity, filed))
      progress?.advance()
    }
    func fail(_ ticket: Ticket, _ reason: String) throws(TicketError) {
      try ledger.markFailed(ticket.identity, reason: reason)
      summary.failed.append((ticket.identity, redactor.text(reason)))
      progress?.advance()
    }
    /// Settles the tickets the tracker already has; keeps the rest.
    ///
    /// `since`: when the request that may have made them went out. A ticket the search cannot account
    /// for (it failed, or a lagging index is still behind) stays pending and is counted not confirmed;
    /// the rest of the batch goes on.
    func searchRemaining(since: Double) throws(TicketError) {
      var notFound: [Ticket] = []
      for ticket in remaining {
        do {
          if let found = try lookup.search(
            ticket, ledgerPath: ledger.path, since: since)
          {
            try settle(ticket, found)
          } else {
            notFound.append(ticket)
          }
        } catch let error where error.outcomeUnknown && !error.stopsRun {
          try record(error, for: ticket, ledger: &ledger, in: &summary)
          progress?.advance()
        }
      }
      remaining = notFound
    }

    // When the last bulk request went out: a search for what it may have made looks at issues since.
    var sent = 0.0
    let outcome = try loop.exchange(
      request: { () throws(TicketError) in
        sent = Date().timeIntervalSince1970
        return try bulk.bulkRequest(for: remaining, credentials: credentials)
      },
      lookUp: { since throws(TicketError) in
        try searchRemaining(since: since)
        return remaining.isEmpty ? () : nil
      },
      read: {
        response, answer throws(TicketError) -> RequestLoop.Reading<Void> in
        // Jira answers 201 when some were created and 400 when none were; both list the failed elements.
        let listsElements =
          response.status == 400
          && response.decoded(AnswerErrors.self)?.errors != nil
        guard answer == .accepted || listsElements else {
          for ticket in remaining {
            try fail(
              ticket,
              "\(tracker.name) refused it (\(response.status)): \(response.snippet)"
            )
          }
          remaining = []
          return .done(())
        }
        var unknown: [Ticket] = []
        for (ticket, outcome) in zip(
          remaining, bulk.bulkResults(response, count: remaining.count))
        {
          switch outcome {
          case .created(let filed): try settle(ticket, filed)
          case .rejected(let reason): try fail(ticket, reason)
          case .unknown: unknown.append(ticket)
          }
        }
        remaining = unknown
        guard !remaining.isEmpty else { return .done(()) }
        // The answer did not account for these: they may exist. Search before anything else.
        try searchRemaining(since: sent)
        for ticket in remaining {
          try fail(
            ticket,
            "\(tracker.name)'s bulk answer did not account for it, and a search does not find it"
          )
        }
        remaining = []
        return .done(())
      })
    guard case .failure(let unfinished) = outcome else { return }
    // Answered, but the answer cannot be taken: they may exist, so `record` keeps them pending, to be
    // looked up before any resend.
    let error = unfinished.createError
    for ticket in remaining {
      try record(error, for: ticket, ledger: &ledger, in: &summary)
      progress?.advance()
    }
  }

  func fileOne(_ unnamed: Ticket, ledger: inout Ledger) throws(TicketError)
    -> FiledTicket
  {
    var ticket = unnamed
    if tracker.choosesIDs {
      // Chosen once and recorded before anything is sent: every retry and every later run uses it.
      ticket.clientID =
        ledger[ticket.identity]?.clientID ?? UUID().uuidString.lowercased()
    }
    try ledger.markPending(tickets: [ticket])
    let request = try tracker.createRequest(
      for: ticket, credentials: credentials)
    let outcome = try loop.exchange(
      request: { request },
      lookUp: { since throws(TicketError) in
        try foundAfterUncertainCreate(
          ticket, since: since, ledger: &ledger)
      },
      read: {
        response, answer throws(TicketError) -> RequestLoop.Reading<FiledTicket>
        in
        guard answer == .accepted else {
          throw TicketError(
            "\(tracker.name) refused it (\(response.status)): \(response.snippet)"
          )
        }
        let filed: FiledTicket
        do throws(TicketError) {
          filed = try tracker.created(from: response)
        } catch  where error.stopsRun || error.refused {
          // Azure DevOps' sign-in page: the credentials were refused; a GraphQL error: Linear refused
          // it. Nothing was created either way.
          throw error
        } catch {
          // A 2xx to a create: the tracker most likely has the ticket. Never "failed", never re-sent blindly.
          throw TicketError(
            "\(tracker.name) answered \(response.status) to the create, so the ticket was probably filed, "
              + "but the answer cannot be read (\(error.message)); it stays pending and is looked up before anything is sent again",
            outcomeUnknown: true)
        }
        try ledger.markFiled(
          ticket.identity, filed, fingerprint: ticket.revision,
          trackerUpdated: tracker.snapshot(from: response)?.updatedAt,
          written: tracker.record(ticket, answer: response))
        try followUps.send(ticket, filed, from: 0, look: false, ledger: &ledger)
        if tracker.droppedMarkerLabel(response, ticket: ticket) {
          // Filed and recorded; but a lost answer to the next create could not be looked up, so stop.
          throw TicketError(
            "\(tracker.name) filed \(filed.key) without its labels: the account may not set labels in "
              + "'\(tracker.settings.project)' (GitHub drops them without an error for an account without push "
              + "access, GitLab for a Guest). criteria finds its tickets again by the label \(ticket.markerLabel), "
              + "so it stops here; \(filed.key) is in the ledger. Give the account write access (Reporter on "
              + "GitLab), add that label to \(filed.key), and run again",
            isAuthentication: true)
        }
        return .done(filed)
      })
    switch outcome {
    case .success(let filed): return filed
    case .failure(let unfinished): throw unfinished.createError
    }
  }

  /// Looks for a ticket whose create may have worked, and records it (with its follow-ups) when found.
  ///
  /// An index that lags creates (Jira's JQL) could miss the ticket just made, so the search waits until
  /// the tracker's settle time has passed since the uncertain request.
  func foundAfterUncertainCreate(
    _ ticket: Ticket, since uncertainSince: Double, ledger: inout Ledger
  )
    throws(TicketError) -> FiledTicket?
  {
    let settle =
      uncertainSince + tracker.searchSettleTime - Date().timeIntervalSince1970
    if settle > 0 {
      loop.pacer.pause(until: Date().timeIntervalSince1970 + settle)
    }
    return try recovered(ticket, ledger: &ledger, since: uncertainSince)
  }
}

extension RequestLoop.Unfinished {
  /// What a create that ended so means: the ticket may exist (it stays pending, looked up before
  /// anything is sent again), or the tracker did not take it.
  var createError: TicketError {
    TicketError(
      unknown
        ? "\(cause); the ticket may have been filed: it stays pending and is looked up before anything is sent again"
        : "gave up \(afterAttempts): \(cause)",
      outcomeUnknown: unknown)
  }
}
