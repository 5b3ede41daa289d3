import Foundation
import TestSupport
import Testing

/// What a developer reads in a finding's ticket: a title saying what failed, the tracker's own priority
/// from the tester's Severity, steps to reproduce, the Gherkin scenario of the failed check's test, in
/// every tracker's payload as a dry run writes it (a real run sends the same bytes).
@Suite("criteria tickets: a finding's title, priority and steps")
struct FindingTicketTests {
  /// The sample audit (two failures: Banner on iOS, Critical; Rating on Android, High) beside a config
  /// naming the sample documents and one `exporter` output writing its payloads to out/payloads.
  static func folder(exporter: String, options: String = "") throws -> URL {
    let dir = try CLIRunner.scratch(withSamples: ["audit-filled.csv"])
    let project =
      ["github": "acme/app", "gitlab": "acme/app"][exporter] ?? "A11Y"
    try dir.write(
      """
      version: 1
      sources: [\(RetestCommandTests.samples)]
      outputs:
        - name: issues
          exporter: \(exporter)
          path: out/payloads
          options:
            url: https://tracker.example
            project: \(project)
      \(options)
      """, to: "criteria.yml")
    return dir
  }

  /// What a payload says, wherever its tracker puts it.
  struct Sent {
    var title = ""
    var body = ""
    var priority: String?
    var severityField: String?
    var labels: [String] = []
  }

  /// Reads one payload of `exporter`'s shape.
  static func read(_ file: URL, exporter: String) throws -> Sent {
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
    func text(_ value: Any?) -> String {
      guard let value else { return "" }
      if let string = value as? String { return string }
      let data = try? JSONSerialization.data(withJSONObject: value)
      return data.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
    var sent = Sent()
    switch exporter {
    case "jira-cloud", "jira-dc":
      let fields = (json as? [String: Any])?["fields"] as? [String: Any] ?? [:]
      sent.title = text(fields["summary"])
      sent.body = text(fields["description"])
      sent.priority = (fields["priority"] as? [String: Any])?["name"] as? String
      sent.labels = fields["labels"] as? [String] ?? []
    case "azure-devops":
      let ops = json as? [[String: Any]] ?? []
      func field(_ name: String) -> String? {
        ops.first { $0["path"] as? String == "/fields/" + name }?["value"]
          as? String
      }
      sent.title = field("System.Title") ?? ""
      sent.body = field("System.Description") ?? ""
      sent.priority = field("Microsoft.VSTS.Common.Priority")
      sent.severityField = field("Microsoft.VSTS.Common.Severity")
      sent.labels = (field("System.Tags") ?? "").components(separatedBy: "; ")
    case "redmine":
      let issue = (json as? [String: Any])?["issue"] as? [String: Any] ?? [:]
      sent.title = text(issue["subject"])
      sent.body = text(issue["description"])
      sent.priority = issue["priority_id"] as? String
    case "linear":
      let variables = (json as? [String: Any])?["variables"] as? [String: Any]
      let input = variables?["input"] as? [String: Any] ?? [:]
      sent.title = text(input["title"])
      sent.body = text(input["description"])
      sent.priority = (input["priority"] as? Int).map(String.init)
    default:
      let issue = json as? [String: Any] ?? [:]
      sent.title = text(issue["title"])
      sent.body = text(issue["body"] ?? issue["description"])
      sent.priority = issue["priority"].map(text)
      sent.labels =
        issue["labels"] as? [String]
        ?? text(issue["labels"]).components(separatedBy: ",")
    }
    return sent
  }

  /// The payloads of a dry run in `dir`, by the failed row's component.
  static func payloads(_ dir: URL, exporter: String) throws -> (
    banner: Sent, rating: Sent
  ) {
    let folder = dir.appendingPathComponent("out/payloads")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    func one(_ part: String) throws -> Sent {
      let name = try #require(
        names.first { $0.contains(part) && !$0.contains("-part-") },
        "\(names)")
      return try read(folder.appendingPathComponent(name), exporter: exporter)
    }
    return (try one("banner"), try one("rating"))
  }

