import Crypto
import Foundation
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore
@testable import HandshakeCredentials

/// What a credential's data model says beside its JWT claims (vc-jwt.md §4, §4.4, §4.5): a 1.1 credential's
/// `expirationDate` and `issuanceDate` count when `exp` and `nbf` are absent, both data models' contexts are
/// strict, a status is said to be unchecked, and a token mixing 1.1 and 2.0 is refused.
@Suite("VC-JWT: dates, contexts, status and the data model, as the credential says them")
struct VCJWTDataModelRuleTests {
    static let ed = Curve25519.Signing.PrivateKey()
    static let did = Forge.Key.ed25519(ed).did
    static let start = Int(Fixture.issuedAt.timeIntervalSince1970)

    func verify(_ claims: [String: Any], now: Date = Fixture.now) async -> Result<VerifiedCredential, VCJWTError> {
        let token = Forge.token(header: Forge.header(alg: "EdDSA", did: Self.did), claims: claims, key: .ed25519(Self.ed))
        do throws(VCJWTError) {
            return .success(try await VCJWTVerifier().verify(token, now: now))
        } catch {
            return .failure(error)
        }
    }

    static func editing(_ claims: [String: Any], _ edit: (inout [String: Any]) -> Void) -> [String: Any] {
        var claims = claims
        var vc = claims["vc"] as? [String: Any] ?? [:]
        edit(&vc)
        claims["vc"] = vc
        return claims
    }

    static func dateTime(_ seconds: Int) -> String {
        Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(.iso8601)
    }

    @Test("a 1.1 credential past its expirationDate, with no exp, is expired")
    func expirationDateWithoutExp() async {
        let claims = Self.editing(Forge.claims(did: Self.did, nbf: Self.start - 7200)) { $0["expirationDate"] = Self.dateTime(Self.start - 3600) }
        #expect(await verify(claims) == .failure(.expired(Date(timeIntervalSince1970: TimeInterval(Self.start - 3600)))))
        // Before it, verified, with the date as its expiry.
        let later = Self.editing(Forge.claims(did: Self.did)) { $0["expirationDate"] = Self.dateTime(Self.start + 3600) }
        guard case .success(let credential) = await verify(later) else { Issue.record("refused"); return }
        #expect(credential.expires == Date(timeIntervalSince1970: TimeInterval(Self.start + 3600)))
    }

    @Test("a 1.1 credential whose issuanceDate is ahead, with no nbf, is not yet valid")
    func issuanceDateWithoutNbf() async {
        var claims = Self.editing(Forge.claims(did: Self.did)) { $0["issuanceDate"] = Self.dateTime(Self.start + 86_400) }
        claims["nbf"] = nil
        #expect(await verify(claims, now: Fixture.issuedAt) == .failure(.notYetValid(Date(timeIntervalSince1970: TimeInterval(Self.start + 86_400)))))
    }

    @Test("a 1.1 credential whose dates contradict its exp or nbf is refused")
    func contradictingDates() async {
        let exp = Self.editing(Forge.claims(did: Self.did, exp: Self.start + 7200)) { $0["expirationDate"] = Self.dateTime(Self.start + 3600) }
        #expect(await verify(exp) == .failure(.malformedClaims("\"vc.expirationDate\" must be the same time as exp")))
        let nbf = Self.editing(Forge.claims(did: Self.did)) { $0["issuanceDate"] = Self.dateTime(Self.start - 60) }
        #expect(await verify(nbf) == .failure(.malformedClaims("\"vc.issuanceDate\" must be the same time as nbf")))
        let agreeing = Self.editing(Forge.claims(did: Self.did, exp: Self.start + 7200)) {
            $0["expirationDate"] = Self.dateTime(Self.start + 7200)
            $0["issuanceDate"] = Self.dateTime(Self.start)
        }
        guard case .success = await verify(agreeing) else { Issue.record("refused"); return }
    }

    @Test("a 1.1 context missing or wrong is refused, as a 2.0 one is")
    func contextOf1_1() async {
        let expected = VCJWTError.malformedClaims(
            "\"vc.@context\" must be a list starting with https://www.w3.org/2018/credentials/v1 (VC Data Model 1.1)")
        let missing = Self.editing(Forge.claims(did: Self.did)) { $0["@context"] = nil }
        #expect(await verify(missing) == .failure(expected))
        let wrong = Self.editing(Forge.claims(did: Self.did)) { $0["@context"] = ["https://www.w3.org/ns/credentials/v2"] }
        #expect(await verify(wrong) == .failure(expected))
        let second = Self.editing(Forge.claims(did: Self.did)) { $0["@context"] = ["https://example.org/other", "https://www.w3.org/2018/credentials/v1"] }
        #expect(await verify(second) == .failure(expected))
    }

