import CriteriaModel
import Testing

@Suite("paths relative to a base folder")
struct RelativePathTests {
  @Test(
    "inside, beside, above and already relative",
    arguments: [
      ("/home/a/project", "/home/a/project/docs/x.md", "docs/x.md"),
      ("/home/a/project/", "/home/a/project/x.md", "x.md"),
      ("/home/a/project", "/home/a/other/x.md", "../other/x.md"),
      ("/home/a/project/config", "/srv/docs/x.md", "../../../../srv/docs/x.md"),
      ("/home/a/project", "/home/a/project/./docs/../x.md", "x.md"),
      ("/home/a/project", "docs/x.md", "docs/x.md"),
      ("/home/a/project", "/home/a/project", "."),
    ])
  func relative(base: String, path: String, expected: String) {
    #expect(RelativePath.from(base, to: path) == expected)
  }
}
