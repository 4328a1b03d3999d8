// Establishes when a VC-JWT is accepted as a card. In this order, each step refusing with its own
// VCJWTError: size (64 KiB) before any decoding; three base64url parts; header and claims read by the strict
// JSONReader (a member named twice is refused, as RFC 7519 §4 allows); the header's `alg` (refusing `none`,
// HS*, unknown names and any `crit`); the issuer's did:key; the `kid` naming that same key; the `alg` fitting
// the key type; the signature, checked by jwt-kit with the issuer's key; `nbf` and `exp` against the caller's
// clock; the subject being the issuer; and the Handshake card inside, verified in full and of the same key.
// What it does not establish: who the key belongs to in person.
import Crypto
import Foundation
import HandshakeCore
import JWTKit

/// Checks VC-JWT cards (and VP tokens that carry one).
public struct VCJWTVerifier: Sendable {
    /// The longest token read; anything longer is refused before decoding. A card credential with every
    /// field and its signed card is a few kilobytes.
    public static let maxTokenBytes = 64 * 1024
    /// How far `nbf` may be ahead of, and `exp` behind, this device's clock (seconds): phones' clocks drift.
    public var allowedClockSkew: TimeInterval = 60
    /// Checks the Handshake card a credential carries.
    public var cardVerifier = CardVerifier()

    /// A verifier with a minute of allowed clock skew and the default card checks.
    public init() {}

    /// The header and claims of `token`, checked for shape, algorithm, issuer and key identifier, but not
    /// yet for signature or time. Cheap: no signature is checked.
    static func inspect<Claims: JWTClaimsSet>(_ token: String, as _: Claims.Type) throws(VCJWTError) -> Inspected<Claims> {
        let bytes = token.utf8.count
        guard bytes <= maxTokenBytes else { throw .tooLarge(bytes: bytes, limit: maxTokenBytes) }
        // Split as bytes, in place: splitting the String compares Characters (grapheme clusters), which cost
        // more here than the signature check. Exactly two dots; the signature may be empty (`alg: none`, refused
        // below by name rather than as a bad signature).
        let utf8 = token.utf8
        let dot = UInt8(ascii: ".")
        guard let firstDot = utf8.firstIndex(of: dot), let secondDot = utf8[utf8.index(after: firstDot)...].firstIndex(of: dot)
        else { throw .notCompactJWT }
        let headerPart = utf8[..<firstDot], claimsPart = utf8[utf8.index(after: firstDot)..<secondDot]
        let signaturePart = utf8[utf8.index(after: secondDot)...]
        guard !headerPart.isEmpty, !claimsPart.isEmpty, !signaturePart.contains(dot),
            let headerBytes = Base64URL.decode(bytes: headerPart), let claimsBytes = Base64URL.decode(bytes: claimsPart),
            let signature = Base64URL.decode(bytes: signaturePart)
        else { throw .notCompactJWT }
        let headerValue = try readJSON(headerBytes, as: VCJWTError.malformedHeader)
        let header: JWSHeader
        do throws(JSONShapeError) {
            header = try JWSHeader(json: JSONObject(headerValue))
        } catch {
            throw .malformedHeader("it must be a JSON object with a string \"alg\"")
        }
        let algorithm = try VCJWTAlgorithm(headerValue: header.alg)
        guard !header.hasCritical else { throw .criticalHeader }
        let claimsValue = try readJSON(claimsBytes, as: VCJWTError.malformedClaims)
        let claims: Claims
        do throws(JSONShapeError) {
            claims = try Claims(json: JSONObject(claimsValue))
        } catch {
            if error.expected == nil, error.path == "vc" || error.path == "vp" { throw .notACredential }
            throw .malformedClaims(error.description)
        }
        let issuerText = claims.iss
        guard issuerText.hasPrefix("did:key:") else { throw .issuerNotDIDKey(issuerText) }
        let issuer: DIDKey
        do {
            issuer = try DIDKey(parsing: issuerText)
        } catch {
            throw .invalidIssuer(error)
        }
        // Canonical form without writing the DID again: Base58btc is a bijection between strings of its
        // alphabet and byte strings (leading `1`s are leading zero bytes, and a decoded number never starts
        // with a zero byte), so a did:key that parsed is canonical unless a fragment followed it. Re-encoding
        // it here and for the `kid` comparison cost four Base58 encodings per token.
        guard !issuerText.utf8.contains(UInt8(ascii: "#")) else { throw .issuerNotDIDKey(issuerText) }
        if let kid = header.kid {
            // The kid is the issuer's DID, alone or with the fragment of its one verification method.
            let fingerprint = issuerText.utf8.dropFirst("did:key:".count)
            let isMethod = kid.utf8.count == issuerText.utf8.count + 1 + fingerprint.count && kid.hasPrefix(issuerText + "#")
                && kid.utf8.suffix(fingerprint.count).elementsEqual(fingerprint)
            guard kid == issuerText || isMethod else { throw .keyIDMismatch(kid: kid, issuer: issuerText) }
        }
        guard algorithm.matches(issuer) else {
            throw .algorithmDoesNotMatchKey(alg: algorithm.rawValue, keyType: issuer.keyTypeName)
        }
        return Inspected(
            algorithm: algorithm, issuer: issuer, issuerText: issuerText, claims: claims, signingInput: utf8[..<secondDot],
            signature: signature)
    }

