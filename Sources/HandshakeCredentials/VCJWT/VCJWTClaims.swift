// Establishes the JSON shape of a VC-JWT card's claims, in both data models. VC Data Model 1.1 (JWT
// encoding): registered claims at the top, the credential under `vc`. VC Data Model 2.0 (VC-JOSE-COSE): the
// payload is the credential itself, with `issuer`, `validFrom` and `validUntil`; it is read into the same
// claims (iss, sub, nbf, exp) so one verifier checks both. The card's fields and the signed Handshake card are
// in `credentialSubject` either way. Reading (from JSONReader's value) checks shape only; what the claims mean
// is checked by VCJWTVerifier.

import HandshakeCore

/// The claims of a VC-JWT card.
struct VCJWTClaims: JWTClaimsSet, Encodable, Equatable {
    var iss: String
    var sub: String?
    /// NumericDate claims (RFC 7519 §2), written as whole seconds; fractions are accepted on reading.
    var nbf: Int64?
    var iat: Int64?
    var exp: Int64?
    var vc: Credential
    /// Which data model the token was written in (not encoded: a 2.0 payload has its own shape, ``DataModel2Payload``).
    var dataModel: VCDataModel = .v1_1

    enum CodingKeys: String, CodingKey { case iss, sub, nbf, iat, exp, vc }

    init(iss: String, sub: String?, nbf: Int64?, iat: Int64?, exp: Int64?, vc: Credential) {
        self.iss = iss
        self.sub = sub
        self.nbf = nbf
        self.iat = iat
        self.exp = exp
        self.vc = vc
    }

    /// The members a VC Data Model 2.0 payload has at its top, which a 1.1 token keeps under `vc`.
    static let dataModel2Members = ["@context", "credentialSubject", "issuer", "validFrom", "validUntil", "type", "credentialStatus"]

    init(json claims: JSONObject) throws(JSONShapeError) {
        // A 2.0 credential is the payload itself: no `vc` member, a `credentialSubject` at the top. A token
        // with both is refused: one reader would take the `vc` credential, another the one at the top.
        if claims["vc"] != nil, let mixed = Self.dataModel2Members.first(where: { claims[$0] != nil }) {
            throw JSONShapeError(
                path: mixed, expected: "absent beside \"vc\": a token is a VC Data Model 1.1 credential (under vc) or a 2.0 one (at the top), not both")
        }
        if claims["vc"] == nil, claims["credentialSubject"] != nil {
            try self.init(dataModel2: claims)
        } else {
            try self.init(dataModel1: claims)
        }
    }

    /// A VC Data Model 1.1 credential: registered claims, the credential under `vc`. Its `@context` starts
    /// with the 1.1 URL, as a 2.0 one's with 2.0's; `issuanceDate` and `expirationDate`, when present, are
    /// the `nbf` and `exp` a JWT without them means (VC Data Model 1.1 §6.3.1), and must agree with them when
    /// both are there.
    init(dataModel1 claims: JSONObject) throws(JSONShapeError) {
        iss = try claims.requiredString("iss")
        sub = try claims.string("sub")
        iat = try claims.numericDate("iat")
        let credential = try claims.requiredObject("vc")
        vc = try Credential(json: credential)
        try CredentialContext.check(vc.context, model: .v1_1, path: "vc.@context")
        let nbfClaim = try claims.numericDate("nbf"), expClaim = try claims.numericDate("exp")
        let issuance = try credential.dateTime("issuanceDate"), expiration = try credential.dateTime("expirationDate")
        if let issuance, let nbfClaim, issuance != nbfClaim { throw JSONShapeError(path: "vc.issuanceDate", expected: "the same time as nbf") }
        if let expiration, let expClaim, expiration != expClaim { throw JSONShapeError(path: "vc.expirationDate", expected: "the same time as exp") }
        nbf = nbfClaim ?? issuance
        exp = expClaim ?? expiration
    }

    /// A VC Data Model 2.0 credential as the payload (VC-JOSE-COSE §3.1.1): `issuer` (a string or an object
    /// with `id`) is the issuer, `validFrom` and `validUntil` the times; an `iss`, `nbf` or `exp` claim beside
    /// them must agree (JWT claims may repeat what the credential says, never contradict it).
    init(dataModel2 credential: JSONObject) throws(JSONShapeError) {
        guard let issuerValue = credential["issuer"] else { throw JSONShapeError(path: "issuer") }
        let issuer: String
        switch issuerValue {
        case .string(let text): issuer = text
        case .object: issuer = try JSONObject(issuerValue, path: "issuer").requiredString("id")
        default: throw JSONShapeError(path: "issuer", expected: "a string or an object with an \"id\"")
        }
        if let iss = try credential.string("iss"), iss != issuer { throw JSONShapeError(path: "iss", expected: "the credential's issuer") }
        vc = try Credential(json: credential)
        try CredentialContext.check(vc.context, model: .v2, path: "@context")
        iss = issuer
        sub = try credential.string("sub")
        let validFrom = try credential.dateTime("validFrom"), validUntil = try credential.dateTime("validUntil")
        let nbfClaim = try credential.numericDate("nbf"), expClaim = try credential.numericDate("exp")
        if let validFrom, let nbfClaim, validFrom != nbfClaim { throw JSONShapeError(path: "nbf", expected: "the same time as validFrom") }
        if let validUntil, let expClaim, validUntil != expClaim { throw JSONShapeError(path: "exp", expected: "the same time as validUntil") }
        nbf = validFrom ?? nbfClaim
        exp = validUntil ?? expClaim
        iat = try credential.numericDate("iat")
        dataModel = .v2
    }

    struct Credential: Encodable, Equatable {
        /// The JSON-LD context: the VC Data Model's URL, then (for a card credential) the inline terms of
        /// ``HandshakeCardContext``.
        var context: [JSONValue]
        var type: [String]
        var credentialSubject: Subject
        /// Whether it names a `credentialStatus` (a revocation or suspension list), which Handshake does not
        /// check; read, never written.
        var hasStatus = false

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
            hasStatus = credential["credentialStatus"] != nil
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

/// A card credential written in VC Data Model 2.0 (VC-JOSE-COSE): the credential is the JWT payload.
struct DataModel2Payload: Encodable {
    var context: [JSONValue]
    var type: [String]
    var issuer: String
    var validFrom: String
    var validUntil: String?
    var credentialSubject: VCJWTClaims.Subject

    enum CodingKeys: String, CodingKey {
        case context = "@context"
        case type, issuer, validFrom, validUntil, credentialSubject
    }
}
