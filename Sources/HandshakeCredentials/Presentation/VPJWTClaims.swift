// Establishes the claims of a Verifiable Presentation JWT as OpenID4VP 1.0 §B.1.3.1 and VC Data Model 1.1
// write them: `iss` the holder's did:key, `aud` the verifier's full client_id, `nonce` the request's nonce,
// `iat`/`nbf`/`exp`, and `vp` holding the compact VC-JWTs. Decoding checks shape only (and reads `aud` as a
// string or a list, as RFC 7519 allows); what the claims mean is PresentationVerifier's business.
import Foundation

/// The claims of a VP JWT.
struct VPJWTClaims: Codable, Equatable, IssuedClaims {
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

    struct Presentation: Codable, Equatable {
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

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            context = (try? container.decode([String].self, forKey: .context)) ?? []
            if let one = try? container.decode(String.self, forKey: .type) {
                type = [one]
            } else {
                type = try container.decodeIfPresent([String].self, forKey: .type) ?? []
            }
            verifiableCredential = try container.decode([String].self, forKey: .verifiableCredential)
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

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        iss = try container.decode(String.self, forKey: .iss)
        if let one = try? container.decode(String.self, forKey: .aud) {
            aud = [one]
        } else {
            aud = try container.decodeIfPresent([String].self, forKey: .aud) ?? []
        }
        nonce = try container.decodeIfPresent(String.self, forKey: .nonce)
        nbf = try container.decodeNumericDate(forKey: .nbf)
        iat = try container.decodeNumericDate(forKey: .iat)
        exp = try container.decodeNumericDate(forKey: .exp)
        vp = try container.decode(Presentation.self, forKey: .vp)
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
