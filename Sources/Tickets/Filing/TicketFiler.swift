import Foundation
import Logging

/// Files tickets exactly once: the ledger is written before and after each request, an interrupted
/// request is resolved by searching the tracker for the ticket's marker before anything is re-sent,
/// transient failures are retried with backoff, and credentials that are refused stop the run.
///
/// The filer holds the run's ledger and options; the work is done by small use cases over one request
/// loop (`RequestLoop`): `TicketFiling`, `TicketUpdating`, `TicketLookup` and `RetestFollowing`.
public final class TicketFiler {
  let loop: RequestLoop
  let progress: FilingProgress?
  public internal(set) var ledger: Ledger
  /// Search the tracker for every ticket the ledger does not know before filing it: rebuilds a lost ledger.
  public var searchBeforeFiling = false
  /// Update filed tickets whose content changed (`--update`), instead of only counting them.
  public var updateChanged = false
  /// Overwrite tickets a person edited since criteria last wrote them (`--force`).
  public var overwriteEdited = false
  /// The identities the sources hold, selected or not (`criteria run`): a ticket whose component's
  /// document moved or was renamed is then found under its old identity, not filed again.
  public var heldIdentities: Set<String>?

  /// Creates a filer.
  public init(
    tracker: any Tracker, transport: HTTPTransport, ledger: Ledger,
    credentials: Credentials,
    retry: RetryPolicy? = nil, pacer: RequestPacer? = nil,
    progress: FilingProgress? = nil
  ) {
    let retry =
      retry
      ?? RetryPolicy(
        maxAttempts: tracker.settings.maxAttempts,
        base: tracker.settings.backoffBase)
    loop = RequestLoop(
      tracker: tracker, transport: transport, credentials: credentials,
      retry: retry, pacer: pacer ?? RequestPacer(pacing: tracker.pacing))
    self.ledger = ledger
    self.ledger.redactor = loop.redactor
    self.progress = progress
    if pacer == nil {
      loop.pacer.notice = { [logger] in logger.notice("\($0)") }
    }
  }

  /// Where the filer says what it waits for; the CLI logs notices to stderr.
  public var logger = Logger(label: "criteria.tickets") {
    didSet {
      loop.logger = logger
      loop.pacer.notice = { [logger] in logger.notice("\($0)") }
    }
  }

  /// Hides this run's secrets in everything the filer reports or records.
  public var redactor: Redactor { loop.redactor }

  var lookup: TicketLookup { TicketLookup(loop: loop) }

  /// Files every ticket not yet filed; throws only when the run must stop (credentials refused, ledger unwritable).
  public func file(_ tickets: [Ticket]) throws(TicketError) -> FilingSummary {
    let filing = TicketFiling(
      lookup: lookup,
      updating: TicketUpdating(
        lookup: lookup, overwriteEdited: overwriteEdited),
      searchBeforeFiling: searchBeforeFiling, updateChanged: updateChanged,
      held: heldIdentities, progress: progress)
    return try keepingLedger { () throws(TicketError) in
      try filing.file(
        try tickets.map { ticket throws(TicketError) in
          try TicketRevision.stamp(ticket, for: loop.tracker)
        }, ledger: &ledger)
    }
  }

  /// Reads a filed ticket's state from its tracker (paced and retried like writes); a ticket the
  /// tracker answers 404 or 410 for is `deleted`, and one that is no longer the ticket the ledger filed
  /// as `identity` is `moved` or `replaced`.
  public func read(_ filed: FiledTicket, identity: String? = nil)
    throws(TicketError)
    -> TicketSnapshot
  {
    do {
      return try lookup.readAnswer(
        filed, identity: identity,
        former: identity.flatMap { ledger[$0]?.formerIdentity }
      ).snapshot
    } catch {
      throw redacted(error)
    }
  }

  /// Acts on each retested row's ticket (`follow_retest`); throws only when the run must stop.
  public func followRetests(_ rows: [RetestRow]) throws(TicketError)
    -> RetestSummary
  {
    let following = RetestFollowing(lookup: lookup)
    return try keepingLedger { () throws(TicketError) in
      try following.follow(rows, ledger: &ledger)
    }
  }

  /// Runs a use case, then folds the ledger's journal into it, also when the run stops (the journal
  /// keeps every change; folding it in only saves the next run the work).
  private func keepingLedger<Value>(
    _ work: () throws(TicketError) -> Value
  ) throws(TicketError) -> Value {
    do {
      let value = try work()
      try ledger.compact()
      return value
    } catch {
      try? ledger.compact()
      throw redacted(error)
    }
  }

  private func redacted(_ error: TicketError) -> TicketError {
    var redacted = error
    redacted.message = redactor.text(error.message)
    return redacted
  }
}