    /// The JSON value in a token's part, or the error `refusal` makes of why the reader refused it.
    private static func readJSON(_ bytes: [UInt8], as refusal: (String) -> VCJWTError) throws(VCJWTError) -> JSONValue {
        do {
            return try JSONReader.read(bytes)
        } catch {
            throw refusal(error.description)
        }
    }

    /// The JSON parser and serializer every key collection holds, made once: the signature check uses neither,
    /// and a collection's defaults make a JSON decoder and encoder for each token (eight allocations).
    private static let jwtParser = DefaultJWTParser()
    private static let jwtSerializer = DefaultJWTSerializer()

    /// Checks the signature of an inspected token with its issuer's key through jwt-kit's signer for that key;
    /// the algorithm was matched to the key type before (jwt-kit itself would verify with the key it holds
    /// whatever the header says). The signer is asked directly, over the signing input as the token's own
    /// bytes: jwt-kit's whole-token `verify` would decode the header and the claims a second time, which
    /// `inspect` has already done.
    static func checkSignature<Claims>(_ inspected: Inspected<Claims>) async throws(VCJWTError) {
        try await checkSignature(inspected.signature, over: inspected.signingInput, issuer: inspected.issuer)
    }

    /// Checks the signature of a compact JWS `token` (a request object) with `issuer`'s key.
    static func checkSignature(_ token: String, issuer: DIDKey) async throws(VCJWTError) {
        guard let lastDot = token.utf8.lastIndex(of: UInt8(ascii: ".")),
            let signature = Base64URL.decode(bytes: token.utf8[token.utf8.index(after: lastDot)...])
        else { throw .notCompactJWT }
        try await checkSignature(signature, over: token.utf8[..<lastDot], issuer: issuer)
    }

    private static func checkSignature(_ signature: [UInt8], over signingInput: Substring.UTF8View, issuer: DIDKey) async throws(VCJWTError) {
        let keys = JWTKeyCollection(defaultJWTParser: jwtParser, defaultJWTSerializer: jwtSerializer)
        do {
            switch issuer {
            case .ed25519(let raw):
                await keys.add(eddsa: EdDSA.PublicKey(backing: try Curve25519.Signing.PublicKey(rawRepresentation: raw)))
            case .p256(let compressed):
                await keys.add(ecdsa: try ECDSA.PublicKey<P256>(backing: try P256.Signing.PublicKey(compressedRepresentation: compressed)))
            }
        } catch {
            throw .invalidIssuer(.invalidKey)
        }
        let signer: any JWTAlgorithm
        do {
            signer = try await keys.getKey()
        } catch {
            throw .badSignature
        }
        let valid =
            signingInput.withContiguousStorageIfAvailable { bytes in
                (try? signer.verify(signature, signs: UnsafeRawBufferPointer(bytes))) ?? false
            } ?? ((try? signer.verify(signature, signs: Array(signingInput))) ?? false)
        guard valid else { throw .badSignature }
    }

