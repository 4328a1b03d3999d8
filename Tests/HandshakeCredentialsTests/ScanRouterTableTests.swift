import Crypto
import Foundation
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore
@testable import HandshakeCredentials

/// Every kind of text a phone's camera meets, through the router: what it was recognised as, and the route
/// and status it earned (or that it was refused, with a sentence).
@Suite("The scan router, on a table of real samples")
struct ScanRouterTableTests {
    enum Expected: Equatable {
        case route(String, ScanStatus)
        case refused
    }

    struct Sample: CustomStringConvertible {
        let label: String
        let input: [UInt8]
        let kind: ScanKind
        let expected: Expected
        var description: String { label }

        init(_ label: String, _ text: String, _ kind: ScanKind, _ expected: Expected) {
            self.init(label, Array(text.utf8), kind, expected)
        }

        init(_ label: String, _ input: [UInt8], _ kind: ScanKind, _ expected: Expected) {
            self.label = label
            self.input = input
            self.kind = kind
            self.expected = expected
        }
    }

    static func samples() throws -> [Sample] {
        let signed = try Fixture.signedCard()
        let other = try Fixture.signedCard(Fixture.other)
        let token = try Fixture.credential()
        let verified = Expected.route("handshake-card", .verified)
        let credential = Expected.route("credential", .verified)
        let unverified = Expected.route("unverified-contact", .unverified)
        let ed = Forge.Key.ed25519(Curve25519.Signing.PrivateKey())
        let p256 = Forge.Key.p256(P256.Signing.PrivateKey())
        let edToken = Forge.token(header: Forge.header(alg: "EdDSA", did: ed.did), claims: Forge.claims(did: ed.did), key: ed)
        let ed25519Token = Forge.token(header: Forge.header(alg: "Ed25519", did: ed.did), claims: Forge.claims(did: ed.did), key: ed)
        let esToken = Forge.token(header: Forge.header(alg: "ES256", did: p256.did), claims: Forge.claims(did: p256.did), key: p256)
        func envelope(_ object: [String: Any]) -> String {
            String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        }
        let plainCard: [String: Any] = ["name": "Linus Pauling", "emails": ["linus@example.org"], "company": "Caltech"]
        var tampered = Array(signed.bytes)
        tampered[tampered.count - 1] ^= 1
        return [
            // Handshake card forms → verified.
            Sample("binary card", signed.bytes, .handshakeCard, verified),
            Sample("QR text", CardText.qrText(signed), .handshakeCard, verified),
            Sample("QR text with spaces around", "  \n" + CardText.qrText(signed) + "\n", .handshakeCard, verified),
            Sample("link", CardText.link(signed), .handshakeCard, verified),
            Sample("link in capitals", "HANDSHAKE://CARD#" + CardText.link(signed).dropFirst(CardForm.linkPrefix.count), .handshakeCard, verified),
            Sample("card page link", CardPageLink.link(for: signed, server: URL(string: "https://mailbox.example")!), .handshakeCard, verified),
            Sample("card page link on a path, in capitals", "HTTP://127.0.0.1:8080/MAILBOX/c#" + DecimalDigits.encode(signed.bytes), .handshakeCard, verified),
            Sample("card page link, one digit changed", "https://mailbox.example/c#1" + DecimalDigits.encode(signed.bytes).dropFirst(), .handshakeCard, .refused),
            Sample("a web page named c", "https://mailbox.example/c#top", .url, .refused),
            Sample("typed code", CardText.code(signed).joined(separator: "-"), .handshakeCard, verified),
            Sample("typed code with spaces", CardText.code(signed).joined(separator: " "), .handshakeCard, verified),
            Sample("vCard with a Handshake card", String(decoding: CardText.encode(signed, as: .vcard), as: UTF8.self), .vCard, verified),
            Sample("another person's QR text", CardText.qrText(other), .handshakeCard, verified),
            Sample("tampered binary card", tampered, .handshakeCard, .refused),
            Sample("damaged QR text", "HS1:" + String(repeating: "A", count: 40), .handshakeCard, .refused),
            Sample("damaged link", "handshake://card#!!!", .handshakeCard, .refused),
            // Share links → unverified until fetched.
            Sample("app share link", "handshake://contact/4f1c9a0b2d", .handshakeShareLink, .route("share-link", .unverified)),
            Sample("web share link", "https://mailbox.example/share/contact/4f1c9a0b2d", .handshakeShareLink, .route("share-link", .unverified)),
            // Freepath cards → verified by their own key, as Freepath specifies.
            Sample("Freepath card", Freepath.card(name: "Ada Lovelace"), .freepathCard, .route("freepath-card", .verified)),
            Sample("Freepath card with a Node ID", Freepath.card(name: "Ada Lovelace", withNodeID: true), .freepathCard, .route("freepath-card", .verified)),
            Sample("Freepath card, URL-safe base64", Freepath.card(name: "Ada Lovelace", urlSafe: true), .freepathCard, .route("freepath-card", .verified)),
            Sample("Freepath card, name changed", Freepath.card(name: "Ada Lovelace", tamper: true), .freepathCard, .refused),
            Sample("Freepath card, a second card member", Freepath.card(name: "Ada Lovelace", secondName: "Mallory"), .freepathCard, .refused),
            Sample("Freepath card, wrong Node ID", Freepath.card(name: "Ada", withNodeID: true, wrongNodeID: true), .freepathCard, .refused),
            Sample("Freepath card, empty", "freepath://contact/v1/eyJjYXJkIjp7fX0", .freepathCard, .refused),
            // OpenID4VP → a request, no contact.
            Sample("openid4vp by reference", "openid4vp://?client_id=verifier.example&request_uri=https%3A%2F%2Fverifier.example%2Freq%2F1", .presentationRequest, .route("presentation-request", .notAContact)),
            Sample("openid4vp by value", "openid4vp://authorize?response_type=vp_token&client_id=redirect_uri%3Ahttps%3A%2F%2Fv.example&nonce=n-0S6&response_mode=direct_post", .presentationRequest, .route("presentation-request", .notAContact)),
            Sample("https authorization request", "https://wallet.example/authorize?client_id=x509_san_dns%3Av.example&request_uri=https%3A%2F%2Fv.example%2Fr", .presentationRequest, .route("presentation-request", .notAContact)),
            Sample("https vp_token request", "https://wallet.example/?response_type=vp_token&client_id=v.example&nonce=1", .presentationRequest, .route("presentation-request", .notAContact)),
            // VC-JWTs and VP tokens → verified by their did:key.
            Sample("our VC-JWT", token, .compactJWT, credential),
            Sample("our VC-JWT after a newline", token + "\n", .compactJWT, credential),
            Sample("EdDSA VC-JWT from another wallet", edToken, .compactJWT, credential),
            Sample("Ed25519 (RFC 9864) VC-JWT", ed25519Token, .compactJWT, credential),
            Sample("ES256 VC-JWT by a P-256 did:key", esToken, .compactJWT, credential),
            Sample("alg none JWT", Forge.token(header: ["alg": "none"], claims: Forge.claims(did: ed.did), key: .none), .compactJWT, .refused),
            Sample("HS256 JWT", Forge.token(header: ["alg": "HS256"], claims: Forge.claims(did: ed.did), key: .hmac([1, 2, 3])), .compactJWT, .refused),
            Sample("JWT of an ID token", Forge.token(header: ["alg": "EdDSA"], claims: ["iss": ed.did, "aud": "x"], key: ed), .compactJWT, .refused),
            // Envelopes.
            Sample("plaintext envelope", envelope(["format": "plaintext", "card": plainCard]), .jsonEnvelope, unverified),
            Sample("plaintext envelope claiming verified", envelope(["format": "plaintext", "verified": true, "card": plainCard]), .jsonEnvelope, .refused),
            Sample("plaintext envelope with a null status", envelope(["format": "plaintext", "status": NSNull(), "card": plainCard]), .jsonEnvelope, .refused),
            Sample("plaintext envelope with a proof", envelope(["format": "plaintext", "proof": ["type": "Ed25519Signature2020"], "card": plainCard]), .jsonEnvelope, .refused),
            Sample("plaintext envelope without a card", envelope(["format": "plaintext"]), .jsonEnvelope, .refused),
            Sample("didSigned envelope", envelope(["format": "didSigned", "jwt": token]), .jsonEnvelope, credential),
            Sample("didSigned envelope, ES256", envelope(["format": "didSigned", "jwt": esToken]), .jsonEnvelope, credential),
            Sample("didSigned envelope with a forged JWT", envelope(["format": "didSigned", "jwt": Forge.token(header: ["alg": "EdDSA"], claims: Forge.claims(did: ed.did), key: .ed25519(Curve25519.Signing.PrivateKey()))]), .jsonEnvelope, .refused),
            Sample("didSigned envelope with alg none", envelope(["format": "didSigned", "jwt": Forge.token(header: ["alg": "none"], claims: Forge.claims(did: ed.did), key: .none)]), .jsonEnvelope, .refused),
            Sample("zkProof envelope", envelope(["format": "zkProof", "proof": ["merkleTreeRoot": "0x12"]]), .jsonEnvelope, .refused),
            Sample("unknown envelope format", envelope(["format": "bbs+", "data": "x"]), .jsonEnvelope, .refused),
            Sample("broken envelope", "{\"format\": \"plaintext\", \"card\": ", .jsonEnvelope, .refused),
            Sample("other JSON", "{\"hello\": \"world\"}", .json, .refused),
            Sample("JSON list", "[1, 2, 3]", .json, .refused),
            // vCards without a Handshake card → unverified.
            Sample("vCard 3.0", "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Rosalind Franklin\r\nEMAIL:rosalind@example.org\r\nEND:VCARD\r\n", .vCard, unverified),
            Sample("vCard 4.0 lower case", "begin:vcard\nversion:4.0\nfn:Marie Curie\ntel:+33 1 00 00 00 00\nend:vcard\n", .vCard, unverified),
            Sample("empty vCard", "BEGIN:VCARD\r\nVERSION:4.0\r\nEND:VCARD\r\n", .vCard, .refused),
            // Everything else is named and refused.
            Sample("web link", "https://example.com/about", .url, .refused),
            Sample("http link", "http://example.com", .url, .refused),
            Sample("Wi-Fi", "WIFI:S:CoffeeShop;T:WPA;P:espresso;;", .wifi, .refused),
            Sample("Wi-Fi lower case", "wifi:T:WPA;S:Home;P:secret;;", .wifi, .refused),
            Sample("EU DCC", "HC1:NCFOXN%TS3DH3ZSUZK+.V0ETD%65NL-AH-R6IOOK.IR9B+9D-2IB5RMH.QT", .euHealthCertificate, .refused),
            Sample("MECARD", "MECARD:N:Owen,Sean;TEL:8002221234;EMAIL:sean@example.com;;", .meCard, .refused),
            Sample("geo", "geo:48.8584,2.2945", .geo, .refused),
            Sample("tel", "tel:+1-555-0100", .phone, .refused),
            Sample("mailto", "mailto:someone@example.com?subject=hi", .email, .refused),
            Sample("sms", "SMSTO:+15550100:hello", .sms, .refused),
            Sample("calendar event", "BEGIN:VEVENT\nSUMMARY:Meetup\nEND:VEVENT", .calendarEvent, .refused),
            Sample("otpauth", "otpauth://totp/Example:alice?secret=JBSWY3DPEHPK3PXP", .oneTimePassword, .refused),
            Sample("bitcoin", "bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.01", .otherLink, .refused),
            Sample("plain text", "Meet me at the coffee machine", .plainText, .refused),
            Sample("short word", "hello", .plainText, .refused),
            Sample("numbers", "12345", .plainText, .refused),
            Sample("empty", "", .empty, .refused),
            Sample("spaces", "  \n\t ", .empty, .refused),
            Sample("binary", [0xFF, 0xFE, 0x00, 0x41], .binary, .refused),
            Sample("not a JWT: two parts", "eyJhbGciOiJFZERTQSJ9.eyJ9", .plainText, .refused),
        ]
    }

