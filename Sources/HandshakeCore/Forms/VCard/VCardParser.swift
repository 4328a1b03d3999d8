/// Reads vCards as address books write them: vCard 2.1 (phones, Outlook), 3.0 (RFC 2426) and 4.0
/// (RFC 6350). Lines are joined by ``VCardLines`` (folds, quoted-printable soft breaks, 2.1 base64),
/// properties are split into group, name, parameters and value, and each value is decoded in its own
/// `CHARSET`, so one file may mix UTF-8, Shift_JIS and Windows-1252.
///
/// Bounded: each vCard may be at most ``maxEntryBytes`` and hold at most ``maxProperties`` lines; a file
/// of many vCards is read entry by entry, and one bad entry does not stop the rest. A line that is not a
/// property (no colon) is skipped and noted on the entry; an entry of nothing but such lines is refused.
@_spi(Wire) public enum VCardParser {
    /// The largest single vCard read, in bytes: a photo fits, a file of garbage does not.
    public static let maxEntryBytes = 512 * 1024
    /// The most properties (lines) one vCard may hold.
    public static let maxProperties = 1000

    /// Why one vCard could not be read.
    public enum ParseError: HandshakeError, Equatable {
        /// No `BEGIN:VCARD` at all.
        case noVCard
        /// A `BEGIN:VCARD` without its `END:VCARD`.
        case unterminated
        /// Larger than ``VCardParser/maxEntryBytes``.
        case tooLarge(bytes: Int)
        /// More than ``VCardParser/maxProperties`` lines.
        case tooManyProperties
        /// An entry of nothing but lines that are not properties; the number is the first such line.
        case malformedLine(Int)
        /// Several vCards where one was expected.
        case moreThanOne

