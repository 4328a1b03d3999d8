// Establishes the JSON shape of a VC-JWT card's claims (W3C VC Data Model 1.1, JWT encoding): registered
// claims at the top, the credential under `vc`, the card's fields and the signed Handshake card in
// `credentialSubject`. Reading (from JSONReader's value) checks shape only; what the claims mean is checked
// by VCJWTVerifier.

/// The claims of a VC-JWT card.
struct VCJWTClaims: JWTClaimsSet, Encodable, Equatable {
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

    init(json claims: JSONObject) throws(JSONShapeError) {
        iss = try claims.requiredString("iss")
        sub = try claims.string("sub")
        nbf = try claims.numericDate("nbf")
        iat = try claims.numericDate("iat")
        exp = try claims.numericDate("exp")
        vc = try Credential(json: try claims.requiredObject("vc"))
    }

    struct Credential: Encodable, Equatable {
        /// The JSON-LD context: the VC Data Model's URL, then (for a card credential) the inline terms of
        /// ``HandshakeCardContext``.
        var context: [JSONValue]
        var type: [String]
        var credentialSubject: Subject

        enum CodingKeys: String, CodingKey {
            case context = "@context"
            case type, credentialSubject
        }

        init(context: [JSONValue], type: [String], credentialSubject: Subject) {
            self.context = context
            self.type = type
            self.credentialSubject = credentialSubject
        }

        /// The VC Data Model allows a single string where a list is meant; absent is an empty list.
        init(json credential: JSONObject) throws(JSONShapeError) {
            context = try credential.contextEntries("@context")
            type = try credential.stringOrList("type")
            credentialSubject = try Subject(json: try credential.requiredObject("credentialSubject"))
        }
    }

    /// `credentialSubject`: the subject's DID, the card's fields, and the signed Handshake card.
    struct Subject: Encodable, Equatable {
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

        init(json subject: JSONObject) throws(JSONShapeError) {
            id = try subject.string("id")
            handshakeCard = try subject.string("handshakeCard")
            fields = try CardFields(json: subject)
        }

        func encode(to encoder: any Encoder) throws {
            try fields.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(id, forKey: .id)
            try container.encodeIfPresent(handshakeCard, forKey: .handshakeCard)
        }
    }
}
