import Foundation
import HandshakeCore
import HandshakeCredentials

/// Which card a followed Node ID holds on its server now: told once for each when the stream connects, then
/// each time one changes.
public struct CardChange: Sendable, Equatable {
    /// Whose card it is.
    public let nodeID: NodeID
    /// The card's entity tag (`SignedCard.entityTag`): a follower holding a card with another
    /// tag fetches the newer one (``MailboxClient/card(of:unless:)``) and verifies it.
    public let entityTag: String
}

/// The cards of some Node IDs on one server, as they change: an async sequence that stays connected.
///
/// It needs no account (`GET /v1/card-changes`, docs/server.md "Following cards live"). It yields each
/// followed card's entity tag when it connects, and again whenever the card changes; when the connection ends
/// it connects again after the retry delay and tells every tag again, so a change made while it was away is
/// not missed. It ends when its task is cancelled, or with a ``MailboxClientError`` when the server refuses the
/// stream, says something that is not a change of a card it follows, or
/// ``MailboxClient/Configuration/maxQuickReconnects`` connections in a row failed or ended at once.
public struct CardChangeStream: AsyncSequence, Sendable {
    /// Each element is one card's current version.
    public typealias Element = CardChange
    /// It ends with a ``MailboxClientError``, or with `CancellationError` when its task is cancelled.
    public typealias Failure = any Error

    let client: MailboxClient
    let followed: [NodeID]

    /// The iterator: one connection at a time, made again whenever one ends.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let client: MailboxClient
        let followed: Set<NodeID>
        let request: BoundedHTTP.Request
        /// The connection in use, when to connect again, and when to give up.
        var stream: ReconnectingStream

        /// The next change; waits as long as it takes, reconnecting as needed.
        public mutating func next() async throws -> CardChange? {
            while true {
                try Task.checkCancellation()
                if !stream.isConnected {
                    stream.use(EventStreamConnection(request: request, http: client.http.http, silenceLimit: client.configuration.streamSilenceLimit))
                }
                switch try await stream.next() {
                case .message(let message)?:
                    guard let change = try CardChange(message, followed: followed) else { continue }
                    return change
                case .status(_, let response)?:
                    throw await client.refusal(from: response)
                case nil:
                    continue
                }
            }
        }
    }

    /// An iterator that connects on its first `next()`.
    public func makeAsyncIterator() -> AsyncIterator {
        var request = BoundedHTTP.Request("GET", client.cardChangesURL(followed))
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        let stream = ReconnectingStream(configuration: client.configuration, name: "the stream of card changes", server: client.server.host ?? "the server")
        return AsyncIterator(client: client, followed: Set(followed), request: request, stream: stream)
    }
}

extension MailboxClient {
    /// The most Node IDs one stream follows (the server's bound): follow more on more streams.
    public static let cardChangesPerStream = 64

    /// The cards of `nodeIDs` (at most ``cardChangesPerStream``; the rest are not followed) on this server, as
    /// they change. A public call. See ``CardChangeStream``.
    public nonisolated func cardChanges(of nodeIDs: [NodeID]) -> CardChangeStream {
        CardChangeStream(client: self, followed: Array(nodeIDs.prefix(Self.cardChangesPerStream)))
    }

    /// `GET /v1/card-changes?ids=…`: Node IDs are base58, so they go in a query as they are.
    nonisolated func cardChangesURL(_ followed: [NodeID]) -> URL {
        let ids = followed.map(\.rawValue).joined(separator: ",")
        return URL(string: server.absoluteString + MailboxPath.filled(MailboxPath.cardChanges) + "?ids=" + ids) ?? server
    }
}

extension CardChange {
    /// The change a stream message tells; `nil` for a message of a kind this version does not read (skipped);
    /// a refusal for a `card` message that is not about a followed card or names no entity tag.
    init?(_ message: ServerSentEventParser.Message, followed: Set<NodeID>) throws(MailboxClientError) {
        guard message.event == "card" else { return nil }
        guard let wire = try? JSONDecoder.mailbox.decode(CardChangeResponse.self, from: Data(message.data.utf8)) else {
            throw .unexpectedAnswer("a card change that is not the API's JSON.")
        }
        guard let nodeID = NodeID(wire.nodeId), followed.contains(nodeID) else {
            throw .unexpectedAnswer("a card change names \(UntrustedText.quoted(wire.nodeId, limit: 40)), which is not a card followed.")
        }
        guard Self.isEntityTag(wire.etag) else {
            throw .unexpectedAnswer("a card change has \(UntrustedText.quoted(wire.etag, limit: 60)) for a version, which is not a card's entity tag.")
        }
        self.init(nodeID: nodeID, entityTag: wire.etag)
    }

    /// Whether `text` is shaped as `SignedCard.entityTag` is: `"`, 43 base64url characters, `"`.
    static func isEntityTag(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 45, scalars.first == "\"", scalars.last == "\"" else { return false }
        return scalars.dropFirst().dropLast().allSatisfy { scalar in
            ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
        }
    }
}
