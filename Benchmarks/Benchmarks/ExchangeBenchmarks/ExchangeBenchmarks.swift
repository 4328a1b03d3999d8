import Benchmark
import Crypto
import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange

/// A whole nearby exchange in memory on the mutual path — the Noise handshake in compare-code mode, both
/// cards bound and verified, common friends at 100 trusted contacts each, a note each way — beside its floor
/// timed in the same run: the public-key operations the protocol cannot avoid (per side: an ephemeral key and
/// one DH for Noise NN, 128 + 128 X25519 for the PSI at bucket 128, one Ed25519 signature for the binding,
/// two verifications for the card and its binding).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .cpuTotal, .mallocCountTotal], maxDuration: .seconds(5), maxIterations: 200)

    let ada = Identity(seed: IdentitySeed(bytes: Array(repeating: 0xA1, count: 32))!)
    let bob = Identity(seed: IdentitySeed(bytes: Array(repeating: 0xB0, count: 32))!)
    let wall = Date()
    func card(_ identity: Identity, _ name: String) -> SignedCard {
        var profile = CardProfile(identity: identity, now: wall.addingTimeInterval(-60))
        try? profile.edit(now: wall.addingTimeInterval(-60)) { $0.name = name; $0.company = "Analytical Engines"; $0.emails = ["\(name.prefix(3).lowercased())@example.com"] }
        return try! profile.issueCard(identity: identity)
    }
    let adaCard = card(ada, "Ada Lovelace"), bobCard = card(bob, "Bob Babbage")
    let friends = (0..<150).map { Identity(seed: IdentitySeed(bytes: SHA256.hash(data: [UInt8($0)]).map { $0 })!).sigKey }
    let adaFriends = Array(friends[0..<100]), bobFriends = Array(friends[50..<150])

    Benchmark("Nearby exchange, both sides (Noise NN, cards, PSI 100 × 100, notes)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try exchange())
        }
    }

    Benchmark("Floor: the same public-key operations, bare") { benchmark in
        let signing = Curve25519.Signing.PrivateKey()
        let message = [UInt8](repeating: 1, count: 80)
        let signature = try signing.signature(for: message)
        let agreement = Curve25519.KeyAgreement.PrivateKey()
        let points = (0..<256).map { _ in Curve25519.KeyAgreement.PrivateKey().publicKey }
        for _ in benchmark.scaledIterations {
            for _ in 0..<2 {
                let ephemeral = Curve25519.KeyAgreement.PrivateKey()
                blackHole(try ephemeral.sharedSecretFromKeyAgreement(with: points[0]))
                for point in points { blackHole(try agreement.sharedSecretFromKeyAgreement(with: point)) }
                blackHole(try signing.signature(for: message))
                blackHole(signing.publicKey.isValidSignature(signature, for: message))
                blackHole(signing.publicKey.isValidSignature(signature, for: message))
            }
        }
    }

    /// Both sessions joined byte for byte; both people choose each other as soon as their channel is open.
    func exchange() throws -> Int {
        let now = SessionInstant(monotonic: .zero, wall: wall)
        var a = NearbySession(role: .initiator, secret: nil, ownKey: ada.sigKey, trustedContacts: adaFriends, now: now)
        var b = NearbySession(role: .responder, secret: nil, ownKey: bob.sigKey, trustedContacts: bobFriends, now: now)
        var toA = a.start().bytes + [], toB: [UInt8] = []
        toA += b.start().bytes
        var requested = (false, false), noted = (false, false)
        var bytes = 0
        func act(_ session: inout NearbySession, _ identity: Identity, _ card: SignedCard, _ done: inout Bool, _ note: inout Bool) throws -> [UInt8] {
            var out: [UInt8] = []
            let state = session.state
            if !done, state.actions.contains(.request) || state.actions.contains(.accept), let hash = session.session.handshakeHash {
                done = true
                let offer = SessionBinding.offer(card: card, identity: identity, handshakeHash: hash, ownRole: session.session.role)
                out += try session.perform { session throws(SessionActionError) in try session.request(offer, now: now) }.bytes
            }
            if !note, case .succeeded = session.state {
                note = true
                let text = try EphemeralNote("Good to meet you")
                out += try session.perform { session throws(SessionActionError) in try session.sendNote(text, now: now) }.bytes
            }
            return out
        }
        while !toA.isEmpty || !toB.isEmpty {
            if !toB.isEmpty {
                let chunk = toB; toB = []; bytes += chunk.count
                toA += b.receive(chunk, now: now).bytes
                toA += try act(&b, bob, bobCard, &requested.1, &noted.1)
            }
            if !toA.isEmpty {
                let chunk = toA; toA = []; bytes += chunk.count
                toB += a.receive(chunk, now: now).bytes
                toB += try act(&a, ada, adaCard, &requested.0, &noted.0)
            }
        }
        guard case .succeeded = a.state, case .succeeded = b.state else { fatalError("the exchange did not complete: \(a.state) / \(b.state)") }
        return bytes
    }
}
