import Foundation
import Testing

/// The file-safety rule: an output never deletes or replaces a folder it did not create, never replaces an
/// input, never writes over the config's folder; colliding names never overwrite each other.
@Suite("Outputs never destroy a user's files")
struct OutputSafetyTests {
  /// A project folder with a config, a document and a file of the user's own.
  func project(outputs: String) throws -> URL {
    let dir = try CLIRunner.scratch()
    try dir.write(
      "version: 1\nsources: [docs]\noutputs:\n\(outputs)", to: "criteria.yml")
    let sample = CLIRunner.packageRoot.appendingPathComponent(
      "Samples/criteria/native/controls/rating.md")
    try dir.write(
      try String(contentsOf: sample, encoding: .utf8),
      to: "docs/native/controls/rating.md")
    try dir.write("the user's own work", to: "notes.txt")
    return dir
  }

  func expectUntouched(_ dir: URL) throws {
    #expect(dir.listing == ["criteria.yml", "docs", "notes.txt"])
    #expect(
      try dir.read("notes.txt")
        == "the user's own work")
    #expect(
      FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("docs/native/controls/rating.md")
          .path))
  }

  @Test(
    "an empty, '.' or '..' output path is an error naming the key, and the project is untouched",
    arguments: ["\"\"", "", ".", "./", "docs/..", ".."])
  func emptyOrOwnFolder(path: String) throws {
    let dir = try project(outputs: "  - exporter: json\n    path: \(path)\n")
    let out = try CLIRunner.run(["run", "--config", "criteria.yml"], in: dir)
    #expect(out.status == 78)
    #expect(
      out.stderr.contains("criteria.yml:5: outputs[0].path: "), "\(out.stderr)")
    try expectUntouched(dir)
  }

  @Test("two outputs with one path: an error naming both keys")
  func samePath() throws {
    let dir = try project(
      outputs:
        "  - exporter: json\n    path: out/a.json\n  - exporter: csv\n    path: out/../out/a.json\n"
    )
    let out = try CLIRunner.run(["run", "--config", "criteria.yml"], in: dir)
    #expect(out.status == 78)
    #expect(
      out.stderr.contains(
        "criteria.yml:7: outputs[1].path: 'out/../out/a.json' is also outputs[0].path; two outputs cannot write to one path"
      ))
    try expectUntouched(dir)
  }

  @Test("an output inside another output's folder: an error naming both keys")
  func nestedPaths() throws {
    let dir = try project(
      outputs:
        "  - exporter: gherkin\n    path: out/features\n  - exporter: csv\n    path: out/features/extra.csv\n"
    )
    let out = try CLIRunner.run(["run", "--config", "criteria.yml"], in: dir)
    #expect(out.status == 78)
    #expect(
      out.stderr.contains(
        "criteria.yml:7: outputs[1].path: 'out/features/extra.csv' and outputs[0].path are one inside the other"
      ), "\(out.stderr)")
    try expectUntouched(dir)
  }

  @Test(
    "outputs are written side by side: one that cannot be written stops the run with its own error, the others are written and said in the config's order"
  )
  func oneOutputFails() throws {
    let dir = try project(
      outputs: """
          - exporter: json
            path: out/a.json
          - exporter: csv
            path: notes.txt/b.csv
          - exporter: markdown
            path: out/c.md
          - exporter: gherkin
            path: out/features

        """)
    let out = try CLIRunner.run(["run", "--config", "criteria.yml"], in: dir)
    #expect(out.status == 73, "\(out.stderr)")
    #expect(
      out.stderr.contains("Error: outputs[1].path: cannot create the folder '")
        && out.stderr.contains("/notes.txt': File exists\n"), "\(out.stderr)")
    let wrote = out.stderr.split(separator: "\n").filter {
      $0.hasPrefix("wrote ")
    }
    .map { $0.split(separator: "/").suffix(2).joined(separator: "/") }
    #expect(wrote == ["out/a.json", "out/c.md", "out/features"])
    for name in ["out/a.json", "out/c.md"] {
      #expect(
        FileManager.default.fileExists(
          atPath: dir.appendingPathComponent(name).path), "\(name)")
    }
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: dir.appendingPathComponent("out/features").path
      ).contains { $0.hasSuffix(".feature") })
    #expect(
      try dir.read("notes.txt")
        == "the user's own work")
  }

  @Test(
    "an output that is an input document is refused, and the document is kept")
  func outputIsInput() throws {
    let dir = try project(
      outputs:
        "  - exporter: markdown\n    path: docs/native/controls/rating.md\n")
    let before = try Data(
      contentsOf: dir.appendingPathComponent("docs/native/controls/rating.md"))
    let out = try CLIRunner.run(["run", "--config", "criteria.yml"], in: dir)
    #expect(out.status == 73)
    #expect(
      out.stderr.contains("it is one of this run's inputs"), "\(out.stderr)")
    #expect(
      try Data(
        contentsOf: dir.appendingPathComponent("docs/native/controls/rating.md")
      ) == before)
    let export = try CLIRunner.run(
      [
        "export", "docs/native/controls/rating.md", "--to", "json", "--output",
        "docs/native/controls/rating.md",
      ], in: dir)
    #expect(export.status == 73)
    #expect(
      try Data(
        contentsOf: dir.appendingPathComponent("docs/native/controls/rating.md")
      ) == before)
  }

  @Test(
    "export --output DIR never deletes the folder; a folder output never empties the current folder"
  )
  func exportIntoFolders() throws {
    let dir = try project(outputs: "")
    let file = try CLIRunner.run(
      ["export", "docs", "--to", "json", "--output", "docs"], in: dir)
    #expect(file.status == 73)
    #expect(
      file.stderr.contains(
        "cannot write 'docs': it is a folder, and an output never replaces a folder; name a file"
      ))
    let here = try CLIRunner.run(
      ["export", "docs", "--to", "gherkin", "--output", "."], in: dir)
    #expect(here.status == 64)
    #expect(
      here.stderr.contains(
        "--output .: 'gherkin' writes a folder of files; give it a folder of its own"
      ))
    try expectUntouched(dir)
  }

  @Test(
    "a folder output writes beside the user's files, repeats cleanly, and never replaces theirs"
  )
  func folderBesideUserFiles() throws {
    let dir = try project(
      outputs: "  - exporter: gherkin\n    path: features\n")
    try dir.write("mine", to: "features/login.feature")
    #expect(
      try CLIRunner.run(["run", "--config", "criteria.yml"], in: dir).status
        == 0)
    #expect(
      try CLIRunner.run(["run", "--config", "criteria.yml"], in: dir).status
        == 0)
    #expect(
      dir.appendingPathComponent("features").listing
        == [
          ".criteria-output.json", "login.feature",
          "native-controls-rating.feature",
        ])
    #expect(
      try dir.read("features/login.feature") == "mine")
    try dir.write("mine too", to: "features/native-controls-rating.feature")
    try FileManager.default.removeItem(
      at: dir.appendingPathComponent("features/.criteria-output.json"))
    let out = try CLIRunner.run(["run", "--config", "criteria.yml"], in: dir)
    #expect(out.status == 73)
    #expect(
      out.stderr.contains("a file criteria did not write is already there"))
    #expect(
      try String(
        contentsOf: dir.appendingPathComponent(
          "features/native-controls-rating.feature"), encoding: .utf8)
        == "mine too")
  }

  @Test("components whose ids slug to one file name get distinct files")
  func collidingSlugs() throws {
    let dir = try CLIRunner.scratch()
    let sample = try String(
      contentsOf: CLIRunner.packageRoot.appendingPathComponent(
        "Samples/criteria/native/controls/rating.md"), encoding: .utf8)
    let body = sample.replacingOccurrences(
      of: "](https://www.magentaa11y.com", with: "](https://example.invalid")
    try dir.write(body, to: "docs/native/controls/a-b.md")
    try dir.write(body, to: "docs/native/controls-a/b.md")
    let out = try CLIRunner.run(
      ["export", "docs", "--to", "gherkin", "--output", "features"], in: dir)
    #expect(out.status == 0, "\(out.stderr)")
    let files = dir.appendingPathComponent("features").listing.filter {
      $0.hasSuffix(".feature")
    }
    #expect(files.count == 2, "\(files)")
  }
}
