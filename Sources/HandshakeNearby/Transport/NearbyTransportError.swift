// The ways a nearby TCP connection fails, each with a sentence that says what to try. What the other device
// sends is never one of these: the secure channel above judges the bytes. The host is a value from outside
// (an address a device advertised, or one typed), and the reason is the system's, which may repeat it: each is
// kept as a value and written into the sentence on one line with its hidden scalars escaped
// (`UntrustedText.inline`), as every library quotes outside values in an error's sentence.

import HandshakeCore

/// Why a nearby connection could not be made or kept: the chosen person's device could not be reached
/// (``NearbyProblem/unreachable(_:)``), or the listener or a connection failed.
public enum NearbyTransportError: HandshakeError, Equatable {
    /// Could not listen on the address; the reason is the system's.
    case cannotListen(host: String, reason: String)
    /// Could not connect to the other device; the reason is the system's.
    case cannotConnect(host: String, port: Int, reason: String)
    /// The connection failed once made; the text says how.
    case connectionFailed(String)
    /// The relay on the server could not be reached, or would not open the room; the reason says why.
    case relayUnavailable(server: String, reason: String)

    /// A sentence to show the person whose exchange failed.
    public var description: String {
        switch self {
        case .cannotListen(let host, let reason):
            return "Cannot listen for nearby devices on \(Self.shown(host)): \(Self.shown(reason)). Check that this network interface is up."
        case .cannotConnect(let host, let port, let reason):
            return "Cannot reach the other device at \(Self.shown(host)) port \(port): \(Self.shown(reason)). Are both devices on the same network?"
        case .connectionFailed(let reason):
            return "The connection to the other device failed: \(Self.shown(reason))."
        case .relayUnavailable(let server, let reason):
            return "Cannot meet through the server \(Self.shown(server)): \(Self.shown(reason))."
        }
    }

    /// A host or a reason inside the sentence: one line, hidden scalars escaped, bounded.
    private static func shown(_ value: String) -> String { UntrustedText.inline(value, limit: 200) }
}