  @Test(
    "every tracker's payload: a title saying what failed, the Severity as the tracker's priority, steps, the check's scenario",
    arguments: RetestCommandTests.everyTracker)
  func payload(exporter: String) throws {
    let dir = try Self.folder(exporter: exporter)
    let run = try CLIRunner.run(
      ["tickets", "--from", "audit-filled.csv", "--dry-run"], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.contains("has no priority"), "\(run.stderr)")
    let (banner, rating) = try Self.payloads(dir, exporter: exporter)
    // The tester's first sentence, after where it failed; the sample's notes say what they saw.
    #expect(
      banner.title
        == "Banner on iOS: VoiceOver says nothing when the banner appears; the message is read only when focus reaches it",
      "\(banner.title)")
    #expect(
      rating.title
        == "Rating on Android: Arrow keys move focus out of the rating instead of changing it",
      "\(rating.title)")
    // Each tracker's own field, values from its documentation's defaults (Critical, High).
    let expected: [String: (String?, String?)] = [
      "jira-cloud": ("Highest", "High"), "jira-dc": ("Highest", "High"),
      "azure-devops": ("1", "2"), "linear": ("1", "2"),
      "redmine": ("4", "3"), "github": (nil, nil), "gitlab": (nil, nil),
    ]
    let priorities = try #require(expected[exporter])
    #expect(banner.priority == priorities.0, "\(exporter)")
    #expect(rating.priority == priorities.1, "\(exporter)")
    if exporter == "azure-devops" {
      #expect(banner.severityField == "1 - Critical")
      #expect(rating.severityField == "2 - High")
    }
    if ["github", "gitlab"].contains(exporter) {
      #expect(banner.labels.contains("severity-critical"), "\(banner.labels)")
    }
    // Steps in order: where, what to do, what should happen, what the tester saw.
    let steps = [
      "Steps to reproduce", "On iOS, open a screen with the Banner.",
      "Screen reader: Name.",
      "Expected: The message is announced when the banner appears, without moving focus",
      "Actual: VoiceOver says nothing when the banner appears",
    ]
    var rest = banner.body[...]
    for step in steps {
      let found = try #require(
        rest.range(of: step), "\(exporter): '\(step)' in order: \(banner.body)")
      rest = rest[found.upperBound...]
    }
    try Self.validate(dir, exporter: exporter)
    // The Gherkin scenario of the failed check's test, and only that one.
    #expect(
      banner.body.contains("Test screen reader output on all devices"),
      "\(banner.body)")
    #expect(!banner.body.contains("Test keyboard actions"), "\(banner.body)")
  }

  /// Jira Cloud's descriptions against Atlassian's ADF schema, Linear's requests (the query and its
  /// variables, priority among them) against Linear's published GraphQL schema, when ../shared has them.
  static func validate(_ dir: URL, exporter: String) throws {
    let schemas = [
      "jira-cloud": "schemas/adf-full.json",
      "linear": "schemas/linear/schema.graphql",
    ]
    guard let schema = schemas[exporter], SharedData.available else { return }
    let script = """
      import json, sys, glob
      schema_path, folder = sys.argv[1], sys.argv[2]
      files = sorted(glob.glob(folder + '/finding-*.json'))
      if schema_path.endswith('.json'):
          import jsonschema
          schema = json.load(open(schema_path))
          for f in files:
              jsonschema.validate(json.load(open(f))['fields']['description'], schema)
      else:
          import graphql
          from graphql.execution.values import get_variable_values
          schema = graphql.build_schema(open(schema_path).read())
          for f in files:
              body = json.load(open(f))
              document = graphql.parse(body['query'])
              problems = graphql.validate(schema, document)
              assert not problems, problems
              operation = graphql.get_operation_ast(document)
              coerced = get_variable_values(
                  schema, operation.variable_definitions or [], body['variables'])
              assert isinstance(coerced, dict), coerced
      print(len(files))
      """
    let checked = try CLIRunner.runPython(
      [
        "-c", script, SharedData.root.appendingPathComponent(schema).path,
        dir.appendingPathComponent("out/payloads").path,
      ])
    #expect(checked.status == 0, "\(exporter): \(checked.stderr)")
    #expect(
      checked.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "2",
      "\(checked.stdout)")
  }

  @Test(
    "priority: a mapping replaces the defaults, none sends none, an unmapped Severity is said; a wrong value or tracker is exit 78"
  )
  func priorityOption() throws {
    let mapped = try Self.folder(
      exporter: "jira-dc",
      options: "      priority: {Critical: Blocker, Medium: Minor}")
    let run = try CLIRunner.run(
      ["tickets", "--from", "audit-filled.csv", "--dry-run"], in: mapped)
    #expect(run.status == 0, "\(run.stderr)")
    let (banner, rating) = try Self.payloads(mapped, exporter: "jira-dc")
    #expect(banner.priority == "Blocker")
    #expect(rating.priority == nil)
    #expect(
      run.stderr.contains(
        "warning: Severity 'High' (1 finding) has no priority in outputs[0].options.priority; filed without one"
      ), "\(run.stderr)")

    let none = try Self.folder(
      exporter: "redmine", options: "      priority: none")
    #expect(
      try CLIRunner.run(
        ["tickets", "--from", "audit-filled.csv", "--dry-run"], in: none
      ).status == 0)
    #expect(try Self.payloads(none, exporter: "redmine").banner.priority == nil)

    for (exporter, options, words) in [
      (
        "linear", "      priority: {Critical: 9}",
        "priority.Critical: '9' is not a whole number from 0 to 4"
      ),
      (
        "azure-devops", "      priority: {High: urgent}",
        "priority.High: 'urgent' is not a whole number from 1 to 4"
      ),
      (
        "github", "      priority: {Critical: P1}",
        "github has no priority field"
      ),
    ] {
      let dir = try Self.folder(exporter: exporter, options: options)
      let refused = try CLIRunner.run(
        ["tickets", "--from", "audit-filled.csv", "--dry-run"], in: dir)
      #expect(refused.status == 78, "\(exporter): \(refused.stderr)")
      #expect(refused.stderr.contains(words), "\(refused.stderr)")
      #expect(
        !FileManager.default.fileExists(
          atPath: dir.appendingPathComponent("out/payloads").path))
    }
  }

  @Test(
    "a finding without notes is titled by its check and what it expected; without the documents, it is filed without a scenario, and says so"
  )
  func withoutNotesOrDocuments() throws {
    let dir = try Self.folder(exporter: "github")
    let audit = try String(
      contentsOf: dir.appendingPathComponent("audit-filled.csv"),
      encoding: .utf8)
    // The Rating's failure with its notes cleared; the config's documents moved away.
    let cleared = audit.replacingOccurrences(
      of: "Arrow keys move focus out of the rating instead of changing it.",
      with: "")
    try dir.write(cleared, to: "audit-filled.csv")
    let config = try String(
      contentsOf: dir.appendingPathComponent("criteria.yml"), encoding: .utf8)
    try dir.write(
      config.replacingOccurrences(
        of: RetestCommandTests.samples, with: "missing-documents"),
      to: "criteria.yml")
    let run = try CLIRunner.run(
      ["tickets", "--from", "audit-filled.csv", "--dry-run"], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "the finding tickets carry no Gherkin scenario or criteria link"),
      "\(run.stderr)")
    let (banner, rating) = try Self.payloads(dir, exporter: "github")
    #expect(
      rating.title
        == "Rating on Android: Keyboard, Arrow keys fails (expected: Changes the rating by one star on iOS and Android)",
      "\(rating.title)")
    #expect(!rating.body.contains("Actual:"), "\(rating.body)")
    #expect(!banner.body.contains("Scenario:"), "\(banner.body)")
    #expect(banner.body.contains("Steps to reproduce"))
  }
}
