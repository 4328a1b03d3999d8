// Establishes a plain JSON value: what JSONReader reads, what a credential's claims are mapped from
// (JSONObject), and the open-ended parts of OpenID4VP (a DCQL query's `values`, the credential a claims path
// pointer walks, a request object's claims). Reading is bounded in depth so a hostile document of nested
// arrays cannot exhaust the stack; sizes are bounded by the callers, which read only texts they have already
// measured.
import Foundation

/// A JSON value, as read from outside input.
enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Decodes the value from any Decoder, for a Codable type whose JSON is mapped from a value
    /// (`CardFields`' public `Decodable` conformance); text is read with ``parse(_:)``, which is strict where
    /// Foundation's decoder is not.
    init(from decoder: any Decoder) throws {
        guard decoder.codingPath.count <= JSONReader.maxDepth else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "nested too deeply"))
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value as the JSON it is (a credential's inline `@context` is written this way).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .object(let members): try container.encode(members)
        }
    }

    /// `text` as JSON, or `nil` when ``JSONReader`` refuses it (not JSON, or a name twice in one object).
    static func parse(_ bytes: some Collection<UInt8>) -> JSONValue? {
        try? JSONReader.read(bytes)
    }

    var string: String? { if case .string(let value) = self { return value } else { return nil } }
    var object: [String: JSONValue]? { if case .object(let value) = self { return value } else { return nil } }
    var array: [JSONValue]? { if case .array(let value) = self { return value } else { return nil } }
    var bool: Bool? { if case .bool(let value) = self { return value } else { return nil } }

    /// The value as Foundation's JSON objects, for re-encoding it as text.
    var foundation: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let value): return value
        case .number(let value): return value
        case .string(let value): return value
        case .array(let values): return values.map(\.foundation)
        case .object(let members): return members.mapValues(\.foundation)
        }
    }
}
