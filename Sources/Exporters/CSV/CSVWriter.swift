/// Writes RFC 4180 records: a field is quoted when it holds the delimiter, a quote, CR or LF (or leading
/// or trailing space), quotes inside are doubled, and one record separator is used throughout.
public struct CSVWriter: Sendable {
    /// The field separator byte.
    public var delimiter: UInt8
    /// The record separator (CRLF by default).
    public var lineEnding: [UInt8]
    /// Whether output starts with a UTF-8 BOM.
    public var byteOrderMark: Bool
    /// Whether formula-like fields are neutralised.
    public var formulaGuard: Bool

    /// Creates a writer.
    public init(delimiter: UInt8 = UInt8(ascii: ","), lineEnding: [UInt8] = [0x0D, 0x0A],
                byteOrderMark: Bool = false, formulaGuard: Bool = true) {
        self.delimiter = delimiter
        self.lineEnding = lineEnding
        self.byteOrderMark = byteOrderMark
        self.formulaGuard = formulaGuard
    }

    /// The bytes that start a file (the BOM, if asked for).
    public func start() -> [UInt8] { byteOrderMark ? [0xEF, 0xBB, 0xBF] : [] }

    /// Appends one record.
    public func append(_ fields: [String], to output: inout [UInt8]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { output.append(delimiter) }
            appendField(formulaGuard ? FormulaGuard.neutralise(field) : field, to: &output)
        }
        output.append(contentsOf: lineEnding)
    }

    private func appendField(_ field: String, to output: inout [UInt8]) {
        let utf8 = field.utf8
        var needsQuotes = false
        for byte in utf8 where byte == delimiter || byte == 0x22 || byte == 0x0A || byte == 0x0D {
            needsQuotes = true
            break
        }
        if !needsQuotes, let first = utf8.first, let last = utf8.last, first == 0x20 || last == 0x20 { needsQuotes = true }
        guard needsQuotes else {
            output.append(contentsOf: utf8)
            return
        }
        output.append(0x22)
        for byte in utf8 {
            if byte == 0x22 { output.append(0x22) }
            output.append(byte)
        }
        output.append(0x22)
    }
}
