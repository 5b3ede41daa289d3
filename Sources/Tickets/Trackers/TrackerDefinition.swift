import CriteriaModel
import Foundation
import Mustache
import StrictYAML
import Yams

/// A tracker described in YAML (`exporters/*.yml`).
///
/// It names the endpoint, method, auth, a Mustache body template and the JSON paths of what comes
/// back. Read strictly: an unknown key or a bad template is an
/// error with the file and line.
public struct TrackerDefinition: Sendable {
  public var name: String
  public var summary: String
  public var file: String
  var method: String
  var createURL: MustacheTemplate
  var contentType: String
  var body: MustacheTemplate
  var authHeader: String
  var authScheme: String
  var keyPath: String
  var createdURL: MustacheTemplate?
  var createdURLField: String?
  var searchURL: MustacheTemplate?
  var searchKeyPath: String?
  var searchURLField: String?
  /// The field of each search result that holds the marker (`search.marker_in`), for a search that
  /// matches text (Redmine's "contains"): the result holding this ticket's marker whole is taken, not
  /// one whose longer marker merely starts with it.
  var searchMarkerIn: String?
  /// The search finds a ticket by its marker label (`{{marker_label}}` in `search.url`).
  var searchesByMarkerLabel = false
  var defaultTokenEnv: String?
  var defaultURL: String?
  var pacing: Pacing
  /// The longest title the tracker takes (`title_limit:`, in UTF-16 code units).
  ///
  /// A longer one is cut with an ellipsis, its whole text staying in the body; nil sends every title whole.
  var titleLimit: Int?
  /// How to read one ticket back (`read:`), when the definition says.
  var read: Read?
  /// How to update one ticket in place (`update:`), when the definition says.
  var update: Update?
  /// How to comment on, close and reopen one ticket (`comment:`, `close:`, `reopen:`: `follow_retest`),
  /// and where its comments are read (`comments:`, else the `read:` answer is searched).
  var comment: Update?
  var close: Update?
  var reopen: Update?
  var commentsURL: MustacheTemplate?
  /// Where the `comments:` answer holds its list (`comments.list`, a JSON path; `.` for the answer
  /// itself); without it any JSON answer is taken as the list.
  var commentsList: String?
  /// The statuses `close:` and `reopen:` templates see as `closed_status` and `reopened_status`
  /// unless the output's options say otherwise (`defaults:`).
  var defaultClosedStatus: String?
  var defaultReopenedStatus: String?
  /// The priority an audit finding's Severity gives by default (`priorities:`), which templates see
  /// as `priority`; nil when the tracker takes none (an output's `priority:` is then an error).
  var priority: PriorityField?

  /// The `read:` block: the URL of one ticket and the JSON paths of what its answer holds.
  struct Read: Sendable {
    var url: MustacheTemplate
    var status: String
    /// A path whose value is true, or one of `closedValues`, when the ticket is closed.
    var closed: String
    var closedValues: [String]
    /// Status names (as `status` reads them) that close a ticket without a fix.
    var notPlanned: [String]
    var resolvedOn: String?
    var updatedAt: String?
    var createdAt: String?
  }

  /// The `update:` block: a request like `create:`, whose templates also see `key`.
  struct Update: Sendable {
    var method: String
    var url: MustacheTemplate
    var contentType: String
    var body: MustacheTemplate
    /// Where the body and the `read:` answer hold what an update overwrites (`update.fields`).
    var fields: FieldPaths?
  }

  /// The JSON paths of a ticket's title, description and labels, the same in the update body and in
  /// the read answer.
  ///
  /// With them, a ticket only commented on or moved along since criteria wrote it is
  /// updated; without them, any move of its update time counts as a person's edit.
  struct FieldPaths: Sendable {
    var title: String
    var description: String
    /// A list of names, or one comma-separated string of them; nil when the update sets no labels.
    var labels: String?
  }

  static let topKeys = [
    "name", "kind", "summary", "create", "auth", "created", "search",
    "defaults", "pacing", "read", "update", "comment", "close", "reopen",
    "comments", "title_limit", "priorities",
  ]

