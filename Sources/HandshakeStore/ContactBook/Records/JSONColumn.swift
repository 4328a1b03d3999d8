import Foundation
import GRDB

/// Lists kept in one column as JSON text (`["a","b"]`), readable by SQLite's own `json_*` functions.
enum JSONColumn {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// The JSON text of a list of strings: written directly, as it is on every row an import writes.
    static func text(_ strings: [String]) -> String {
        var text = "["
        for (index, string) in strings.enumerated() {
            if index > 0 { text += "," }
            appendQuoted(string, to: &text)
        }
        return text + "]"
    }

    /// RFC 8259 §7: a quotation mark, a reverse solidus and the control characters must be escaped;
    /// everything else may stand as it is.
    private static func appendQuoted(_ string: String, to text: inout String) {
        text += "\""
        if !string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            text += string
        } else {
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                case "\n": text += "\\n"
                case "\r": text += "\\r"
                case "\t": text += "\\t"
                case _ where scalar.value < 0x20:
                    text += "\\u00" + String(scalar.value >> 4, radix: 16) + String(scalar.value & 0xF, radix: 16)
                default: text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }

    /// The JSON text of any other encodable value.
    static func text(_ value: some Encodable) -> String {
        // Encoding strings and optionals of strings cannot fail.
        (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    /// The value the JSON text holds; a damaged column is an error, not a crash.
    static func value<Value: Decodable & ExpressibleByArrayLiteral>(of text: String) throws -> Value {
        // Most lists are empty (few people list skills or links): no decoder needed.
        if text == "[]" { return [] }
        do {
            return try JSONDecoder().decode(Value.self, from: Data(text.utf8))
        } catch {
            throw DatabaseError(resultCode: .SQLITE_MISMATCH, message: "a list column holds invalid JSON: \(error)")
        }
    }
}
