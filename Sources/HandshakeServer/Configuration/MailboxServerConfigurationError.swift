// Establishes the sentences a mailbox server's settings are refused with: each names the `handshake serve`
// option the operator sets it with, and the range it must fall in.
import HandshakeCore

/// Why a ``MailboxServer/Configuration`` cannot start a server.
public enum MailboxServerConfigurationError: HandshakeError, Equatable {
    /// `setting` is `value`, outside the range it must fall in.
    case outOfRange(MailboxServer.Setting, value: Int)
    /// The public URL is not an http or https URL with a host and nothing after it (no path, query or credentials).
    case publicURLNotHTTP

    /// The sentence for the operator.
    public var description: String {
        switch self {
        case .outOfRange(let setting, let value): "\(setting.option) must be \(setting.range); \(value) was given."
        case .publicURLNotHTTP: "--public-url must be an http or https address with no path, such as https://handshake.example.org."
        }
    }
}

extension MailboxServer {
    /// A numeric setting of ``Configuration``, as an operator names it.
    public enum Setting: Sendable, Equatable, CaseIterable {
        /// ``Configuration/port``.
        case port
        /// ``Configuration/requestTimeLimit``.
        case requestTimeLimit
        /// ``Configuration/linkLifetime``.
        case linkLifetime
        /// ``Configuration/signInsPerMinute``.
        case signInsPerMinute
        /// ``Configuration/friendRequestsPerHour``.
        case friendRequestsPerHour
        /// ``Configuration/requestsReceivedPerHour``.
        case requestsReceivedPerHour
        /// ``Configuration/relayConnections``.
        case relayConnections
        /// ``Configuration/relayConnectionsPerAddress``.
        case relayConnectionsPerAddress
        /// ``Configuration/relayArrivalsPerMinute``.
        case relayArrivalsPerMinute

        /// The `handshake serve` option that sets it.
        public var option: String {
            switch self {
            case .port: "--port"
            case .requestTimeLimit: "--request-time-limit"
            case .linkLifetime: "--link-lifetime"
            case .signInsPerMinute: "--sign-ins-per-minute"
            case .friendRequestsPerHour: "--friend-requests-per-hour"
            case .requestsReceivedPerHour: "--requests-received-per-hour"
            case .relayConnections: "--relay-connections"
            case .relayConnectionsPerAddress: "--relay-connections-per-address"
            case .relayArrivalsPerMinute: "--relay-arrivals-per-minute"
            }
        }

        /// The range it must fall in, in words (from ``Configuration``'s ranges).
        var range: String {
            switch self {
            case .port:
                let ports = Configuration.ports
                return "between \(ports.lowerBound) and \(ports.upperBound)"
            case .requestTimeLimit:
                let limits = Configuration.requestTimeLimits
                return "between \(limits.lowerBound) and \(limits.upperBound) seconds"
            case .linkLifetime:
                let lifetimes = Configuration.linkLifetimes
                return "between \(lifetimes.lowerBound) second and \(lifetimes.upperBound / 86_400) days (\(lifetimes.upperBound))"
            case .signInsPerMinute, .friendRequestsPerHour, .requestsReceivedPerHour, .relayConnections, .relayConnectionsPerAddress,
                .relayArrivalsPerMinute:
                return "at least 1"
            }
        }
    }
}
