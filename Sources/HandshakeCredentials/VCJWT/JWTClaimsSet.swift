// Establishes what VCJWTVerifier asks of a token's claims before it checks anything: that they can be read
// from the claims object (the shape of a credential, or of a presentation) and name their issuer. What the
// claims mean is checked after the signature, by whoever asked for them.

/// The claims of a JWT that VCJWTVerifier can inspect: read from their JSON object, with an issuer.
protocol JWTClaimsSet {
    /// The claims in `claims`, checked for shape only.
    init(json claims: JSONObject) throws(JSONShapeError)
    /// `iss`: who signed, a did:key for every token Handshake reads.
    var iss: String { get }
}
