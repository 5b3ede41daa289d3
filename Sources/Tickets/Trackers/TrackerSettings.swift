import Foundation
import Options

/// A tracker output's settings, read from its options.
public struct TrackerSettings: Sendable {
  public var tracker: String
  public var url: String
  public var project: String
  public var issueType: String
  public var tokenEnv: String?
  public var userEnv: String?
  public var components: [String]
  public var customFields: [String: String]
  public var ledger: String?
  public var caFile: String?
  public var timeout: Int
  /// A request below `lowSpeedLimit` bytes a second for `lowSpeedTime` seconds has stalled.
  public var lowSpeedLimit: Int
  public var lowSpeedTime: Int
  public var maxAttempts: Int
  public var backoffBase: Double
  /// Overrides how long a search may lag behind a create (seconds), when set.
  public var searchSettle: Double?
  /// The longest pause a server may ask for (Retry-After, a rate-limit reset) before the run stops instead.
  public var maxWait: Double
  public var pacing: Pacing
  public var bulk: Bool
  /// Jira: the most characters a description or comment takes, when an administrator set less than
  /// Jira's 32,767 (nil: 32,767).
  public var characterLimit: Int?
  /// Linear: label ids to set on every issue.
  public var labelIDs: [String]
  /// Linear: `api_key` (sent as it is) or `oauth` (sent as a bearer token).
  public var tokenType: String
  /// Update filed tickets whose content changed (`update: true`).
  public var update: Bool
  /// Act on the tickets of retested rows (`follow_retest`): close a fixed one, reopen one failing again.
  public var followRetest: Bool
  /// The statuses a retest closes a ticket with, and those it reopens it with (Redmine: status ids).
  ///
  /// First choice first: the first one a ticket offers is taken.
  public var closedStatus: [String]?
  public var reopenedStatus: [String]?
  public var planner: TicketPlanner
  /// How the options are named in messages.
  public var origin: String

  /// The option keys every tracker takes.
  public static let optionHelp: [String: String] = [
    "url": "the tracker's base URL",
    "project": "project key, id or owner/repo",
    "issue_type":
      "issue or work-item type (default Task; Bug for audit findings)",
    "token_env": "environment variable holding the API token",
    "user_env": "environment variable holding the account (Jira Cloud e-mail)",
    "components": "tracker components to set",
    "custom_fields":
      "custom field ids and values (Jira), e.g. {customfield_10010: '3'}",
    "labels": "labels for every ticket (default accessibility)",
    "grouping":
      "component-platform (one ticket per component and platform, default) or criterion",
    "scenarios":
      "include the Gherkin scenarios in component tickets (default true)",
    "ledger":
      "the ledger file (default beside the config: <output name>.ledger.json)",
    "ca_file": "an extra CA certificate file for TLS (verification stays on)",
    "timeout": "seconds per request, 1 to 3600 (default 60)",
    "low_speed_limit":
      "bytes a second below which a request counts as stalled, 1 to 1048576 (default 64)",
    "low_speed_time":
      "seconds a request may stay below low_speed_limit before it counts as stalled and fails like a dropped connection, 1 to 3600 (default 30)",
    "max_attempts":
      "attempts per request before giving up on a ticket, 1 to 100 (default 5)",
    "backoff":
      "first retry delay in seconds, doubled each time up to 60, with jitter (default 1); a rate limit "
      + "that names no time waits 60 of these, doubled each time up to max_wait",
    "rate":
      "at most this many requests per second, 0.01 to 1000 (default: the tracker's own limit)",
    "max_wait":
      "the longest pause a tracker may ask for (Retry-After, rate-limit reset) before the run stops, in seconds (default 300)",
    "search_settle":
      "seconds a tracker's search may lag behind a create (default: 10 for Jira, 0 where lookups are consistent); "
      + "Jira's index is also checked for the issue after its newest before a search that finds nothing is believed",
    "bulk":
      "Jira Cloud: create in batches of up to 50 with /issue/bulk (default false)",
    "character_limit":
      "Jira: the most characters a description or comment takes, 2000 to 32767 (default 32767; a Data Center administrator may set it lower with jira.text.field.character.limit); a longer body continues in comments",
    "label_ids": "Linear: label ids to set on every issue",
    "token_type":
      "Linear: api_key (a personal API key, the default) or oauth (an OAuth access token)",
    "update":
      "update filed tickets in place when their criteria changed (default false; --update does the same)",
    "follow_retest":
      "criteria tickets also closes the open ticket of a row now Pass and reopens the done ticket of a row failing again, each with a comment (default false)",
    "closed_status":
      "the status follow_retest closes with, or a list in order of preference (the first one a ticket offers): Jira a transition or its target status (default Done), Azure DevOps a state (default Closed), Linear a workflow state (default Done), Redmine a status id (default 5)",
    "reopened_status":
      "the status follow_retest reopens with, or a list in order of preference: Jira a transition or its target status (default To Do), Azure DevOps a state (default Active), Linear a workflow state (default Todo), Redmine a status id (default 2)",
  ]

