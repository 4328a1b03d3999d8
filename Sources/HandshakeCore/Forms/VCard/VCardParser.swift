/// Reads vCards (RFC 6350, and the 3.0 files address books still export): unfolds lines, splits
/// properties and parameters, and maps the properties Handshake knows onto a ``VCardEntry``.
///
/// Bounded: each vCard may be at most ``maxEntryBytes`` and hold at most ``maxProperties`` lines; a file
/// of many vCards is read entry by entry, and one bad entry does not stop the rest.
public enum VCardParser {
    public static let maxEntryBytes = 512 * 1024
    public static let maxProperties = 1000

    /// Why one vCard could not be read.
    public enum ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        case noVCard
        case unterminated
        case tooLarge(bytes: Int)
        case tooManyProperties
        case malformedLine(Int)
        case moreThanOne

        public var description: String {
            switch self {
            case .noVCard: return "there is no BEGIN:VCARD in it"
            case .unterminated: return "it has no END:VCARD"
            case .tooLarge(let bytes): return "it is \(bytes) bytes; one vCard may be at most \(VCardParser.maxEntryBytes)"
            case .tooManyProperties: return "it has more than \(VCardParser.maxProperties) lines"
            case .malformedLine(let line): return "line \(line) is not a vCard property (NAME:value)"
            case .moreThanOne: return "it holds more than one vCard"
            }
        }
    }

    /// Exactly one vCard.
    public static func parseSingle(_ text: String) throws(ParseError) -> VCardEntry {
        let entries = parseAll(text)
        guard let first = entries.first else { throw .noVCard }
        guard entries.count == 1 else { throw .moreThanOne }
        return try first.get()
    }

    /// Every vCard in `text`, in order; each is either an entry or the reason it could not be read.
    public static func parseAll(_ text: String) -> [Result<VCardEntry, ParseError>] {
        var results: [Result<VCardEntry, ParseError>] = []
        var current: [(line: Int, text: String)]?
        var currentBytes = 0
        var failure: ParseError?
        for (number, line) in unfoldedLines(text) {
            let upper = line.uppercased()
            if upper == "BEGIN:VCARD" {
                if current != nil { results.append(.failure(.unterminated)) }
                current = []
                currentBytes = 0
                failure = nil
            } else if upper == "END:VCARD" {
                if let lines = current {
                    results.append(failure.map { .failure($0) } ?? Result { () throws(ParseError) in try entry(from: lines) })
                }
                current = nil
            } else if let lines = current, failure == nil {
                // Past a limit, the rest of the entry is skipped (not kept), and the entry is reported.
                currentBytes += line.utf8.count + 2
                if currentBytes > maxEntryBytes {
                    failure = .tooLarge(bytes: currentBytes)
                    current = []
                } else if lines.count >= maxProperties {
                    failure = .tooManyProperties
                } else {
                    current?.append((number, line))
                }
            }
        }
        if current != nil { results.append(.failure(.unterminated)) }
        return results
    }

    /// Logical lines: a line break followed by a space or tab continues the previous line (RFC 6350 §3.2).
    static func unfoldedLines(_ text: String) -> [(Int, String)] {
        var lines: [(Int, String)] = []
        var number = 0
        for physical in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            number += 1
            // Looked at by Unicode scalar: a fold may fall before a combining mark, and " " + mark is one
            // Character, which is neither " " nor the continuation without its leading space.
            if let first = physical.unicodeScalars.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1].1.unicodeScalars.append(contentsOf: physical.unicodeScalars.dropFirst())
            } else if !physical.isEmpty {
                lines.append((number, String(physical)))
            }
        }
        return lines
    }

    static func property(from line: String, number: Int) throws(ParseError) -> VCardProperty {
        // The value starts at the first colon outside a quoted parameter value. Scanned by Unicode scalar:
        // a value that starts with a combining mark makes ":" + mark one Character.
        let scalars = line.unicodeScalars
        var inQuotes = false
        var colon: String.UnicodeScalarView.Index?
        for index in scalars.indices {
            let scalar = scalars[index]
            if scalar == "\"" { inQuotes.toggle() }
            if scalar == ":" && !inQuotes { colon = index; break }
        }
        guard let colon else { throw .malformedLine(number) }
        var head = String(scalars[..<colon]).split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        guard var name = head.first, !name.isEmpty else { throw .malformedLine(number) }
        head.removeFirst()
        if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
        var parameters: [String: [String]] = [:]
        for parameter in head {
            let parts = parameter.split(separator: "=", maxSplits: 1).map(String.init)
            // An empty parameter (`FN;:x`, `FN;=:x`) says nothing; skip it rather than index into nothing.
            guard let first = parts.first else { continue }
            let key = first.uppercased()
            let values = parts.count == 2
                ? parts[1].split(separator: ",").map { $0.trimmingQuotes() }
                : [key]  // vCard 2.1 style bare parameter, e.g. ;WORK
            parameters[parts.count == 2 ? key : "TYPE", default: []].append(contentsOf: values)
        }
        return VCardProperty(name: name.uppercased(), parameters: parameters, rawValue: String(scalars[scalars.index(after: colon)...]))
    }

    static func entry(from lines: [(line: Int, text: String)]) throws(ParseError) -> VCardEntry {
        var properties: [VCardProperty] = []
        for line in lines { properties.append(try property(from: line.text, number: line.line)) }
        return VCardEntry(properties: properties)
    }
}

extension StringProtocol {
    fileprivate func trimmingQuotes() -> String {
        var text = Substring(self)
        if text.hasPrefix("\"") && text.hasSuffix("\"") && text.count >= 2 { text = text.dropFirst().dropLast() }
        return String(text)
    }
}
