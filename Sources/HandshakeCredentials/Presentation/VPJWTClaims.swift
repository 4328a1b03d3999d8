// Establishes the claims of a Verifiable Presentation JWT as OpenID4VP 1.0 §B.1.3.1 and VC Data Model 1.1
// write them: `iss` the holder's did:key, `aud` the verifier's full client_id, `nonce` the request's nonce,
// `iat`/`nbf`/`exp`, and `vp` holding the compact VC-JWTs. Reading checks shape only (and reads `aud` as a
// string or a list, as RFC 7519 allows); what the claims mean is PresentationVerifier's business.
import Foundation

/// The claims of a VP JWT.
struct VPJWTClaims: Encodable, Equatable, JWTClaimsSet {
    var iss: String
    var aud: [String]
    var nonce: String?
    var nbf: Int64?
    var iat: Int64?
    var exp: Int64?
    var vp: Presentation

    enum CodingKeys: String, CodingKey { case iss, aud, nonce, nbf, iat, exp, vp }

    /// The VP's `@context` and `type`.
    static let context = ["https://www.w3.org/2018/credentials/v1"]
    static let types = ["VerifiablePresentation"]

    struct Presentation: Encodable, Equatable {
        var context: [String]
        var type: [String]
        var verifiableCredential: [String]

        enum CodingKeys: String, CodingKey {
            case context = "@context"
            case type, verifiableCredential
        }

        init(verifiableCredential: [String]) {
            context = VPJWTClaims.context
            type = VPJWTClaims.types
            self.verifiableCredential = verifiableCredential
        }

        /// `@context` is not checked: a wallet may put JSON-LD context objects in it, and nothing here uses it.
        init(json presentation: JSONObject) throws(JSONShapeError) {
            context = (try? presentation.strings("@context")) ?? []
            type = try presentation.stringOrList("type")
            verifiableCredential = try presentation.requiredStrings("verifiableCredential")
        }
    }

    init(iss: String, aud: String, nonce: String, iat: Int64, exp: Int64, vp: Presentation) {
        self.iss = iss
        self.aud = [aud]
        self.nonce = nonce
        self.nbf = iat
        self.iat = iat
        self.exp = exp
        self.vp = vp
    }

    init(json claims: JSONObject) throws(JSONShapeError) {
        iss = try claims.requiredString("iss")
        aud = try claims.stringOrList("aud")
        nonce = try claims.string("nonce")
        nbf = try claims.numericDate("nbf")
        iat = try claims.numericDate("iat")
        exp = try claims.numericDate("exp")
        vp = try Presentation(json: try claims.requiredObject("vp"))
    }

    /// `aud` is written as a single string (one verifier), as the OpenID4VP examples do.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(iss, forKey: .iss)
        if aud.count == 1 { try container.encode(aud[0], forKey: .aud) } else { try container.encode(aud, forKey: .aud) }
        try container.encodeIfPresent(nonce, forKey: .nonce)
        try container.encodeIfPresent(nbf, forKey: .nbf)
        try container.encodeIfPresent(iat, forKey: .iat)
        try container.encodeIfPresent(exp, forKey: .exp)
        try container.encode(vp, forKey: .vp)
    }
}
