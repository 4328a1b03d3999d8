// Establishes the JSON shape of a VC-JWT card's claims (W3C VC Data Model 1.1, JWT encoding): registered
// claims at the top, the credential under `vc`, the card's fields and the signed Handshake card in
// `credentialSubject`. Decoding checks shape only; what the claims mean is checked by VCJWTVerifier.
import JWTKit

/// The claims of a VC-JWT card.
struct VCJWTClaims: JWTPayload, Equatable {
    var iss: String
    var sub: String?
    /// NumericDate claims (RFC 7519 §2), written as whole seconds; fractions are accepted on reading.
    var nbf: Int64?
    var iat: Int64?
    var exp: Int64?
    var vc: Credential

    enum CodingKeys: String, CodingKey { case iss, sub, nbf, iat, exp, vc }

    init(iss: String, sub: String?, nbf: Int64?, iat: Int64?, exp: Int64?, vc: Credential) {
        self.iss = iss
        self.sub = sub
        self.nbf = nbf
        self.iat = iat
        self.exp = exp
        self.vc = vc
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        iss = try container.decode(String.self, forKey: .iss)
        sub = try container.decodeIfPresent(String.self, forKey: .sub)
        nbf = try container.decodeNumericDate(forKey: .nbf)
        iat = try container.decodeNumericDate(forKey: .iat)
        exp = try container.decodeNumericDate(forKey: .exp)
        vc = try container.decode(Credential.self, forKey: .vc)
    }

    struct Credential: Codable, Equatable {
        var context: [String]
        var type: [String]
        var credentialSubject: Subject

        enum CodingKeys: String, CodingKey {
            case context = "@context"
            case type, credentialSubject
        }

        init(context: [String], type: [String], credentialSubject: Subject) {
            self.context = context
            self.type = type
            self.credentialSubject = credentialSubject
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            context = try Self.stringOrList(container, .context)
            type = try Self.stringOrList(container, .type)
            credentialSubject = try container.decode(Subject.self, forKey: .credentialSubject)
        }

        /// VC Data Model allows a single string where a list is meant; absent or null is an empty list. The
        /// list is tried first: it is what credentials carry, and a failed attempt throws an error, which
        /// costs more than the decoding.
        static func stringOrList(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> [String] {
            guard container.contains(key), try !container.decodeNil(forKey: key) else { return [] }
            if let list = try? container.decode([String].self, forKey: key) { return list }
            return [try container.decode(String.self, forKey: key)]
        }
    }

    /// `credentialSubject`: the subject's DID, the card's fields, and the signed Handshake card.
    struct Subject: Codable, Equatable {
        var id: String?
        var fields: CardFields
        /// The COSE_Sign1 card, base64url without padding (docs/formats/vc-jwt.md).
        var handshakeCard: String?

        enum CodingKeys: String, CodingKey { case id, handshakeCard }

        init(id: String?, fields: CardFields, handshakeCard: String?) {
            self.id = id
            self.fields = fields
            self.handshakeCard = handshakeCard
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decodeIfPresent(String.self, forKey: .id)
            handshakeCard = try container.decodeIfPresent(String.self, forKey: .handshakeCard)
            fields = try CardFields(from: decoder)
        }

        func encode(to encoder: any Encoder) throws {
            try fields.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(id, forKey: .id)
            try container.encodeIfPresent(handshakeCard, forKey: .handshakeCard)
        }
    }

    /// Times are checked by VCJWTVerifier against the caller's clock (tests give one), not here.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
