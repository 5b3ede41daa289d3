/// One line of a document with its 1-based number.
struct SourceLine: Sendable {
    let number: Int
    let text: String

    /// Columns of leading white space (a tab counts as four).
    var indent: Int {
        var n = 0
        for c in text {
            if c == " " { n += 1 } else if c == "\t" { n += 4 } else { break }
        }
        return n
    }

    var trimmed: String { text.trimmingWhitespace() }
    var isBlank: Bool { text.allSatisfy(\.isWhitespace) }
}

extension StringProtocol {
    /// The string without leading and trailing spaces, tabs and line breaks.
    func trimmingWhitespace() -> String {
        var scalars = Substring(self).unicodeScalars[...]
        while let f = scalars.first, f.properties.isWhitespace { scalars.removeFirst() }
        while let l = scalars.last, l.properties.isWhitespace { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
