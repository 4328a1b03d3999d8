// Establishes the wallet's answer to an OpenID4VP request (docs/protocols/openid4vp.md, "Answer"): for each
// credential query, a VP JWT holding one freshly issued VC-JWT, keyed by the query's id in `vp_token`, and the
// direct_post form body that carries it.
//
// Two choices protect the person:
// - Selective disclosure by fresh issue. A jwt_vc_json credential cannot hide a field once signed, so a new
//   credential is issued at answer time with exactly the claims both asked for and allowed; nothing else of
//   the card is in it.
// - A pairwise holder key. Unless the person presents their Handshake identity, the credential and the
//   presentation are signed by a key derived for this verifier alone (`PairwiseSigningKey`): the identity's own
//   did:key would let any two verifiers join what each was told. The same verifier sees the same key each
//   time. When the person allows `handshakeCard` and the verifier asks for it, the answer is deliberately
//   linkable: the holder is the identity's own did:key, and the credential carries a card signed by that key
//   (with the same allowed fields only), so a verifier checks it as any Handshake card.
//
// What it does not establish: that the verifier deserves the answer; the person decides that before this runs.
import Foundation
import HandshakeCore

/// A wallet's answer to an authorization request: the `vp_token` and where to send it.
public struct PresentationAnswer: Sendable, Equatable {
    /// How long a presentation (and the credential inside it) is valid after it is made: 5 minutes.
    public static let lifetime: TimeInterval = 300

    /// `vp_token`: each answered credential query's id, with its one presentation (a compact VP JWT).
    public let vpToken: [String: [String]]
    /// `vp_token` as its JSON text (sorted keys), as the form carries it.
    public let vpTokenJSON: String
    /// The request's `state`, returned with the answer.
    public let state: String?
    /// Where the answer is posted.
    public let responseURI: URL
    /// The did:key that signed the presentations: pairwise for this verifier, or the identity's own when it
    /// was presented.
    public let holder: DIDKey
    /// Which claims each answered credential query received.
    public let disclosed: [String: Set<PresentableClaim>]

    /// The direct_post body (`application/x-www-form-urlencoded`): `vp_token=…` and `state=…` when there is one.
    public var formBody: String {
        var body = "vp_token=" + Self.formEncode(vpTokenJSON)
        if let state { body += "&state=" + Self.formEncode(state) }
        return body
    }

    /// The answer to `request` presenting `card` of `identity`, with the claims the person allows.
    ///
    /// For each credential query the first alternative the allowed claims satisfy is presented (the whole set of
    /// allowed fields when the query names none). A required query nothing allowed can satisfy fails the whole
    /// answer (§6.4.1: no partial answers), saying which claims were missing or not allowed.
    public init(
        request: AuthorizationRequest, identity: Identity, card: SignedCard, allowed: Set<PresentableClaim>, now: Date
    ) throws(PresentationAnswerError) {
        guard card.card.sigKey == identity.sigKey else { throw .notYourCard }
        let fields = card.card.fields.credentialClaims
        let onCard = fields.presentableClaims.union([.handshakeCard])
        let available = onCard.intersection(allowed)

        var chosen: [(queryID: String, claims: Set<PresentableClaim>)] = []
        for credential in request.credentialRequests {
            if let claims = credential.chooseClaims(available: available) {
                chosen.append((credential.queryID, claims))
                continue
            }
            guard credential.isRequired else { continue }
            let wanted = credential.alternatives.first ?? []
            let missing = wanted.subtracting(onCard)
            if !missing.isEmpty, credential.alternatives.allSatisfy({ !$0.isSubset(of: onCard) }) {
                throw .claimsMissing(queryID: credential.queryID, claims: missing.sorted())
            }
            throw .claimsNotAllowed(queryID: credential.queryID, claims: wanted.subtracting(available).sorted())
        }
        guard !chosen.isEmpty else { throw .nothingToPresent }

        let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
        let expires = seconds + Int64(Self.lifetime)
        let presentsIdentity = chosen.contains { $0.claims.contains(.handshakeCard) }
        let holder: DIDKey
        let sign: ([UInt8]) -> [UInt8]?
        if presentsIdentity {
            holder = identity.didKey
            sign = { identity.signJWS(signingInput: $0) }
        } else {
            let pairwise = identity.pairwiseSigningKey(for: request.clientID.description)
            holder = pairwise.didKey
            sign = { pairwise.signJWS(signingInput: $0) }
        }
        let did = holder.description

        var token: [String: [String]] = [:]
        var disclosed: [String: Set<PresentableClaim>] = [:]
        for (queryID, claims) in chosen {
            var embedded: String?
            if claims.contains(.handshakeCard) {
                let sharedFields = Set(claims.compactMap(\.cardField))
                do {
                    let profile = try CardProfile(card: card.card, sharedFields: sharedFields, identity: identity)
                    embedded = Base64URL.encode(try profile.issueCard(identity: identity).bytes)
                } catch {
                    throw .invalidCard(error)
                }
            }
            let credential = VCJWTClaims(
                iss: did, sub: did, nbf: seconds, iat: seconds, exp: expires,
                vc: .init(
                    context: VCJWTIssuer.context(.v1_1), type: VCJWTIssuer.types,
                    credentialSubject: .init(id: did, fields: fields.keeping(only: claims), handshakeCard: embedded)))
            let vc = VCJWTIssuer.sign(credential, as: holder, with: sign)
            let presentation = VPJWTClaims(
                iss: did, aud: request.clientID.description, nonce: request.nonce, iat: seconds, exp: expires,
                vp: .init(verifiableCredential: [vc]))
            token[queryID] = [VCJWTIssuer.sign(presentation, as: holder, with: sign)]
            disclosed[queryID] = claims
        }
        self.vpToken = token
        self.vpTokenJSON = Self.json(token)
        self.state = request.state
        self.responseURI = request.responseURI
        self.holder = holder
        self.disclosed = disclosed
    }

    /// The direct_post body that declines `request` (§8.5 `access_denied`): the verifier hears back at once.
    public static func declineBody(for request: AuthorizationRequest) -> String {
        var body = "error=access_denied&error_description=" + formEncode("The person declined to present credentials.")
        if let state = request.state { body += "&state=" + formEncode(state) }
        return body
    }

    static func json(_ token: [String: [String]]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A dictionary of string arrays always encodes.
        return String(decoding: try! encoder.encode(token), as: UTF8.self)
    }

    /// Percent-encodes everything but the unreserved characters (RFC 3986 §2.3), a form value any parser reads.
    static func formEncode(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
