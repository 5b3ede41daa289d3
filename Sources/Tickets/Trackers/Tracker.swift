import CriteriaModel
import Foundation
import Options

/// A tracker API: how to create a ticket, read back its key, find it again by its marker, and how fast to go.
public protocol Tracker: Sendable {
  /// The exporter name, e.g. `github`.
  var name: String { get }
  /// Settings from the output's options.
  var settings: TrackerSettings { get }
  /// The body of the single-create request for a ticket (what `--dry-run` writes).
  func payload(for ticket: Ticket) throws(TicketError) -> Data
  /// What a ticket's revision fingerprints (`TicketRevision.stamp`): the create's body, unless a tracker
  /// changed what its create asks back and keeps the body the revisions of its filed tickets were taken
  /// from, so that no ticket reads as out of date for it.
  func revisionBasis(for ticket: Ticket) throws(TicketError) -> Data
  /// The full create request, credentials included.
  func createRequest(for ticket: Ticket, credentials: Credentials)
    throws(TicketError) -> HTTPRequest
  /// The created ticket's key and URL from a 2xx response.
  func created(from response: HTTPResponse) throws(TicketError) -> FiledTicket
  /// A request that finds a ticket by its marker, to rebuild a lost or interrupted ledger entry.
  func searchRequest(for ticket: Ticket, credentials: Credentials)
    -> HTTPRequest?
  /// The ticket found by `searchRequest`, if any.
  func found(in response: HTTPResponse, ticket: Ticket) -> FiledTicket?
  /// The bodies of the comments that continue a ticket's body after its create (GitHub, Jira: the rest
  /// of a body too long for one request), in order; none when the body fits. Each carries
  /// `followUpMarkerText(for:index:)`, so it can be found before it is sent again.
  func followUpPayloads(for ticket: Ticket) throws(TicketError) -> [Data]
  /// The body that takes the place of follow-up `index` when an update's body no longer needs it: a
  /// note saying so, with its marker; nil when the tracker has no follow-ups.
  func retiredFollowUpPayload(for ticket: Ticket, index: Int)
    throws(TicketError)
    -> Data?
  /// A request posting a follow-up's payload, or with `comment` (an id from `followUpComments`) putting
  /// it in place of that comment's body; nil when the tracker has no follow-ups.
  func followUpRequest(
    _ payload: Data, comment: String?, filed: FiledTicket,
    credentials: Credentials
  ) -> HTTPRequest?
  /// A request listing what follow-ups a filed ticket already has (its comments), or nil.
  func followUpsListRequest(filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  /// The comments in a `followUpsListRequest` answer: each one's id and text.
  func followUpComments(in response: HTTPResponse) -> [FollowUpComment]
  /// A follow-up payload's text as `followUpComments` shows the comment holding it.
  func followUpText(_ payload: Data) -> String
  /// Follow-up `index`'s marker as its body carries it and `followUpComments` shows it (GitHub: inside
  /// an HTML comment).
  func followUpMarkerText(for ticket: Ticket, index: Int) -> String
  /// The tracker's bulk create, when it has one and its settings ask for it (`bulk: true`).
  var bulkCreate: (any BulkTracker)? { get }
  /// How long after a create its search may still miss it (an eventually consistent index such as Jira's
  /// JQL); the filer waits that long after an uncertain create before it believes a search that finds nothing.
  var searchSettleTime: Double { get }
  /// Whether a create's answer shows the ticket without its marker label, by which the tracker's search
  /// finds it again: GitHub drops the labels of an account without push access, and GitLab a Guest's,
  /// without an error. False when the answer does not show labels, or the search needs none.
  func droppedMarkerLabel(_ response: HTTPResponse, ticket: Ticket) -> Bool
  /// How to tell whether that index holds every issue made so far (Jira); nil where searches are consistent.
  var laggingSearch: (any LaggingSearch)? { get }
  /// How fast requests may go.
  var pacing: Pacing { get }
  /// Whether criteria chooses each ticket's id before creating it (Linear): the filer records it in the
  /// ledger first, and a retry looks the ticket up by it.
  var choosesIDs: Bool { get }
  /// Why a 2xx answer to `searchRequest` is not a search result criteria can read (an HTML sign-in
  /// page, a body of another shape, a GraphQL error), or nil when it is. A search answer that cannot be
  /// read never means "not there": the ticket stays pending and nothing is sent.
  func searchFailure(in response: HTTPResponse) -> String?
  /// Why a 2xx answer to `commentsRequest` or `followUpsListRequest` is not a comment list criteria can
  /// read, or nil when it is: a comment that cannot be looked for is never posted again on a guess.
  func commentListFailure(in response: HTTPResponse) -> String?
  /// A request reading one filed ticket back (status, update time, body), or nil when the tracker cannot.
  func readRequest(for filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  /// The ticket's state in a `readRequest` answer (or a create or update answer of the same shape).
  func snapshot(from response: HTTPResponse) -> TicketSnapshot?
  /// The key a `readRequest` answer names, when the tracker gives one (Jira follows a moved issue's
  /// old key to its new one): another key than the one asked for means the ticket moved.
  func answeredKey(_ response: HTTPResponse) -> String?
  /// A request replacing a filed ticket's title and body with this content, or nil when the tracker cannot.
  func updateRequest(
    for ticket: Ticket, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> HTTPRequest?
  /// A request posting `comment` on a filed ticket, or nil when the tracker cannot.
  func commentRequest(
    _ comment: String, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> HTTPRequest?
  /// A request listing where a filed ticket can go (Jira's transitions, Azure DevOps' states), read
  /// before a close or reopen is built; nil when none is needed. `finding`: whether it was filed for an
  /// audit finding (a Bug where the tracker has types), else for criteria (the configured type).
  func transitionChoicesRequest(
    filed: FiledTicket, finding: Bool, credentials: Credentials
  ) -> HTTPRequest?
  /// A request closing or reopening a filed ticket (`choices`: the answer to
  /// `transitionChoicesRequest`), or nil when the tracker cannot; a status the choices lack is an error
  /// naming the ones there are.
  func transitionRequest(
    _ action: RetestAction, filed: FiledTicket, choices: HTTPResponse?,
    credentials: Credentials
  ) throws(TicketError) -> HTTPRequest?
  /// What a 2xx answer to a change says was refused (a GraphQL error), or nil when it was done.
  func refusal(in response: HTTPResponse) -> String?
  /// A request whose answer holds a filed ticket's comments, to find one before posting it again; nil
  /// when the read answer holds them.
  func commentsRequest(filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  /// The request for the page after `answer` of a comment list (`followUpsListRequest`,
  /// `commentsRequest`), or nil when `answer` is the last page or the list comes whole.
  ///
  /// A marker on a later page must be found there before a comment is posted again: a busy ticket
  /// has more comments than one page holds.
  func nextCommentPage(after request: HTTPRequest, answer: HTTPResponse)
    -> HTTPRequest?
  /// What an update of `ticket` overwrites (title, description, labels), as a read answer would show it;
  /// nil where criteria cannot tell, and a moved update time then counts as a person's edit.
  func writtenFields(for ticket: Ticket) throws(TicketError) -> WrittenFields?
  /// The fields an update overwrites, as a read answer (`readRequest`) or the answer to a create or an
  /// update shows them, or nil where it does not.
  func writtenFields(in response: HTTPResponse) -> WrittenFields?
}

/// What a retest does to a filed ticket.
public enum RetestAction: String, Codable, Sendable, CaseIterable {
  /// The row passes now: close the open ticket.
  case close
  /// The row fails again: reopen the done ticket.
  case reopen
}

extension Tracker {
  public func revisionBasis(for ticket: Ticket) throws(TicketError) -> Data {
    try payload(for: ticket)
  }
  public func followUpPayloads(for ticket: Ticket) throws(TicketError) -> [Data]
  {
    []
  }
  public func retiredFollowUpPayload(for ticket: Ticket, index: Int)
    throws(TicketError) -> Data?
  { nil }
  public func followUpRequest(
    _ payload: Data, comment: String?, filed: FiledTicket,
    credentials: Credentials
  ) -> HTTPRequest? { nil }
  public func followUpsListRequest(filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  { nil }
  public func followUpComments(in response: HTTPResponse) -> [FollowUpComment] {
    []
  }
  public func followUpText(_ payload: Data) -> String { "" }
  public func nextCommentPage(after request: HTTPRequest, answer: HTTPResponse)
    -> HTTPRequest?
  { nil }
  public func writtenFields(for ticket: Ticket) throws(TicketError)
    -> WrittenFields?
  { nil }
  public func writtenFields(in response: HTTPResponse) -> WrittenFields? {
    nil
  }
  public func followUpMarkerText(for ticket: Ticket, index: Int) -> String {
    "<!-- \(followUpMarker(for: ticket, index: index)) -->"
  }

  /// The requests posting a ticket's follow-ups, in order.
  public func followUps(
    for ticket: Ticket, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> [HTTPRequest] {
    try followUpPayloads(for: ticket).compactMap {
      followUpRequest($0, comment: nil, filed: filed, credentials: credentials)
    }
  }

  /// How many follow-ups a ticket has (none when its body fits in one request).
  public func followUpCount(for ticket: Ticket) throws(TicketError) -> Int {
    try followUpPayloads(for: ticket).count
  }

  public var searchSettleTime: Double { settings.searchSettle ?? 0 }
  public var bulkCreate: (any BulkTracker)? { nil }
  public var laggingSearch: (any LaggingSearch)? { nil }
  public func droppedMarkerLabel(_ response: HTTPResponse, ticket: Ticket)
    -> Bool
  { false }
  public var choosesIDs: Bool { false }
  /// A search answer is read only when it is JSON; trackers say the shape they answer in.
  public func searchFailure(in response: HTTPResponse) -> String? {
    response.unreadable(by: name, as: "a search result") {
      $0 is [Any] || $0 is [String: Any]
    }
  }
  /// A comment list is read only when it is JSON and no refusal; trackers say the shape they answer in.
  public func commentListFailure(in response: HTTPResponse) -> String? {
    refusal(in: response)
      ?? response.unreadable(by: name, as: "a comment list") {
        $0 is [Any] || $0 is [String: Any]
      }
  }
  public func commentRequest(
    _ comment: String, filed: FiledTicket, credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? { nil }
  public func transitionChoicesRequest(
    filed: FiledTicket, finding: Bool, credentials: Credentials
  ) -> HTTPRequest? { nil }
  public func transitionRequest(
    _ action: RetestAction, filed: FiledTicket, choices: HTTPResponse?,
    credentials: Credentials
  ) throws(TicketError) -> HTTPRequest? { nil }
  public func commentsRequest(filed: FiledTicket, credentials: Credentials)
    -> HTTPRequest?
  { nil }
  public func refusal(in response: HTTPResponse) -> String? { nil }

  /// The hidden marker of a ticket's follow-up number `index` (0 is the first after the create).
  public func followUpMarker(for ticket: Ticket, index: Int) -> String {
    "\(ticket.marker) part \(index + 2)"
  }
  public var pacing: Pacing { settings.pacing }
}

/// A comment on a filed ticket as a follow-up list shows it.
public struct FollowUpComment: Sendable, Hashable {
  /// The tracker's id of the comment, when the answer gives it (needed to edit it).
  public var id: String?
  /// Its text: Markdown or wiki markup as written, or an ADF document's text nodes one a line.
  public var text: String

  public init(id: String? = nil, text: String) {
    self.id = id
    self.text = text
  }
}

/// A tracker whose search reads an index that lags creates (Jira's JQL), with a consistent way to read
/// one issue.
///
/// A search that finds nothing is believed only when the issue numbered after the newest one the index
/// holds cannot be read: then no issue was made since that the index misses. Waiting `search_settle` alone
/// would file a ticket twice whenever the index lags longer.
public protocol LaggingSearch: Tracker {
  /// The request for the newest issue the index holds in the project.
  func newestIndexedRequest(credentials: Credentials) -> HTTPRequest
  /// The newest indexed issue's key in that answer (`.none` for a project without issues), or nil when
  /// the answer is not a search's.
  func newestIndexed(in response: HTTPResponse) -> NewestIndexed?
  /// The key the project gives after `newest` (`A11Y-41` → `A11Y-42`), or nil when it cannot be told (a
  /// project named by id, with no issue yet).
  func keyAfter(_ newest: NewestIndexed) -> String?
  /// A request reading the issue of `key` directly, not through the index.
  func issueRequest(key: String, credentials: Credentials) -> HTTPRequest
}

/// The newest issue a lagging index holds in a project.
public enum NewestIndexed: Sendable, Hashable {
  case none
  case key(String)
}

/// A tracker that can create many tickets in one request.
public protocol BulkTracker: Tracker {
  /// The most tickets one request may carry.
  var bulkLimit: Int { get }
  /// The request creating these tickets.
  func bulkRequest(for tickets: [Ticket], credentials: Credentials)
    throws(TicketError) -> HTTPRequest
  /// What happened to each ticket of the request, in order.
  func bulkResults(_ response: HTTPResponse, count: Int) -> [BulkOutcome]
}

/// One ticket's fate in a bulk request.
public enum BulkOutcome: Sendable, Hashable {
  case created(FiledTicket)
  /// The tracker refused this one (its reason); the others are unaffected.
  case rejected(String)
  /// The answer does not say; the ticket may exist, so it is searched for before anything else.
  case unknown
}

/// A ticket the tracker created.
public struct FiledTicket: Hashable, Sendable, Codable {
  public var key: String
  public var url: String

  public init(key: String, url: String) {
    self.key = key
    self.url = url
  }
}

/// Secrets read from the environment variables the config names.
public struct Credentials: Sendable {
  public var token: String
  public var user: String?

  public init(token: String, user: String? = nil) {
    self.token = token
    self.user = user
  }

  /// Reads them; a missing variable is an error that names it (and never shows a value).
  public static func fromEnvironment(
    _ settings: TrackerSettings,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(TicketError) -> Credentials {
    guard let tokenVariable = settings.tokenEnv else {
      throw TicketError.misconfigured(
        "\(settings.origin).token_env: name the environment variable that holds the \(settings.tracker) token"
      )
    }
    guard let token = environment[tokenVariable], !token.isEmpty else {
      throw TicketError.misconfigured(
        "the environment variable \(tokenVariable) is not set; export it with the \(settings.tracker) token (\(settings.origin).token_env)"
      )
    }
    var user: String?
    if let userVariable = settings.userEnv {
      guard let value = environment[userVariable], !value.isEmpty else {
        throw TicketError.misconfigured(
          "the environment variable \(userVariable) is not set; export it with the \(settings.tracker) account (\(settings.origin).user_env)"
        )
      }
      user = value
    }
    return Credentials(token: token, user: user)
  }
}

/// Why filing failed; messages name the option or environment variable involved.
public struct TicketError: StatusError, Hashable, Sendable {
  public var message: String
  /// Credentials were refused: stop the run rather than retry.
  public var isAuthentication: Bool
  /// Nothing else can succeed either (refused credentials, a certificate that does not verify): stop the run.
  public var stopsRun: Bool

  /// The tracker may have the ticket (a create was answered but the answer cannot be read, or it cannot be
  /// searched): the ledger keeps it pending, and nothing is sent for it before the tracker has been asked.
  public var outcomeUnknown: Bool
  /// The tracker answered and said what it refused (a GraphQL error): nothing was created.
  public var refused: Bool
  /// The tracker could not be reached, or stalled, after the retries: the run stopped (exit status 69).
  public var unreachable = false
  /// The config's tracker output cannot be used as set up (an environment variable it names is not
  /// set): exit status 78, before anything is sent.
  public var misconfigured = false

  /// Creates an error.
  public init(
    _ message: String, isAuthentication: Bool = false, stopsRun: Bool = false,
    outcomeUnknown: Bool = false, refused: Bool = false
  ) {
    self.message = message
    self.isAuthentication = isAuthentication
    self.stopsRun = stopsRun || isAuthentication
    self.outcomeUnknown = outcomeUnknown
    self.refused = refused
  }

  /// The error that stops a run because of `transport`'s failure (a certificate that does not verify,
  /// a tracker that does not answer).
  public init(stopping transport: TransportError) {
    self.init(transport.message, stopsRun: true)
    unreachable = transport.unreachable
  }

  public var description: String { message }

  /// Refused credentials are 77, a tracker that cannot be reached or stalls is 69, a tracker output
  /// that is not set up 78, anything else 1.
  public var status: ExitStatus {
    isAuthentication
      ? .credentialsRefused
      : unreachable ? .unavailable : misconfigured ? .config : .failure
  }

  /// The error of a tracker output that is not set up (exit status 78).
  static func misconfigured(_ message: String) -> TicketError {
    var error = TicketError(message, stopsRun: true)
    error.misconfigured = true
    return error
  }
}

/// How fast a tracker may be called.
public struct Pacing: Sendable, Hashable {
  /// Minimum time between two requests.
  public var minimumInterval: Double = 0
  /// At most this many requests in any 60 s (0: no limit).
  public var perMinute: Int = 0
  /// At most this many in any hour (0: no limit).
  public var perHour: Int = 0
  /// How reads (GET, HEAD) are paced when the limits above count only requests that change
  /// something, as GitHub's limits on creating content do; nil when they count every request.
  public var reads: Reads?
  /// Minimum time between any two requests, reads and writes alike (an output's `rate`).
  public var rateInterval: Double = 0

  public init(
    minimumInterval: Double = 0, perMinute: Int = 0, perHour: Int = 0,
    reads: Reads? = nil, rateInterval: Double = 0
  ) {
    self.minimumInterval = minimumInterval
    self.perMinute = perMinute
    self.perHour = perHour
    self.reads = reads
    self.rateInterval = rateInterval
  }

  /// The pace of reads beside limits that count writes only.
  public struct Reads: Sendable, Hashable {
    /// Minimum time between two reads.
    public var minimumInterval: Double = 0
    /// At most this many reads in any 60 s (0: no limit).
    public var perMinute: Int = 0

    public init(minimumInterval: Double = 0, perMinute: Int = 0) {
      self.minimumInterval = minimumInterval
      self.perMinute = perMinute
    }
  }
}
