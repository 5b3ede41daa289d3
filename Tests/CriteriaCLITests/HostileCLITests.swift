import Foundation
import Testing

@Suite("Hostile input at the command line")
struct HostileCLITests {
  static let bomb = """
    a: &a [x, x, x, x, x, x, x, x, x]
    b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
    c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
    d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
    e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
    f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
    g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
    h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
    i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]
    ? *i
    : x

    """

  @Test(
    "an alias bomb in criteria.yml or exporters/*.yml is an error naming the line, at once"
  )
  func aliasBombs() throws {
    let dir = try CLIRunner.scratch()
    try dir.write(
      "version: 1\nsources: [docs]\n" + Self.bomb, to: "criteria.yml")
    let run = try CLIRunner.run(["run"], in: dir)
    #expect(run.status == 78)
    #expect(
      run.stderr.contains(
        "criteria.yml:3: not valid YAML: YAML anchors and aliases (&name, *name) are not accepted"
      ))
    try dir.write("name: boom\n" + Self.bomb, to: "exporters/boom.yml")
    let list = try CLIRunner.run(["exporters"], in: dir)
    #expect(
      (list.stdout + list.stderr).contains(
        "boom.yml:2: not valid YAML: YAML anchors and aliases"),
      "\(list.stderr)")
  }

  @Test(
    "one broken definition in exporters/ never breaks an unrelated export; using it fails with its file and line"
  )
  func brokenDefinition() throws {
    let dir = try CLIRunner.scratch()
    try dir.write(
      "name: acme\nsummary: x\ncreate: [oops\n", to: "exporters/acme.yml")
    let samples = CLIRunner.packageRoot.appendingPathComponent(
      "Samples/criteria"
    ).path
    let csv = try CLIRunner.run(
      ["export", samples, "--to", "csv", "--output", "x.csv"], in: dir)
    #expect(csv.status == 0, "\(csv.stderr)")
    let acme = try CLIRunner.run(
      ["export", samples, "--to", "acme", "--output", "payloads"], in: dir)
    #expect(acme.status == 78)
    #expect(
      acme.stderr.contains("exporters/acme.yml:4: not valid YAML"),
      "\(acme.stderr)")
  }

  @Test(
    "escape sequences in a file name or a document never reach the terminal raw"
  )
  func terminalEscapes() throws {
    let dir = try CLIRunner.scratch()
    try dir.write(
      "## Condensed\n\n1. Test keyboard\n    - Tab \u{1B}]0;pwned\u{07}: Focus moves\n",
      to: "docs/evil\u{1B}[2J.md")
    let out = try CLIRunner.run(["validate", "docs"], in: dir)
    #expect(
      !out.stderr.contains("\u{1B}") && !out.stderr.contains("\u{07}"),
      "\(out.stderr.debugDescription)")
    #expect(out.stderr.contains("evil\\x1B[2J.md"), "\(out.stderr)")
  }
}
