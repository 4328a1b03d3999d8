// Establishes what an operator may set when starting a mailbox server, and the ranges each setting must
// fall in, checked in one place with a sentence for each: `handshake serve` only turns its arguments into a
// `Configuration`, and any other way of starting a server gets the same checks and the same words.
import Foundation
import Logging

extension MailboxServer {
    /// What an operator sets when starting a server: where it listens, the address people reach it at, and
    /// the limits and lifetimes it enforces (docs/server.md). ``validate()`` checks every value against its
    /// range; ``MailboxServer/init(storage:configuration:clock:)`` makes a server of a valid one.
    public struct Configuration: Sendable, Equatable {
        /// The address to listen on.
        public var host = "127.0.0.1"
        /// The TCP port to listen on (``ports``).
        public var port = 8080
        /// The base URL people reach the server at; share links are built on it. `nil` for
        /// ``defaultPublicURL``, which the start-up log warns about.
        public var publicURL: String?
        /// Seconds a request's body may take to arrive before it is answered 408 (``requestTimeLimits``).
        public var requestTimeLimit = 30
        /// Seconds a share link stays usable (``linkLifetimes``): a day by default, at most 30 days.
        public var linkLifetime = 86_400
        /// Whether sign-ins are counted by the last `X-Forwarded-For` address (behind a reverse proxy that
        /// appends it) rather than the connection's.
        public var trustForwardedFor = false
        /// Sign-ins one client address may start in a minute (at least 1). The instance's shares for new keys
        /// and for known keys are each the policy's default (3000), or this many if more.
        public var signInsPerMinute = 120
        /// Friend requests one account may send in an hour (at least 1).
        public var friendRequestsPerHour = 30
        /// Friend requests by Node ID one account may receive in an hour, from everyone together (at least 1).
        public var requestsReceivedPerHour = 20
        /// Relay connections this instance holds open at once, from everyone (at least 1; docs/server.md, The relay).
        public var relayConnections = RelayLimits().connections
        /// Relay connections one client address may hold open at once (at least 1).
        public var relayConnectionsPerAddress = RelayLimits().connectionsPerAddress
        /// Relay connections one client address may open in a minute (at least 1).
        public var relayArrivalsPerMinute = RelayLimits().arrivalsPerAddressPerMinute
        /// The level each request is logged at.
        public var requestLogLevel: Logger.Level = .info

        /// The ports a server may listen on.
        public static let ports = 1...65_535
        /// The request time limits allowed, in seconds: a second to an hour.
        public static let requestTimeLimits = 1...3_600
        /// The share-link lifetimes allowed, in seconds: a second to 30 days.
        public static let linkLifetimes = 1...2_592_000

        /// The defaults: `127.0.0.1:8080`, links built on that address, a day per link, the design's limits.
        public init() {}

        /// Refuses the first setting out of its range, with a sentence naming the `handshake serve` option
        /// that sets it.
        public func validate() throws(MailboxServerConfigurationError) {
            guard Self.ports.contains(port) else { throw .outOfRange(.port, value: port) }
            guard Self.requestTimeLimits.contains(requestTimeLimit) else { throw .outOfRange(.requestTimeLimit, value: requestTimeLimit) }
            guard Self.linkLifetimes.contains(linkLifetime) else { throw .outOfRange(.linkLifetime, value: linkLifetime) }
            for (setting, value) in [
                (Setting.signInsPerMinute, signInsPerMinute), (.friendRequestsPerHour, friendRequestsPerHour),
                (.requestsReceivedPerHour, requestsReceivedPerHour), (.relayConnections, relayConnections),
                (.relayConnectionsPerAddress, relayConnectionsPerAddress), (.relayArrivalsPerMinute, relayArrivalsPerMinute),
            ] where value < 1 {
                throw .outOfRange(setting, value: value)
            }
            if let publicURL {
                // Share links are scheme://host[:port]/share/contact/…: a base with a path, a query or
                // credentials would make links every client refuses (HandshakeMailbox's ShareLink).
                guard let url = URL(string: publicURL), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
                    let host = url.host, !host.isEmpty, url.user == nil, url.password == nil, url.query == nil, url.fragment == nil,
                    ["", "/"].contains(url.path(percentEncoded: true))
                else { throw .publicURLNotHTTP }
            }
        }

        /// Where links point when no ``publicURL`` is given: this instance's own address
        /// (`http://HOST:PORT`, an IPv6 host in brackets).
        public var defaultPublicURL: String {
            let shownHost = host.contains(":") ? "[\(host)]" : host
            return "http://\(shownHost):\(port)"
        }

        /// The limits and lifetimes these settings give, over `base` (the design's defaults unless given).
        public func policy(over base: MailboxPolicy = MailboxPolicy()) -> MailboxPolicy {
            var policy = base
            policy.shareLinkLifetime = TimeInterval(linkLifetime)
            policy.trustForwardedFor = trustForwardedFor
            policy.challengesPerAddressPerMinute = signInsPerMinute
            // One address's share can never be more than the instance's in all.
            policy.challengesPerMinute = max(base.challengesPerMinute, signInsPerMinute)
            policy.knownKeyChallengesPerMinute = max(base.knownKeyChallengesPerMinute, signInsPerMinute)
            policy.friendRequests.perSender = friendRequestsPerHour
            policy.friendRequests.perReceiver = requestsReceivedPerHour
            policy.relay.connections = relayConnections
            // One address's share can never be more than the instance's in all.
            policy.relay.connectionsPerAddress = min(relayConnectionsPerAddress, relayConnections)
            policy.relay.arrivalsPerAddressPerMinute = relayArrivalsPerMinute
            return policy
        }
    }

    /// A server over `storage` as `configuration` sets it, once it is valid.
    /// - Throws: the first setting ``Configuration/validate()`` refuses.
    public init(storage: any MailboxStorage, configuration: Configuration, clock: any MailboxClock = SystemClock()) throws(MailboxServerConfigurationError) {
        try configuration.validate()
        self.init(
            storage: storage, clock: clock, policy: configuration.policy(), publicURL: configuration.publicURL ?? configuration.defaultPublicURL,
            requestLogLevel: configuration.requestLogLevel)
        publicURLIsExplicit = configuration.publicURL != nil
        requestTimeLimit = .seconds(configuration.requestTimeLimit)
    }
}
