// Establishes a strict reader of JSON text (RFC 8259) for what the security checks read: a token's header and
// claims, a presentation, a request object. It refuses what a lenient parser would read one way and another
// parser another way, because a token that says two things to two verifiers is a forgery waiting to happen:
// - a member name twice in one object (Foundation's JSONDecoder keeps the first, Python's json, and so PyJWT
//   and joserfc, the last; RFC 7515 §4 and RFC 7519 §4 allow refusing, or the last, never the first);
// - bytes that are not UTF-8 (overlong forms, surrogates, past U+10FFFF), a lone `\u` surrogate, a
//   byte-order mark, a number too large for a Double.
// Nesting is bounded (`maxDepth`), so a hostile document cannot exhaust the stack.
//
// It reads in one pass straight into `JSONValue`, without Codable's containers: mapping a credential's
// claims from the value by hand (`JSONObject`) is what lets a VC-JWT check cost little more than its
// signature. What it does not do: bound the input's size (every caller measures its text first), or write
// JSON (JSONEncoder does).

/// Reads one JSON text, strictly.
struct JSONReader {
    /// How deeply arrays and objects may nest; credentials and OpenID4VP documents need four or five levels.
    static let maxDepth = 32

    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// The value `text` holds: one JSON value, with white space around it and nothing else.
    static func read(_ text: some Collection<UInt8>) throws(JSONReadError) -> JSONValue {
        var reader = JSONReader(bytes: Array(text))
        reader.skipWhitespace()
        let value = try reader.readValue()
        reader.skipWhitespace()
        guard reader.position == reader.bytes.count else { throw reader.failure(.trailingText) }
        return value
    }

    // MARK: Values

    private mutating func readValue() throws(JSONReadError) -> JSONValue {
        guard position < bytes.count else { throw failure(.unexpectedEnd) }
        switch bytes[position] {
        case ASCII.openBrace: return try readObject()
        case ASCII.openBracket: return try readArray()
        case ASCII.quote: return .string(try readString())
        case ASCII.t: try readWord(ASCII.trueWord); return .bool(true)
        case ASCII.f: try readWord(ASCII.falseWord); return .bool(false)
        case ASCII.n: try readWord(ASCII.nullWord); return .null
        case ASCII.minus, ASCII.zero...ASCII.nine: return .number(try readNumber())
        case let byte: throw failure(.unexpectedByte(byte))
        }
    }

    private mutating func readObject() throws(JSONReadError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        // Room for a token's objects (a header, `vc`, a subject) from the start: growing a dictionary hashes
        // every name again.
        var members = [String: JSONValue](minimumCapacity: 8)
        skipWhitespace()
        if try peek() == ASCII.closeBrace {
            position += 1
            return .object(members)
        }
        while true {
            let nameOffset = position
            guard try peek() == ASCII.quote else { throw failure(.unexpectedByte(bytes[position])) }
            let name = try readString()
            skipWhitespace()
            try expect(ASCII.colon)
            skipWhitespace()
            let value = try readValue()
            guard members.updateValue(value, forKey: name) == nil else {
                throw JSONReadError(reason: .duplicateName(name), offset: nameOffset)
            }
            skipWhitespace()
            switch try take() {
            case ASCII.comma: skipWhitespace()
            case ASCII.closeBrace: return .object(members)
            case let byte: throw JSONReadError(reason: .unexpectedByte(byte), offset: position - 1)
            }
        }
    }

    private mutating func readArray() throws(JSONReadError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        var elements: [JSONValue] = []
        skipWhitespace()
        if try peek() == ASCII.closeBracket {
            position += 1
            return .array(elements)
        }
        while true {
            elements.append(try readValue())
            skipWhitespace()
            switch try take() {
            case ASCII.comma: skipWhitespace()
            case ASCII.closeBracket: return .array(elements)
            case let byte: throw JSONReadError(reason: .unexpectedByte(byte), offset: position - 1)
            }
        }
    }

    /// Steps over `{` or `[`, counting the level.
    private mutating func enterContainer() throws(JSONReadError) {
        guard depth < Self.maxDepth else { throw failure(.nestedTooDeeply(limit: Self.maxDepth)) }
        depth += 1
        position += 1
    }

    private mutating func readWord(_ word: [UInt8]) throws(JSONReadError) {
        for expected in word {
            guard position < bytes.count else { throw failure(.unexpectedEnd) }
            guard bytes[position] == expected else { throw failure(.unexpectedByte(bytes[position])) }
            position += 1
        }
    }