  /// Reads settings from options, with the tracker's defaults.
  public init(
    tracker: String, options: ExportOptions, defaultURL: String? = nil,
    defaultPacing: Pacing = Pacing(),
    defaultTokenEnv: String? = nil, defaultIssueType: String = "Task"
  ) throws(ExportError) {
    self.tracker = tracker
    origin = options.origin
    url = (try options.string("url") ?? defaultURL ?? "").trimmingCharacters(
      in: CharacterSet(charactersIn: "/"))
    project = try options.string("project") ?? ""
    issueType = try options.string("issue_type") ?? defaultIssueType
    tokenEnv = try options.string("token_env") ?? defaultTokenEnv
    userEnv = try options.string("user_env")
    components = try options.list("components") ?? []
    customFields = [:]
    for pair in try options.list("custom_fields") ?? [] {
      // A mapping in the config arrives as `field=value` items; a list must be written that way too.
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2,
        !parts[0].trimmingCharacters(in: .whitespaces).isEmpty
      else {
        throw ExportError(
          "\(options.origin).custom_fields: '\(pair)' is not a field and a value; write a mapping, "
            + "e.g. custom_fields: {customfield_10010: '3'}")
      }
      customFields[parts[0]] = parts[1]
    }
    ledger = try options.path("ledger")
    caFile = try options.path("ca_file")
    timeout = try Self.wholeNumber(options, "timeout", in: 1...3600) ?? 60
    lowSpeedLimit =
      try Self.wholeNumber(options, "low_speed_limit", in: 1...1_048_576) ?? 64
    lowSpeedTime =
      try Self.wholeNumber(options, "low_speed_time", in: 1...3600) ?? 30
    maxAttempts =
      try Self.wholeNumber(options, "max_attempts", in: 1...100) ?? 5
    backoffBase =
      try Self.positiveNumber(options, "backoff", in: 0.001...60) ?? 1
    maxWait =
      try Self.positiveNumber(options, "max_wait", in: 0...86_400) ?? 300
    searchSettle = try Self.positiveNumber(
      options, "search_settle", in: 0...600)
    var pacing = defaultPacing
    if let perSecond = try Self.positiveNumber(options, "rate", in: 0.01...1000)
    {
      // 2% under the limit: a server counting "at most N in any second" sees clock jitter on both
      // sides, and requests exactly 1/N apart land N+1 in one second now and then.
      pacing.minimumInterval = max(pacing.minimumInterval, 1.02 / perSecond)
      pacing.rateInterval = 1.02 / perSecond
    }
    self.pacing = pacing
    bulk = try options.bool("bulk") ?? false
    characterLimit = try Self.wholeNumber(
      options, "character_limit", in: 2000...32_767)
    update = try options.bool("update") ?? false
    followRetest = try options.bool("follow_retest") ?? false
    closedStatus = try options.names("closed_status")
    reopenedStatus = try options.names("reopened_status")
    labelIDs = try options.list("label_ids") ?? []
    tokenType = try options.string("token_type") ?? "api_key"
    guard ["api_key", "oauth"].contains(tokenType) else {
      throw ExportError(
        "\(options.origin).token_type: expected api_key or oauth, found '\(tokenType)'"
      )
    }
    let groupingText =
      try options.string("grouping")
      ?? TicketPlanner.Grouping.componentPlatform.rawValue
    guard let grouping = TicketPlanner.Grouping(rawValue: groupingText) else {
      throw ExportError(
        "\(options.origin).grouping: expected component-platform or criterion, found '\(groupingText)'"
      )
    }
    planner = TicketPlanner(
      grouping: grouping,
      labels: try options.list("labels") ?? ["accessibility"],
      includeScenarios: try options.bool("scenarios") ?? true)
    guard !url.isEmpty else {
      throw ExportError("\(options.origin).url: give the \(tracker) base URL")
    }
    guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
      throw ExportError("\(options.origin).url: '\(url)' is not an http(s) URL")
    }
  }

  /// Fails when the project is missing.
  ///
  /// The configured issue type, or Bug for an audit finding.
  func issueType(for ticket: Ticket) -> String {
    ticket.finding == nil ? issueType : "Bug"
  }

  func requireProject() throws(ExportError) {
    if project.isEmpty {
      throw ExportError("\(origin).project: name the \(tracker) project")
    }
  }

  /// A number option within `range` (`rate: 2.5`, `backoff: "0.5"`), or nil when absent.
  static func positiveNumber(
    _ options: ExportOptions, _ key: String, in range: ClosedRange<Double>
  ) throws(ExportError) -> Double? {
    guard let text = try options.string(key) else { return nil }
    guard let number = Double(text), number.isFinite, range.contains(number)
    else {
      throw ExportError(
        "\(options.origin).\(key): '\(text)' is not a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))"
      )
    }
    return number
  }

  /// A whole-number option within `range`, or nil when absent.
  static func wholeNumber(
    _ options: ExportOptions, _ key: String, in range: ClosedRange<Int>
  ) throws(ExportError) -> Int? {
    guard let text = try options.string(key) else { return nil }
    guard let number = Int(text), range.contains(number) else {
      throw ExportError(
        "\(options.origin).\(key): '\(text)' is not a whole number from \(range.lowerBound) to \(range.upperBound)"
      )
    }
    return number
  }

  private static func format(_ number: Double) -> String {
    number == number.rounded() ? String(Int(number)) : String(number)
  }
}
