import Foundation
import Testing

@Suite("Config errors name the key path and line")
struct ConfigTests {
  func runConfig(_ yaml: String) throws -> CLIRunner.Outcome {
    let dir = try CLIRunner.scratch()
    try dir.write(yaml, to: "criteria.yml")
    let sample = CLIRunner.packageRoot.appendingPathComponent(
      "Samples/criteria/native/controls/rating.md")
    try dir.write(
      try String(contentsOf: sample, encoding: .utf8),
      to: "docs/native/controls/rating.md")
    return try CLIRunner.run(["run", "--config", "criteria.yml"], in: dir)
  }

  @Test func unknownKey() throws {
    let out = try runConfig(
      "version: 1\nsources: [docs]\noutputs:\n  - exporter: json\n    path: out.json\n    optons: {}\n"
    )
    #expect(out.status != 0)
    #expect(
      out.stderr.contains(
        "criteria.yml:6: outputs[0].optons: unknown key 'optons'. Did you mean 'options'?"
      ))
  }

  @Test func unknownExporter() throws {
    let out = try runConfig(
      "version: 1\nsources: [docs]\noutputs:\n  - exporter: jsn\n    path: out.json\n"
    )
    #expect(
      out.stderr.contains(
        "criteria.yml:4: outputs[0].exporter: Unknown exporter 'jsn'. Did you mean 'json'?"
      ))
    // In a config it is a config error; on the command line (`export --to`), a usage error.
    #expect(out.status == 78, "\(out.stderr)")
  }

  @Test func wrongTypes() throws {
    let out = try runConfig("version: 1\nsources:\n  docs: yes\n")
    #expect(out.stderr.contains("criteria.yml:3: sources: expected a list"))
    let platform = try runConfig(
      "version: 1\nsources: [docs]\nselection:\n  platforms: [ios, windows]\n")
    #expect(
      platform.stderr.contains(
        "criteria.yml:4: selection.platforms[1]: unknown platform 'windows'; use iOS, Android or Web"
      ))
    let version = try runConfig("version: two\nsources: [docs]\n")
    #expect(
      version.stderr.contains(
        "criteria.yml:1: version: expected a whole number"))
  }

  @Test func badOption() throws {
    let out = try runConfig(
      "version: 1\nsources: [docs]\noutputs:\n  - exporter: json\n    path: out.json\n    options: {prety: true}\n"
    )
    #expect(
      out.stderr.contains(
        "outputs[0].options.prety: exporter 'json' has no option 'prety'; it takes 'pretty'. Did you mean 'pretty'?"
      ))
  }

  @Test(
    "a missing source and a selection matching nothing fail without writing")
  func missingSourceAndEmptySelection() throws {
    let missing = try runConfig(
      "version: 1\nsources: [nowhere]\noutputs:\n  - exporter: json\n    path: out.json\n"
    )
    // The config and its key are named, so the person knows where to mend it.
    #expect(
      missing.stderr.contains(
        "Error: criteria.yml: sources: nowhere: no such file or folder\n"),
      "\(missing.stderr)")
    #expect(missing.status == 66)
    let none = try runConfig(
      "version: 1\nsources: [docs]\nselection:\n  components: [web/*]\noutputs:\n  - exporter: json\n    path: out.json\n"
    )
    #expect(none.status != 0)
    #expect(none.stderr.contains("selection matches no components"))
  }

  @Test("invalid YAML is reported with its line")
  func invalidYAML() throws {
    let out = try runConfig("version: 1\nsources: [docs\noutputs: []\n")
    #expect(out.status != 0)
    #expect(out.stderr.contains("criteria.yml:"))
    #expect(out.stderr.contains("not valid YAML"))
  }

  @Test(
    "custom_fields written as a mapping reaches the tracker's payload; an entry that is not field=value is an error"
  )
  func customFields() throws {
    let dir = try CLIRunner.scratch()
    let samples = CLIRunner.packageRoot.appendingPathComponent(
      "Samples/criteria"
    ).path
    let output =
      "outputs:\n  - exporter: jira-cloud\n    path: payloads\n    options:\n      url: https://acme.atlassian.net\n"
      + "      project: A11Y\n"
    try dir.write(
      "version: 1\nsources: [\(samples)]\n" + output
        + "      custom_fields: {customfield_10010: '3'}\n", to: "criteria.yml")
    let run = try CLIRunner.run(["run", "--dry-run"], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    let first = try #require(
      dir.appendingPathComponent("payloads").outputFiles.first)
    let payload = try dir.read("payloads/\(first)")
    #expect(
      payload.contains("\"customfield_10010\" : \"3\""),
      "\(payload.prefix(400))")
    try dir.write(
      "version: 1\nsources: [\(samples)]\n" + output
        + "      custom_fields: [customfield_10010]\n", to: "criteria.yml")
    let bad = try CLIRunner.run(["run", "--dry-run"], in: dir)
    #expect(bad.status == 78)
    #expect(
      bad.stderr.contains(
        "outputs[0].options.custom_fields: 'customfield_10010' is not a field and a value"
      ), "\(bad.stderr)")
  }

  @Test("--version names the libxlsxwriter and libcurl it runs with")
  func version() throws {
    let out = try CLIRunner.run(["--version"])
    #expect(out.stdout.hasPrefix("criteria 0."))
    #expect(
      out.stdout.contains("libxlsxwriter 1.")
        && out.stdout.contains("libcurl "), "\(out.stdout)")
  }
}
