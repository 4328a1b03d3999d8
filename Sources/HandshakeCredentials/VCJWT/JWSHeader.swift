// Establishes the JOSE header members Handshake reads (RFC 7515 §4.1): `alg`, `kid`, and whether `crit`
// is there at all (Handshake understands no extension, so any `crit` refuses the token). `typ` is not
// checked: wallets write "JWT", "vc+jwt" or nothing. What `alg` and `kid` may say is VCJWTVerifier's business.

/// The header of a compact JWS, as VCJWTVerifier reads it.
struct JWSHeader {
    var alg: String
    var kid: String?
    /// Whether the header lists extensions that must be understood.
    var hasCritical: Bool

    init(json header: JSONObject) throws(JSONShapeError) {
        alg = try header.requiredString("alg")
        kid = try header.string("kid")
        hasCritical = header["crit"] != nil
    }
}
