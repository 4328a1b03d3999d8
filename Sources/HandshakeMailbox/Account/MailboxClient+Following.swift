// Establishes how a contact's newest card is fetched from the server their card names (card.md, key 16): the
// public card route only, asked with the entity tag of the card already held (a card that did not change
// costs a 304 and no body), an answer no larger than a card, and only the addresses such a server may be at.
// The server is named by someone else's card, so fetching from it must not make this device a way in to the
// networks it sits on: the rule of a share link's server (`ShareLink.Resolution`) holds.
import Foundation
import HandshakeCore
import HandshakeCredentials

/// What asking a server for a card it holds found.
public enum FetchedCard: Sendable, Equatable {
    /// The server holds the very card asked with (a `304`).
    case unchanged
    /// The server's card, verified here and checked to be the one asked for.
    case card(SignedCard)
}

extension MailboxClient {
    /// A client of the server `server` names, allowed only the addresses a server from outside may be at:
    /// any for the server the person registered with (`registered`), else the public internet and this
    /// computer over https, and this computer alone over plain http.
    public static func following(_ server: ServerOrigin, registered: URL?, configuration: Configuration = Configuration()) -> MailboxClient? {
        guard let url = URL(string: server.origin) else { return nil }
        var configuration = configuration
        // A card and its headers: the route answers nothing larger.
        configuration.maxResponseBytes = min(configuration.maxResponseBytes, CardLimits.signedCardBytes + 4096)
        let isRegistered = registered.map { ServerOrigin($0.absoluteString) == server } ?? false
        configuration.reachable = ShareLink.Resolution(server: url, isRegisteredServer: isRegistered).reachable
        return MailboxClient(server: isRegistered ? (registered ?? url) : url, configuration: configuration)
    }

    /// The card `nodeID` published here, unless it is `held` (sent as `If-None-Match` with its entity tag):
    /// ``FetchedCard/unchanged`` then. A public call.
    /// - Throws: ``MailboxClientError``: the server's refusal (no such account, no card), an answer that is
    ///   not a card that verifies, someone else's card, or the server not answering in time.
    public func card(of nodeID: NodeID, unless held: SignedCard?) async throws(MailboxClientError) -> FetchedCard {
        var request = try makeRequest("GET", MailboxPath.card, ["nodeId": nodeID.rawValue])
        request.setValue("application/cose", forHTTPHeaderField: "Accept")
        if let held { request.setValue(held.entityTag, forHTTPHeaderField: "If-None-Match") }
        let response = try await http.send(request)
        if response.status == 304 { return .unchanged }
        guard (200..<300).contains(response.status) else { throw refusal(from: response) }
        return .card(try verifiedCard(Array(response.body), of: nodeID))
    }
}
