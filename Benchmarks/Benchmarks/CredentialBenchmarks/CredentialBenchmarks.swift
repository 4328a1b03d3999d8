import Benchmark
import Crypto
import Foundation
@_spi(Wire) import HandshakeCore
import HandshakeCredentials

/// VC-JWT verification beside the bare Ed25519 verification it is built on, in the same run, and the scan
/// router's dispatch (classification, no signature) per kind of input.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        maxDuration: .seconds(5),
        maxIterations: 1_000_000
    )

    let seed = (0..<32).map { UInt8($0) }
    let identity = Identity(seed: IdentitySeed(bytes: seed)!)
    var profile = CardProfile(identity: identity, now: Date(timeIntervalSince1970: 1_763_740_800))
    try! profile.edit(now: Date(timeIntervalSince1970: 1_763_740_800)) { card in
        card.name = "Ada Lovelace"
        card.company = "Analytical Engines"
        card.emails = ["ada@example.com"]
        card.phones = ["+44 20 7946 0000"]
    }
    let signed = try! profile.issueCard(identity: identity)
    let issued = Date(timeIntervalSince1970: 1_763_744_400)
    let now = issued.addingTimeInterval(60)
    let token = try! VCJWTIssuer.issue(signed, identity: identity, now: issued)

    // A credential without a Handshake card inside (another wallet's): one signature, like the bare check.
    let walletKey = Curve25519.Signing.PrivateKey()
    let walletDID = DIDKey.ed25519(Array(walletKey.publicKey.rawRepresentation)).description
    func part(_ object: Any) -> String {
        base64url(try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }
    let walletInput = part(["alg": "EdDSA", "typ": "JWT", "kid": walletDID + "#" + walletDID.dropFirst(8)]) + "." + part([
        "iss": walletDID, "sub": walletDID, "nbf": 1_763_744_400,
        "vc": ["@context": ["https://www.w3.org/2018/credentials/v1"], "type": ["VerifiableCredential"],
               "credentialSubject": ["id": walletDID, "name": "Grace Hopper", "emails": ["grace@example.com"]]] as [String: Any],
    ] as [String: Any])
    let walletToken = walletInput + "." + base64url(Array(try! walletKey.signature(for: Array(walletInput.utf8))))

    // The bare check: Ed25519 over the JWS signing input of the same token.
    let parts = walletToken.split(separator: ".")
    let signingInput = Array((parts[0] + "." + parts[1]).utf8)
    let signature = Array(Data(base64Encoded: String(parts[2]).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") + String(repeating: "=", count: (4 - parts[2].count % 4) % 4))!)
    let verifier = VCJWTVerifier()
    // A thousand checks a sample, for the bare check and the two verifications alike: package-benchmark starts
    // each sample of an async benchmark on a new Task from a Dispatch thread, a hop the synchronous bare check
    // never pays (about 8 µs a sample here); in a loop of a thousand it is spread to nothing, and what is
    // measured is the check itself, as an app verifying one credential after another would see it.
    let thousandASample = Benchmark.Configuration(scalingFactor: .kilo)

    Benchmark("Ed25519 verify (bare, JWS signing input)", configuration: thousandASample) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(walletKey.publicKey.isValidSignature(signature, for: signingInput))
        }
    }

    Benchmark("VC-JWT verify (one signature: no card inside)", configuration: thousandASample) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try await verifier.verify(walletToken, now: now))
        }
    }

    Benchmark("VC-JWT verify (two signatures: credential + Handshake card)", configuration: thousandASample) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try await verifier.verify(token, now: now))
        }
    }

    let inputs: [(String, [UInt8])] = [
        ("QR text", Array(CardText.qrText(signed).utf8)),
        ("VC-JWT", Array(token.utf8)),
        ("openid4vp", Array("openid4vp://?client_id=verifier.example&request_uri=https%3A%2F%2Fverifier.example%2Fr".utf8)),
        ("envelope", Array("{\"format\":\"plaintext\",\"card\":{\"name\":\"Linus\"}}".utf8)),
        ("Wi-Fi", Array("WIFI:S:CoffeeShop;T:WPA;P:espresso;;".utf8)),
        ("URL", Array("https://example.com/about".utf8)),
        ("plain text", Array("Meet me at the coffee machine".utf8)),
    ]
    for (name, input) in inputs {
        Benchmark("Router dispatch: \(name)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(ScanRouter.classify(input))
            }
        }
    }
}

/// Unpadded base64url (RFC 4648 §5) from Foundation's base64: HandshakeCore's own is package access.
func base64url(_ bytes: some Sequence<UInt8>) -> String {
    Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
}
