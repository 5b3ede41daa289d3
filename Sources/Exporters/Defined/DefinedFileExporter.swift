import Audit
import CriteriaModel
import Foundation
import Mustache
import StrictYAML
import Yams

/// A file exporter made from a `kind: file` definition: the template rendered with every value escaped the
/// way the definition declares.
public struct DefinedFileExporter: Exporter {
  public static let name = "defined"
  public static let summary =
    "A file exporter defined in exporters/ (kind: file)."

  let definition: FileDefinition
  let template: MustacheTemplate
  let values: [String: String]
  /// The most the template may render, in bytes (`max_output_mib`, 256 MiB by default).
  let outputLimit: Int

  /// The option every defined file exporter takes besides its own: the bound on its output.
  public static let limitOption = "max_output_mib"
  /// The lists a template can repeat a section over.
  static let lists: Set<String> = [
    "rows", "components", "cases", "criteria", "scenarios", "steps",
  ]

  public init(options: ExportOptions) throws(ExportError) {
    throw ExportError("a defined file exporter is made from its definition")
  }

  /// The exporter of `definition`, with `options` over the declared defaults; an undeclared option is an
  /// error.
  public init(definition: FileDefinition, options: ExportOptions)
    throws(ExportError)
  {
    try options.checkKeys(
      allowed: Array(definition.options.keys) + [Self.limitOption],
      exporter: definition.name)
    self.definition = definition
    template = try definition.compiled()
    let mebibytes = try options.string(Self.limitOption) ?? "256"
    guard let limit = Int(mebibytes), (1...65_536).contains(limit) else {
      throw ExportError(
        "\(options.origin).\(Self.limitOption): '\(mebibytes)' is not a whole number of MiB from 1 to 65536"
      )
    }
    outputLimit = limit << 20
    var values: [String: String] = [:]
    for (key, declared) in definition.options where key != Self.limitOption {
      values[key] = try options.string(key) ?? declared.defaultValue
    }
    self.values = values
  }

  public func export(_ catalog: Catalog, context: ExportContext)
    throws(ExportError) -> ExportArtifact
  {
    let budget = RenderBudget(
      limit: outputLimit, template: definition.template, lists: Self.lists)
    let rendered = template.render(
      Self.budgeted(self.context(catalog, context), budget: budget))
    guard !budget.exceeded else {
      throw ExportError(
        "\(definition.file): the output of '\(definition.name)' would pass \(outputLimit >> 20) MiB, so it was not "
          + "written (a list section inside itself, such as {{#rows}} within {{#rows}}, repeats every row for "
          + "every row); set the option \(Self.limitOption) to allow more")
    }
    return .file(Data(rendered.utf8))
  }

  /// The context with every printed value and every list counted against `budget`.
  static func budgeted(_ value: Any, key: String = "", budget: RenderBudget)
    -> Any
  {
    switch value {
    case let text as String:
      return BudgetedText(text: text, budget: budget)
    case let list as [[String: Any]] where lists.contains(key):
      return BudgetedList(
        name: key, items: list.map { budgeted(map: $0, budget: budget) },
        budget: budget)
    case let map as [String: Any]:
      return budgeted(map: map, budget: budget)
    default:
      return value
    }
  }

  /// A map's values counted against `budget`, each under its key.
  static func budgeted(map: [String: Any], budget: RenderBudget) -> [String:
    Any]
  {
    map.reduce(into: [:]) { out, entry in
      out[entry.key] = budgeted(entry.value, key: entry.key, budget: budget)
    }
  }

