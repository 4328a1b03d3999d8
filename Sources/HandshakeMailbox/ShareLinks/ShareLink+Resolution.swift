import Foundation
import HandshakeCredentials

/// Where a share link is resolved, and which addresses that may reach: the rule every front end follows
/// before anything is sent.
///
/// A link that names no server is resolved on the server the person registered with. A link that names
/// the registered server (same scheme, host and port) is too, wherever that server is. A link that names
/// another server was made by someone else, and resolving it must not make this device a way in to the
/// networks it sits on: its server may be on the internet, or on this computer (a mailbox run locally;
/// the request is always `GET /v1/share-links/TOKEN`, with no credentials), but not at a private or
/// link-local address (a router, a cloud's metadata service). Plain http is read only for this computer
/// (``ShareLink/init(validating:)``), and its name must then resolve to loopback addresses alone.
extension ShareLink {
    /// The server a link is resolved on, and the addresses the call may connect to.
    public struct Resolution: Sendable, Equatable {
        /// The server asked.
        public let server: URL
        /// Whether it is the server the person registered with (then any address is allowed).
        public let isRegisteredServer: Bool

        /// The addresses the call may connect to.
        package var reachable: ReachableAddresses {
            if isRegisteredServer { return .any }
            if server.scheme == "http" { return ReachableAddresses(scopes: [.loopback], reason: "plain http goes to this computer only") }
            return ReachableAddresses(
                scopes: [.publicInternet, .loopback], reason: "a share link leads there only when it is the server you registered with")
        }
    }

    /// Where this link is resolved, for a person registered with `registered` (or with none); `nil` when the
    /// link names no server and there is no registered one.
    public func resolution(registered: URL?) -> Resolution? {
        guard let server else { return registered.map { Resolution(server: $0, isRegisteredServer: true) } }
        if let registered, Self.origin(of: registered) == Self.origin(of: server) {
            return Resolution(server: registered, isRegisteredServer: true)
        }
        return Resolution(server: server, isRegisteredServer: false)
    }

    /// `scheme://host:port` with the host read strictly and the port spelled out, for comparing servers.
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = try? NetworkHost(of: url) else { return nil }
        return "\(scheme)://\(host.urlForm):\(url.port ?? (scheme == "https" ? 443 : 80))"
    }
}

extension MailboxClient {
    /// A client that resolves `link` where ``ShareLink/resolution(registered:)`` says, allowed only the
    /// addresses it allows; `nil` when the link names no server and there is no registered one.
    public static func resolving(_ link: ShareLink, registered: URL?, configuration: Configuration = Configuration()) -> MailboxClient? {
        guard let resolution = link.resolution(registered: registered) else { return nil }
        var configuration = configuration
        configuration.reachable = resolution.reachable
        return MailboxClient(server: resolution.server, configuration: configuration)
    }
}
