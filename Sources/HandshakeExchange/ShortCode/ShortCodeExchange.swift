import Crypto
import Foundation

// The short code's PAKE as two sans-I/O state machines, one per side: CPace (CPACE-X25519-SHA512,
// initiator-responder) with one message each way, the responder's message carrying the draft's key
// confirmation tag, and the session secret for the channel derived from CPace's ISK. It protects against
// an attacker nearby who does not know the code: every share is a fresh X25519 key on a password-derived
// generator, so watching gives nothing to guess against offline, and an active attacker learns only whether
// its one guess was right (after which the issuer's code book has burned the code). It does not
// authenticate the person (the cards and their bindings over the channel do), nor stop someone who saw the
// screen.

/// What a finished PAKE run hands on: the secret to open the channel with, and what to do next.
@_spi(Wire) public struct ShortCodeResult: Sendable {
    /// The channel's pre-shared key. The device that typed opens the channel as ``ChannelRole/initiator``,
    /// the device that showed the code as ``ChannelRole/responder``.
    public let secret: SessionSecret
    /// Bytes to send to the other device now (message B on the showing side; empty on the typing side).
    public let reply: [UInt8]
    /// Bytes that arrived after the PAKE frame: they belong to the secure channel; feed them to it.
    public let remainder: [UInt8]
}

/// The CPace inputs both sides compute alike.
enum ShortCodePAKE {
    /// CI = lv_cat(channel label, rendezvous part, the transport's channel binding).
    static func channelIdentifier(rendezvous: String, binding: [UInt8]) -> [UInt8] {
        CPace.lvCat(NearbyProtocol.shortCodeChannelLabel, Array(rendezvous.utf8), binding)
    }

    /// The channel's PSK: HKDF-SHA-512 of ISK (salt empty, info the session secret label), 32 bytes.
    static func sessionSecret(isk: [UInt8]) -> SessionSecret? {
        let key = HKDF<SHA512>.deriveKey(inputKeyMaterial: SymmetricKey(data: isk),
                                         info: NearbyProtocol.shortCodeSecretLabel, outputByteCount: 32)
        return key.withUnsafeBytes { SessionSecret(bytes: Array($0)) }
    }

    /// The responder's confirmation tag (the draft's Tb).
    static func responderTag(sid: [UInt8], isk: [UInt8], share: [UInt8]) -> [UInt8] {
        CPace.confirmationTag(macKey: CPace.macKey(sid: sid, isk: isk), share: share, ad: NearbyProtocol.shortCodeShownLabel)
    }

    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }
}

/// The side that typed the code (CPace's A, the channel's initiator): sends message A, checks message B.
@_spi(Wire) public struct ShortCodeInitiator: Sendable, CustomStringConvertible, CustomReflectable {
    private let code: ShortCode
    private let scalar: [UInt8]
    private let sid: [UInt8]
    private let channelBinding: [UInt8]
    private var share: [UInt8] = []
    private var buffer: [UInt8] = []
    private var started = false
    private var finished = false
    /// The error that ended this run, if one did.
    public private(set) var failure: ShortCodeError?

    /// A run for the code the person typed. `channelBinding` is what both transports know of this
    /// connection (see docs/protocols/nearby-bootstrap.md); it must be equal on both sides.
    public init(code: ShortCode, channelBinding: [UInt8] = []) {
        self.init(code: code, channelBinding: channelBinding, scalar: ShortCodePAKE.randomBytes(32), sid: ShortCodePAKE.randomBytes(16))
    }

    /// A run with a fixed scalar and sid: for the worked example and tests only.
    init(code: ShortCode, channelBinding: [UInt8], scalar: [UInt8], sid: [UInt8]) {
        self.code = code
        self.channelBinding = channelBinding
        self.scalar = scalar
        self.sid = sid
    }

    /// Message A, framed: send it first. Later calls return nothing.
    public mutating func start() -> [UInt8] {
        guard !started else { return [] }
        started = true
        let generator = CPace.generator(prs: code.password,
                                        ci: ShortCodePAKE.channelIdentifier(rendezvous: code.rendezvous, binding: channelBinding), sid: sid)
        share = CPace.scalarMultiply(scalar, generator) ?? []  // a generator from Elligator 2 never has low order
        return CPaceMessageA(sid: sid, share: share).frame
    }

