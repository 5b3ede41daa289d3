import Conformance
import CriteriaModel
import CriteriaReaders
import Exporters
import Foundation
import TestSupport
import Testing

enum Paths {
  static let packageRoot = SharedData.packageRoot
  static let shared = SharedData.root
  static let samples = packageRoot.appendingPathComponent("Samples/criteria")
  static let scripts = packageRoot.appendingPathComponent(
    "Tests/ExportersTests/Scripts")
  static let golden = packageRoot.appendingPathComponent(
    "Tests/ExportersTests/Fixtures/golden")
  /// The 42 native documents (the web ones are read by the readers' own corpus tests).
  static let corpus = shared.appendingPathComponent("corpus/magentaa11y/native")
}

/// A fixed date so that outputs are reproducible.
let fixedContext = ExportContext(
  date: Date(timeIntervalSince1970: 1_767_225_600), toolVersion: "test")

/// Reads documents under a folder (or one file) into a catalog, failing the test on read errors.
func loadCatalog(_ url: URL) throws -> Catalog {
  let root = Paths.packageRoot.path + "/"
  // Paths relative to the package, so golden files do not depend on where the checkout is.
  let reader = CatalogReader {
    $0.hasPrefix(root) ? String($0.dropFirst(root.count)) : $0
  }
  let (catalog, diagnostics) = reader.read(
    try SourceCollector().collect([url.path]))
  #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
  // As a run does: every check carries the WCAG success criteria the built-in rules give it.
  return WCAGMapping(rules: .builtIn()).apply(to: catalog).catalog
}

func sampleCatalog() throws -> Catalog { try loadCatalog(Paths.samples) }

func scratchFolder() throws -> URL { try Scratch.folder("criteria-export") }

/// Renders with an exporter and delivers through the real sink.
func exportToDisk(_ exporter: any Exporter, _ catalog: Catalog, to url: URL)
  throws
{
  try FileSink().deliver(
    try exporter.export(catalog, context: fixedContext), to: url.path)
}

func fileData(_ artifact: ExportArtifact) throws -> Data {
  guard case .file(let data) = artifact else {
    throw ExportError("expected a single file")
  }
  return data
}

/// Runs a program and returns its exit status and output (through files: it cannot deadlock on full pipes).
@discardableResult
func runTool(_ executable: String, _ arguments: [String], input: Data? = nil)
  throws -> (status: Int32, out: String, err: String)
{
  let outcome = try ProcessRunner.run(executable, arguments, input: input)
  return (outcome.status, outcome.stdout, outcome.stderr)
}

func python(_ script: String, _ arguments: [String]) throws -> (
  status: Int32, out: String, err: String
) {
  try runTool(
    "python3", [Paths.scripts.appendingPathComponent(script).path] + arguments)
}

/// Compares text with a golden file of `Fixtures/golden` (see `Golden.expect`).
func expectGolden(
  _ text: String, _ name: String,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
  try Golden.expect(
    text, at: Paths.golden.appendingPathComponent(name),
    sourceLocation: sourceLocation)
}
