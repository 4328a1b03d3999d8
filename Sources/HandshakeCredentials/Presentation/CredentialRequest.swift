// Establishes what a DCQL query asks of a Handshake card credential: which credential queries a card can
// answer (format `jwt_vc_json`, a type the card credential has, holder binding, claims a card has), which of
// them must be answered (credential_sets), and which card claims each one asks for, as alternatives in the
// verifier's order of preference (claim_sets). Whether the person allows those claims is decided when the
// answer is made (PresentationAnswer), not here.
import HandshakeCore

/// What one credential query asks of a Handshake card.
public struct CredentialRequest: Sendable, Hashable {
    /// The credential query's id: the key of its answer in `vp_token`.
    public let queryID: String
    /// Alternative sets of claims, the verifier's preferred first; one set when the query has no `claim_sets`.
    /// Empty when the query names no claims at all (`wantsWholeCredential`).
    public let alternatives: [Set<PresentableClaim>]
    /// The query names no claims: for a format without selective disclosure that asks for the whole
    /// credential, which Handshake reads as every card field the person allows (never the identity unless asked).
    public let wantsWholeCredential: Bool
    /// Whether the verifier requires it (it is optional only inside an optional credential set).
    public let isRequired: Bool

    /// Every claim the query mentions, whichever alternative is chosen.
    public var askedClaims: Set<PresentableClaim> {
        wantsWholeCredential ? Set(PresentableClaim.allCases.filter { $0 != .handshakeCard }) : alternatives.reduce(into: []) { $0.formUnion($1) }
    }

    /// The claims to present when `available` is what the card has and the person allows: the first
    /// alternative that fits, or `nil` when none does (the query must then go unanswered, §6.4.1).
    public func chooseClaims(available: Set<PresentableClaim>) -> Set<PresentableClaim>? {
        if wantsWholeCredential { return available.subtracting([.handshakeCard]) }
        return alternatives.first { $0.isSubset(of: available) }
    }

    /// The format Handshake answers with.
    public static let format = "jwt_vc_json"
}

extension DCQLQuery {
    /// What the query asks of a Handshake card: the credential queries to answer, in the query's order.
    ///
    /// - Throws: `AuthorizationRequestError.cannotAnswer` when a required credential query (every query, when
    ///   there are no credential sets) is not one a Handshake card credential can answer, with the reason.
    public func cardRequests() throws(AuthorizationRequestError) -> [CredentialRequest] {
        var answerable: [String: Result<CredentialRequest, AuthorizationRequestError>] = [:]
        for query in credentials { answerable[query.id] = Self.request(for: query) }
        var chosen: [String: Bool] = [:]  // query id -> required
        if credentialSets.isEmpty {
            for query in credentials {
                if case .failure(let error) = answerable[query.id] { throw error }
                chosen[query.id] = true
            }
        } else {
            for set in credentialSets {
                let option = set.options.first { ids in
                    ids.allSatisfy { id in if case .success = answerable[id] { return true } else { return false } }
                }
                guard let option else {
                    guard set.required else { continue }
                    for id in set.options.joined() { if case .failure(let error) = answerable[id] { throw error } }
                    continue
                }
                for id in option { chosen[id] = (chosen[id] ?? false) || set.required }
            }
        }
        return credentials.compactMap { query in
            guard let required = chosen[query.id], case .success(let request) = answerable[query.id] else { return nil }
            return CredentialRequest(
                queryID: request.queryID, alternatives: request.alternatives, wantsWholeCredential: request.wantsWholeCredential,
                isRequired: required)
        }
    }

    static func request(for query: CredentialQuery) -> Result<CredentialRequest, AuthorizationRequestError> {
        func refuse(_ reason: String) -> Result<CredentialRequest, AuthorizationRequestError> {
            .failure(.cannotAnswer(queryID: query.id, reason: reason))
        }
        guard query.format == CredentialRequest.format else {
            return refuse("it asks for the format \(UntrustedText.quoted(query.format, limit: 64)), and a Handshake card is a \(CredentialRequest.format) credential")
        }
        if let typeValues = query.typeValues {
            let ours = Set(VCJWTIssuer.types + VCJWTIssuer.types.map { "https://www.w3.org/2018/credentials#" + $0 })
            guard typeValues.contains(where: { Set($0).isSubset(of: ours) }) else {
                let wanted = typeValues.map { $0.joined(separator: " + ") }.joined(separator: " or ")
                return refuse("it asks for a credential of type \(UntrustedText.inline(wanted, limit: 200)), and a Handshake card is a HandshakeContactCard")
            }
        }
        guard query.requiresHolderBinding else {
            return refuse("it asks for a credential without proof of the holder's key, and Handshake always proves it")
        }
        guard let claims = query.claims else {
            return .success(CredentialRequest(queryID: query.id, alternatives: [], wantsWholeCredential: true, isRequired: true))
        }
        var meanings: [String: PresentableClaim.PathMeaning] = [:]
        var unknown: [ClaimsPath] = []
        var all: Set<PresentableClaim> = []
        for (index, claim) in claims.enumerated() {
            let meaning = PresentableClaim.meaning(of: claim.path)
            meanings[claim.id ?? "#\(index)"] = meaning
            switch meaning {
            case .claim(let presentable): all.insert(presentable)
            case .alwaysPresent: break
            case .unknown: unknown.append(claim.path)
            }
        }
        guard let claimSets = query.claimSets else {
            if let first = unknown.first {
                return refuse("it asks for the claim \(UntrustedText.inline(first.description, limit: 120)), which a Handshake card does not have")
            }
            return .success(CredentialRequest(queryID: query.id, alternatives: [all], wantsWholeCredential: false, isRequired: true))
        }
        var alternatives: [Set<PresentableClaim>] = []
        for set in claimSets {
            var claimsOfSet: Set<PresentableClaim> = []
            var possible = true
            for id in set {
                switch meanings[id] {
                case .claim(let presentable)?: claimsOfSet.insert(presentable)
                case .alwaysPresent?: break
                case .unknown?, nil: possible = false
                }
            }
            if possible { alternatives.append(claimsOfSet) }
        }
        guard !alternatives.isEmpty else {
            return refuse("every combination of claims it accepts includes one a Handshake card does not have")
        }
        return .success(CredentialRequest(queryID: query.id, alternatives: alternatives, wantsWholeCredential: false, isRequired: true))
    }
}
