// Establishes the ways two devices find each other for one nearby exchange, as a front end asks for them:
// choosing from the people found, an NFC tap's session token (docs/protocols/nearby-bootstrap.md §2), a
// short code (§3), a direct address, or a connection the app made (a Bluetooth LE link). It names the way; `NearbyCoordinator` does the meeting.
import Foundation
@_spi(Wire) import HandshakeExchange

/// How a nearby exchange finds the other device.
public enum NearbyMeeting: Sendable {
    /// Advertise, browse, and connect to the person chosen: `choice` made already (a number, a shown name,
    /// or the start of an instance name), or later with ``NearbyCoordinator/choose(peerID:)``, or by being chosen.
    case discover(choice: String?)
    /// Issue a session token, hand it over with `handOver` (an NFC tag write; a file in the program), and
    /// wait for the device that holds it, until it expires.
    case giveToken(handOver: @Sendable (SessionToken) async throws -> Void)
    /// Connect to the device that issued `token` (read from its NFC tag).
    case readToken(SessionToken)
    /// Show a short code and wait for the device that types it, until it expires.
    case showCode
    /// Connect to the device that shows `code`.
    case typeCode(ShortCode)
    /// Listen without advertising (networks without multicast; tests on loopback).
    case listen
    /// Connect to a device listening at `host`:`port`.
    case connect(host: String, port: Int)
    /// Run the exchange over a connection the app made itself: a Bluetooth LE link (``LinkTransport``) once
    /// its stack has connected, as the device that connected (`.initiator`) or was connected to (`.responder`).
    case link(any ExchangeTransport, role: ChannelRole)
}
