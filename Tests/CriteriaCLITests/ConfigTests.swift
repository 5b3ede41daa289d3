import Foundation
import Testing

@Suite("Config errors name the key path and line")
struct ConfigTests {
    func runConfig(_ yaml: String) throws -> CLIRunner.Outcome {
        let dir = try CLIRunner.scratch()
        try dir.write(yaml, to: "criteria.yml")
        let sample = CLIRunner.packageRoot.appendingPathComponent("Samples/criteria/native/controls/rating.md")
        try dir.write(try String(contentsOf: sample, encoding: .utf8), to: "docs/native/controls/rating.md")
        return try CLIRunner.run(["run", "--config", "criteria.yml"], in: dir)
    }

    @Test func unknownKey() throws {
        let out = try runConfig("version: 1\nsources: [docs]\noutputs:\n  - exporter: json\n    path: out.json\n    optons: {}\n")
        #expect(out.status != 0)
        #expect(out.stderr.contains("criteria.yml:6: outputs[0].optons: unknown key 'optons'. Did you mean 'options'?"))
    }

    @Test func unknownExporter() throws {
        let out = try runConfig("version: 1\nsources: [docs]\noutputs:\n  - exporter: jsn\n    path: out.json\n")
        #expect(out.stderr.contains("criteria.yml:4: outputs[0].exporter: Unknown exporter 'jsn'. Did you mean 'json'?"))
    }

    @Test func wrongTypes() throws {
        let out = try runConfig("version: 1\nsources:\n  docs: yes\n")
        #expect(out.stderr.contains("criteria.yml:3: sources: expected a list"))
        let platform = try runConfig("version: 1\nsources: [docs]\nselection:\n  platforms: [ios, windows]\n")
        #expect(platform.stderr.contains("criteria.yml:4: selection.platforms[1]: unknown platform 'windows'; use iOS, Android or Web"))
        let version = try runConfig("version: two\nsources: [docs]\n")
        #expect(version.stderr.contains("criteria.yml:1: version: expected a whole number"))
    }

    @Test func badOption() throws {
        let out = try runConfig("version: 1\nsources: [docs]\noutputs:\n  - exporter: json\n    path: out.json\n    options: {prety: true}\n")
        #expect(out.stderr.contains("outputs[0].options.prety: exporter 'json' has no option 'prety'; it takes 'pretty'. Did you mean 'pretty'?"))
    }

    @Test("a missing source and a selection matching nothing fail without writing")
    func missingSourceAndEmptySelection() throws {
        let missing = try runConfig("version: 1\nsources: [nowhere]\noutputs:\n  - exporter: json\n    path: out.json\n")
        #expect(missing.stderr.contains("nowhere: error: no such file or folder"))
        let none = try runConfig("version: 1\nsources: [docs]\nselection:\n  components: [web/*]\noutputs:\n  - exporter: json\n    path: out.json\n")
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
}
