import Foundation
import Testing

@testable import CriteriaCLI

/// What a tracker hands back (a status name, a key) reaches the terminal visible, never as raw escapes.
@Suite("Text from outside on the terminal")
struct TerminalTextTests {
  @Test(
    "control characters show as \\x1B, bidirectional overrides as \\u{202E}; a table cell stays one line"
  )
  func visible() {
    #expect(
      Terminal.printable("Done\u{1B}]0;pwned\u{07}\u{1B}[2J")
        == "Done\\x1B]0;pwned\\x07\\x1B[2J")
    #expect(
      Terminal.printable("a\u{9B}b\u{202E}c\u{FFFE}")
        == "a\\x9Bb\\u{202E}c\\u{FFFE}")
    #expect(Terminal.printable("two\nlines\tand tab") == "two\nlines\tand tab")
    var table = TextTable(header: ["KEY", "STATUS"])
    table.rows.append(["A-1\u{1B}[2J", "Closed\nreally"])
    let shown = table.render()
    #expect(!shown.unicodeScalars.contains { $0.value == 0x1B })
    #expect(shown.contains("A-1\\x1B[2J  Closed\\nreally"), "\(shown)")
    #expect(shown.split(separator: "\n").count == 3)
  }
}