  /// Parses a definition; `file` names it in errors.
  public init(yaml: String, file: String) throws(TicketError) {
    let root: Node?
    do { root = try SafeYAML.compose(yaml) } catch {
      let problem = YAMLProblem(error)
      throw TicketError(
        "\(file):\(problem.line): not valid YAML: \(problem.message)")
    }
    guard let root else {
      throw TicketError("\(file):1: the definition is empty")
    }
    do throws(StrictYAMLError) {
      try self.init(
        top: try YAMLMap(root, "", allowed: Self.topKeys), file: file)
    } catch {
      let keyPath = error.keyPath.isEmpty ? "(top)" : error.keyPath
      throw TicketError(
        "\(file):\(max(1, error.line)): \(keyPath): \(error.message)")
    }
  }

  private init(top: YAMLMap, file: String) throws(StrictYAMLError) {
    self.file = file
    name = try top.text("name", required: true) ?? ""
    // `kind` defaults to tracker; file exporters (kind: file) are read by the file registry instead.
    if let kind = try top.text("kind"), kind != "tracker" {
      let kinds = ["tracker", "file"]
      let hint =
        Suggestion.hint(for: kind, in: kinds)
      throw top.problem(
        "kind", "unknown kind '\(kind)'.\(hint) Kinds are tracker and file.")
    }
    summary = try top.text("summary") ?? "Tickets defined in \(file)"
    titleLimit = try top.int("title_limit")
    if let titleLimit, titleLimit < 2 {
      throw top.problem(
        "title_limit",
        "expected the longest title the tracker takes (2 or more), found \(titleLimit)"
      )
    }
    let create = try top.requiredMap(
      "create", allowed: ["method", "url", "content_type", "body"])
    method = (try create.text("method") ?? "POST").uppercased()
    createURL = try create.requiredTemplate("url")
    contentType = try create.text("content_type") ?? "application/json"
    body = try create.requiredTemplate("body")
    let auth = try top.requiredMap(
      "auth", allowed: ["header", "scheme", "env"])
    authHeader = try auth.text("header") ?? "Authorization"
    authScheme = try auth.text("scheme") ?? "bearer"
    guard ["plain", "bearer", "token", "basic"].contains(authScheme) else {
      throw auth.problem(
        "scheme",
        "expected plain, bearer, token or basic, found '\(authScheme)'")
    }
    defaultTokenEnv = try auth.text("env")
    let created = try top.requiredMap(
      "created", allowed: ["key", "url", "url_field"])
    keyPath = try created.text("key", required: true) ?? ""
    createdURL = try created.template("url")
    createdURLField = try created.text("url_field")
    if let search = try top.map(
      "search", allowed: ["url", "key", "url_field", "marker_in"])
    {
      searchURL = try search.template("url", required: true)
      searchesByMarkerLabel =
        try search.text("url")?.contains("marker_label") ?? false
      searchKeyPath = try search.text("key", required: true)
      searchURLField = try search.text("url_field")
      searchMarkerIn = try search.text("marker_in")
      if searchMarkerIn != nil,
        !(searchKeyPath ?? "").split(separator: ".").contains("0")
      {
        throw search.problem(
          "key",
          "with marker_in, key must name the first result of the list, such as issues.0.id"
        )
      }
    }
    if let map = try top.map(
      "read",
      allowed: [
        "url", "status", "closed", "closed_values", "not_planned",
        "resolved_on", "updated_at", "created_at",
      ])
    {
      read = Read(
        url: try map.requiredTemplate("url"),
        status: try map.text("status", required: true) ?? "",
        closed: try map.text("closed", required: true) ?? "",
        closedValues: try map.texts("closed_values"),
        notPlanned: try map.texts("not_planned"),
        resolvedOn: try map.text("resolved_on"),
        updatedAt: try map.text("updated_at"),
        createdAt: try map.text("created_at"))
    }
    update = try top.request("update", method: "PUT", fields: true)
    comment = try top.request("comment", method: "POST")
    close = try top.request("close", method: "PUT")
    reopen = try top.request("reopen", method: "PUT")
    if let map = try top.map("comments", allowed: ["url", "list"]) {
      commentsURL = try map.requiredTemplate("url")
      commentsList = try map.text("list")
    }
    if let defaults = try top.map(
      "defaults", allowed: ["url", "closed_status", "reopened_status"])
    {
      defaultURL = try defaults.text("url")
      defaultClosedStatus = try defaults.text("closed_status")
      defaultReopenedStatus = try defaults.text("reopened_status")
    }
    if let node = top["priorities"] {
      guard let mapping = node.mapping else {
        throw YAMLNode.problem(
          node, top.keyPath("priorities"),
          "expected a mapping of Severity to the tracker's priority, e.g. {Critical: \"4\"}"
        )
      }
      var defaults: [String: String] = [:]
      for (key, value) in mapping {
        let severity = try YAMLNode.text(key, top.keyPath("priorities"))
        defaults[TrackerSettings.severityKey(severity)] = try YAMLNode.text(
          value, top.keyPath("priorities") + "." + severity)
      }
      priority = PriorityField(
        defaults: defaults, expected: "a priority (text that is not empty)",
        example: defaults["critical"] ?? "4", accepts: { !$0.isEmpty })
    }
    pacing = Pacing()
    if let map = try top.map(
      "pacing", allowed: ["min_interval", "per_minute", "per_hour"])
    {
      pacing = Pacing(
        minimumInterval: try map.double("min_interval") ?? 0,
        perMinute: try map.int("per_minute") ?? 0,
        perHour: try map.int("per_hour") ?? 0)
    }
  }
}

