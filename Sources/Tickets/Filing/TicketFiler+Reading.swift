import CriteriaModel
import Foundation
import Logging

/// Asking the tracker (searches and reads, paced and retried) and waiting as it asks.
extension TicketFiler {
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

  /// Pauses before the next attempt: as long as the server asks (up to `max_wait`), or a backoff.
  ///
  /// A long wait is said on stderr. A server asking for longer stops the run: every ticket would wait the same, and the ledger
  /// already says which requests are pending, so the next run searches before sending anything again.
  func wait(attempt: Int, response: HTTPResponse?) throws(TicketError) {
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
    UTCDate.string(
      Date(timeIntervalSince1970: seconds), "yyyy-MM-dd HH:mm:ss 'UTC'")
  }

  func problem(_ response: HTTPResponse) -> String {
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
        let errors = response.decoded(AnswerErrors.self)?.errors
      else { return [] }
      return errors.compactMap { $0.wrappedValue?.extensions?.code }
    }

    static func isRateLimited(_ response: HTTPResponse) -> Bool {
      isGraphQLRateLimit(response) || response.status == 429
        || response.headers["retry-after"] != nil
        || response.headers["x-ratelimit-remaining"] == "0"
    }
  }

  func authenticationError(_ response: HTTPResponse) -> TicketError {
    let variable = tracker.settings.tokenEnv ?? "the token variable"
    let user = tracker.settings.userEnv.map { " and \($0)" } ?? ""
    return TicketError(
      "\(tracker.name) refused the credentials (\(response.status)); check that \(variable)\(user) \(tracker.settings.userEnv == nil ? "holds" : "hold") a valid token "
        + "with permission to create issues in '\(tracker.settings.project)'",
      isAuthentication: true)
  }
}
