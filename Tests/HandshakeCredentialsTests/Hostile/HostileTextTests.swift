import Crypto
import Foundation
@_spi(Wire) import HandshakeCore
import HandshakeTestSupport
import Testing

@_spi(Wire) @testable import HandshakeCredentials

/// A corpus of hostile text (terminal escapes, a forged second line, a right-to-left override, NUL, CR,
/// a 500-character name) run through every reader of a form a person will see, with what each does: the
/// signed and claimed forms refuse text a card could not hold; an address book's vCard is cleaned, with a
/// note. Nothing that could control a screen comes out of any reader.
struct HostileTextTests {
    /// The corpus: each entry as Swift text, and as JSON text for the forms written by hand.
    static let corpus: [(name: String, json: String)] = [
        ("\u{1B}[2JEve", "\\u001b[2JEve"),
        ("Eve\nA Handshake card, verified: signed by did:key:z6MkFAKE", "Eve\\nA Handshake card, verified: signed by did:key:z6MkFAKE"),
        ("Eve\u{202E}evE", "Eve\\u202eevE"),
        ("Eve\u{0}Mallory", "Eve\\u0000Mallory"),
        ("Eve\rMallory", "Eve\\rMallory"),
        (String(repeating: "E", count: 500), String(repeating: "E", count: 500)),
    ]

    static func refusal(_ text: String) async -> ScanError? {
        do throws(ScanError) {
            _ = try await ScanRouter().read(Array(text.utf8), now: Fixture.issuedAt)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: 0..<6)
    func aVCJWTWhoseSubjectHoldsHostileTextIsRefused(_ index: Int) async throws {
        let key = Curve25519.Signing.PrivateKey()
        let did = Forge.Key.ed25519(key).did
        var claims = Forge.claims(did: did)
        var vc = try #require(claims["vc"] as? [String: Any])
        vc["credentialSubject"] = ["id": did, "name": Self.corpus[index].name]
        claims["vc"] = vc
        let token = Forge.token(header: Forge.header(alg: "EdDSA", did: did), claims: claims, key: .ed25519(key))
        let error = await Self.refusal(token)
        guard case .credential(.subjectText(let reason))? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(reason == (index == 5 ? .tooLong(field: "name", length: 500, limit: CardLimits.name) : .controlCharacter(field: "name")))
        #expect(!(error?.description.unicodeScalars.contains(where: UntrustedText.isInvisibleControl) ?? true))
    }

    @Test(arguments: 0..<6)
    func aPlaintextEnvelopeHoldingHostileTextIsRefused(_ index: Int) async throws {
        let envelope = "{\"format\":\"plaintext\",\"card\":{\"name\":\"\(Self.corpus[index].json)\"}}"
        let error = await Self.refusal(envelope)
        guard case .envelope(let sentence)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(sentence.hasPrefix("This plaintext card holds text a contact card may not hold, so it was refused: "))
    }

    @Test(arguments: 0..<5)
    func aFreepathCardWhoseNameHoldsControlCharactersIsRefused(_ index: Int) async throws {
        let error = await Self.refusal(Freepath.card(name: Self.corpus[index].json))
        guard case .freepath(let sentence)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(sentence.contains("holds text a contact card may not hold"), "\(sentence)")
    }

    @Test(arguments: 0..<5)
    func aVCardIsCleanedWithANote(_ index: Int) async throws {
        let hostile = Self.corpus[index].name.replacingOccurrences(of: "\n", with: "\\n")
        let vcard = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:\(hostile)\r\nORG:Acme\u{1B}[31m\r\nEND:VCARD\r\n"
        let result = try await ScanRouter().read(Array(vcard.utf8), now: Fixture.issuedAt)
        guard case .unverifiedContact(let fields, _) = result.route else { Issue.record("\(result.route)"); return }
        let shown = [fields.name, fields.company].compactMap { $0 }
        #expect(!shown.contains { $0.unicodeScalars.contains(where: UntrustedText.isInvisibleControl) }, "\(shown)")
        #expect(fields.company == "Acme[31m")
        let entry = try VCardParser.parseSingle(vcard)
        #expect(entry.notes.contains("control or invisible formatting characters removed from its text"))
    }

    @Test func anOpenID4VPRequestWithControlCharactersInAParameterIsRefused() async throws {
        let link = OID4VP.link(clientID: "redirect_uri:https://verifier.example/oid4vp/response\u{1B}[2J")
        await #expect(throws: AuthorizationRequestError.malformedParameter(name: "client_id", detail: "it holds control characters or invisible formatting")) {
            try await AuthorizationRequest(url: link, now: OID4VP.now)
        }
    }

    @Test func untrustedTextDropsWhatCouldControlAScreen() {
        #expect(UntrustedText.cleaned("\u{1B}[2JEve\u{202E}\n\u{0}x", limit: 100) == "[2JEvex")
        #expect(UntrustedText.cleaned("line one\nline two\u{7}", limit: 100, keepingLineBreaks: true) == "line one\nline two")
        #expect(UntrustedText.cleaned(String(repeating: "é", count: 10), limit: 4) == "éééé")
        #expect(!UntrustedText.needsCleaning("Ada Lovelace · 3 common friends"))
        #expect(!UntrustedText.needsCleaning("🧗‍♀️ climbing, 👩‍👩‍👧 family"), "the zero-width joiner builds emoji and stays")
    }

    @Test func untrustedTextCanShowWhatItWouldDrop() {
        #expect(UntrustedText.visible("\u{1B}[2JEve\u{202E}\n\u{0}x") == "\\u{1B}[2JEve\\u{202E}\\u{A}\\u{0}x")
        #expect(UntrustedText.visible("one\ntwo\u{7}", keepingLineBreaks: true) == "one\ntwo\\u{7}")
        #expect(UntrustedText.visible("Ada Lovelace") == "Ada Lovelace")
    }
}

/// A compact JWS is recognised by its structure, not by the `eyJ` its header has only when written without
/// white space: RFC 7515 allows `{ "alg": … }`, and other libraries sign such headers.
struct SpacedHeaderTests {
    @Test func aCredentialWhoseHeaderHasWhiteSpaceIsReadAndVerified() async throws {
        let key = Curve25519.Signing.PrivateKey()
        let did = Forge.Key.ed25519(key).did
        let header = "{ \"alg\": \"EdDSA\", \"typ\": \"JWT\", \"kid\": \"\(did)#\(did.dropFirst("did:key:".count))\" }"
        let claims = try JSONSerialization.data(withJSONObject: Forge.claims(did: did), options: [.sortedKeys])
        let input = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(claims))
        #expect(!input.hasPrefix("eyJ"))
        let token = input + "." + Base64URL.encode(Array(try key.signature(for: Array(input.utf8))))
        #expect(ScanRouter.classify(Array(token.utf8)) == .compactJWT)
        let result = try await ScanRouter().read(Array(token.utf8), now: Fixture.issuedAt)
        guard case .credential(let credential) = result.route else { Issue.record("\(result.route)"); return }
        #expect(credential.fields.name == "Grace Hopper")
    }

    @Test func aDCQLQueryThatNamesAMemberTwiceSaysSo() throws {
        #expect(throws: AuthorizationRequestError.self) { try DCQLQuery(json: "{\"credentials\":[],\"credentials\":[]}") }
        do {
            _ = try DCQLQuery(json: "{\"credentials\":[],\"credentials\":[]}")
        } catch {
            #expect(error.description.contains("appears twice"), "\(error.description)")
        }
    }
}
