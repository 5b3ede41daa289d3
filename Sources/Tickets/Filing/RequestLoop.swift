import CriteriaModel
import Foundation
import Logging

/// The one request loop: every request a use case sends goes through `exchange`, which owns pacing,
/// retries and backoff, Retry-After, refused credentials, unknown outcomes and the rule that nothing is
/// sent again after an unknown outcome until the tracker has been asked.
///
/// The use cases (`TicketFiling`, `TicketUpdating`, `TicketLookup`, `RetestFollowing`) say what to send
/// and what an answer means; none of them retries or waits on its own.
final class RequestLoop {
  let tracker: any Tracker
  let transport: HTTPTransport
  let credentials: Credentials
  let retry: RetryPolicy
  let pacer: RequestPacer
  /// Hides this run's secrets in everything the use cases report or record.
  let redactor: Redactor
  /// Where the loop says what it waits for; the CLI logs notices to stderr.
  var logger = Logger(label: "criteria.tickets")
  /// When a lagging search index was last seen holding every issue made so far (`LaggingSearch`): a
  /// search about a request sent before then needs no second look.
  var indexCaughtUpAt: Double?

  init(
    tracker: any Tracker, transport: HTTPTransport, credentials: Credentials,
    retry: RetryPolicy, pacer: RequestPacer
  ) {
    self.tracker = tracker
    self.credentials = credentials
    self.retry = retry
    self.pacer = pacer
    self.transport = RateLimitAwareTransport(
      inner: transport, pacer: pacer, maxWait: tracker.settings.maxWait,
      unansweredLimit: retry.maxAttempts)
    redactor = Redactor(credentials: credentials, url: tracker.settings.url)
  }

  /// What a use case makes of an answer: finished, or worth another attempt after a wait.
  enum Reading<Value> {
    case done(Value)
    /// The answer cannot be used yet (why); the loop waits and tries again.
    case again(String)
  }

  /// How a request loop ended, when no result came.
  struct Unfinished: Error {
    /// The last problem seen.
    var cause: String
    /// The attempts made.
    var attempts: Int
    /// The tracker may have acted on a request and has not been asked since: an answer that cannot
    /// be taken (too large) ends the loop at once.
    var unknown: Bool

    /// "after 3 attempts", for messages.
    var afterAttempts: String {
      "after \(attempts) attempt\(attempts == 1 ? "" : "s")"
    }
  }

  /// Sends `request` until the use case reads a result from an answer.
  ///
  /// - Pacing: every attempt waits its turn; between attempts the loop waits as long as the server asks
  ///   (up to `max_wait`, else the run stops) or backs off.
  /// - Refused credentials throw; a fatal transport failure (TLS) or a tracker that stopped answering
  ///   stops the run.
  /// - Unknown outcomes: after a dropped connection that may have carried the request, a 408 or a 5xx,
  ///   or when `resumed` (a stopped run left the request pending), `lookUp` asks the tracker whether
  ///   the request already took effect before anything is sent again (its argument: when the uncertain
  ///   request went out, for indexes that lag). Its result ends the loop; nil means "not there, send".
  ///   A request that changes nothing needs no `lookUp`.
  /// - Rate limits and 503s, and `.again` from `read`, are retried; `read` sees accepted answers and
  ///   the refusals the loop does not judge, and may throw.
  func exchange<Value>(
    resumed: Bool = false,
    request: () throws(TicketError) -> HTTPRequest,
    lookUp: (Double) throws(TicketError) -> Value? = { _ in nil },
    read: (HTTPResponse, Answer) throws(TicketError) -> Reading<Value>
  ) throws(TicketError) -> Result<Value, Unfinished> {
    var ambiguous = resumed
    var since = 0.0
    var cause = "no attempt was made"
    var attempts = 0
    /// Asks the tracker when the last request's outcome is unknown; nil when not there (or no need).
    func look() throws(TicketError) -> Value? {
      guard ambiguous else { return nil }
      let found = try lookUp(since)
      ambiguous = false
      return found
    }
    func uncertain() {
      if !ambiguous { since = Date().timeIntervalSince1970 }
      ambiguous = true
    }
    for attempt in 1...retry.maxAttempts {
      if let found = try look() { return .success(found) }
      let outgoing = try request()
      pacer.waitForTurn(writing: !["GET", "HEAD"].contains(outgoing.method))
      attempts = attempt
      let response: HTTPResponse
      do { response = try transport.send(outgoing) } catch {
        if error.fatal || error.unreachable {
          throw TicketError(stopping: error)
        }
        cause = error.message
        if error.answered {
          // Answered, but the answer cannot be taken: the request most likely took effect.
          return .failure(
            Unfinished(cause: cause, attempts: attempt, unknown: true))
        }
        if !error.neverSent { uncertain() }
        guard error.retryable else { break }
        try wait(attempt: attempt, response: nil)
        continue
      }
      let answer = Answer(response)
      switch answer {
      case .refusedCredentials:
        throw authenticationError(response)
      case .retryLater(let mayHaveActed):
        if mayHaveActed { uncertain() }
        cause = problem(response)
        try wait(attempt: attempt, response: response)
      case .accepted, .refused:
        switch try read(response, answer) {
        case .done(let result): return .success(result)
        case .again(let problem):
          cause = problem
          try wait(attempt: attempt, response: response)
        }
      }
    }
    if let found = try look() { return .success(found) }
    return .failure(
      Unfinished(
        cause: cause, attempts: attempts, unknown: ambiguous))
  }

