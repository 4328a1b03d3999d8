// Establishes when a verifier accepts a wallet's OpenID4VP answer (§8.6 and §14.2.2), for jwt_vc_json. In this
// order, each step refusing with its own PresentationError: the vp_token's size and shape (an object of query
// ids to arrays of compact JWTs); every key a query of the request, every required query answered, `multiple`
// respected; then for each presentation: its header (`none`, HS*, unknown algorithms and `crit` refused), its
// `iss` did:key and `kid`, its signature; `aud` this verifier's full client_id (a presentation made for another
// verifier); `nonce` this request's (a replay); `iat`, `nbf` and `exp` against the caller's clock with a small
// skew, and a lifetime of at most five minutes; every credential inside verified as a VC-JWT (VCJWTVerifier)
// and issued to and by the presenter (holder binding); its type among the query's `type_values`; its claims
// answering the query's claims or one of its claim_sets. All presentations must come from one holder.
// What it does not establish: who the holder is in person, nor that this answer was not already used: the
// caller must accept each nonce once (its request store does that).
import Foundation
import HandshakeCore

/// Checks a wallet's `vp_token` against the request the verifier made.
@_spi(Wire) public struct PresentationVerifier: Sendable {
    /// The longest `vp_token` read.
    public static let maxVPTokenBytes = 256 * 1024
    /// The most presentations read in one `vp_token`.
    public static let maxPresentations = 16
    /// The longest a presentation may be valid, from `iat` to `exp`: five minutes.
    public static let maxLifetime: Int64 = 300
    /// How far `iat`/`nbf` may be ahead of, and `exp` behind, this verifier's clock (seconds).
    public var allowedClockSkew: TimeInterval = 30
    /// Checks the credentials inside each presentation.
    public var credentialVerifier = VCJWTVerifier()

    /// A verifier with 30 seconds of clock skew and the default credential checks.
    public init() {}

    /// The `vp_token` in `text` (the JSON text of the direct_post `vp_token` parameter).
    public static func parseVPToken(_ text: String) throws(PresentationError) -> [String: [String]] {
        let bytes = text.utf8.count
        guard bytes <= maxVPTokenBytes else { throw .tooLarge(bytes: bytes, limit: maxVPTokenBytes) }
        guard let value = JSONValue.parse(Array(text.utf8)), let object = value.object else {
            throw .malformedVPToken("it is not a JSON object")
        }
        var token: [String: [String]] = [:]
        var count = 0
        for (id, entry) in object {
            guard let list = entry.array, !list.isEmpty else {
                throw .malformedVPToken("the entry for \(UntrustedText.quoted(id, limit: 64)) is not a non-empty array")
            }
            var presentations: [String] = []
            for item in list {
                guard let jwt = item.string else {
                    throw .malformedVPToken("the entry for \(UntrustedText.quoted(id, limit: 64)) holds something other than a JWT string")
                }
                presentations.append(jwt)
            }
            count += presentations.count
            guard count <= maxPresentations else { throw .malformedVPToken("it holds more than \(maxPresentations) presentations") }
            token[id] = presentations
        }
        guard !token.isEmpty else { throw .malformedVPToken("it holds no presentation") }
        return token
    }

    /// `vpToken` (the JSON text) checked against the request that had `nonce`, `clientID` (the full client_id,
    /// prefix included) and `query`.
    public func verify(
        vpToken: String, nonce: String, clientID: String, query: DCQLQuery, now: Date
    ) async throws(PresentationError) -> VerifiedPresentation {
        try await verify(vpToken: try Self.parseVPToken(vpToken), nonce: nonce, clientID: clientID, query: query, now: now)
    }

    /// `vpToken` (parsed) checked against the request that had `nonce`, `clientID` and `query`.
    public func verify(
        vpToken: [String: [String]], nonce: String, clientID: String, query: DCQLQuery, now: Date
    ) async throws(PresentationError) -> VerifiedPresentation {
        for id in vpToken.keys.sorted() where !query.credentials.contains(where: { $0.id == id }) {
            throw .unexpectedCredential(id)
        }
        for id in Self.requiredQueryIDs(query, answered: Set(vpToken.keys)) where vpToken[id] == nil {
            throw .missingCredential(id)
        }
        var holder: DIDKey?
        var credentials: [String: [VerifiedCredential]] = [:]
        var earliestExpiry = Int64.max
        for credentialQuery in query.credentials {
            guard let presentations = vpToken[credentialQuery.id] else { continue }
            guard credentialQuery.format == CredentialRequest.format else {
                throw .unsupportedFormat(queryID: credentialQuery.id, format: credentialQuery.format)
            }
            guard presentations.count == 1 || credentialQuery.multiple else {
                throw .tooManyPresentations(queryID: credentialQuery.id, count: presentations.count)
            }
            for presentation in presentations {
                let (presenter, verified, expires) = try await verifyPresentation(
                    presentation, query: credentialQuery, nonce: nonce, clientID: clientID, now: now)
                if let holder, holder != presenter { throw .mixedHolders }
                holder = presenter
                earliestExpiry = min(earliestExpiry, expires)
                credentials[credentialQuery.id, default: []].append(contentsOf: verified)
            }
        }
        guard let holder else { throw .malformedVPToken("it holds no presentation") }
        let all = query.credentials.flatMap { credentials[$0.id] ?? [] }
        return VerifiedPresentation(
            holder: holder, credentials: credentials, fields: Self.merge(all.map(\.fields)),
            handshakeCard: all.lazy.compactMap(\.handshakeCard).first,
            expires: Date(timeIntervalSince1970: TimeInterval(earliestExpiry)))
    }

