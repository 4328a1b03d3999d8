// Establishes how a JSON object's members are read into typed fields by hand, rather than through Codable:
// each member is looked up once, its type checked, and a refusal names the member by its path
// ("vc.credentialSubject.emails") and says what it should have been. Absent and `null` are the same (as
// Codable's `decodeIfPresent` has it). What it does not do: read the text (JSONReader does), or judge what
// the values mean (the verifiers do).

import Foundation

/// Why a JSON value is not of the shape a credential or presentation needs.
struct JSONShapeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The member, as a dotted path from the top ("" is the whole value).
    var path: String
    /// What it should have been (`"a string"`), or `nil` when it is missing.
    var expected: String?

    var description: String {
        guard let expected else { return "\"\(path)\" is missing" }
        return path.isEmpty ? "it must be \(expected)" : "\"\(path)\" must be \(expected)"
    }
}

/// The members of one JSON object, read by name.
struct JSONObject {
    let members: [String: JSONValue]
    /// Where this object sits, for messages: "" at the top, "vc.credentialSubject" below.
    let path: String

    /// `value` as an object at `path`.
    init(_ value: JSONValue, path: String = "") throws(JSONShapeError) {
        guard case .object(let members) = value else { throw JSONShapeError(path: path, expected: "a JSON object") }
        self.members = members
        self.path = path
    }

    /// The path of the member `name`.
    func path(of name: String) -> String { path.isEmpty ? name : path + "." + name }

    /// The member `name`, or `nil` when it is absent or `null`.
    subscript(name: String) -> JSONValue? {
        guard let value = members[name] else { return nil }
        if case .null = value { return nil }
        return value
    }

    /// A string member, if present.
    func string(_ name: String) throws(JSONShapeError) -> String? {
        guard let value = self[name] else { return nil }
        guard case .string(let text) = value else { throw JSONShapeError(path: path(of: name), expected: "a string") }
        return text
    }

    /// A string member that must be there.
    func requiredString(_ name: String) throws(JSONShapeError) -> String {
        guard let text = try string(name) else { throw JSONShapeError(path: path(of: name)) }
        return text
    }

    /// A list of strings, if present.
    func strings(_ name: String) throws(JSONShapeError) -> [String]? {
        try list(name, of: "a list of strings") { _, element in element.string }
    }

    /// A list of strings that must be there.
    func requiredStrings(_ name: String) throws(JSONShapeError) -> [String] {
        guard let texts = try strings(name) else { throw JSONShapeError(path: path(of: name)) }
        return texts
    }

    /// A list of strings that the VC Data Model and RFC 7519 (`aud`) allow to be one string alone; absent is
    /// an empty list.
    /// A JSON-LD `@context`: one entry, or a list whose entries are URLs (strings) or inline contexts
    /// (objects); absent is an empty list.
    func contextEntries(_ name: String) throws(JSONShapeError) -> [JSONValue] {
        switch self[name] {
        case nil: return []
        case .string(let one)?: return [.string(one)]
        case .object?: return [self[name] ?? .null]
        case .array(let entries)? where entries.allSatisfy({ $0.string != nil || $0.object != nil }): return entries
        default: throw JSONShapeError(path: path(of: name), expected: "a URL, an inline context, or a list of them")
        }
    }

    func stringOrList(_ name: String) throws(JSONShapeError) -> [String] {
        if case .string(let one)? = self[name] { return [one] }
        do {
            return try strings(name) ?? []
        } catch {
            throw JSONShapeError(path: path(of: name), expected: "a string or a list of strings")
        }
    }

    /// A NumericDate (RFC 7519 §2: seconds since 1970, any JSON number) in whole seconds toward the past; a
    /// value no clock could mean is refused as damage.
    func numericDate(_ name: String) throws(JSONShapeError) -> Int64? {
        guard let value = self[name] else { return nil }
        guard case .number(let seconds) = value, seconds.isFinite, abs(seconds) < 1e15 else {
            throw JSONShapeError(path: path(of: name), expected: "a date in seconds since 1970")
        }
        return Int64(seconds.rounded(.down))
    }

    /// An XML Schema dateTime (VC Data Model 2.0's `validFrom` and `validUntil`: `2026-11-25T09:00:00Z`, with
    /// an optional fraction and a `Z` or ±hh:mm offset) in whole seconds since 1970 toward the past.
    func dateTime(_ name: String) throws(JSONShapeError) -> Int64? {
        guard let value = self[name] else { return nil }
        guard case .string(let text) = value, text.utf8.count <= 64, let date = Self.parseDateTime(text) else {
            throw JSONShapeError(path: path(of: name), expected: "a date and time such as 2026-11-25T09:00:00Z")
        }
        return Int64(date.timeIntervalSince1970.rounded(.down))
    }

    private static func parseDateTime(_ text: String) -> Date? {
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }

    /// An object member, if present.
    func object(_ name: String) throws(JSONShapeError) -> JSONObject? {
        guard let value = self[name] else { return nil }
        return try JSONObject(value, path: path(of: name))
    }

    /// An object member that must be there.
    func requiredObject(_ name: String) throws(JSONShapeError) -> JSONObject {
        guard let object = try object(name) else { throw JSONShapeError(path: path(of: name)) }
        return object
    }

    /// A list of objects, if present.
    func objects(_ name: String) throws(JSONShapeError) -> [JSONObject]? {
        try list(name, of: "a list of objects") { index, element in try? JSONObject(element, path: path(of: name) + ".\(index)") }
    }

    /// A list member, each element read by `read` (`nil` for an element of the wrong kind), if present.
    private func list<Element>(
        _ name: String, of expected: String, _ read: (Int, JSONValue) -> Element?
    ) throws(JSONShapeError) -> [Element]? {
        guard let value = self[name] else { return nil }
        guard case .array(let elements) = value else { throw JSONShapeError(path: path(of: name), expected: expected) }
        var items: [Element] = []
        items.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard let item = read(index, element) else { throw JSONShapeError(path: path(of: name), expected: expected) }
            items.append(item)
        }
        return items
    }
}