    /// A 2.0 credential as its payload, with `context` as its `@context`.
    static func dataModel2(context: [Any]) -> [String: Any] {
        [
            "@context": context, "type": ["VerifiableCredential"], "issuer": did, "validFrom": dateTime(start),
            "credentialSubject": ["id": did, "name": "Grace Hopper"],
        ]
    }

    @Test("a context that redefines name, a protected term, or re-points undefined terms is refused, in 2.0 and 1.1")
    func contextsThatChangeMeanings() async {
        let base2 = VCDataModel.v2.contextURL
        let refusals: [([Any], String)] = [
            ([base2, ["name": "https://evil.example/notTheName"]], "contexts that leave \"name\" meaning https://schema.org/name"),
            ([base2, ["name": ["@id": "https://schema.org/name", "@type": "@id"]]], "contexts that leave \"name\" meaning https://schema.org/name"),
            ([base2, ["emails": "https://evil.example/x"]], "contexts that leave \"emails\" meaning https://schema.org/email"),
            ([base2, ["credentialSubject": "https://evil.example/subject"]], "contexts that leave \"credentialSubject\" as the data model defines it"),
            ([base2, ["@vocab": "https://evil.example/"]], "contexts without @vocab, which would change what the card's terms mean"),
        ]
        for (context, expected) in refusals {
            #expect(await verify(Self.dataModel2(context: context)) == .failure(.malformedClaims("\"@context\" must be \(expected)")), "\(context)")
        }
        let oneOne = Self.editing(Forge.claims(did: Self.did)) { $0["@context"] = [VCDataModel.v1_1.contextURL, ["name": "https://evil.example/n"]] }
        #expect(await verify(oneOne) == .failure(.malformedClaims("\"vc.@context\" must be contexts that leave \"name\" meaning https://schema.org/name")))
        // The context Handshake writes, and a term of another vocabulary, pass.
        for context in [[base2, HandshakeCardContext.terms.foundation], [base2, ["nickname": "https://example.org/nickname"]], [base2, "https://example.org/ctx"]] {
            guard case .success = await verify(Self.dataModel2(context: context)) else { Issue.record("\(context) refused"); continue }
        }
    }

    @Test("a credentialStatus is not checked, and the credential says so")
    func statusNotChecked() async throws {
        let claims = Self.editing(Forge.claims(did: Self.did)) {
            $0["credentialStatus"] = ["id": "https://issuer.example/status/1#94567", "type": "BitstringStatusListEntry"]
        }
        guard case .success(let credential) = await verify(claims) else { Issue.record("refused"); return }
        #expect(credential.statusNotChecked)
        #expect(credential.statusSentence?.contains("does not check") == true)
        guard case .success(let plain) = await verify(Forge.claims(did: Self.did)) else { Issue.record("refused"); return }
        #expect(!plain.statusNotChecked && plain.statusSentence == nil)
        // The scan router carries it to every front end.
        let token = Forge.token(header: Forge.header(alg: "EdDSA", did: Self.did), claims: claims, key: .ed25519(Self.ed))
        guard case .credential(let routed) = try await ScanRouter().read(Array(token.utf8), now: Fixture.now).route else { Issue.record("not a credential"); return }
        #expect(routed.statusNotChecked)
    }

    @Test("a token with a 1.1 vc and 2.0 members at its top is refused, whichever it was meant as")
    func mixedDataModels() async {
        var topLevel = Self.dataModel2(context: [VCDataModel.v2.contextURL])
        topLevel["validUntil"] = Self.dateTime(Self.start + 3600)
        topLevel["credentialStatus"] = ["id": "https://issuer.example/status/1#1", "type": "BitstringStatusListEntry"]
        for member in ["credentialSubject", "issuer", "validFrom", "validUntil", "@context", "type", "credentialStatus"] {
            var claims = Forge.claims(did: Self.did)
            claims[member] = topLevel[member]
            guard case .failure(.malformedClaims(let detail)) = await verify(claims) else { Issue.record("\(member) accepted"); continue }
            #expect(detail.hasPrefix("\"\(member)\" must be absent beside \"vc\""), "\(detail)")
        }
    }
}

extension JSONValue {
    /// The value as Foundation's JSON objects, for tokens forged with JSONSerialization.
    var foundation: Any {
        switch self {
        case .string(let text): text
        case .number(let number): number
        case .bool(let flag): flag
        case .null: NSNull()
        case .array(let items): items.map(\.foundation)
        case .object(let members): members.mapValues(\.foundation)
        }
    }
}