    /// Bytes from the other device, split any way. Returns nil until message B is complete, then the
    /// result. Throws ``ShortCodeError/codeDoesNotMatch`` when the other device used another code.
    public mutating func receive(_ bytes: some Collection<UInt8>) throws(ShortCodeError) -> ShortCodeResult? {
        if failure != nil { throw .alreadyFailed }
        guard started, !finished else { return try fail(.unexpectedMessage(type: bytes.first ?? 0)) }
        buffer += bytes
        do throws(ShortCodeError) {
            guard let (content, remainder) = try ShortCodeFrames.next(from: buffer, expecting: .cpaceB) else { return nil }
            let message = try CPaceMessageB(content: content)
            guard let k = CPace.scalarMultiply(scalar, message.share) else { throw ShortCodeError.invalidShare }
            let isk = CPace.intermediateSessionKey(sid: sid, k: k, ya: share, adA: NearbyProtocol.shortCodeTypedLabel,
                                                   yb: message.share, adB: NearbyProtocol.shortCodeShownLabel)
            let expected = ShortCodePAKE.responderTag(sid: sid, isk: isk, share: message.share)
            guard ConstantTime.equal(expected, message.tag) else { throw ShortCodeError.codeDoesNotMatch }
            guard let secret = ShortCodePAKE.sessionSecret(isk: isk) else { throw ShortCodeError.invalidShare }
            finished = true
            buffer = []
            return ShortCodeResult(secret: secret, reply: [], remainder: remainder)
        } catch {
            return try fail(error)
        }
    }

    private mutating func fail(_ error: ShortCodeError) throws(ShortCodeError) -> ShortCodeResult? {
        failure = error
        buffer = []
        throw error
    }

    /// Names the state only: the code, the scalar and the sid are never shown.
    public var description: String {
        "ShortCodeInitiator(rendezvous \(code.rendezvous), \(failure.map { "failed: \($0)" } ?? (finished ? "finished" : started ? "waiting for message B" : "not started")))"
    }
    /// An empty mirror: nothing secret in a debugger.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

/// The side that shows the code (CPace's B, the channel's responder): takes the code out of its book when a
/// well-formed message A arrives (burning it), answers with message B, and hands on the secret.
@_spi(Wire) public struct ShortCodeResponder: Sendable, CustomStringConvertible, CustomReflectable {
    private let rendezvous: String
    private let scalar: [UInt8]
    private let channelBinding: [UInt8]
    private var buffer: [UInt8] = []
    private var finished = false
    /// The error that ended this run, if one did.
    public private(set) var failure: ShortCodeError?

    /// A run for an incoming connection to the code with this rendezvous part.
    public init(rendezvous: String, channelBinding: [UInt8] = []) {
        self.init(rendezvous: rendezvous, channelBinding: channelBinding, scalar: ShortCodePAKE.randomBytes(32))
    }

    /// A run with a fixed scalar: for the worked example and tests only.
    init(rendezvous: String, channelBinding: [UInt8], scalar: [UInt8]) {
        self.rendezvous = rendezvous
        self.channelBinding = channelBinding
        self.scalar = scalar
    }

    /// Bytes from the other device, split any way. Returns nil until message A is complete; then redeems the
    /// code from `book` (a second attempt finds it used) and returns message B to send and the secret.
    public mutating func receive(_ bytes: some Collection<UInt8>, book: inout ShortCodeBook, at now: Date)
        throws(ShortCodeError) -> ShortCodeResult?
    {
        if failure != nil { throw .alreadyFailed }
        guard !finished else { return try fail(.unexpectedMessage(type: bytes.first ?? 0)) }
        buffer += bytes
        do throws(ShortCodeError) {
            guard let (content, remainder) = try ShortCodeFrames.next(from: buffer, expecting: .cpaceA) else { return nil }
            let message = try CPaceMessageA(content: content)
            let code = try book.redeem(rendezvous: rendezvous, at: now)
            let generator = CPace.generator(prs: code.password,
                                            ci: ShortCodePAKE.channelIdentifier(rendezvous: code.rendezvous, binding: channelBinding),
                                            sid: message.sid)
            guard let share = CPace.scalarMultiply(scalar, generator),
                  let k = CPace.scalarMultiply(scalar, message.share) else { throw ShortCodeError.invalidShare }
            let isk = CPace.intermediateSessionKey(sid: message.sid, k: k, ya: message.share, adA: NearbyProtocol.shortCodeTypedLabel,
                                                   yb: share, adB: NearbyProtocol.shortCodeShownLabel)
            let tag = ShortCodePAKE.responderTag(sid: message.sid, isk: isk, share: share)
            guard let secret = ShortCodePAKE.sessionSecret(isk: isk) else { throw ShortCodeError.invalidShare }
            finished = true
            buffer = []
            return ShortCodeResult(secret: secret, reply: CPaceMessageB(share: share, tag: tag).frame, remainder: remainder)
        } catch {
            return try fail(error)
        }
    }

    /// What to tell the person when the secure channel opened with this run's secret fails its handshake
    /// (or the connection closes before it opens): the other device typed a different code.
    @_spi(Wire) public static func explain(_ error: ChannelError) -> ShortCodeError? {
        switch error {
        case .handshakeFailed: .codeDoesNotMatch
        default: nil
        }
    }

    private mutating func fail(_ error: ShortCodeError) throws(ShortCodeError) -> ShortCodeResult? {
        failure = error
        buffer = []
        throw error
    }

    /// Names the state only: the scalar is never shown.
    public var description: String {
        "ShortCodeResponder(rendezvous \(rendezvous), \(failure.map { "failed: \($0)" } ?? (finished ? "finished" : "waiting for message A")))"
    }
    /// An empty mirror: nothing secret in a debugger.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
