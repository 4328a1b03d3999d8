// Establishes the two versions of the W3C Verifiable Credentials Data Model a card credential is written in,
// and what tells them apart on the wire (docs/formats/vc-jwt.md §5).

/// A version of the W3C Verifiable Credentials Data Model.
public enum VCDataModel: String, Sendable, CaseIterable, Codable {
    /// Version 1.1, JWT encoding: the credential under the `vc` claim, `iss`/`nbf`/`exp` claims, `typ: JWT`.
    /// Read by every VC-JWT verifier and by OpenID4VP's `jwt_vc_json`; what Handshake writes by default.
    case v1_1 = "1.1"
    /// Version 2.0 secured with JOSE (VC-JOSE-COSE): the credential is the payload, with `issuer`,
    /// `validFrom` and `validUntil`; `typ: vc+jwt`.
    case v2 = "2.0"

    /// The first `@context` entry of a credential of this version.
    public var contextURL: String {
        switch self {
        case .v1_1: "https://www.w3.org/2018/credentials/v1"
        case .v2: "https://www.w3.org/ns/credentials/v2"
        }
    }

    /// The JWS `typ` header a credential of this version is written with.
    public var mediaType: String {
        switch self {
        case .v1_1: "JWT"
        case .v2: "vc+jwt"
        }
    }
}
