import Foundation

// The NFC tap's session token: a rendezvous identifier the issuer advertises, a 32-byte secret that becomes
// the channel's pre-shared key, an expiry at most a minute ahead, and optionally where the issuer listens.
// It travels as an NDEF message of one NFC Forum external type record. It protects the exchange from anyone
// in radio range who did not touch phones: without the secret no one completes the channel's handshake. It
// does not protect against someone who reads the tag (or eavesdrops the tap) before it expires, which is
// why it lives a minute and the issuer accepts one connection with it.

/// A session token, as issued by one device and read by the other. Its description never shows the secret.
public struct SessionToken: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The length of the rendezvous identifier.
    public static let rendezvousLength = 16

    /// A random identifier for this session, advertised by the issuer so the reader finds it.
    public let rendezvous: [UInt8]
    /// The channel's pre-shared key.
    public let secret: SessionSecret
    /// The end of validity, in whole seconds since 1970 (UTC).
    public let expiry: UInt64
    /// Where the issuer listens, most preferred first; may be empty (the reader then finds it by discovery).
    public let endpoints: [SessionTokenEndpoint]
    /// The relay the issuer also waits at, for a reader no network carries it to (docs/protocols/nearby-relay.md);
    /// `nil` when it waits on the network only. It travels as a record of its own beside the token's.
    public let relay: RelayServer?

    /// A token from its parts, checked: a 16-byte rendezvous identifier and at most four endpoints.
    public init(rendezvous: [UInt8], secret: SessionSecret, expiry: UInt64, endpoints: [SessionTokenEndpoint] = [], relay: RelayServer? = nil)
        throws(SessionTokenError)
    {
        guard rendezvous.count == Self.rendezvousLength else { throw .invalidToken("the rendezvous identifier must be 16 bytes") }
        guard endpoints.count <= NearbyProtocol.sessionTokenMaximumEndpoints else {
            throw .invalidToken("at most \(NearbyProtocol.sessionTokenMaximumEndpoints) endpoints fit")
        }
        self.rendezvous = rendezvous
        self.secret = secret
        self.expiry = expiry
        self.endpoints = endpoints
        self.relay = relay
    }

    /// The room this token's two devices meet in on its relay.
    @_spi(Wire) public var relayRoom: RelayRoom { RelayRoom(secret: secret) }

    /// The longest a token may be valid after it is issued, in seconds (docs/protocols/nearby-bootstrap.md).
    public static let longestLifetime: Double = 60

    /// The longest NDEF message a token is read from, in bytes (docs/protocols/nearby-bootstrap.md): an app
    /// reads at most this much from a tag or a file before ``init(ndefMessage:at:)``. Tags hold far less,
    /// and a token is under 160 bytes.
    public static let longestMessage = 1024

    /// A new token with a random rendezvous identifier and secret, valid for `lifetime` seconds (at most 60)
    /// from `now`, naming where the issuer listens and the relay it waits at.
    public static func issue(endpoints: [SessionTokenEndpoint] = [], relay: RelayServer? = nil, at now: Date,
                             lifetime: Double = SessionToken.longestLifetime) throws(SessionTokenError) -> SessionToken
    {
        guard lifetime > 0, lifetime <= NearbyProtocol.sessionTokenLifetime else {
            throw .invalidToken("a token lives between 1 and \(Int(NearbyProtocol.sessionTokenLifetime)) seconds")
        }
        var generator = SystemRandomNumberGenerator()
        let random = (0..<48).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        guard let secret = SessionSecret(bytes: random[16..<48]) else { throw .invalidToken("no secret") }
        let expiry = UInt64(max(0, (now.timeIntervalSince1970 + lifetime).rounded(.down)))
        return try SessionToken(rendezvous: Array(random[0..<16]), secret: secret, expiry: expiry, endpoints: endpoints, relay: relay)
    }

    /// The rendezvous identifier as the issuer advertises it: 32 lowercase hexadecimal digits.
    public var rendezvousText: String { rendezvous.map { String(format: "%02x", $0) }.joined() }

    /// The end of validity as a date.
    public var expiresAt: Date { Date(timeIntervalSince1970: TimeInterval(expiry)) }

    // MARK: Payload

    /// The record payload: version ‖ rendezvous (16) ‖ secret (32) ‖ expiry (u64 BE) ‖ endpoint count ‖
    /// endpoints (family 04 or 06 ‖ address ‖ port u16 BE).
    var payload: [UInt8] {
        var bytes: [UInt8] = [NearbyProtocol.sessionTokenVersion] + rendezvous + secret.bytes
        bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: expiry >> UInt64($0 * 8)) }
        bytes.append(UInt8(endpoints.count))
        for endpoint in endpoints {
            bytes.append(endpoint.address.count == 4 ? 0x04 : 0x06)
            bytes += endpoint.address + [UInt8(endpoint.port >> 8), UInt8(endpoint.port & 0xFF)]
        }
        return bytes
    }

    init(payload: [UInt8]) throws(SessionTokenError) {
        guard let version = payload.first else { throw .malformedPayload("it is empty") }
        guard version == NearbyProtocol.sessionTokenVersion else { throw .unsupportedVersion(version) }
        var cursor = 1
        func take(_ count: Int, _ what: String) throws(SessionTokenError) -> [UInt8] {
            guard count <= payload.count - cursor else { throw .malformedPayload("it ends inside the \(what)") }
            defer { cursor += count }
            return Array(payload[cursor..<(cursor + count)])
        }
        let rendezvous = try take(16, "rendezvous identifier")
        guard let secret = SessionSecret(bytes: try take(32, "secret")) else { throw .malformedPayload("the secret is not 32 bytes") }
        let expiry = try take(8, "expiry").reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let count = Int(try take(1, "endpoint count")[0])
        guard count <= NearbyProtocol.sessionTokenMaximumEndpoints else {
            throw .malformedPayload("it lists \(count) endpoints, more than \(NearbyProtocol.sessionTokenMaximumEndpoints)")
        }
        var endpoints: [SessionTokenEndpoint] = []
        for index in stride(from: 1, through: count, by: 1) {
            let family = try take(1, "endpoint \(index)")[0]
            let length: Int
            switch family {
            case 0x04: length = 4
            case 0x06: length = 16
            default: throw .malformedPayload("endpoint \(index) has the unknown address family \(family)")
            }
            let address = try take(length, "endpoint \(index)")
            let portBytes = try take(2, "endpoint \(index)")
            guard let endpoint = SessionTokenEndpoint(address: address, port: UInt16(portBytes[0]) << 8 | UInt16(portBytes[1])) else {
                throw .malformedPayload("endpoint \(index) has port 0")
            }
            endpoints.append(endpoint)
        }
        guard cursor == payload.count else { throw .malformedPayload("it has \(payload.count - cursor) bytes after the last field") }
        try self.init(rendezvous: rendezvous, secret: secret, expiry: expiry, endpoints: endpoints)
    }

    // MARK: NDEF

    /// The NDEF message to write to a tag or hand to a peer: one short NFC Forum external type record, and a
    /// second naming the relay when there is one (a reader that knows no relay ignores it, as it ignores any
    /// record not its own).
    public var ndefMessage: [UInt8] {
        var records = [NDEFRecord(typeNameFormat: NDEFRecord.externalType, type: Array(NearbyProtocol.sessionTokenRecordType.utf8), payload: payload)]
        if let relay {
            records.append(NDEFRecord(typeNameFormat: NDEFRecord.externalType, type: Array(NearbyProtocol.relayRecordType.utf8), payload: Array(relay.origin.utf8)))
        }
        return NDEFMessage.encode(records)
    }

    /// The token in an NDEF message read from a tag or a peer, refused if it has expired at `now` or claims
    /// to stay valid longer than any token does. Other records in the message are ignored.
    public init(ndefMessage: some Collection<UInt8>, at now: Date) throws(SessionTokenError) {
        let token = try Self.decode(ndefMessage: ndefMessage)
        let seconds = now.timeIntervalSince1970
        let expiry = Double(token.expiry)
        guard expiry > seconds else { throw .expired(secondsAgo: Int(min(seconds - expiry, 1e9).rounded(.up))) }
        let limit = NearbyProtocol.sessionTokenLifetime + NearbyProtocol.sessionTokenClockSkew
        guard expiry - seconds <= limit else { throw .expiresTooLate(secondsAhead: Int(min(expiry - seconds, 1e9).rounded(.down))) }
        self = token
    }

    /// The token in an NDEF message, without looking at the time (for inspection; a reader uses
    /// ``init(ndefMessage:at:)``).
    public static func decode(ndefMessage: some Collection<UInt8>) throws(SessionTokenError) -> SessionToken {
        guard ndefMessage.count <= NearbyProtocol.sessionTokenMessageLimit else {
            throw .tooLarge(limit: NearbyProtocol.sessionTokenMessageLimit)
        }
        let records = try NDEFMessage.decode(Array(ndefMessage))
        let ours = records.filter { $0.typeNameFormat == NDEFRecord.externalType && isType(NearbyProtocol.sessionTokenRecordType, $0.type) }
        guard let record = ours.first else { throw .noSessionRecord }
        guard ours.count == 1 else { throw .multipleSessionRecords }
        let token = try SessionToken(payload: record.payload)
        let relays = records.filter { $0.typeNameFormat == NDEFRecord.externalType && isType(NearbyProtocol.relayRecordType, $0.type) }
        guard let relayRecord = relays.first else { return token }
        guard relays.count == 1 else { throw .malformedRelay("it names two relays") }
        guard relayRecord.payload.count <= RelayServer.longestOrigin, let origin = String(validating: relayRecord.payload, as: UTF8.self) else {
            throw .malformedRelay("its relay is not a server's address")
        }
        let relay: RelayServer
        do throws(RelayServerError) { relay = try RelayServer(origin: origin) } catch { throw .malformedRelay("its relay is not a server's address") }
        return try SessionToken(rendezvous: token.rendezvous, secret: token.secret, expiry: token.expiry, endpoints: token.endpoints, relay: relay)
    }

    /// External type names compare without regard to ASCII case.
    static func isType(_ name: String, _ type: [UInt8]) -> Bool {
        let expected = Array(name.utf8)
        guard type.count == expected.count else { return false }
        return zip(type, expected).allSatisfy { a, b in
            let lower = (a >= 0x41 && a <= 0x5A) ? a + 0x20 : a
            return lower == b
        }
    }

    // MARK: Description

    /// Tokens are equal when all their parts are; the secret is compared in constant time.
    public static func == (lhs: SessionToken, rhs: SessionToken) -> Bool {
        ConstantTime.equal(lhs.secret.bytes, rhs.secret.bytes) && lhs.rendezvous == rhs.rendezvous
            && lhs.expiry == rhs.expiry && lhs.endpoints == rhs.endpoints && lhs.relay == rhs.relay
    }

    /// Names the rendezvous, expiry and endpoints, never the secret.
    public var description: String {
        "SessionToken(rendezvous \(rendezvousText), expires \(expiry), \(endpoints.count) endpoint\(endpoints.count == 1 ? "" : "s")\(relay.map { ", relay \($0)" } ?? ""), secret hidden)"
    }
    /// The same as ``description``: no secret.
    public var debugDescription: String { description }
    /// A mirror without the secret.
    public var customMirror: Mirror {
        Mirror(self, children: ["rendezvous": rendezvousText, "expiry": expiry, "endpoints": endpoints, "relay": relay as Any], displayStyle: .struct)
    }
}
