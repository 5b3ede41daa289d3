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
  var defaultTokenEnv: String?
  var defaultURL: String?
  var pacing: Pacing
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
  /// The statuses `close:` and `reopen:` templates see as `closed_status` and `reopened_status`
  /// unless the output's options say otherwise (`defaults:`).
  var defaultClosedStatus: String?
  var defaultReopenedStatus: String?

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
  }

  static let topKeys = [
    "name", "kind", "summary", "create", "auth", "created", "search",
    "defaults", "pacing", "read", "update", "comment", "close", "reopen",
    "comments",
  ]

  /// Parses a definition; `file` names it in errors.
  public init(yaml: String, file: String) throws(TicketError) {
    self.file = file
    let root: Node?
    do { root = try SafeYAML.compose(yaml) } catch {
      let problem = YAMLProblem(error)
      throw TicketError(
        "\(file):\(problem.line): not valid YAML: \(problem.message)")
    }
    let reader = DefinitionReader(file: file)
    guard let root else {
      throw TicketError("\(file):1: the definition is empty")
    }
    let top = try reader.mapping(root, "", allowed: Self.topKeys)
    name = try reader.string(top, "name", required: true) ?? ""
    // `kind` defaults to tracker; file exporters (kind: file) are read by the file registry instead.
    if let kind = try reader.string(top, "kind"), kind != "tracker" {
      let kinds = ["tracker", "file"]
      let hint =
        Suggestion.nearest(to: kind, in: kinds).map { " Did you mean '\($0)'?" }
        ?? ""
      throw reader.error(
        top["kind"], "kind",
        "unknown kind '\(kind)'.\(hint) Kinds are tracker and file.")
    }
    summary = try reader.string(top, "summary") ?? "Tickets defined in \(file)"
    let create = try reader.mapping(
      try reader.require(top, "create"), "create",
      allowed: ["method", "url", "content_type", "body"])
    method = (try reader.string(create, "method") ?? "POST").uppercased()
    createURL = try reader.requiredTemplate(create, "url")
    contentType =
      try reader.string(create, "content_type") ?? "application/json"
    body = try reader.requiredTemplate(create, "body")
    let auth = try reader.mapping(
      try reader.require(top, "auth"), "auth",
      allowed: ["header", "scheme", "env"])
    authHeader = try reader.string(auth, "header") ?? "Authorization"
    authScheme = try reader.string(auth, "scheme") ?? "bearer"
    guard ["plain", "bearer", "token", "basic"].contains(authScheme) else {
      throw reader.error(
        auth["scheme"], "auth.scheme",
        "expected plain, bearer, token or basic, found '\(authScheme)'")
    }
    defaultTokenEnv = try reader.string(auth, "env")
    let created = try reader.mapping(
      try reader.require(top, "created"), "created",
      allowed: ["key", "url", "url_field"])
    keyPath = try reader.string(created, "key", required: true) ?? ""
    createdURL = try reader.template(created, "url")
    createdURLField = try reader.string(created, "url_field")
    if let searchNode = top["search"] {
      let search = try reader.mapping(
        searchNode, "search", allowed: ["url", "key", "url_field"])
      searchURL = try reader.template(search, "url", required: true)
      searchKeyPath = try reader.string(search, "key", required: true)
      searchURLField = try reader.string(search, "url_field")
    }
    if let readNode = top["read"] {
      let map = try reader.mapping(
        readNode, "read",
        allowed: [
          "url", "status", "closed", "closed_values", "not_planned",
          "resolved_on", "updated_at", "created_at",
        ])
      read = Read(
        url: try reader.requiredTemplate(map, "url"),
        status: try reader.string(map, "status", required: true) ?? "",
        closed: try reader.string(map, "closed", required: true) ?? "",
        closedValues: try reader.list(map, "closed_values"),
        notPlanned: try reader.list(map, "not_planned"),
        resolvedOn: try reader.string(map, "resolved_on"),
        updatedAt: try reader.string(map, "updated_at"),
        createdAt: try reader.string(map, "created_at"))
    }
    update = try reader.request(top, "update", method: "PUT")
    comment = try reader.request(top, "comment", method: "POST")
    close = try reader.request(top, "close", method: "PUT")
    reopen = try reader.request(top, "reopen", method: "PUT")
    if let node = top["comments"] {
      let map = try reader.mapping(node, "comments", allowed: ["url"])
      commentsURL = try reader.requiredTemplate(map, "url")
    }
    if let defaultsNode = top["defaults"] {
      let defaults = try reader.mapping(
        defaultsNode, "defaults",
        allowed: ["url", "closed_status", "reopened_status"])
      defaultURL = try reader.string(defaults, "url")
      defaultClosedStatus = try reader.string(defaults, "closed_status")
      defaultReopenedStatus = try reader.string(defaults, "reopened_status")
    }
    pacing = Pacing()
    if let pacingNode = top["pacing"] {
      let map = try reader.mapping(
        pacingNode, "pacing",
        allowed: ["min_interval", "per_minute", "per_hour"])
      pacing = Pacing(
        minimumInterval: Double(try reader.string(map, "min_interval") ?? "0")
          ?? 0,
        perMinute: Int(try reader.string(map, "per_minute") ?? "0") ?? 0,
        perHour: Int(try reader.string(map, "per_hour") ?? "0") ?? 0)
    }
  }
}