    // MARK: Strings

    /// A string from its opening quote. Most strings hold no escape: they are one slice of the input.
    private mutating func readString() throws(JSONReadError) -> String {
        position += 1
        let start = position
        var isASCII = true
        while position < bytes.count {
            let byte = bytes[position]
            if byte == ASCII.quote {
                let content = bytes[start..<position]
                if !isASCII { try Self.validateUTF8(content, offset: start) }
                position += 1
                return String(decoding: content, as: UTF8.self)
            }
            if byte == ASCII.backslash { return try readEscapedString(from: start) }
            guard byte >= 0x20 else { throw failure(.invalidString) }
            if byte >= 0x80 { isASCII = false }
            position += 1
        }
        throw failure(.unexpectedEnd)
    }

    /// The rest of a string that holds escapes, from its first byte after the opening quote.
    private mutating func readEscapedString(from start: Int) throws(JSONReadError) -> String {
        var utf8: [UInt8] = []
        var plainFrom = start
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case ASCII.quote:
                try Self.validateUTF8(bytes[plainFrom..<position], offset: plainFrom)
                utf8.append(contentsOf: bytes[plainFrom..<position])
                position += 1
                return String(decoding: utf8, as: UTF8.self)
            case ASCII.backslash:
                try Self.validateUTF8(bytes[plainFrom..<position], offset: plainFrom)
                utf8.append(contentsOf: bytes[plainFrom..<position])
                try readEscape(into: &utf8)
                plainFrom = position
            case 0..<0x20:
                throw failure(.invalidString)
            default:
                position += 1
            }
        }
        throw failure(.unexpectedEnd)
    }

    /// One escape, from its backslash, appended as UTF-8.
    private mutating func readEscape(into utf8: inout [UInt8]) throws(JSONReadError) {
        let escapeOffset = position
        position += 1
        switch try take() {
        case ASCII.quote: utf8.append(ASCII.quote)
        case ASCII.backslash: utf8.append(ASCII.backslash)
        case ASCII.slash: utf8.append(ASCII.slash)
        case ASCII.b: utf8.append(0x08)
        case ASCII.f: utf8.append(0x0c)
        case ASCII.n: utf8.append(0x0a)
        case ASCII.r: utf8.append(0x0d)
        case ASCII.t: utf8.append(0x09)
        case ASCII.u:
            let unit = try readHexUnit()
            let scalar: Unicode.Scalar?
            switch unit {
            case 0xd800...0xdbff:
                // A high surrogate must be followed at once by an escaped low one.
                guard position + 1 < bytes.count, bytes[position] == ASCII.backslash, bytes[position + 1] == ASCII.u else {
                    throw JSONReadError(reason: .invalidString, offset: escapeOffset)
                }
                position += 2
                let low = try readHexUnit()
                guard (0xdc00...0xdfff).contains(low) else { throw JSONReadError(reason: .invalidString, offset: escapeOffset) }
                scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xd800) << 10) + (UInt32(low) - 0xdc00))
            case 0xdc00...0xdfff:
                scalar = nil
            default:
                scalar = Unicode.Scalar(unit)
            }
            guard let scalar else { throw JSONReadError(reason: .invalidString, offset: escapeOffset) }
            UTF8.encode(scalar) { utf8.append($0) }
        default:
            throw JSONReadError(reason: .invalidString, offset: escapeOffset)
        }
    }

    /// The four hex digits of a `\u` escape.
    private mutating func readHexUnit() throws(JSONReadError) -> UInt16 {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            let byte = try take()
            let digit: UInt8
            switch byte {
            case ASCII.zero...ASCII.nine: digit = byte - ASCII.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONReadError(reason: .invalidString, offset: position - 1)
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    /// Refuses anything but well-formed UTF-8 (RFC 3629): no overlong forms, no surrogates, nothing past
    /// U+10FFFF. `String(decoding:)` would otherwise replace such bytes silently.
    static func validateUTF8(_ text: ArraySlice<UInt8>, offset: Int) throws(JSONReadError) {
        var index = text.startIndex
        while index < text.endIndex {
            let lead = text[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var secondRange: ClosedRange<UInt8> = 0x80...0xbf
            switch lead {
            case 0xc2...0xdf: length = 2
            case 0xe0: length = 3; secondRange = 0xa0...0xbf
            case 0xe1...0xec, 0xee...0xef: length = 3
            case 0xed: length = 3; secondRange = 0x80...0x9f
            case 0xf0: length = 4; secondRange = 0x90...0xbf
            case 0xf1...0xf3: length = 4
            case 0xf4: length = 4; secondRange = 0x80...0x8f
            default: throw JSONReadError(reason: .notUTF8, offset: offset + (index - text.startIndex))
            }
            guard text.endIndex - index >= length, secondRange.contains(text[index + 1]),
                text[(index + 2)..<(index + length)].allSatisfy({ (0x80...0xbf).contains($0) })
            else { throw JSONReadError(reason: .notUTF8, offset: offset + (index - text.startIndex)) }
            index += length
        }
    }

    // MARK: Numbers

    /// A number, after checking it is written as RFC 8259 §6 writes one: `-`, no leading zero, digits after
    /// a point and in an exponent.
    private mutating func readNumber() throws(JSONReadError) -> Double {
        let start = position
        if bytes[position] == ASCII.minus { position += 1 }
        guard position < bytes.count else { throw failure(.unexpectedEnd) }
        let integerStart = position
        var integer: Int64 = 0
        if bytes[position] == ASCII.zero {
            position += 1
        } else {
            guard try countDigits() > 0 else { throw JSONReadError(reason: .invalidNumber, offset: start) }
        }
        let integerDigits = position - integerStart
        var isInteger = true
        if position < bytes.count, bytes[position] == ASCII.point {
            position += 1
            isInteger = false
            guard try countDigits() > 0 else { throw JSONReadError(reason: .invalidNumber, offset: start) }
        }
        if position < bytes.count, bytes[position] | 0x20 == ASCII.e {
            position += 1
            isInteger = false
            if position < bytes.count, bytes[position] == ASCII.plus || bytes[position] == ASCII.minus { position += 1 }
            guard try countDigits() > 0 else { throw JSONReadError(reason: .invalidNumber, offset: start) }
        }
        // Whole numbers of up to 15 digits (every NumericDate) are exact in a Double: no text conversion.
        if isInteger, integerDigits <= 15 {
            for byte in bytes[integerStart..<position] { integer = integer * 10 + Int64(byte - ASCII.zero) }
            return bytes[start] == ASCII.minus ? -Double(integer) : Double(integer)
        }
        guard let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)), value.isFinite else {
            throw JSONReadError(reason: .invalidNumber, offset: start)
        }
        return value
    }

    /// Steps over digits and says how many there were.
    private mutating func countDigits() throws(JSONReadError) -> Int {
        let start = position
        while position < bytes.count, (ASCII.zero...ASCII.nine).contains(bytes[position]) { position += 1 }
        return position - start
    }

    // MARK: Bytes

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case ASCII.space, ASCII.tab, ASCII.lineFeed, ASCII.carriageReturn: position += 1
            default: return
            }
        }
    }

    private func peek() throws(JSONReadError) -> UInt8 {
        guard position < bytes.count else { throw failure(.unexpectedEnd) }
        return bytes[position]
    }

    private mutating func take() throws(JSONReadError) -> UInt8 {
        let byte = try peek()
        position += 1
        return byte
    }

    private mutating func expect(_ byte: UInt8) throws(JSONReadError) {
        guard try take() == byte else { throw JSONReadError(reason: .unexpectedByte(bytes[position - 1]), offset: position - 1) }
    }

    private func failure(_ reason: JSONReadError.Reason) -> JSONReadError {
        JSONReadError(reason: reason, offset: position)
    }

    /// The bytes JSON's grammar names.
    private enum ASCII {
        static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
        static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
        static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), slash = UInt8(ascii: "/")
        static let colon = UInt8(ascii: ":"), comma = UInt8(ascii: ",")
        static let minus = UInt8(ascii: "-"), plus = UInt8(ascii: "+"), point = UInt8(ascii: ".")
        static let zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9")
        static let b = UInt8(ascii: "b"), e = UInt8(ascii: "e"), f = UInt8(ascii: "f"), n = UInt8(ascii: "n")
        static let r = UInt8(ascii: "r"), t = UInt8(ascii: "t"), u = UInt8(ascii: "u")
        static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
        static let lineFeed = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
        static let trueWord = Array("true".utf8), falseWord = Array("false".utf8), nullWord = Array("null".utf8)
    }
}