    /// `token` as a verified card credential, or the reason it is refused.
    public func verify(_ token: String, now: Date) async throws(VCJWTError) -> VerifiedCredential {
        let inspected = try Self.inspect(token, as: VCJWTClaims.self)
        try await Self.checkSignature(inspected)
        let claims = inspected.claims
        try checkTimes(notBefore: claims.nbf, expires: claims.exp, now: now)
        guard claims.vc.type.contains("VerifiableCredential") else { throw .notACredential }
        let issuer = inspected.issuerText
        for subject in [claims.sub, claims.vc.credentialSubject.id].compactMap({ $0 }) where subject != issuer {
            throw .subjectIsNotIssuer(subject: subject, issuer: issuer)
        }
        do { try claims.vc.credentialSubject.fields.validate() } catch { throw .subjectText(error) }
        var card: SignedCard?
        if let embedded = claims.vc.credentialSubject.handshakeCard {
            guard let bytes = Base64URL.decode(embedded) else {
                throw .embeddedCard(.unreadableText("The card is not valid base64url."))
            }
            do {
                card = try cardVerifier.verify(bytes, now: now)
            } catch {
                throw .embeddedCard(error)
            }
            guard card?.card.sigKey.didKey == inspected.issuer else { throw .embeddedCardFromAnotherKey }
        }
        func date(_ seconds: Int64?) -> Date? { seconds.map { Date(timeIntervalSince1970: TimeInterval($0)) } }
        return VerifiedCredential(
            issuer: inspected.issuer, algorithm: inspected.algorithm, fields: claims.vc.credentialSubject.fields,
            handshakeCard: card, notBefore: date(claims.nbf), issuedAt: date(claims.iat), expires: date(claims.exp),
            token: token, dataModel: claims.dataModel, statusNotChecked: claims.vc.hasStatus)
    }

    /// A VP token (a JWT with a `vp` claim) as the card credential it carries: the presentation's own
    /// signature, algorithm, key identifier and times are checked as a credential's, then its first credential
    /// is verified with `verify(_:now:)` and must be the presenter's own card.
    public func verifyPresentation(_ token: String, now: Date) async throws(VCJWTError) -> VerifiedCredential {
        let inspected = try Self.inspect(token, as: VPJWTClaims.self)
        try await Self.checkSignature(inspected)
        try checkTimes(notBefore: inspected.claims.nbf, expires: inspected.claims.exp, now: now)
        guard let first = inspected.claims.vp.verifiableCredential.first else { throw .emptyPresentation }
        let credential = try await verify(first, now: now)
        guard credential.issuer == inspected.issuer else {
            throw .subjectIsNotIssuer(subject: credential.issuer.description, issuer: inspected.issuer.description)
        }
        return credential
    }

    func checkTimes(notBefore: Int64?, expires: Int64?, now: Date) throws(VCJWTError) {
        let time = now.timeIntervalSince1970
        if let notBefore, TimeInterval(notBefore) > time + allowedClockSkew {
            throw .notYetValid(Date(timeIntervalSince1970: TimeInterval(notBefore)))
        }
        if let expires, TimeInterval(expires) + allowedClockSkew <= time {
            throw .expired(Date(timeIntervalSince1970: TimeInterval(expires)))
        }
    }

    struct Inspected<Claims> {
        var algorithm: VCJWTAlgorithm
        var issuer: DIDKey
        /// `iss` as written, which is the issuer's canonical did:key text.
        var issuerText: String
        var claims: Claims
        /// The JWS signing input: the token up to its second dot.
        var signingInput: Substring.UTF8View
        /// The signature, decoded (empty for an unsigned token, which `inspect` has already refused).
        var signature: [UInt8]
    }
}
