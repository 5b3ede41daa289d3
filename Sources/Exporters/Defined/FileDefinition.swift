import CriteriaModel
import Mustache
import StrictYAML
import Yams

/// A file exporter defined in YAML (`exporters/*.yml` with `kind: file`): a Mustache template, the escaping
/// applied to every value, the file extension and the options it declares.
public struct FileDefinition: Sendable {
  public var name: String
  public var summary: String
  public var fileExtension: String
  public var escape: ValueEscape
  public var template: String
  /// Declared options: default value and one-line help.
  public var options: [String: (defaultValue: String, help: String)]
  /// The definition's file.
  public var file: String
  /// The line the template starts on in the file, for errors inside it.
  public var templateLine: Int

  static let keys = [
    "name", "kind", "summary", "extension", "escape", "template", "options",
  ]

  /// The variables a template may use, by the section they live in.
  static let rowKeys = [
    "id", "component", "component_id", "platform", "test", "check", "expected",
    "wcag", "source", "case_title", "step",
  ]
  static let componentKeys = [
    "id", "title", "family", "category", "platforms", "criteria", "scenarios",
    "wcag", "summary",
  ]
  static let criterionKeys = [
    "id", "test", "check", "expectation", "platforms", "wcag",
  ]
  static let scenarioKeys = ["name", "steps", "keyword", "text"]
  /// A test case per component and platform, with one step per check (the shape of test-management
  /// imports that put a case on several lines).
  static let caseKeys = [
    "name", "component", "component_id", "platform", "objective",
    "precondition", "wcag", "steps", "first", "step", "check", "test",
    "expected",
  ]
  static let topKeys = [
    "rows", "components", "cases", "title", "generated", "tool_version",
    "options",
  ]

  /// Whether a composed YAML text declares `kind: file` (tracker definitions say `kind: tracker` or
  /// nothing), as `DefinitionKind.isFile` reads it from the text.
  static func isFileKind(_ root: Node) -> Bool {
    root.mapping?["kind"]?.string == "file"
  }

  /// Parses a definition; errors name `file`, the line and the key.
  public init(yaml: String, file: String) throws(ExportError) {
    let root: Node?
    do { root = try SafeYAML.compose(yaml) } catch {
      let problem = YAMLProblem(error)
      throw ExportError("\(file):\(problem.line): \(problem.message)")
    }
    try self.init(root: root, file: file)
  }

  /// Reads a definition from its composed YAML; errors name `file`, the line and the key.
  ///
  /// `checkingTemplate: false` leaves out the template's check (its syntax and every variable it names):
  /// only for the definitions compiled into criteria, which a test checks, so that no run pays for
  /// compiling templates it may never use.
  init(root: Node?, file: String, checkingTemplate: Bool = true)
    throws(ExportError)
  {
    self.file = file
    guard let root else {
      throw ExportError("\(file):1: the definition is empty")
    }
    do throws(StrictYAMLError) {
      let map = try YAMLMap(root, "", allowed: Self.keys)
      func text(_ key: String, required: Bool) throws(StrictYAMLError) -> String
      {
        try map.text(key, required: required) ?? ""
      }
      name = try text("name", required: true)
      summary = try text("summary", required: false)
      let kind = try text("kind", required: true)
      guard kind == "file" else {
        throw map.problem(
          "kind", "'\(kind)' here; a file exporter says kind: file")
      }
      fileExtension = try text("extension", required: true)
      let escapeName = try text("escape", required: true)
      guard let escape = ValueEscape(rawValue: escapeName) else {
        throw map.problem(
          "escape",
          Suggestion.unknown(
            "escape", escapeName,
            among: ValueEscape.allCases.map(\.rawValue), listed: "Escapes are"))
      }
      self.escape = escape
      template = try text("template", required: true)
      // A block scalar's text starts on the line after its `|`: template line k is file line mark + k.
      templateLine = StrictMapping.line(of: map["template"])
      var declared: [String: (defaultValue: String, help: String)] = [:]
      if let optionsNode = map["options"] {
        guard let options = optionsNode.mapping else {
          throw StrictYAMLError(
            line: StrictMapping.line(of: optionsNode), keyPath: "options",
            message: "expected a mapping of option names")
        }
        for (key, value) in options {
          let optionName = key.string ?? ""
          let fields = try YAMLMap(
            value, "options.\(optionName)", allowed: ["default", "description"])
          declared[optionName] = (
            try fields.text("default") ?? "",
            try fields.text("description") ?? ""
          )
        }
      }
      options = declared
    } catch {
      throw ExportError(
        "\(file):\(error.line): \(error.keyPath): \(error.message)")
    }
    if checkingTemplate { try checkTemplate() }
  }

  /// The template compiled, with syntax errors at their line in the definition file.
  func compiled() throws(ExportError) -> MustacheTemplate {
    do {
      return try MustacheTemplate(
        string: "{{% CONTENT_TYPE: TEXT }}" + template)
    } catch let error as MustacheTemplate.ParserError {
      let c = error.context
      throw ExportError(
        "\(file):\(templateLine + c.lineNumber): template syntax error (\(error.error)) in '\(c.line.trimmingCharacters(in: .whitespaces))'"
      )
    } catch {
      throw ExportError(
        "\(file):\(templateLine): template syntax error (\(error))")
    }
  }

  /// Every `{{name}}` the template uses must be a variable criteria provides (or a declared option).
  func checkTemplate() throws(ExportError) {
    _ = try compiled()
    let known = Set(
      Self.topKeys + Self.rowKeys + Self.componentKeys + Self.criterionKeys
        + Self.scenarioKeys + Self.caseKeys
        + Array(options.keys) + ["."])
    for (offset, line) in template.split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .enumerated() {
      var rest = Substring(line)
      while let open = rest.range(of: "{{") {
        rest = rest[open.upperBound...]
        guard let close = rest.range(of: "}}") else { break }
        var tag = rest[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
        rest = rest[close.upperBound...]
        if tag.hasPrefix("!") || tag.hasPrefix("%") || tag.hasPrefix("=")
          || tag.hasPrefix(">")
        {
          continue
        }
        tag = String(tag.drop { "#^/&{".contains($0) }).trimmingCharacters(
          in: .whitespaces)
        tag = String(tag.prefix { $0 != "}" })
        let base = String(tag.split(separator: ".").first ?? "")
        if tag.isEmpty || known.contains(tag) || known.contains(base) {
          continue
        }
        let hint =
          Suggestion.hint(for: tag, in: known.sorted())
        throw ExportError(
          "\(file):\(templateLine + offset + 1): unknown variable '\(tag)' in the template.\(hint)"
        )
      }
    }
  }
}
