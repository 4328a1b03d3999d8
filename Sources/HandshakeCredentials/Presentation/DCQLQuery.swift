// Establishes the part of the Digital Credentials Query Language (OpenID4VP 1.0 §6) Handshake reads: credential
// queries (id, format, meta.type_values, claims with paths and values, claim_sets, multiple, holder binding)
// and credential sets. Parsing checks shape and bounds and refuses what the text forbids (duplicate ids,
// claim_sets without claims); unknown members are ignored as §6 requires. What a Handshake card can answer is
// CredentialRequest's business.
import Foundation
import HandshakeCore

/// A DCQL query: which credentials a verifier asks for, and which of their claims.
@_spi(Wire) public struct DCQLQuery: Sendable, Hashable {
    /// The credential queries, in the verifier's order.
    public let credentials: [CredentialQuery]
    /// Which combinations of credential queries satisfy the verifier; empty when every query is required.
    public let credentialSets: [CredentialSetQuery]

    /// The most credential queries read.
    public static let maxCredentials = 16
    /// The most claims queries read in one credential query.
    public static let maxClaims = 32
    /// The longest query text read (bytes of JSON).
    public static let maxBytes = 32 * 1024

    /// One credential query (§6.1).
    public struct CredentialQuery: Sendable, Hashable {
        /// The id the answer is keyed by in `vp_token`.
        public let id: String
        /// The credential format, e.g. `jwt_vc_json`.
        public let format: String
        /// Whether more than one presentation may answer it.
        public let multiple: Bool
        /// `meta.type_values`: alternatives, each a set of types the credential must all have; `nil` when absent.
        public let typeValues: [[String]]?
        /// The claims asked for; `nil` when absent (for a format without selective disclosure: the whole credential).
        public let claims: [ClaimsQuery]?
        /// Alternative combinations of claim ids, preferred first; `nil` when absent.
        public let claimSets: [[String]]?
        /// `require_cryptographic_holder_binding` (default `true`).
        public let requiresHolderBinding: Bool
    }

    /// One claims query (§6.3).
    public struct ClaimsQuery: Sendable, Hashable {
        /// The id `claim_sets` refers to it by.
        public let id: String?
        /// Where the claim is.
        public let path: ClaimsPath
        /// Values the claim must have one of, when given (strings, numbers and booleans).
        let values: [JSONValue]?

        /// Whether the query restricts the claim's value.
        public var restrictsValues: Bool { values != nil }

        /// Whether one of `selected` matches `values` (always, when there are none).
        func matches(_ selected: [JSONValue]) -> Bool {
            guard let values else { return true }
            return selected.contains { values.contains($0) }
        }
    }

    /// One credential set query (§6.2).
    public struct CredentialSetQuery: Sendable, Hashable {
        /// Alternatives, each a list of credential query ids that together satisfy the set.
        public let options: [[String]]
        /// Whether the set must be satisfied (default `true`).
        public let required: Bool
    }

    /// The query in `json` (the text of a `dcql_query` parameter).
    public init(json: String) throws(AuthorizationRequestError) {
        let bytes = json.utf8.count
        guard bytes <= Self.maxBytes else { throw .tooLarge(what: "DCQL query", bytes: bytes, limit: Self.maxBytes) }
        let value: JSONValue
        do throws(JSONReadError) { value = try JSONReader.read(Array(json.utf8)) } catch { throw .invalidDCQL("it is not valid JSON (\(error.description))") }
        try self.init(value: value)
    }

    init(value: JSONValue) throws(AuthorizationRequestError) {
        guard let object = value.object else { throw .invalidDCQL("it is not a JSON object") }
        guard let list = object["credentials"]?.array, !list.isEmpty else {
            throw .invalidDCQL("\"credentials\" must be a non-empty array")
        }
        guard list.count <= Self.maxCredentials else {
            throw .invalidDCQL("it asks for \(list.count) credentials; at most \(Self.maxCredentials) are read")
        }
        var credentials: [CredentialQuery] = []
        for item in list {
            let query = try CredentialQuery(value: item)
            guard !credentials.contains(where: { $0.id == query.id }) else {
                throw .invalidDCQL("the credential id \"\(query.id)\" appears twice")
            }
            credentials.append(query)
        }
        self.credentials = credentials
        var sets: [CredentialSetQuery] = []
        if let setsValue = object["credential_sets"] {
            guard let setList = setsValue.array, !setList.isEmpty, setList.count <= Self.maxCredentials else {
                throw .invalidDCQL("\"credential_sets\" must be a non-empty array of at most \(Self.maxCredentials)")
            }
            for item in setList {
                let set = try CredentialSetQuery(value: item)
                for id in set.options.joined() where !credentials.contains(where: { $0.id == id }) {
                    throw .invalidDCQL("a credential set names \(UntrustedText.quoted(id, limit: 64)), which no credential query has")
                }
                sets.append(set)
            }
        }
        credentialSets = sets
    }

    /// Whether `text` is a DCQL identifier: non-empty, letters, digits, `_` and `-` (at most 64 here).
    static func isIdentifier(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64
            && text.utf8.allSatisfy { byte in
                byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            }
    }
}