/// A definition's requests and templates, read from its YAML mappings.
extension YAMLMap {
  /// A request block about one filed ticket (`update:`, `comment:`, `close:`, `reopen:`): method, URL,
  /// content type and body template; nil when the definition has none.
  func request(_ key: String, method: String, fields: Bool = false)
    throws(StrictYAMLError) -> TrackerDefinition.Update?
  {
    guard
      let map = try map(
        key,
        allowed: ["method", "url", "content_type", "body"]
          + (fields ? ["fields"] : []))
    else { return nil }
    let contentType = try map.text("content_type") ?? "application/json"
    var paths: TrackerDefinition.FieldPaths?
    if fields,
      let block = try map.map(
        "fields", allowed: ["title", "description", "labels"])
    {
      guard contentType.contains("json") else {
        throw map.problem(
          "fields", "needs a JSON body (content_type is '\(contentType)')")
      }
      paths = TrackerDefinition.FieldPaths(
        title: try block.text("title", required: true) ?? "",
        description: try block.text("description", required: true) ?? "",
        labels: try block.text("labels"))
    }
    return TrackerDefinition.Update(
      method: (try map.text("method") ?? method).uppercased(),
      url: try map.requiredTemplate("url"), contentType: contentType,
      body: try map.requiredTemplate("body"), fields: paths)
  }

  /// A template that must be there.
  func requiredTemplate(_ key: String) throws(StrictYAMLError)
    -> MustacheTemplate
  {
    guard let template = try template(key, required: true) else {
      throw problem(key, "missing")
    }
    return template
  }

  /// A Mustache template (text output, no HTML escaping); a syntax error names its line in the file.
  func template(_ key: String, required: Bool = false) throws(StrictYAMLError)
    -> MustacheTemplate?
  {
    guard let text = try text(key, required: required) else { return nil }
    do {
      return try MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT }}" + text)
    } catch let problem as MustacheTemplate.ParserError {
      let line =
        StrictMapping.line(of: self[key])
        + max(0, problem.context.lineNumber - 1)
        + (text.contains("\n") ? 1 : 0)
      throw StrictYAMLError(
        line: line, keyPath: keyPath(key),
        message:
          "template syntax error (\(problem.error)) in '\(problem.context.line)'"
      )
    } catch {
      throw self.problem(key, "template syntax error (\(error))")
    }
  }
}
