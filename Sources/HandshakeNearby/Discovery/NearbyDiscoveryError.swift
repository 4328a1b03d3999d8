// The ways starting discovery can fail, each with a sentence that says what to do. These are failures of this
// device (no usable interface, a port that cannot be bound, a name too long); what other devices send is
// never an error here — a malformed packet is dropped and discovery goes on.

import HandshakeCore

/// Why an advertiser or a browser could not start.
@_spi(Wire) public enum NearbyDiscoveryError: HandshakeError, Equatable {
    /// The display name is empty, longer than 64 characters, or does not fit a TXT string.
    case displayNameTooLong(Int)
    /// No network interface of that name exists, or it has no IPv4 address.
    case noSuchInterface(String)
    /// No interface other than loopback can multicast and has an IPv4 address.
    case noUsableInterface
    /// The multicast DNS socket could not be made (bind, join the group, or set an option).
    case socket(step: String, errno: Int32)
    /// `NearbyAdvertiser/start()` was called twice, or after `NearbyAdvertiser/stop()`.
    case alreadyStarted

    /// A sentence to show the person whose nearby screen failed.
    public var description: String {
        switch self {
        case .displayNameTooLong(let count):
            "The display name (\(count) characters) cannot be advertised: it must be 1 to 64 characters and at most 253 bytes."
        case .noSuchInterface(let name):
            "There is no network interface \"\(name)\" with an IPv4 address. Check the name with `ip addr`, or leave it out to use the first one that can multicast."
        case .noUsableInterface:
            "No network interface with an IPv4 address can multicast, so nobody nearby can be found. Connect to a network (Wi-Fi or cable) and try again."
        case .socket(let step, let errno):
            "The multicast DNS socket failed to \(step) (errno \(errno)). Another program may hold UDP port 5353 without sharing it."
        case .alreadyStarted:
            "This advertiser has already been started or stopped; make a new one for a new session."
        }
    }
}
