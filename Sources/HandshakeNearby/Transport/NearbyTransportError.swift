// The ways a nearby TCP connection fails, each with a sentence that says what to try. What the other device
// sends is never one of these: the secure channel above judges the bytes.

import HandshakeCore

/// Why a nearby connection could not be made or kept.
public enum NearbyTransportError: HandshakeError, Equatable {
    /// Could not listen on the address; the reason is the system's.
    case cannotListen(host: String, reason: String)
    /// Could not connect to the other device; the reason is the system's.
    case cannotConnect(host: String, port: Int, reason: String)
    /// The connection failed once made; the text says how.
    case connectionFailed(String)

    /// A sentence to show the person whose exchange failed.
    public var description: String {
        switch self {
        case .cannotListen(let host, let reason):
            return "Cannot listen for nearby devices on \(host): \(reason). Check that this network interface is up."
        case .cannotConnect(let host, let port, let reason):
            return "Cannot reach the other device at \(host) port \(port): \(reason). Are both devices on the same network?"
        case .connectionFailed(let reason):
            return "The connection to the other device failed: \(reason)."
        }
    }
}
