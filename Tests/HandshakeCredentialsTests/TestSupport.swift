import Crypto
import Foundation
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore
@testable import HandshakeCredentials

/// What the credential tests add to the shared worked example (HandshakeTestSupport's `Fixture`).
extension Fixture {
    /// When the worked example's credential is issued: one hour after the card was made.
    static let issuedAt = Date(timeIntervalSince1970: 1_763_740_800 + 3600)
    /// The reader's clock: a minute after that.
    static let now = issuedAt.addingTimeInterval(60)

    static func signedCard(_ identity: Identity = Fixture.identity) throws -> SignedCard {
        try issue(businessCard(identity), by: identity)
    }

    static func credential(_ identity: Identity = Fixture.identity, at time: Date = Fixture.issuedAt, expires: Date? = nil) throws -> String {
        try VCJWTIssuer.issue(try signedCard(identity), identity: identity, now: time, expires: expires)
    }
}

/// Tokens no honest issuer writes: any header and claims, signed by any key (or not at all).
enum Forge {
    enum Key {
        case ed25519(Curve25519.Signing.PrivateKey)
        case p256(P256.Signing.PrivateKey)
        case hmac([UInt8])
        case none

        var did: String {
            switch self {
            case .ed25519(let key): return DIDKey.ed25519(Array(key.publicKey.rawRepresentation)).description
            case .p256(let key): return DIDKey.p256(compressed: Array(key.publicKey.compressedRepresentation)).description
            case .hmac, .none: return "did:key:unknown"
            }
        }
    }

    static func json(_ object: Any) -> String {
        Base64URL.encode(try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
    }

    static func token(header: [String: Any], claims: [String: Any], key: Key) -> String {
        let input = json(header) + "." + json(claims)
        let signature: [UInt8]
        switch key {
        case .ed25519(let key): signature = Array(try! key.signature(for: Array(input.utf8)))
        case .p256(let key): signature = Array(try! key.signature(for: Array(input.utf8)).rawRepresentation)
        case .hmac(let secret):
            signature = Array(HMAC<SHA256>.authenticationCode(for: Array(input.utf8), using: SymmetricKey(data: secret)))
        case .none: signature = []
        }
        return input + "." + Base64URL.encode(signature)
    }

    /// The claims of a self-issued card credential by `did`, valid from `nbf`.
    static func claims(did: String, nbf: Int = Int(Fixture.issuedAt.timeIntervalSince1970), exp: Int? = nil, name: String = "Grace Hopper") -> [String: Any] {
        var claims: [String: Any] = [
            "iss": did, "sub": did, "nbf": nbf, "iat": nbf,
            "vc": [
                "@context": ["https://www.w3.org/2018/credentials/v1"], "type": ["VerifiableCredential"],
                "credentialSubject": ["id": did, "name": name, "emails": ["grace@example.com"]],
            ] as [String: Any],
        ]
        if let exp { claims["exp"] = exp }
        return claims
    }

    static func header(alg: String, did: String) -> [String: Any] {
        ["alg": alg, "typ": "JWT", "kid": did + "#" + did.dropFirst("did:key:".count)]
    }
}

enum TestFiles {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let vectors = directory.appendingPathComponent("Vectors")
    static let conformance = directory.appendingPathComponent("Conformance")
    static let repository = directory.deletingLastPathComponent().deletingLastPathComponent()

    static func vectorJSON(_ name: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: vectors.appendingPathComponent(name)))
        guard let dictionary = object as? [String: Any] else { throw PythonScript.Failure(script: name, status: 0, stderr: "not a JSON object") }
        return dictionary
    }
}

/// The conformance scripts of this target (`Conformance/`).
let python = ConformanceScripts()

/// Freepath cards made the way Freepath's code makes them (ContactCardCodec.seal, QrCodeContactExchange):
/// the card's compact JSON, an Ed25519 signature over exactly those bytes, `{"card":…,"signature":…}` in
/// standard base64 after `freepath://contact/v1/`.
enum Freepath {
    static let key = Curve25519.Signing.PrivateKey()

    /// `secondName`: a second `card` member after the signed one, naming someone else (a reader that keeps
    /// the last member would show that one).
    static func card(name: String, withNodeID: Bool = false, wrongNodeID: Bool = false, urlSafe: Bool = false, tamper: Bool = false, secondName: String? = nil) -> String {
        let sigKey = Array(key.publicKey.rawRepresentation)
        let nodeID = wrongNodeID ? "1111111111111111111111" : SigningPublicKey(rawRepresentation: sigKey)!.nodeID.rawValue
        let encKey = Data(Curve25519.KeyAgreement.PrivateKey().publicKey.rawRepresentation).base64EncodedString()
        let idMember = withNodeID ? "\"nodeId\":\"\(nodeID)\"," : ""
        let card = "{\"schema\":1,\(idMember)\"sigKey\":\"\(Data(sigKey).base64EncodedString())\",\"encKey\":\"\(encKey)\",\"updatedAt\":1763740800000,\"name\":\"\(name)\"}"
        let signature = Data(try! key.signature(for: Array(card.utf8))).base64EncodedString()
        let sent = tamper ? card.replacingOccurrences(of: name, with: name + "!") : card
        let second = secondName.map { ",\"card\":" + card.replacingOccurrences(of: name, with: $0) } ?? ""
        var payload = Data("{\"card\":\(sent)\(second),\"signature\":\"\(signature)\"}".utf8).base64EncodedString()
        if urlSafe {
            payload = payload.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        return "freepath://contact/v1/" + payload
    }
}