/// Strict reading of a definition's YAML nodes, errors with file:line and key path.
struct DefinitionReader {
  let file: String

  func error(_ node: Node?, _ path: String, _ message: String) -> TicketError {
    TicketError("\(file):\(node?.mark?.line ?? 1): \(path): \(message)")
  }

  func mapping(_ node: Node, _ path: String, allowed: [String])
    throws(TicketError) -> [String: Node]
  {
    do { return try StrictMapping.read(node, path, allowed: allowed) } catch {
      let keyPath = error.keyPath.isEmpty ? "(top)" : error.keyPath
      throw TicketError(
        "\(file):\(max(1, error.line)): \(keyPath): \(error.message)")
    }
  }

  func require(_ map: [String: Node], _ key: String) throws(TicketError) -> Node
  {
    guard let node = map[key] else {
      throw TicketError("\(file):1: \(key): missing")
    }
    return node
  }

  func string(_ map: [String: Node], _ key: String, required: Bool = false)
    throws(TicketError) -> String?
  {
    guard let node = map[key] else {
      if required { throw TicketError("\(file):1: \(key): missing") }
      return nil
    }
    guard case .scalar(let scalar) = node else {
      throw error(node, key, "expected text")
    }
    return scalar.string
  }

  /// A list of text (`[closed, done]`), or empty when absent.
  func list(_ map: [String: Node], _ key: String) throws(TicketError)
    -> [String]
  {
    guard let node = map[key] else { return [] }
    guard case .sequence(let items) = node else {
      throw error(node, key, "expected a list, e.g. [closed]")
    }
    var values: [String] = []
    for item in items {
      guard case .scalar(let scalar) = item else {
        throw error(item, key, "expected a list of text")
      }
      values.append(scalar.string)
    }
    return values
  }

  /// A request block about one filed ticket (`update:`, `comment:`, `close:`, `reopen:`): method, URL,
  /// content type and body template; nil when the definition has none.
  func request(_ top: [String: Node], _ key: String, method: String)
    throws(TicketError) -> TrackerDefinition.Update?
  {
    guard let node = top[key] else { return nil }
    let map = try mapping(
      node, key, allowed: ["method", "url", "content_type", "body"])
    return TrackerDefinition.Update(
      method: (try string(map, "method") ?? method).uppercased(),
      url: try requiredTemplate(map, "url"),
      contentType: try string(map, "content_type") ?? "application/json",
      body: try requiredTemplate(map, "body"))
  }

  /// A template that must be there (a missing one is already an error from `string`).
  func requiredTemplate(_ map: [String: Node], _ key: String)
    throws(TicketError)
    -> MustacheTemplate
  {
    guard let template = try template(map, key, required: true) else {
      throw TicketError("\(file):1: \(key): missing")
    }
    return template
  }

  func template(_ map: [String: Node], _ key: String, required: Bool = false)
    throws(TicketError) -> MustacheTemplate?
  {
    guard let text = try string(map, key, required: required) else {
      return nil
    }
    do {
      return try MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT }}" + text)
    } catch let problem as MustacheTemplate.ParserError {
      let line =
        (map[key]?.mark?.line ?? 1) + max(0, problem.context.lineNumber - 1)
        + (text.contains("\n") ? 1 : 0)
      throw TicketError(
        "\(file):\(line): \(key): template syntax error (\(problem.error)) in '\(problem.context.line)'"
      )
    } catch {
      throw TicketError("\(file): \(key): template syntax error (\(error))")
    }
  }
}
