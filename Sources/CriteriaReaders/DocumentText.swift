import CriteriaModel

/// A document's bytes decoded as UTF-8 and split into numbered lines.
struct DocumentText: Sendable {
    let path: String
    let lines: [SourceLine]

    /// Decodes `bytes`; a file that is empty or not UTF-8 is an error naming the first bad line.
    init(path: String, bytes: [UInt8]) throws(ReadError) {
        self.path = path
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw ReadError(SourceLocation(file: path, line: 0), "the file is empty")
        }
        if let bad = Self.firstInvalidUTF8Line(bytes) {
            throw ReadError(SourceLocation(file: path, line: bad),
                            "the file is not UTF-8 text; save it as UTF-8 and try again")
        }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        var lines: [SourceLine] = []
        lines.reserveCapacity(body.count / 40)
        var number = 0
        var start = body.startIndex
        // Split on bytes: Character-based splitting was the readers' slowest step.
        while start <= body.endIndex {
            let newline = body[start...].firstIndex(of: 0x0A) ?? body.endIndex
            var end = newline
            if end > start, body[end - 1] == 0x0D { end -= 1 }
            number += 1
            lines.append(SourceLine(number: number, text: String(decoding: body[start..<end], as: UTF8.self)))
            start = newline + 1
        }
        self.lines = lines
    }

    func location(_ line: Int) -> SourceLocation { SourceLocation(file: path, line: line) }

    /// The 1-based line of the first byte sequence that is not valid UTF-8, or nil.
    static func firstInvalidUTF8Line(_ bytes: [UInt8]) -> Int? {
        var line = 1
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A { line += 1; i += 1; continue }
            if b < 0x80 { i += 1; continue }
            let length: Int
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return line
            }
            guard i + length <= bytes.count else { return line }
            for k in 1..<length where bytes[i + k] & 0xC0 != 0x80 { return line }
            let second = bytes[i + 1]
            if (b == 0xE0 && second < 0xA0) || (b == 0xED && second > 0x9F)
                || (b == 0xF0 && second < 0x90) || (b == 0xF4 && second > 0x8F) {
                return line
            }
            i += length
        }
        return nil
    }
}