extension DCQLQuery.CredentialQuery {
    init(value: JSONValue) throws(AuthorizationRequestError) {
        guard let object = value.object else { throw .invalidDCQL("each credential query must be an object") }
        guard let id = object["id"]?.string, DCQLQuery.isIdentifier(id) else {
            throw .invalidDCQL("each credential query needs an \"id\" of letters, digits, \"_\" and \"-\"")
        }
        guard let format = object["format"]?.string, !format.isEmpty, format.utf8.count <= 64 else {
            throw .invalidDCQL("the credential query \"\(id)\" needs a \"format\"")
        }
        func flag(_ name: String, default value: Bool) throws(AuthorizationRequestError) -> Bool {
            guard let member = object[name] else { return value }
            guard let flag = member.bool else { throw .invalidDCQL("\"\(name)\" of \"\(id)\" must be true or false") }
            return flag
        }
        var typeValues: [[String]]?
        if let meta = object["meta"] {
            guard let metaObject = meta.object else { throw .invalidDCQL("\"meta\" of \"\(id)\" must be an object") }
            if let types = metaObject["type_values"] {
                guard let outer = types.array, !outer.isEmpty, outer.count <= 16 else {
                    throw .invalidDCQL("\"meta.type_values\" of \"\(id)\" must be a non-empty array of arrays")
                }
                var alternatives: [[String]] = []
                for inner in outer {
                    guard let names = inner.array, !names.isEmpty, names.count <= 16 else {
                        throw .invalidDCQL("\"meta.type_values\" of \"\(id)\" must be a non-empty array of arrays")
                    }
                    var strings: [String] = []
                    for name in names {
                        guard let text = name.string else { throw .invalidDCQL("\"meta.type_values\" of \"\(id)\" must hold strings") }
                        strings.append(text)
                    }
                    alternatives.append(strings)
                }
                typeValues = alternatives
            }
        }
        var claims: [DCQLQuery.ClaimsQuery]?
        if let claimsValue = object["claims"] {
            guard let list = claimsValue.array, !list.isEmpty else {
                throw .invalidDCQL("\"claims\" of \"\(id)\" must be a non-empty array")
            }
            guard list.count <= DCQLQuery.maxClaims else {
                throw .invalidDCQL("\"\(id)\" asks for \(list.count) claims; at most \(DCQLQuery.maxClaims) are read")
            }
            var read: [DCQLQuery.ClaimsQuery] = []
            for item in list {
                let claim = try DCQLQuery.ClaimsQuery(value: item)
                if let claimID = claim.id, read.contains(where: { $0.id == claimID }) {
                    throw .invalidDCQL("the claim id \"\(claimID)\" appears twice in \"\(id)\"")
                }
                read.append(claim)
            }
            claims = read
        }
        var claimSets: [[String]]?
        if let setsValue = object["claim_sets"] {
            guard let claims else { throw .invalidDCQL("\"\(id)\" has \"claim_sets\" but no \"claims\"") }
            guard let outer = setsValue.array, !outer.isEmpty, outer.count <= DCQLQuery.maxClaims else {
                throw .invalidDCQL("\"claim_sets\" of \"\(id)\" must be a non-empty array of arrays")
            }
            var sets: [[String]] = []
            for inner in outer {
                guard let names = inner.array, !names.isEmpty, names.count <= DCQLQuery.maxClaims else {
                    throw .invalidDCQL("\"claim_sets\" of \"\(id)\" must be a non-empty array of arrays")
                }
                var ids: [String] = []
                for name in names {
                    guard let claimID = name.string, claims.contains(where: { $0.id == claimID }) else {
                        throw .invalidDCQL("\"claim_sets\" of \"\(id)\" names a claim id its \"claims\" lack")
                    }
                    ids.append(claimID)
                }
                sets.append(ids)
            }
            claimSets = sets
        }
        self.init(
            id: id, format: format, multiple: try flag("multiple", default: false), typeValues: typeValues, claims: claims,
            claimSets: claimSets, requiresHolderBinding: try flag("require_cryptographic_holder_binding", default: true))
    }
}

extension DCQLQuery.ClaimsQuery {
    init(value: JSONValue) throws(AuthorizationRequestError) {
        guard let object = value.object else { throw .invalidDCQL("each claims query must be an object") }
        var id: String?
        if let idValue = object["id"] {
            guard let text = idValue.string, DCQLQuery.isIdentifier(text) else {
                throw .invalidDCQL("a claim \"id\" must be letters, digits, \"_\" and \"-\"")
            }
            id = text
        }
        guard let pathValue = object["path"] else { throw .invalidDCQL("each claims query needs a \"path\"") }
        let path = try ClaimsPath(json: pathValue)
        var values: [JSONValue]?
        if let valuesValue = object["values"] {
            guard let list = valuesValue.array, !list.isEmpty, list.count <= 64,
                list.allSatisfy({ if case .string = $0 { return true }; if case .number = $0 { return true }; return $0.bool != nil })
            else { throw .invalidDCQL("a claim's \"values\" must be a non-empty array of strings, numbers or booleans") }
            values = list
        }
        self.init(id: id, path: path, values: values)
    }
}

extension DCQLQuery.CredentialSetQuery {
    init(value: JSONValue) throws(AuthorizationRequestError) {
        guard let object = value.object, let outer = object["options"]?.array, !outer.isEmpty, outer.count <= DCQLQuery.maxCredentials
        else { throw .invalidDCQL("each credential set needs \"options\": a non-empty array of arrays") }
        var options: [[String]] = []
        for inner in outer {
            guard let names = inner.array, !names.isEmpty, names.count <= DCQLQuery.maxCredentials else {
                throw .invalidDCQL("each credential set option must be a non-empty array of ids")
            }
            var ids: [String] = []
            for name in names {
                guard let id = name.string else { throw .invalidDCQL("each credential set option must hold ids") }
                ids.append(id)
            }
            options.append(ids)
        }
        var required = true
        if let flag = object["required"] {
            guard let value = flag.bool else { throw .invalidDCQL("\"required\" of a credential set must be true or false") }
            required = value
        }
        self.init(options: options, required: required)
    }
}
