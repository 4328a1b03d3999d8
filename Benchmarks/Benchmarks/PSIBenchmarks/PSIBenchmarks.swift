import Benchmark
import Crypto
@_spi(Wire) import HandshakeExchange

/// The session salt (in a session, the channel's handshake hash).
let salt = [UInt8](repeating: 0x5A, count: 32)

/// Common friends (PSI) at 1,000 × 1,000 contacts, each beside its floor timed in the same run: the bare
/// X25519 operations it cannot avoid (2,000 per side: its own 1,000 contacts and the peer's 1,000), and a
/// plain hashed-set intersection (what the comparison would cost with no privacy at all). The figure to beat,
/// OpenMined's openmined-psi on the same shape of input, comes from Benchmarks/psi_openmined.py.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal],
        maxDuration: .seconds(5),
        maxIterations: 40
    )

    let count = 1000, common = 100
    var keyStream = FixedRandom(state: 7)
    let keys = (0..<(2 * count - common)).map { _ in keyStream.randomBytes(32) }
    let keysA = Array(keys[..<count])
    let keysB = Array(keys[(count - common)...])

    // Side B's messages to A, computed once: A's random stream is fixed, so its set (and B's reply to it)
    // is the same in every iteration.
    var probeA = CommonFriendsExchange(contactKeys: keysA, sessionSalt: salt, random: FixedRandom(state: 1))
    var sideB = CommonFriendsExchange(contactKeys: keysB, sessionSalt: salt, random: FixedRandom(state: 2))
    let setB = sideB.setMessage()
    let replyB = try! sideB.reply(toPeerSet: probeA.setMessage())

    // The floor: X25519 with one private key on distinct inputs, as many as the protocol's floor needs.
    let privateKey = Curve25519.KeyAgreement.PrivateKey()
    var pointStream = FixedRandom(state: 3)
    let points = (0..<(4 * count)).map { _ in
        var bytes = pointStream.randomBytes(32)
        bytes[31] &= 0x7F
        return bytes
    }
    func x25519(_ operations: Int) throws {
        for index in 0..<operations {
            let point = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: points[index])
            blackHole(try privateKey.sharedSecretFromKeyAgreement(with: point))
        }
    }

    Benchmark("X25519 x2000 (bare; floor of one side)") { benchmark in
        for _ in benchmark.scaledIterations { try x25519(2 * count) }
    }

    Benchmark("PSI 1000 x 1000, one side (set, reply, result)") { benchmark in
        for _ in benchmark.scaledIterations {
            var sideA = CommonFriendsExchange(contactKeys: keysA, sessionSalt: salt, random: FixedRandom(state: 1))
            blackHole(sideA.setMessage())
            blackHole(try sideA.reply(toPeerSet: setB))
            let result = try sideA.receiveReply(replyB)
            precondition(result.commonKeys.count == common)
        }
    }

    Benchmark("X25519 x4000 (bare; floor of both sides)") { benchmark in
        for _ in benchmark.scaledIterations { try x25519(4 * count) }
    }

    Benchmark("PSI 1000 x 1000, both sides") { benchmark in
        for _ in benchmark.scaledIterations {
            var a = CommonFriendsExchange(contactKeys: keysA, sessionSalt: salt)
            var b = CommonFriendsExchange(contactKeys: keysB, sessionSalt: salt)
            let setA = a.setMessage(), setB = b.setMessage()
            let replyA = try a.reply(toPeerSet: setB), replyB = try b.reply(toPeerSet: setA)
            blackHole(try a.receiveReply(replyB))
            blackHole(try b.receiveReply(replyA))
        }
    }

    Benchmark("Hashed-set intersection 1000 x 1000 (not private)") { benchmark in
        for _ in benchmark.scaledIterations {
            let hashedB = Set(keysB.map { Array(SHA256.hash(data: $0)) })
            blackHole(keysA.filter { hashedB.contains(Array(SHA256.hash(data: $0))) })
        }
    }
}

/// A fixed stream (SplitMix64): reproducible inputs, and a fixed side A so B's precomputed reply stays valid.
struct FixedRandom: CommonFriendsRandomSource {
    var state: UInt64
    mutating func randomBytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return UInt8(truncatingIfNeeded: z ^ (z >> 31))
        }
    }
}
