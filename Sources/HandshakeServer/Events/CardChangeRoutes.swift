// Establishes the live half of following cards (docs/server.md, "Following cards live"): a follower holds
// one stream per server for the contacts whose cards name it, and hears within a moment that a card changed,
// where polling `GET /v1/cards/{nodeId}` would hear of it at the next poll. The stream needs no account and
// tells no more than polling would: the server learns the same Node IDs a poll asks for, and each message
// names only a card's entity tag, never the card (the follower fetches and verifies it as a poll does).
import Foundation
import HandshakeCore
import HandshakeMailbox
import Hummingbird
import ServiceLifecycle

/// `GET /v1/card-changes?ids=ID,ID,…`: server-sent events, one `card` message for each followed Node ID whose
/// account holds a card here, at once, then again each time that card changes.
///
/// Each message is `event: card` with `data:` `{"nodeId":…,"etag":…}`, the entity tag `GET /v1/cards/{nodeId}`
/// answers with; it has no `id:`, since reconnecting sends every card's tag again. A comment every 15 s keeps
/// the connection. Node IDs without an account or a card are followed all the same and said nothing of until
/// one is published, so a stream cannot be used to list which accounts exist. Streams are counted with the
/// event streams (``EventStreamQuota``): past ``EventStreamQuota/perAccount`` from one address,
/// `429 too_many_card_streams`, past the instance's cap `503 server_busy`.
struct CardChangeRoutes: Sendable {
    let storage: any MailboxStorage
    let broadcaster: EventBroadcaster
    let metrics: MailboxMetrics
    let policy: MailboxPolicy
    let quota: EventStreamQuota

    /// The most Node IDs one stream follows (a follower with more contacts on one server opens more streams).
    static let maxIDs = 64

    func register(on group: RouterGroup<MailboxContext>) {
        group.get(RouterPath(MailboxPath.cardChanges), use: stream)
    }

    @Sendable func stream(_ request: Request, context: MailboxContext) async throws -> Response {
        let followed = try Self.nodeIDs(request.uri.queryParameters.get("ids"))
        let headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-store"]
        guard request.method != .head else { return Response(status: .ok, headers: headers) }
        let address = policy.clientAddress(
            forwardedFor: HTTPFields.Element.Name("X-Forwarded-For").flatMap { request.headers[$0] }, peer: context.remoteAddress?.ipAddress)
        let permit = try quota.take(for: .address(address ?? "unknown"))
        let (storage, broadcaster, metrics) = (storage, broadcaster, metrics)
        // Subscribed before the first reading, so a card published between the two still wakes the stream.
        let (subscription, signals) = await broadcaster.subscribe(followingAll: Set(followed))
        context.connectionClosed.whenComplete { _ in Task { await broadcaster.unsubscribe(subscription) } }
        let body = EventStreamBody.make(
            [NodeID: String](), permit: permit, subscription: subscription, signals: signals, broadcaster: broadcaster, metrics: metrics,
            send: { told, writer in try await Self.send(followed, told: &told, storage: storage, to: &writer) })
        return Response(status: .ok, headers: headers, body: body)
    }

    /// Writes a `card` message for each of `followed` whose card is not the one last `told` (a wake-up for
    /// another reason, an account's friend request, changes nothing and writes nothing).
    static func send(_ followed: [NodeID], told: inout [NodeID: String], storage: any MailboxStorage, to writer: inout any ResponseBodyWriter)
        async throws
    {
        // Keys sorted, so a message is the same bytes every time (docs/server.md shows one).
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var text = ""
        let cards = try await storage.publishedCards(of: followed)
        for nodeID in followed {
            guard let card = cards[nodeID] else { continue }
            let tag = SignedCard.entityTag(of: card)
            guard told[nodeID] != tag else { continue }
            told[nodeID] = tag
            let data = String(decoding: try encoder.encode(CardChangeResponse(nodeId: nodeID.rawValue, etag: tag)), as: UTF8.self)
            text += "event: card\ndata: \(data)\n\n"
        }
        if !text.isEmpty { try await writer.write(ByteBuffer(string: text)) }
    }

    /// The Node IDs of `ids`: 1 to ``maxIDs`` of them, separated by commas, each a Node ID, in their order
    /// with repeats dropped.
    static func nodeIDs(_ ids: String?) throws(MailboxError) -> [NodeID] {
        guard let ids, !ids.isEmpty else { throw .badRequest("`ids` must name the Node IDs to follow, separated by commas.") }
        let parts = ids.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= maxIDs else { throw .badRequest("`ids` names more than \(maxIDs) Node IDs; follow the rest on another stream.") }
        var seen: Set<NodeID> = []
        var followed: [NodeID] = []
        for part in parts {
            guard let nodeID = NodeID(String(part)) else { throw .badRequest("`ids` must be Node IDs separated by commas.") }
            if seen.insert(nodeID).inserted { followed.append(nodeID) }
        }
        return followed
    }
}
