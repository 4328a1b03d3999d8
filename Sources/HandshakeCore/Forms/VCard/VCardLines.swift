import Foundation

/// The logical lines of a vCard file, read as bytes so that each property can later be decoded in its
/// own `CHARSET`.
///
/// What joins physical lines into one logical line, in the order it is checked:
/// - a quoted-printable soft line break: a `QUOTED-PRINTABLE` value ending in `=` goes on, verbatim, on
///   the next physical line (vCard 2.1; this is not a fold, the next line keeps its leading space);
/// - a fold: a line starting with a space or tab continues the previous one (RFC 6350 §3.2, RFC 2425);
/// - vCard 2.1 base64: after a `BASE64` property, lines holding only base64 characters continue it, up to
///   a blank line.
///
/// Lines end at CRLF, LF or a lone CR. A UTF-8 byte-order mark is dropped and UTF-16 text is re-encoded
/// as UTF-8 first. A logical line longer than ``maxLineBytes`` stops growing and is marked `overlong`, so
/// a hostile file cannot build one unbounded line.
struct VCardLine: Sendable {
    /// The physical line (1-based) the logical line starts on.
    var number: Int
    var bytes: [UInt8]
    var overlong = false
}

enum VCardLines {
    static let maxLineBytes = VCardParser.maxEntryBytes + 1

    /// The file's bytes as UTF-8-compatible text: without a UTF-8 BOM, and UTF-16 (marked by a BOM, or
    /// ASCII with zero bytes between, as some Windows programs write it) re-encoded as UTF-8.
    static func normalized(_ bytes: [UInt8]) -> [UInt8] {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(bytes.dropFirst(3)) }
        let utf16: String.Encoding?
        if bytes.starts(with: [0xFF, 0xFE]) || (bytes.count >= 2 && bytes[0] != 0 && bytes[1] == 0) {
            utf16 = .utf16LittleEndian
        } else if bytes.starts(with: [0xFE, 0xFF]) || (bytes.count >= 2 && bytes[0] == 0 && bytes[1] != 0) {
            utf16 = .utf16BigEndian
        } else {
            utf16 = nil
        }
        guard let utf16 else { return bytes }
        let body = bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) ? Array(bytes.dropFirst(2)) : bytes
        guard let text = String(bytes: body, encoding: utf16) else { return bytes }
        return Array(text.utf8)
    }

    static func logical(_ bytes: [UInt8]) -> [VCardLine] {
        var lines: [VCardLine] = []
        var softBreakPending = false  // the last line is quoted-printable and ends with "="
        var lastIsQuotedPrintable = false
        var base64Open = false  // the last line is a base64 property whose data may go on unfolded

        func append(_ more: ArraySlice<UInt8>) {
            guard !lines.isEmpty else { return }
            if lines[lines.count - 1].bytes.count + more.count > maxLineBytes {
                lines[lines.count - 1].overlong = true
            } else {
                lines[lines.count - 1].bytes.append(contentsOf: more)
            }
        }

        var number = 0
        forEachPhysicalLine(bytes) { line in
            number += 1
            if softBreakPending, !lines.isEmpty, !isEndLine(line) {
                // Drop the "=" (and any trailing blanks after it) and go on with the next line as it is.
                while let last = lines[lines.count - 1].bytes.last, last == 0x20 || last == 0x09 { lines[lines.count - 1].bytes.removeLast() }
                lines[lines.count - 1].bytes.removeLast()
                append(line)
                softBreakPending = endsWithSoftBreak(line)
                return
            }
            softBreakPending = false
            guard let first = line.first else {
                base64Open = false
                return
            }
            if (first == 0x20 || first == 0x09), !lines.isEmpty {
                append(line.dropFirst())
                softBreakPending = lastIsQuotedPrintable && endsWithSoftBreak(lines[lines.count - 1].bytes[...])
                return
            }
            if base64Open, !lines.isEmpty, line.allSatisfy(isBase64Byte) {
                append(line)
                return
            }
            let head = headTokens(line)
            lastIsQuotedPrintable = head.contains { $0 == "QUOTED-PRINTABLE" || $0 == "ENCODING=QUOTED-PRINTABLE" }
            base64Open = head.contains { $0 == "BASE64" || $0 == "ENCODING=BASE64" || $0 == "ENCODING=B" }
            var logical = VCardLine(number: number, bytes: [])
            if line.count > maxLineBytes {
                logical.bytes = Array(line.prefix(maxLineBytes))
                logical.overlong = true
            } else {
                logical.bytes = Array(line)
            }
            lines.append(logical)
            softBreakPending = lastIsQuotedPrintable && endsWithSoftBreak(line)
        }
        return lines
    }

    /// Calls `body` with each physical line, split at CRLF, LF or a lone CR.
    static func forEachPhysicalLine(_ bytes: [UInt8], _ body: (ArraySlice<UInt8>) -> Void) {
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                body(bytes[start..<index])
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                start = index + 1
            }
            index += 1
        }
        if start < bytes.count { body(bytes[start...]) }
    }

    /// The index of the colon that ends a content line's name and parameters: the first one outside a
    /// double-quoted parameter value.
    static func colonIndex(_ line: ArraySlice<UInt8>) -> Int? {
        var inQuotes = false
        for index in line.indices {
            let byte = line[index]
            if byte == 0x22 { inQuotes.toggle() }
            if byte == 0x3A && !inQuotes { return index }
        }
        return nil
    }

    /// The name and parameters before the value, uppercased and split at semicolons (ASCII only; enough
    /// to see the encoding).
    static func headTokens(_ line: ArraySlice<UInt8>) -> [String] {
        guard let colon = colonIndex(line) else { return [] }
        return String(decoding: line[..<colon], as: UTF8.self).uppercased().split(separator: ";").map {
            $0.filter { $0 != " " && $0 != "\"" }
        }
    }

    static func isEndLine(_ line: ArraySlice<UInt8>) -> Bool {
        line.count < 16 && String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces).uppercased() == "END:VCARD"
    }

    static func endsWithSoftBreak(_ line: ArraySlice<UInt8>) -> Bool {
        var end = line.endIndex
        while end > line.startIndex, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
        return end > line.startIndex && line[end - 1] == 0x3D
    }

    static func isBase64Byte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2B, 0x2F, 0x3D, 0x20, 0x09: return true
        default: return false
        }
    }
}
