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
  /// What an audit finding's Severity sets the tracker's priority to (`priority:`), by the severity
  /// word in lower case; empty when the tracker has no priority field or the output turned it off.
  public var priorities: [String: String]
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
    "priority":
      "audit findings: the tracker's priority for each Severity, e.g. {Critical: Highest, High: High} "
      + "(defaults: Jira Highest/High/Medium/Low, Azure DevOps Priority 1 to 4, Linear 1 Urgent to 4 Low, "
      + "Redmine the priority ids of its default data); none sends no priority. GitHub and GitLab "
      + "have no priority field: the severity-* label says it",
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
    defaultTokenEnv: String? = nil, defaultIssueType: String = "Task",
    priority: PriorityField? = nil
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
    for (field, value) in try Self.pairs(
      options, "custom_fields", what: "a field and a value",
      example: "custom_fields: {customfield_10010: '3'}")
    {
      customFields[field] = value
    }
    priorities = try Self.priorities(options, tracker: tracker, field: priority)
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

  /// The configured issue type, or Bug for an audit finding.
  func issueType(for ticket: Ticket) -> String {
    ticket.finding == nil ? issueType : "Bug"
  }

  /// The priority an audit finding's ticket is created with: its Severity's, by `priorities`; nil for
  /// a ticket that is no finding, a finding without a Severity, and a Severity the mapping lacks.
  public func priority(for ticket: Ticket) -> String? {
    guard let severity = ticket.finding?.severity else { return nil }
    return priorities[Self.severityKey(severity)]
  }

  /// How a Severity is looked up in `priorities`: trimmed, in lower case.
  public static func severityKey(_ severity: String) -> String {
    severity.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
  }

  /// Fails when the project is missing.
  func requireProject() throws(ExportError) {
    if project.isEmpty {
      throw ExportError("\(origin).project: name the \(tracker) project")
    }
  }

  /// A mapping option as its `key=value` items (how a config's mapping arrives; a list must be
  /// written that way too), in the order written.
  static func pairs(
    _ options: ExportOptions, _ key: String, what: String, example: String
  ) throws(ExportError) -> [(String, String)] {
    var pairs: [(String, String)] = []
    for pair in try options.list(key) ?? [] {
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2,
        !parts[0].trimmingCharacters(in: .whitespaces).isEmpty
      else {
        throw ExportError(
          "\(options.origin).\(key): '\(pair)' is not \(what); write a mapping, e.g. \(example)"
        )
      }
      pairs.append((parts[0], parts[1]))
    }
    return pairs
  }

  /// The `priority:` mapping, over the tracker's defaults: `none` turns it off, and each value must be
  /// one the tracker's field takes.
  static func priorities(
    _ options: ExportOptions, tracker: String, field: PriorityField?
  ) throws(ExportError) -> [String: String] {
    let key = "\(options.origin).priority"
    if case .string(let text)? = options.values["priority"],
      ["none", "off", "false"].contains(text.lowercased())
    {
      return [:]
    }
    if case .bool(false)? = options.values["priority"] { return [:] }
    guard options.values["priority"] != nil else {
      return field?.defaults ?? [:]
    }
    guard let field else {
      throw ExportError(
        "\(key): \(tracker) has no priority field criteria sets; the finding's severity-* label carries "
          + "its Severity (leave priority out)")
    }
    var mapping: [String: String] = [:]
    for (severity, value) in try pairs(
      options, "priority", what: "a Severity and a priority",
      example: "priority: {Critical: \(field.example)}")
    {
      let value = value.trimmingCharacters(in: .whitespaces)
      guard field.accepts(value) else {
        throw ExportError(
          "\(key).\(severity): '\(value)' is not \(field.expected)")
      }
      mapping[severityKey(severity)] = value
    }
    return mapping
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

/// What a tracker's priority field takes from an audit finding's Severity: its default mapping and
/// the values it accepts.
public struct PriorityField: Sendable {
  /// The priority for each of the workbook's default severities, by the word in lower case.
  public var defaults: [String: String]
  /// What a value must be, as an error says it ("a whole number from 1 to 4").
  public var expected: String
  /// A value a config could write, for the example in errors.
  public var example: String
  /// Whether the field takes `value`.
  public var accepts: @Sendable (String) -> Bool

  public init(
    defaults: [String: String], expected: String, example: String,
    accepts: @escaping @Sendable (String) -> Bool
  ) {
    self.defaults = defaults
    self.expected = expected
    self.example = example
    self.accepts = accepts
  }

  /// A priority named by the tracker (Jira's priority names): any text that is not empty.
  public static func named(_ defaults: [String: String]) -> PriorityField {
    PriorityField(
      defaults: defaults, expected: "a priority name",
      example: defaults["critical"] ?? "Highest", accepts: { !$0.isEmpty })
  }

  /// A priority that is a whole number in `range` (Azure DevOps 1 to 4, Linear 0 to 4, Redmine's ids).
  public static func number(
    _ defaults: [String: String], in range: ClosedRange<Int>
  ) -> PriorityField {
    PriorityField(
      defaults: defaults,
      expected:
        "a whole number from \(range.lowerBound) to \(range.upperBound)",
      example: defaults["critical"] ?? String(range.lowerBound),
      accepts: { Int($0).map(range.contains) ?? false })
  }
}
