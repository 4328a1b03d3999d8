// Establishes how the parameters of an authorization request are read, whichever way they came: from a URL's
// query (application/x-www-form-urlencoded, every value a string, JSON members as JSON text) or from a request
// object's claims (JSON values). A parameter given twice in a URL is refused: which one a verifier meant
// can't be known.
import Foundation
import HandshakeCore

/// The parameters of an authorization request.
struct RequestParameters {
    var values: [String: JSONValue]
    /// Whether the values came from a URL query (JSON members are then JSON text).
    var fromURL: Bool

    /// The parameters of `text`'s query.
    init(url text: String) throws(AuthorizationRequestError) {
        let bytes = text.utf8.count
        guard bytes <= AuthorizationRequest.maxURLBytes else {
            throw .tooLarge(what: "link", bytes: bytes, limit: AuthorizationRequest.maxURLBytes)
        }
        // In a form-encoded query "+" is a space; URLComponents leaves it a plus.
        guard var components = URLComponents(string: text), components.scheme != nil else { throw .notARequest }
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%20")
        guard let items = components.queryItems, !items.isEmpty else { throw .notARequest }
        var values: [String: JSONValue] = [:]
        for item in items {
            guard values[item.name] == nil else { throw .repeatedParameter(item.name) }
            values[item.name] = .string(item.value ?? "")
        }
        self.values = values
        fromURL = true
    }

    /// The claims of a request object.
    init(claims: [String: JSONValue]) {
        values = claims
        fromURL = false
    }

    /// The parameter `name` as a string, `nil` when absent.
    func string(_ name: String) throws(AuthorizationRequestError) -> String? {
        guard let value = values[name] else { return nil }
        guard let text = value.string else { throw .malformedParameter(name: name, detail: "it must be a string") }
        // Every string parameter is shown or sent on (client_id, response_uri, state): one that could control
        // a screen is refused, never cleaned, since what the person would confirm is not what was asked.
        guard !UntrustedText.needsCleaning(text) else {
            throw .malformedParameter(name: name, detail: "it holds control characters or invisible formatting")
        }
        return text
    }

    /// The parameter `name` as JSON: parsed from its text in a URL, as it is in a request object (where a
    /// string holding JSON text is accepted too, as some verifiers write it).
    func json(_ name: String, limit: Int) throws(AuthorizationRequestError) -> JSONValue? {
        guard let value = values[name] else { return nil }
        if case .string(let text) = value {
            guard text.utf8.count <= limit else { throw .tooLarge(what: name, bytes: text.utf8.count, limit: limit) }
            do throws(JSONReadError) {
                return try JSONReader.read(Array(text.utf8))
            } catch {
                throw .malformedParameter(name: name, detail: "it is not valid JSON (\(error.description))")
            }
        }
        return value
    }

    /// Whether `text` holds only the characters OpenID4VP allows in `nonce` and `state`.
    static func isURLSafe(_ text: String) -> Bool {
        text.utf8.allSatisfy { byte in
            byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
    }
}