        /// The reason as a sentence fragment ("it has no END:VCARD"), to follow the entry's name.
        public var description: String {
            switch self {
            case .noVCard: return "there is no BEGIN:VCARD in it"
            case .unterminated: return "it has no END:VCARD"
            case .tooLarge(let bytes): return "it is over \(bytes.groupedDigits) bytes; one vCard may be at most \(VCardParser.maxEntryBytes.groupedDigits)"
            case .tooManyProperties: return "it has more than \(VCardParser.maxProperties.groupedDigits) lines"
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
        parseAll(Array(text.utf8))
    }

    /// Every vCard in a file's bytes, in order; each is either an entry or the reason it could not be read.
    /// The bytes may be UTF-8 (with or without a BOM), UTF-16, or any charset the properties declare.
    public static func parseAll(_ bytes: [UInt8]) -> [Result<VCardEntry, ParseError>] {
        var results: [Result<VCardEntry, ParseError>] = []
        var current: [VCardLine]?
        var currentBytes = 0
        var failure: ParseError?
        var nested = 0  // depth inside a vCard 2.1 AGENT's embedded vCard, which is skipped
        var previousWasAgent = false
        for line in VCardLines.logical(VCardLines.normalized(bytes)) {
            let marker = Self.marker(line.bytes)
            if marker == .begin {
                if current != nil && (previousWasAgent || nested > 0) {
                    nested += 1
                } else {
                    if current != nil { results.append(.failure(.unterminated)) }
                    current = []
                    currentBytes = 0
                    failure = nil
                    nested = 0
                }
            } else if marker == .end {
                if nested > 0 {
                    nested -= 1
                } else if let lines = current {
                    results.append(failure.map { .failure($0) } ?? entry(from: lines))
                    current = nil
                }
            } else if nested == 0, let lines = current, failure == nil {
                // Past a limit, the rest of the entry is skipped (not kept), and the entry is reported.
                currentBytes += line.bytes.count + 2
                if currentBytes > maxEntryBytes || line.overlong {
                    failure = .tooLarge(bytes: max(currentBytes, maxEntryBytes))
                    current = []
                } else if lines.count >= maxProperties {
                    failure = .tooManyProperties
                } else {
                    current?.append(line)
                }
            }
            previousWasAgent = Self.isAgentIntroduction(line.bytes)
        }
        if current != nil { results.append(.failure(.unterminated)) }
        return results
    }

    private enum Marker { case begin, end, other }

    private static func marker(_ bytes: [UInt8]) -> Marker {
        guard bytes.count <= 24, bytes.count >= 9 else { return .other }
        let text = String(decoding: bytes, as: UTF8.self).uppercased().filter { $0 != " " && $0 != "\t" }
        if text == "BEGIN:VCARD" { return .begin }
        if text == "END:VCARD" { return .end }
        return .other
    }

    /// `AGENT:` with no value: vCard 2.1's way to say that an embedded vCard follows.
    private static func isAgentIntroduction(_ bytes: [UInt8]) -> Bool {
        guard bytes.count < 64, let colon = VCardLines.colonIndex(bytes[...]) else { return false }
        let head = VCardLines.headTokens(bytes[...])
        return head.first.map { $0 == "AGENT" || $0.hasSuffix(".AGENT") } == true && colon == bytes.count - 1
    }

    static func entry(from lines: [VCardLine]) -> Result<VCardEntry, ParseError> {
        var properties: [VCardProperty] = []
        var skipped: [Int] = []
        // A charset any property of the entry declared: the best guess for an undeclared non-UTF-8 value.
        let declared = lines.lazy.compactMap { Self.declaredCharset($0.bytes) }.first
        for line in lines {
            guard let property = property(from: line.bytes[...], fallback: declared) else {
                skipped.append(line.number)
                continue
            }
            properties.append(property)
        }
        if properties.isEmpty, let first = skipped.first { return .failure(.malformedLine(first)) }
        let notes = skipped.map { "line \($0) is not a vCard property and was skipped" }
        return .success(VCardEntry(properties: properties, notes: notes))
    }

    private static func declaredCharset(_ bytes: [UInt8]) -> String.Encoding? {
        for token in VCardLines.headTokens(bytes[...]) where token.hasPrefix("CHARSET=") {
            if let encoding = VCardCharset.encoding(named: String(token.dropFirst(8))), encoding != .utf8 { return encoding }
        }
        return nil
    }

    /// One content line, or `nil` if it is not one (no colon, or no name).
    static func property(from line: ArraySlice<UInt8>, fallback: String.Encoding? = nil) -> VCardProperty? {
        guard let colon = VCardLines.colonIndex(line) else { return nil }
        let head = String(decoding: line[..<colon], as: UTF8.self)
        var segments = split(head, at: ";")
        guard var name = segments.first?.trimmingSpaces, !name.isEmpty else { return nil }
        segments.removeFirst()
        var group: String?
        if let dot = name.lastIndex(of: ".") {
            group = String(name[..<dot])
            name = String(name[name.index(after: dot)...])
            if name.isEmpty { return nil }
        }
        var parameters: [String: [String]] = [:]
        for segment in segments {
            let parts = segment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let key = parts[0].trimmingSpaces.uppercased()
            // An empty parameter (`FN;:x`, `FN;=:x`) says nothing; skip it.
            guard !key.isEmpty else { continue }
            if parts.count == 1 {
                // vCard 2.1 bare parameter: `;WORK`, `;QUOTED-PRINTABLE`, `;BASE64`.
                let isEncoding = ["QUOTED-PRINTABLE", "BASE64", "B", "8BIT", "7BIT"].contains(key)
                parameters[isEncoding ? "ENCODING" : "TYPE", default: []].append(key)
                continue
            }
            var values = split(parts[1], at: ",").map { $0.trimmingSpaces.trimmingQuotes() }
            // `TYPE="work,voice"` (as some programs write it) is two types.
            if key == "TYPE" { values = values.flatMap { $0.split(separator: ",").map(String.init) } }
            parameters[key, default: []].append(contentsOf: values.filter { !$0.isEmpty })
        }
        var valueBytes = line[(colon + 1)...]
        let encoding = parameters["ENCODING"]?.first?.uppercased()
        var binary: [UInt8]?
        if encoding == "QUOTED-PRINTABLE" {
            valueBytes = VCardCharset.decodeQuotedPrintable(valueBytes)[...]
        } else if encoding == "B" || encoding == "BASE64" {
            binary = Base64URL.decodeStandard(String(decoding: valueBytes, as: UTF8.self))
        }
        let declared = parameters["CHARSET"]?.first.flatMap(VCardCharset.encoding(named:))
        let value = VCardCharset.decode(valueBytes, declared: declared, fallback: fallback)
        return VCardProperty(name: name.uppercased(), parameters: parameters, rawValue: value, group: group, binary: binary)
    }

    /// `text` split at `separator` outside double quotes.
    private static func split(_ text: String, at separator: Unicode.Scalar) -> [String] {
        var parts: [String] = []
        var current = String.UnicodeScalarView()
        var inQuotes = false
        for scalar in text.unicodeScalars {
            if scalar == "\"" { inQuotes.toggle() }
            if scalar == separator && !inQuotes {
                parts.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        parts.append(String(current))
        return parts
    }
}

extension StringProtocol {
    fileprivate func trimmingQuotes() -> String {
        var text = Substring(self)
        if text.hasPrefix("\"") && text.hasSuffix("\"") && text.count >= 2 { text = text.dropFirst().dropLast() }
        return String(text)
    }

    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