    @Test func everySampleIsRecognisedAndRoutedAsExpected() async throws {
        let samples = try Self.samples()
        #expect(samples.count >= 50)
        for sample in samples {
            #expect(ScanRouter.classify(sample.input) == sample.kind, "\(sample.label): classified as \(ScanRouter.classify(sample.input))")
            do {
                let result = try await ScanRouter().read(sample.input, now: Fixture.now)
                #expect(Expected.route(result.route.name, result.status) == sample.expected, "\(sample.label): routed to \(result.route.name)")
                #expect(result.kind == sample.kind)
            } catch {
                #expect(sample.expected == .refused, "\(sample.label): refused: \(error)")
                #expect(error.description.hasSuffix(".") || error.description.hasSuffix(")"), "\(sample.label): \(error)")
                #expect(!error.description.contains("handshake "), "\(sample.label): names a command: \(error)")
            }
        }
    }

    @Test func refusalsSayWhatTheTextLooksLike() async {
        func sentence(_ text: String) async -> String {
            do {
                _ = try await ScanRouter().read(Array(text.utf8), now: Fixture.now)
                return ""
            } catch { return error.description }
        }
        #expect(await sentence("https://example.com").contains("a web link"))
        #expect(await sentence("WIFI:S:x;;").contains("a Wi-Fi network code"))
        #expect(await sentence("just words").contains("plain text"))
        #expect(await sentence("HC1:abc").contains("EU Digital COVID Certificate"))
        #expect(await sentence("{\"format\":\"zkProof\"}").contains("not support yet"))
        #expect(await sentence("{\"format\":\"plaintext\",\"verified\":true,\"card\":{\"name\":\"X\"}}").contains("claims to be verified"))
        #expect(await sentence("freepath://contact/v1/abc").contains("Freepath"))
        #expect(await sentence(Freepath.card(name: "Ada", tamper: true)).contains("changed after it was signed"))
    }

    @Test func aPlaintextEnvelopeIsNeverVerified() async throws {
        let text = "{\"format\":\"plaintext\",\"card\":{\"name\":\"Ada Lovelace\",\"emails\":[\"ada@example.com\"]}}"
        let result = try await ScanRouter().read(Array(text.utf8), now: Fixture.now)
        #expect(result.status == .unverified)
        #expect(result.route == .unverifiedContact(CardFields(name: "Ada Lovelace", emails: ["ada@example.com"]), from: .jsonEnvelope))
    }

    @Test func oversizedInputIsRefusedBeforeReading() async {
        let big = [UInt8](repeating: 0x41, count: ScanRouter.maxInputBytes + 1)
        await #expect(throws: ScanError.tooLarge(bytes: big.count, limit: ScanRouter.maxInputBytes)) {
            _ = try await ScanRouter().read(big, now: Fixture.now)
        }
    }
}