  /// Sends a request that changes nothing (a search, a read) until its answer can be used.
  ///
  /// `unusable` finds fault with an accepted answer (it says why; the request is tried again); other
  /// refusals are tried again too. With `gone`, 404 and 410 are answers (the ticket is not there); with
  /// `moved`, 301 and 308. Returns the answer, or nil and the last cause when every attempt failed.
  func ask(
    _ request: HTTPRequest, gone: Bool = false, moved: Bool = false,
    unusable: (HTTPResponse) -> String?
  ) throws(TicketError) -> (HTTPResponse?, cause: String?) {
    let outcome = try exchange(
      request: { request },
      read: {
        response, answer throws(TicketError) -> Reading<HTTPResponse> in
        if gone, [404, 410].contains(response.status) {
          return .done(response)
        }
        if moved, [301, 308].contains(response.status) {
          return .done(response)
        }
        guard answer == .accepted else { return .again(problem(response)) }
        if let problem = unusable(response) { return .again(problem) }
        return .done(response)
      })
    switch outcome {
    case .success(let response): return (response, nil)
    case .failure(let unfinished): return (nil, unfinished.cause)
    }
  }

  /// The most pages of one comment list read (10,000 comments on GitHub and Jira): past them whether a
  /// comment is there cannot be told, and nothing is posted.
  static let mostCommentPages = 100

  /// Reads a ticket's comment list page by page through `ask`, until `enough` says the pages read
  /// hold what is looked for or the tracker's answer is the last page.
  ///
  /// Returns the pages, or nil and the cause when one could not be had (or the list is longer than
  /// `mostCommentPages`): a caller then cannot tell, and sends nothing.
  func askPages(
    _ first: HTTPRequest, unusable: (HTTPResponse) -> String?,
    enough: ([HTTPResponse]) -> Bool
  ) throws(TicketError) -> ([HTTPResponse]?, cause: String?) {
    var pages: [HTTPResponse] = []
    var next: HTTPRequest? = first
    while let request = next {
      guard pages.count < Self.mostCommentPages else {
        return (
          nil,
          "the comments run past \(Self.mostCommentPages) pages, more than criteria reads"
        )
      }
      let (answer, cause) = try ask(request, unusable: unusable)
      guard let answer else { return (nil, cause) }
      pages.append(answer)
      if enough(pages) { break }
      next = tracker.nextCommentPage(after: request, answer: answer)
    }
    return (pages, nil)
  }

  /// What sending a change came to.
  enum Sent {
    /// The tracker took it and answered.
    case answered(HTTPResponse)
    /// Asking first found the change already made.
    case alreadyMade
  }

  /// Sends a request that changes a ticket (an update, a comment, a transition) once.
  ///
  /// After an answer that leaves the outcome unknown (a dropped connection, a 5xx, a 408), or when a
  /// stopped run left the request `resumed`, `done` asks the tracker before anything is sent again.
  /// Returns the accepted answer, or nil when `done` found the change already made. A refusal is an
  /// error whose outcome is known (nothing changed); attempts that end unknown are an error whose
  /// outcome is unknown.
  @discardableResult
  func sendOnce(
    _ request: HTTPRequest, what: String, resumed: Bool,
    done: () throws(TicketError) -> Bool
  ) throws(TicketError) -> HTTPResponse? {
    let outcome = try exchange(
      resumed: resumed, request: { request },
      lookUp: { _ throws(TicketError) in try done() ? Sent.alreadyMade : nil },
      read: { answer, kind throws(TicketError) -> Reading<Sent> in
        guard kind == .accepted else {
          throw TicketError(
            "\(tracker.name) refused \(what) (\(answer.status)): \(answer.snippet)"
          )
        }
        if let reason = tracker.refusal(in: answer) {
          throw TicketError("\(tracker.name) refused \(what): \(reason)")
        }
        return .done(.answered(answer))
      })
    switch outcome {
    case .success(.answered(let answer)): return answer
    case .success(.alreadyMade): return nil
    case .failure(let unfinished) where unfinished.unknown:
      throw TicketError(
        "\(what) is not confirmed \(unfinished.afterAttempts) (\(unfinished.cause)); the next run asks \(tracker.name) before sending it again",
        outcomeUnknown: true)
    case .failure(let unfinished):
      throw TicketError(
        "\(tracker.name) did not take \(what) \(unfinished.afterAttempts): \(unfinished.cause)"
      )
    }
  }

  /// Pauses before the next attempt: as long as the server asks (up to `max_wait`), a rate limit that
  /// names no time as long as `RetryPolicy.rateLimitPause` says, or a backoff.
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
      if let response, Answer.isRateLimited(response) {
        let pause = retry.rateLimitPause(
          attempt: attempt, maxWait: tracker.settings.maxWait)
        if pause >= 2 {
          logger.notice(
            "\(tracker.name) is rate limiting (\(response.status)) without saying for how long; waiting \(Int(pause.rounded(.up))) s (until \(Self.clockTime(now + pause)))"
          )
        }
        pacer.pause(until: now + pause)
      } else {
        pacer.pause(until: now + retry.backoff(attempt: attempt))
      }
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
        || (response.status == 403 && saysRateLimited(response))
    }

    /// A 403 whose message says it is a rate limit: GitHub's secondary limits ("You have exceeded a
    /// secondary rate limit", formerly "… an abuse detection mechanism") may carry neither header.
    static func saysRateLimited(_ response: HTTPResponse) -> Bool {
      let message = response.snippet.lowercased()
      return message.contains("rate limit")
        || message.contains("abuse detection")
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