  /// What the template sees; every text value already escaped.
  func context(_ catalog: Catalog, _ context: ExportContext) -> [String: Any] {
    let e = definition.escape.apply
    // A list is one value, ", " between its items, escaped whole.
    let list = { (items: [String]) in e(items.joined(separator: ", ")) }
    let rows: [[String: Any]] = catalog.components.flatMap { component in
      component.criteria.flatMap { criterion in
        criterion.platforms.map { platform -> [String: Any] in
          [
            "id": e(StableID.row(criterion: criterion.id, platform: platform)),
            "component": e(component.title), "component_id": e(component.id),
            "platform": e(platform.rawValue), "test": e(criterion.test.label),
            // Values joined before escaping: a value is escaped whole, so one CSV field must be one value.
            "case_title": e("\(criterion.check) (\(platform.rawValue))"),
            "step": e("\(criterion.test.label): \(criterion.check)"),
            "check": e(criterion.check), "expected": e(criterion.expectation),
            "wcag": list(criterion.wcag),
            "source": e(criterion.source.description),
          ]
        }
      }
    }
    let components: [[String: Any]] = catalog.components.map { component in
      [
        "id": e(component.id), "title": e(component.title),
        "family": e(component.family.rawValue),
        "category": e(component.category),
        "summary": e(component.summary),
        "platforms": list(component.platforms.map(\.rawValue)),
        "wcag": list(component.wcag),
        "criteria": component.criteria.map { criterion -> [String: Any] in
          [
            "id": e(criterion.id), "test": e(criterion.test.label),
            "check": e(criterion.check),
            "expectation": e(criterion.expectation),
            "platforms": list(criterion.platforms.map(\.rawValue)),
            "wcag": list(criterion.wcag),
          ]
        },
        "scenarios": component.scenarios.map { scenario -> [String: Any] in
          [
            "name": e(scenario.name),
            "steps": scenario.steps.flatMap(\.flattened).map {
              ["keyword": e($0.keyword.rawValue), "text": e($0.text)]
            },
          ]
        },
      ]
    }
    let cases: [[String: Any]] = catalog.components.flatMap { component in
      component.platforms.compactMap { platform -> [String: Any]? in
        let criteria = component.criteria.filter {
          $0.platforms.contains(platform)
        }
        guard !criteria.isEmpty else { return nil }
        let wcag = WCAGOrder.sorted(criteria.flatMap(\.wcag))
        return [
          "name": e("\(component.title) (\(platform.rawValue))"),
          "component": e(component.title), "component_id": e(component.id),
          "platform": e(platform.rawValue),
          "objective": e(
            "The \(component.title) component meets its accessibility acceptance criteria on \(platform.rawValue)."
              + (wcag.isEmpty
                ? "" : " WCAG 2.2: \(wcag.joined(separator: ", ")).")),
          "precondition": e(
            "The \(component.title) component is on screen on \(platform.rawValue)."
          ),
          "wcag": list(wcag),
          "steps": criteria.enumerated().map {
            index, criterion -> [String: Any] in
            [
              "first": index == 0,
              "step": e("\(criterion.test.label): \(criterion.check)"),
              "test": e(criterion.test.label), "check": e(criterion.check),
              "expected": e(criterion.expectation),
              "wcag": list(criterion.wcag),
            ]
          },
        ]
      }
    }
    var top: [String: Any] = [
      "rows": rows, "components": components, "cases": cases,
      "title": e(values["title"] ?? definition.name),
      "generated": e(context.day),
      "tool_version": e(context.toolVersion),
      "options": values.mapValues(e),
    ]
    for (key, value) in values where top[key] == nil { top[key] = e(value) }
    return top
  }
}

/// The `kind: file` definitions in `exporters/` folders, as registry entries.
public enum FileDefinitions {
  /// Entries for every file definition in `folders` (later ones replace earlier ones of the same name).
  ///
  /// A definition that cannot be read becomes an entry named after its file that fails with the file and
  /// line when it is used, so one broken definition never breaks an unrelated export.
  public static func entries(folders: [String]) -> [ExporterEntry] {
    var files = ShippedFileDefinitions.files.map {
      (path: $0.name, text: Optional($0.text), shipped: true)
    }
    for folder in folders {
      let names =
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") }.sorted()
      files += names.map { name in
        let path = folder + "/" + name
        return (
          path: path, text: try? String(contentsOfFile: path, encoding: .utf8),
          shipped: false
        )
      }
    }
    var entries: [ExporterEntry] = []
    for (path, contents, shipped) in files {
      // Composed once: what says whether it is a file definition is also what the definition is read from.
      guard let text = contents, let root = try? SafeYAML.compose(text),
        FileDefinition.isFileKind(root)
      else {
        continue
      }
      let entry = Self.entry(root: root, path: path, checkingTemplate: !shipped)
      entries.removeAll { $0.name == entry.name }
      entries.append(entry)
    }
    return entries
  }

  static func entry(root: Node, path: String, checkingTemplate: Bool)
    -> ExporterEntry
  {
    do {
      let definition = try FileDefinition(
        root: root, file: path, checkingTemplate: checkingTemplate)
      return ExporterEntry(
        name: definition.name,
        summary: definition.summary.isEmpty
          ? "defined in \(path)" : definition.summary,
        optionHelp: definition.options.mapValues {
          $0.help.isEmpty ? "default '\($0.defaultValue)'" : $0.help
        },
        origin: path
      ) { options throws(ExportError) in
        try DefinedFileExporter(definition: definition, options: options)
      }
    } catch {
      let failure = error
      return ExporterEntry(
        name: URL(fileURLWithPath: path).deletingPathExtension()
          .lastPathComponent,
        summary: "broken definition: \(failure.message)", optionHelp: [:],
        origin: path
      ) { _ throws(ExportError) in throw failure }
    }
  }
}
