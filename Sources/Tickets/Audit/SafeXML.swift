import Foundation

/// The checks a workbook part passes before any XML parser sees it. SpreadsheetML parts never carry
/// a document type declaration, so none is accepted: no DTD means no entity can be declared, nothing is
/// resolved and nothing is fetched, whatever the parser underneath would do with one.
enum SafeXML {
    static func check(_ data: Data, file: String, part: String) throws(TicketError) {
        let place = "\(file): the part \(part)"
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }) else {
            throw TicketError("\(place) is empty; the workbook is damaged")
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) || bytes.contains(0) {
            throw TicketError("\(place) is not UTF-8 XML (UTF-16 or binary); save the workbook again from Excel or LibreOffice")
        }
        guard bytes[first] == UInt8(ascii: "<") else {
            throw TicketError("\(place) is not XML; the workbook is damaged")
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw TicketError("\(place) is not valid UTF-8; save the workbook again from Excel or LibreOffice")
        }
        if let encoding = declaredEncoding(bytes), !["utf-8", "utf8"].contains(encoding.lowercased()) {
            throw TicketError("\(place) declares the encoding '\(encoding)'; criteria reads UTF-8 workbooks only")
        }
        if contains(bytes, "<!DOCTYPE") || contains(bytes, "<!ENTITY") {
            throw TicketError("\(place) has a document type declaration (<!DOCTYPE or <!ENTITY); workbooks never do, "
                + "and criteria never processes one: it is not read")
        }
        try checkStructure(bytes, place: place)
    }

    /// Foundation's XML parser on Linux recovers from broken documents (a sheet cut in half reads as the
    /// rows before the cut), so the structure is checked first: every tag closed in order, one root
    /// element, nothing after it but comments, and no markup cut off.
    static func checkStructure(_ bytes: [UInt8], place: String) throws(TicketError) {
        var open: [ArraySlice<UInt8>] = []
        var roots = 0
        var index = 0
        let count = bytes.count
        func fail(_ what: String) -> TicketError {
            TicketError("\(place) is not well-formed XML (\(what)); the workbook is damaged or was cut short")
        }
        func skip(past terminator: String, from start: Int) throws(TicketError) -> Int {
            let needle = Array(terminator.utf8)
            var i = start
            while i + needle.count <= count {
                if bytes[i] == needle[0] && bytes[i..<i + needle.count].elementsEqual(needle) { return i + needle.count }
                i += 1
            }
            throw fail("'\(terminator)' missing")
        }
        while index < count {
            guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
            let next = index + 1 < count ? bytes[index + 1] : 0
            if next == UInt8(ascii: "?") {
                index = try skip(past: "?>", from: index + 2)
            } else if bytes[index...].starts(with: Array("<!--".utf8)) {
                index = try skip(past: "-->", from: index + 4)
            } else if bytes[index...].starts(with: Array("<![CDATA[".utf8)) {
                guard !open.isEmpty else { throw fail("text outside the root element") }
                index = try skip(past: "]]>", from: index + 9)
            } else if next == UInt8(ascii: "!") {
                throw fail("a declaration")
            } else {
                let closing = next == UInt8(ascii: "/")
                let nameStart = closing ? index + 2 : index + 1
                var i = nameStart
                while i < count, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/") { i += 1 }
                let name = bytes[nameStart..<i]
                guard !name.isEmpty else { throw fail("a tag without a name") }
                var quote: UInt8? = nil
                while i < count {
                    let byte = bytes[i]
                    if let q = quote {
                        if byte == q { quote = nil }
                    } else if byte == 0x22 || byte == 0x27 {
                        quote = byte
                    } else if byte == UInt8(ascii: ">") {
                        break
                    }
                    i += 1
                }
                guard i < count else { throw fail("a tag cut off") }
                let selfClosing = bytes[i - 1] == UInt8(ascii: "/")
                if closing {
                    guard let last = open.popLast(), last.elementsEqual(name) else {
                        throw fail("</\(String(decoding: name, as: UTF8.self))> closes nothing open")
                    }
                } else {
                    if open.isEmpty {
                        roots += 1
                        guard roots == 1 else { throw fail("more than one root element") }
                    }
                    if !selfClosing { open.append(name) }
                }
                index = i + 1
            }
        }
        guard roots == 1 else { throw fail("no root element") }
        guard open.isEmpty else { throw fail("<\(String(decoding: open[open.count - 1], as: UTF8.self))> is never closed") }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// The `encoding` of an `<?xml ... ?>` declaration at the start, if any.
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("<?xml".utf8)) else { return nil }
        let end = bytes.prefix(512).firstIndex(of: UInt8(ascii: ">")) ?? min(bytes.count, 512)
        let declaration = String(decoding: bytes[..<end], as: UTF8.self)
        guard let range = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        var index = 0
        while let found = bytes[index...].firstIndex(of: needle[0]) {
            if found + needle.count > bytes.count { return false }
            if bytes[found..<found + needle.count].elementsEqual(needle) { return true }
            index = found + 1
        }
        return false
    }
}
