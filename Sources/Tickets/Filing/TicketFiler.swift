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
  public private(set) var ledger: Ledger
  /// Search the tracker for every ticket the ledger does not know before filing it: rebuilds a lost ledger.
  public var searchBeforeFiling = false
  /// Update filed tickets whose content changed (`--update`), instead of only counting them.
  public var updateChanged = false
  /// Overwrite tickets a person edited since criteria last wrote them (`--force`).
  public var overwriteEdited = false
  /// The ticket being worked on, for the message of a run that stops.
  private var current: String?

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

  private func fileAll(_ tickets: [Ticket]) throws(TicketError) -> FilingSummary
  {
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

  /// Files up to `bulkLimit` tickets in one request.
  ///
  /// The same rules as one at a time: pending before the
  /// request, a search for every ticket whose fate is unknown before anything is sent again, and a
  /// rejected element fails only its own ticket.
  private func fileBatch(
    _ tickets: [Ticket], _ bulk: any BulkTracker,
    into summary: inout FilingSummary
  ) throws(TicketError) {
    try ledger.markPending(
      all: tickets.map(\.identity),
      fingerprints: Dictionary(
        tickets.compactMap { ticket in
          ticket.revision.map { (ticket.identity, $0) }
        },
        uniquingKeysWith: { first, _ in first }))
    var remaining = tickets
    var ambiguous = false
    var lastProblem = "no attempt was made"

    func settle(_ ticket: Ticket, _ filed: FiledTicket) throws(TicketError) {
      try ledger.markFiled(ticket.identity, filed)
      summary.filed.append((ticket.identity, filed))
      progress?.advance()
    }
    func fail(_ ticket: Ticket, _ reason: String) throws(TicketError) {
      try ledger.markFailed(ticket.identity, reason: reason)
      summary.failed.append((ticket.identity, redactor.text(reason)))
      progress?.advance()
    }
    /// Settles the tickets the tracker already has; keeps the rest.
    func searchRemaining() throws(TicketError) {
      var notFound: [Ticket] = []
      for ticket in remaining {
        if let found = try search(ticket) {
          try settle(ticket, found)
        } else {
          notFound.append(ticket)
        }
      }
      remaining = notFound
    }

    for attempt in 1...retry.maxAttempts {
      if ambiguous {
        try searchRemaining()
        ambiguous = false
        if remaining.isEmpty { return }
      }
      pacer.waitForTurn()
      let request = try bulk.bulkRequest(
        for: remaining, credentials: credentials)
      let response: HTTPResponse
      do {
        response = try transport.send(request)
      } catch {
        if error.fatal { throw TicketError(stopping: error) }
        guard error.retryable else {
          for ticket in remaining { try fail(ticket, error.message) }
          return
        }
        ambiguous = true
        lastProblem = error.message
        try wait(attempt: attempt, response: nil)
        continue
      }
      // Jira answers 201 when some were created and 400 when none were; both list the failed elements.
      let listsElements =
        response.status == 400
        && (response.json as? [String: Any])?["errors"] is [[String: Any]]
      switch listsElements ? .accepted : Answer(response) {
      case .accepted:
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
        if remaining.isEmpty { return }
        // The answer did not account for these: they may exist. Search before anything else.
        try searchRemaining()
        for ticket in remaining {
          try fail(
            ticket,
            "\(tracker.name)'s bulk answer did not account for it, and a search does not find it"
          )
        }
        return
      case .refusedCredentials:
        throw authenticationError(response)
      case .retryLater(let mayHaveCreated):
        ambiguous = ambiguous || mayHaveCreated
        lastProblem = problem(response)
        try wait(attempt: attempt, response: response)
      case .refused:
        for ticket in remaining {
          try fail(
            ticket,
            "\(tracker.name) refused it (\(response.status)): \(response.snippet)"
          )
        }
        return
      }
    }
    if ambiguous { try searchRemaining() }
    for ticket in remaining {
      try fail(
        ticket, "gave up after \(retry.maxAttempts) attempts: \(lastProblem)")
    }
  }

  /// Records a ticket that did not get filed.
  ///
  /// "Failed" only when the tracker certainly does not have it: a ticket the ledger already says is
  /// filed stays filed, and one whose outcome is unknown stays pending, so the next run looks it up
  /// before sending anything.
  private func record(
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
  private func recovered(_ ticket: Ticket) throws(TicketError) -> Bool {
    guard let found = try search(ticket) else { return false }
    try ledger.markFiled(ticket.identity, found)
    // Found after an interrupted run: which of its follow-ups made it is not known, so look first.
    try sendFollowUps(ticket, found, from: 0, look: true)
    return true
  }

  private func fileOne(_ unnamed: Ticket) throws(TicketError) -> FiledTicket {
    var ticket = unnamed
    if tracker.choosesIDs {
      // Chosen once and recorded before anything is sent: every retry and every later run uses it.
      ticket.clientID =
        ledger[ticket.identity]?.clientID ?? UUID().uuidString.lowercased()
    }
    try ledger.markPending(
      ticket.identity, fingerprint: ticket.revision, clientID: ticket.clientID)
    let request = try tracker.createRequest(
      for: ticket, credentials: credentials)
    var ambiguous = false
    var lastProblem = "no attempt was made"
    var uncertainSince = 0.0
    for attempt in 1...retry.maxAttempts {
      if ambiguous,
        let found = try foundAfterUncertainCreate(ticket, since: uncertainSince)
      {
        return found
      }
      pacer.waitForTurn()
      let response: HTTPResponse
      do {
        response = try transport.send(request)
      } catch {
        // A tracker that does not answer at all: stop here; the ticket stays pending in the ledger.
        if error.unreachable { throw TicketError(stopping: error) }
        if error.answered {
          throw TicketError(
            "\(error.message); the ticket may have been filed: it stays pending and is looked up before anything is sent again",
            outcomeUnknown: true)
        }
        guard error.retryable else {
          throw error.fatal
            ? TicketError(stopping: error) : TicketError(error.message)
        }
        // The request may have reached the tracker before the connection failed (not when none was made).
        if !error.neverSent {
          ambiguous = true
          uncertainSince = Date().timeIntervalSince1970
        }
        lastProblem = error.message
        try wait(attempt: attempt, response: nil)
        continue
      }
      switch Answer(response) {
      case .accepted:
        let filed: FiledTicket
        do { filed = try tracker.created(from: response) } catch
          where error.stopsRun || error.refused
        {
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
          trackerUpdated: tracker.snapshot(from: response)?.updatedAt)
        try sendFollowUps(ticket, filed, from: 0, look: false)
        return filed
      case .refusedCredentials:
        throw authenticationError(response)
      case .retryLater(let mayHaveCreated):
        if mayHaveCreated {
          ambiguous = true
          uncertainSince = Date().timeIntervalSince1970
        }
        lastProblem = problem(response)
        try wait(attempt: attempt, response: response)
      case .refused:
        throw TicketError(
          "\(tracker.name) refused it (\(response.status)): \(response.snippet)"
        )
      }
    }
    if ambiguous,
      let found = try foundAfterUncertainCreate(ticket, since: uncertainSince)
    {
      return found
    }
    throw TicketError(
      "gave up after \(retry.maxAttempts) attempts: \(lastProblem)")
  }

  /// Looks for a ticket whose create may have worked, and records it (with its follow-ups) when found.
  ///
  /// An index that lags creates (Jira's JQL) could miss the ticket just made, so the search waits until
  /// the tracker's settle time has passed since the uncertain request.
  private func foundAfterUncertainCreate(
    _ ticket: Ticket, since uncertainSince: Double
  )
    throws(TicketError) -> FiledTicket?
  {
    let settle =
      uncertainSince + tracker.searchSettleTime - Date().timeIntervalSince1970
    if settle > 0 { pacer.pause(until: Date().timeIntervalSince1970 + settle) }
    guard let found = try search(ticket) else { return nil }
    try ledger.markFiled(ticket.identity, found)
    try sendFollowUps(ticket, found, from: 0, look: true)
    return found
  }

  /// Posts a filed ticket's follow-ups from number `start` on.
  ///
  /// Each is recorded in the ledger once confirmed. A follow-up whose outcome is unknown (or every one, with `look`, after an interrupted run) is looked
  /// for by its marker before it is posted again.
  private func sendFollowUps(
    _ ticket: Ticket, _ filed: FiledTicket, from start: Int, look: Bool
  ) throws(TicketError) {
    let requests = try tracker.followUps(
      for: ticket, filed: filed, credentials: credentials)
    guard start < requests.count else { return }
    if ledger[ticket.identity]?.followUpsSent == nil {
      try ledger.markFollowUps(ticket.identity, sent: start)
    }
    var present: Set<Int> =
      look ? try postedFollowUps(ticket, filed, count: requests.count) : []
    for index in start..<requests.count {
      var posted = present.contains(index)
      var uncertain = false
      var cause = "no attempt was made"
      for attempt in 1...retry.maxAttempts where !posted {
        if uncertain {
          present = try postedFollowUps(ticket, filed, count: requests.count)
          if present.contains(index) {
            posted = true
            break
          }
        }
        pacer.waitForTurn()
        do {
          let response = try transport.send(requests[index])
          switch Answer(response) {
          case .accepted:
            posted = true
          case .refusedCredentials:
            throw authenticationError(response)
          case .retryLater(let mayHaveCreated):
            uncertain = uncertain || mayHaveCreated
            cause = problem(response)
            try wait(attempt: attempt, response: response)
          case .refused:
            cause = problem(response)
            try wait(attempt: attempt, response: response)
          }
        } catch let error as TransportError {
          if error.fatal { throw TicketError(stopping: error) }
          uncertain = uncertain || !error.neverSent
          cause = error.message
          try wait(attempt: attempt, response: nil)
        } catch let error as TicketError {
          throw error
        } catch {
          cause = "\(error)"
        }
      }
      guard posted else {
        throw TicketError(
          "filed as \(filed.key), but its comment \(index + 2) of \(requests.count + 1) is not posted yet "
            + "(\(cause)); the next run looks for it and posts what is missing")
      }
      try ledger.markFollowUps(ticket.identity, sent: index + 1)
    }
  }

  /// The follow-ups already on the tracker, by index, found by their markers.
  private func postedFollowUps(
    _ ticket: Ticket, _ filed: FiledTicket, count: Int
  ) throws(TicketError) -> Set<Int> {
    guard
      let request = tracker.followUpsListRequest(
        filed: filed, credentials: credentials)
    else {
      throw TicketError(
        "filed as \(filed.key); whether its follow-ups were posted cannot be checked, so none is sent twice",
        outcomeUnknown: true)
    }
    var cause = "no attempt was made"
    for attempt in 1...retry.maxAttempts {
      pacer.waitForTurn()
      do {
        let response = try transport.send(request)
        switch Answer(response) {
        case .accepted:
          let bodies = tracker.followUpBodies(in: response)
          return Set(
            (0..<count).filter { index in
              let marker =
                "<!-- \(tracker.followUpMarker(for: ticket, index: index)) -->"
              return bodies.contains { $0.contains(marker) }
            })
        case .refusedCredentials:
          throw authenticationError(response)
        case .retryLater, .refused:
          cause = problem(response)
          try wait(attempt: attempt, response: response)
        }
      } catch let error as TransportError {
        if error.fatal { throw TicketError(stopping: error) }
        cause = error.message
        try wait(attempt: attempt, response: nil)
      } catch let error as TicketError {
        throw error
      } catch {
        cause = "\(error)"
      }
    }
    throw TicketError(
      "filed as \(filed.key), but its comments cannot be listed (\(cause)); the next run looks again before posting any"
    )
  }

  /// Sends a request that changes nothing (a search, a read) until its answer can be used.
  ///
  /// Paced, and retried with backoff on transport failures, rate limits, server errors and answers
  /// `unusable` finds fault with (it says why); refused credentials stop the run. With `gone`, 404 and
  /// 410 are answers too (the ticket is not there). Returns the answer, or nil and the last cause when
  /// every attempt failed.
  private func ask(
    _ request: HTTPRequest, gone: Bool = false, moved: Bool = false,
    unusable: (HTTPResponse) -> String?
  ) throws(TicketError) -> (HTTPResponse?, cause: String?) {
    var cause: String?
    for attempt in 1...retry.maxAttempts {
      pacer.waitForTurn()
      let response: HTTPResponse
      do { response = try transport.send(request) } catch {
        if error.fatal { throw TicketError(stopping: error) }
        cause = error.message
        try wait(attempt: attempt, response: nil)
        continue
      }
      if gone, [404, 410].contains(response.status) { return (response, nil) }
      if moved, [301, 308].contains(response.status) { return (response, nil) }
      switch Answer(response) {
      case .accepted:
        if let problem = unusable(response) {
          cause = problem
          try wait(attempt: attempt, response: response)
          continue
        }
        return (response, nil)
      case .refusedCredentials: throw authenticationError(response)
      case .retryLater, .refused:
        cause = problem(response)
        try wait(attempt: attempt, response: response)
      }
    }
    return (nil, cause)
  }

  /// Looks the ticket up by its marker; nil when the tracker says it is not there.
  func search(_ ticket: Ticket) throws(TicketError) -> FiledTicket? {
    guard
      let request = tracker.searchRequest(for: ticket, credentials: credentials)
    else {
      // Without a search the tracker cannot be asked, and re-sending could file it twice: a person decides.
      throw TicketError(
        "an earlier request for it may have reached \(tracker.name), which cannot be searched (its definition "
          + "has no search:); look for its marker criteria:id=\(ticket.identity) on the tracker, then set its ledger entry "
          + "(\(ledger.path)) to \"state\": \"filed\" with the key, or delete the entry to file it again",
        outcomeUnknown: true)
    }
    let (response, cause) = try ask(request) { response in
      tracker.searchFailure(in: response)
    }
    if let response { return tracker.found(in: response, ticket: ticket) }
    // Never "failed": a failed ticket is sent again next run, and this one may exist. It stays pending.
    throw TicketError(
      "cannot tell whether it was already filed: searching \(tracker.name) failed (\(cause ?? "no search was made")); "
        + "it stays pending and is looked up again before anything is sent",
      outcomeUnknown: true)
  }

  // MARK: Reading and updating filed tickets

  /// Reads a filed ticket's state from its tracker (paced and retried like writes); a ticket the
  /// tracker answers 404 or 410 for is `deleted`, and one that is no longer the ticket the ledger filed
  /// as `identity` is `moved` or `replaced`.
  public func read(_ filed: FiledTicket, identity: String? = nil)
    throws(TicketError)
    -> TicketSnapshot
  {
    do {
      return try readAnswer(filed, identity: identity).snapshot
    } catch {
      var redacted = error
      redacted.message = redactor.text(error.message)
      throw redacted
    }
  }

  /// The snapshot and the raw answer (whose body tells which revision the ticket holds).
  func readAnswer(_ filed: FiledTicket, identity: String? = nil)
    throws(TicketError) -> (snapshot: TicketSnapshot, response: HTTPResponse?)
  {
    guard
      let request = tracker.readRequest(for: filed, credentials: credentials)
    else {
      throw TicketError(
        "\(tracker.name) tickets cannot be read back (its definition has no read: block); add one to read their status"
      )
    }
    let (answer, cause) = try ask(request, gone: true, moved: identity != nil) {
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
          answeredKey: tracker.answeredKey(answer))
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

  /// Updates a filed ticket whose content changed, exactly once.
  ///
  /// The ledger records the update as sent before it goes; a run stopped after that reads the
  /// ticket and finds the update's revision in it instead of sending it again. A ticket a person
  /// edited since criteria last wrote it is left alone unless `overwriteEdited`; a deleted one is
  /// never filed again.
  private func bringUpToDate(
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

  private func confirmUpdate(
    _ ticket: Ticket, _ revision: String, _ updated: String?
  ) throws(TicketError) {
    try ledger.change(ticket.identity) {
      $0.fingerprint = revision
      $0.updating = nil
      $0.trackerUpdated = updated
    }
  }

  /// Pauses before the next attempt: as long as the server asks (up to `max_wait`), or a backoff.
  ///
  /// A long wait is said on stderr. A server asking for longer stops the run: every ticket would wait the same, and the ledger
  /// already says which requests are pending, so the next run searches before sending anything again.
  private func wait(attempt: Int, response: HTTPResponse?) throws(TicketError) {
    let now = Date().timeIntervalSince1970
    if let response, let pause = RetryPolicy.serverPause(response, now: now) {
      let limit = tracker.settings.maxWait
      guard pause.isFinite, pause <= limit else {
        let until =
          pause.isFinite ? " (until \(Self.clockTime(now + pause)))" : ""
        let asked =
          pause.isFinite
          ? "\(Int(pause)) s" : "longer than a lifetime, or no number at all"
        throw TicketError(
          "\(tracker.name) asks to wait \(asked)\(until), longer than "
            + "max_wait (\(Int(limit)) s); stopping here. Run again later: pending tickets are looked up before anything is sent again.",
          stopsRun: true)
      }
      if pause >= 2 {
        logger.notice(
          "\(tracker.name) asks to wait \(Int(pause.rounded(.up))) s (until \(Self.clockTime(now + pause))); waiting"
        )
      }
      pacer.pause(until: now + pause)
    } else if attempt < retry.maxAttempts {
      pacer.pause(until: now + retry.backoff(attempt: attempt))
    }
  }

  /// A time of day for messages: `14:03:07 UTC`.
  static func clockTime(_ seconds: Double) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss 'UTC'"
    return formatter.string(from: Date(timeIntervalSince1970: seconds))
  }

  private func problem(_ response: HTTPResponse) -> String {
    Answer.isRateLimited(response)
      ? "rate limited (\(response.status))"
      : "\(tracker.name) answered \(response.status): \(response.snippet)"
  }

  /// What a tracker's answer means for the filer.
  enum Answer: Equatable {
    case accepted
    /// 401, or a 403 that is not a rate limit: stop the run.
    case refusedCredentials
    /// Rate limits, timeouts and server errors. After a rate limit or a 503 the request was not handled;
    /// after other 5xx and 408 the tracker may have created the ticket.
    case retryLater(mayHaveCreated: Bool)
    /// Any other answer: this ticket fails with the tracker's words.
    case refused

    init(_ response: HTTPResponse) {
      if Self.isGraphQLRateLimit(response) {
        self = .retryLater(mayHaveCreated: false)
        return
      }
      if Self.graphQLCodes(response).contains("AUTHENTICATION_ERROR") {
        self = .refusedCredentials
        return
      }
      switch response.status {
      case 200..<300: self = .accepted
      case 401: self = .refusedCredentials
      case 403:
        self =
          Self.isRateLimited(response)
          ? .retryLater(mayHaveCreated: false) : .refusedCredentials
      case 429, 503: self = .retryLater(mayHaveCreated: false)
      case 408, 500...599: self = .retryLater(mayHaveCreated: true)
      default: self = .refused
      }
    }

    /// A GraphQL answer (Linear) whose error code is RATELIMITED: nothing was done.
    static func isGraphQLRateLimit(_ response: HTTPResponse) -> Bool {
      graphQLCodes(response).contains("RATELIMITED")
    }

    /// The `extensions.code` of each error in a GraphQL answer (none for other answers).
    static func graphQLCodes(_ response: HTTPResponse) -> [String] {
      guard [200, 400, 401, 429].contains(response.status),
        response.headers["content-type"]?.contains("json") != false,
        let errors = (response.json as? [String: Any])?["errors"]
          as? [[String: Any]]
      else { return [] }
      return errors.compactMap {
        ($0["extensions"] as? [String: Any])?["code"] as? String
      }
    }

    static func isRateLimited(_ response: HTTPResponse) -> Bool {
      isGraphQLRateLimit(response) || response.status == 429
        || response.headers["retry-after"] != nil
        || response.headers["x-ratelimit-remaining"] == "0"
    }
  }

  private func authenticationError(_ response: HTTPResponse) -> TicketError {
    let variable = tracker.settings.tokenEnv ?? "the token variable"
    let user = tracker.settings.userEnv.map { " and \($0)" } ?? ""
    return TicketError(
      "\(tracker.name) refused the credentials (\(response.status)); check that \(variable)\(user) \(tracker.settings.userEnv == nil ? "holds" : "hold") a valid token "
        + "with permission to create issues in '\(tracker.settings.project)'",
      isAuthentication: true)
  }
}

/// Passes requests on, holding the next one when an answer says none remain in the window.
///
/// Linear's `X-RateLimit-Requests-*` and GitHub's `X-RateLimit-*` say so; waiting for the reset spends no
/// request on a refusal. A reset further off than `max_wait` is left to the refusal, which stops the run
/// with what to do.
final class RateLimitAwareTransport: HTTPTransport {
  let inner: HTTPTransport
  let pacer: RequestPacer
  let maxWait: Double
  /// After this many requests in a row without an answer (stalls, connections refused or dropped),
  /// the tracker is taken as unreachable and the run stops.
  let unansweredLimit: Int
  private var unansweredInARow = 0

  init(
    inner: HTTPTransport, pacer: RequestPacer, maxWait: Double,
    unansweredLimit: Int
  ) {
    self.inner = inner
    self.pacer = pacer
    self.maxWait = maxWait
    self.unansweredLimit = max(1, unansweredLimit)
  }

  func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
    let response: HTTPResponse
    do { response = try inner.send(request) } catch {
      guard error.retryable, !error.answered, !error.fatal else { throw error }
      unansweredInARow += 1
      guard unansweredInARow >= unansweredLimit else { throw error }
      var stopped = error
      stopped.fatal = true
      stopped.unreachable = true
      stopped.message =
        "the tracker gave no answer to \(unansweredInARow) requests in a row (the last: \(error.message)); "
        + "stopping the run. Requests that may have reached it are pending in the ledger and looked up first next time"
      throw stopped
    }
    unansweredInARow = 0
    if (200..<300).contains(response.status),
      TicketFiler.Answer.isGraphQLRateLimit(response) == false
    {
      let now = Date().timeIntervalSince1970
      if let pause = RetryPolicy.serverPause(response, now: now), pause > 0,
        pause <= maxWait
      {
        pacer.pause(until: now + pause)
      }
    }
    return response
  }
}

/// What a filing run did.
public struct FilingSummary: Sendable {
  public var filed: [(identity: String, ticket: FiledTicket)] = []
  public var alreadyFiled: [String] = []
  public var failed: [(identity: String, reason: String)] = []
  /// Tickets whose request may have created them, not yet confirmed: left pending in the ledger, never sent again
  /// before the tracker has been asked.
  public var unknown: [(identity: String, reason: String)] = []
  /// Filed tickets whose content changed since, left as they are (no `--update`).
  public var outdated: [String] = []
  /// Filed tickets updated in place.
  public var updated: [(identity: String, key: String)] = []
  /// Out-of-date tickets a person edited since criteria wrote them: left alone (no `--force`).
  public var edited: [(identity: String, key: String)] = []
  /// Out-of-date tickets the tracker no longer has: never filed again.
  public var deleted: [(identity: String, key: String)] = []
  /// Out-of-date tickets whose key now names a moved or another ticket: left for a person to decide.
  public var notOurs: [(identity: String, key: String, status: String)] = []

  /// Failed and unknown together: what makes the run exit 1.
  public var problemCount: Int { failed.count + unknown.count }

  /// A few lines for people.
  public var text: String {
    var head =
      "filed \(filed.count), already filed \(alreadyFiled.count), failed \(failed.count)"
    if !unknown.isEmpty { head += ", not confirmed \(unknown.count)" }
    if !updated.isEmpty { head += ", updated \(updated.count)" }
    var lines = [head]
    if !outdated.isEmpty {
      lines.append(
        "\(outdated.count) \(outdated.count == 1 ? "ticket is" : "tickets are") out of date: "
          + "the criteria changed since \(outdated.count == 1 ? "it was" : "they were") filed; "
          + "run with --update (or update: true in the output's options) to update them in place"
      )
    }
    if !edited.isEmpty {
      lines.append(
        "left alone because someone edited them on the tracker since (--force overwrites): "
          + edited.map(\.key).joined(separator: ", "))
    }
    if !deleted.isEmpty {
      lines.append(
        "deleted on the tracker, not filed again: "
          + deleted.map(\.key).joined(separator: ", "))
    }
    if !notOurs.isEmpty {
      lines.append(
        "left alone, no longer the tickets criteria filed (a person decides): "
          + notOurs.map { "\($0.key) (\($0.status))" }.joined(separator: ", "))
    }
    lines += failed.map { "  failed \($0.identity): \($0.reason)" }
    lines += unknown.map { "  not confirmed \($0.identity): \($0.reason)" }
    return lines.joined(separator: "\n")
  }
}

/// A progress line on stderr (count, rate, ETA), only when stderr is a terminal.
public final class FilingProgress {
  private var total = 0
  private var done = 0
  private var started = Date()

  public init?() { if isatty(STDERR_FILENO) != 1 { return nil } }

  func start(total: Int) {
    self.total = total
    done = 0
    started = Date()
  }

  func advance() {
    done += 1
    let elapsed = Date().timeIntervalSince(started)
    let rate = elapsed > 0 ? Double(done) / elapsed : 0
    let eta = rate > 0 ? Double(total - done) / rate : 0
    let line = String(
      format: "\r  tickets %d/%d  %.1f/s  ETA %.0fs ", done, total, rate, eta)
    FileHandle.standardError.write(Data(line.utf8))
  }

  func finish() { FileHandle.standardError.write(Data("\n".utf8)) }
}