    /// One presentation: its signer, its verified credentials, and its `exp`.
    func verifyPresentation(
        _ token: String, query: DCQLQuery.CredentialQuery, nonce: String, clientID: String, now: Date
    ) async throws(PresentationError) -> (DIDKey, [VerifiedCredential], Int64) {
        let inspected: VCJWTVerifier.Inspected<VPJWTClaims>
        do {
            inspected = try VCJWTVerifier.inspect(token, as: VPJWTClaims.self)
            try await VCJWTVerifier.checkSignature(inspected)
        } catch {
            switch error {
            case .unsigned: throw .unsigned
            case .sharedSecretAlgorithm(let alg): throw .sharedSecretAlgorithm(alg)
            case .badSignature: throw .badSignature
            default: throw .presentationRejected(error)
            }
        }
        let claims = inspected.claims
        guard claims.aud.contains(clientID) else { throw .wrongAudience(found: claims.aud, expected: clientID) }
        guard let presentedNonce = claims.nonce, Self.constantTimeEqual(presentedNonce, nonce) else { throw .wrongNonce }
        try checkTimes(claims, now: now)
        let vcs = claims.vp.verifiableCredential
        guard !vcs.isEmpty else { throw .emptyPresentation(query.id) }
        var verified: [VerifiedCredential] = []
        for vc in vcs {
            let credential: VerifiedCredential
            do {
                credential = try await credentialVerifier.verify(vc, now: now)
            } catch {
                throw .credentialRejected(queryID: query.id, error)
            }
            // VCJWTVerifier has checked that the credential's subject is its issuer; holder binding asks that
            // this subject is also who signed the presentation.
            guard credential.issuer == inspected.issuer else {
                throw .holderMismatch(credentialSubject: credential.issuer.description, presenter: inspected.issuer.description)
            }
            try Self.checkQuery(query, credential: vc)
            verified.append(credential)
        }
        return (inspected.issuer, verified, claims.exp ?? 0)
    }

    func checkTimes(_ claims: VPJWTClaims, now: Date) throws(PresentationError) {
        guard let issued = claims.iat, let expires = claims.exp else { throw .missingTimes }
        let time = now.timeIntervalSince1970
        func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
        for ahead in [issued, claims.nbf].compactMap({ $0 }) where TimeInterval(ahead) > time + allowedClockSkew {
            throw .notYetValid(date(ahead))
        }
        guard expires - issued <= Self.maxLifetime else { throw .lifetimeTooLong(seconds: expires - issued, limit: Self.maxLifetime) }
        if TimeInterval(expires) + allowedClockSkew <= time { throw .expired(date(expires)) }
    }

    /// Whether the credential (compact VC-JWT, already verified) has a type and the claims `query` asks for.
    static func checkQuery(_ query: DCQLQuery.CredentialQuery, credential token: String) throws(PresentationError) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = Base64URL.decode(parts[1]), let claims = JSONValue.parse(payload)?.object,
            let vc = claims["vc"]
        else { throw .wrongType(queryID: query.id) }
        if let typeValues = query.typeValues {
            let types = Set(vc.object?["type"]?.array?.compactMap(\.string) ?? [vc.object?["type"]?.string].compactMap { $0 })
            guard typeValues.contains(where: { Set($0).isSubset(of: types) }) else { throw .wrongType(queryID: query.id) }
        }
        guard let claimQueries = query.claims else { return }
        func present(_ claim: DCQLQuery.ClaimsQuery) -> Bool {
            // The path's root is the credential (`vc`); a path that starts with "vc" is read from the JWT's claims.
            let selected = claim.path.select(in: vc) ?? (claim.path.components.first == .key("vc") ? claim.path.select(in: .object(claims)) : nil)
            guard let selected else { return false }
            return claim.matches(selected)
        }
        if let claimSets = query.claimSets {
            let satisfied = claimSets.contains { set in
                set.allSatisfy { id in claimQueries.first { $0.id == id }.map(present) ?? false }
            }
            guard satisfied else { throw .missingClaim(queryID: query.id, path: "every accepted combination of claims (claim_sets)") }
        } else {
            for claim in claimQueries where !present(claim) {
                throw .missingClaim(queryID: query.id, path: "the claim \(claim.path.description)")
            }
        }
    }

    /// The credential query ids an answer must hold: all of them without credential sets; otherwise, for each
    /// required set, the option the answer chose (the first one it fully answers, else the first option).
    static func requiredQueryIDs(_ query: DCQLQuery, answered: Set<String>) -> [String] {
        guard !query.credentialSets.isEmpty else { return query.credentials.map(\.id) }
        var required: [String] = []
        for set in query.credentialSets where set.required {
            let option = set.options.first { Set($0).isSubset(of: answered) } ?? set.options.first ?? []
            required.append(contentsOf: option)
        }
        return required
    }

    static func merge(_ all: [CardFields]) -> CardFields {
        var merged = CardFields()
        for fields in all {
            for field in fields.presentFields where merged[field] == nil { merged[field] = fields[field] }
        }
        return merged
    }

    static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8), b = Array(rhs.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
