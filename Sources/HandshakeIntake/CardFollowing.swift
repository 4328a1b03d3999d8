// Establishes the live half of keeping cards current: where `CardRefresh` asks each contact's server now,
// following holds one stream per server (`MailboxClient.cardChanges(of:)`, no account needed) and asks again
// only when the server says a contact's card is not the one the book holds. What comes back goes through
// `CardRefresh`'s own path, so a streamed change is checked and kept exactly as a polled one: the stream only
// says when to look. The streams follow the contacts of the moment it starts; an app starts it again when the
// book changes (the web app, at each hourly refresh). Bounded like any server from outside: only each card's
// own server, a few streams at once, a tag asked about once, and a server whose stream ends for good is said
// once.
import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakeStore

/// Follows contacts' cards on the servers their cards name, and keeps each newer one as it is published.
public struct CardFollowing: Sendable {
    /// How a change heard of is fetched and kept: its book, its registered server, its limits.
    public var refresh: CardRefresh
    /// The most streams open at once (one per server, a stream following up to
    /// `MailboxClient.cardChangesPerStream` contacts); contacts past them wait for the next
    /// ``CardRefresh/refresh(_:)``.
    public var streamsAtOnce = 16

    /// Following the contacts of `refresh`'s book.
    public init(refresh: CardRefresh) {
        self.refresh = refresh
    }

    /// What following found.
    public enum Event: Sendable, Equatable {
        /// A server said a contact's card changed, and fetching it did this (an update kept, or why not).
        case refreshed(CardRefresh.Result)
        /// The server's stream ended for good (it refused it, or was gone for a minute): its contacts are no
        /// longer followed live; the reason is the client's sentence.
        case stopped(server: ServerOrigin, reason: String)
    }

    /// The changes heard of, as they are kept, until the task reading them is cancelled; it finishes at once
    /// when no contact's card names a server, and when every stream has stopped.
    public func events() -> AsyncStream<Event> {
        let (events, continuation) = AsyncStream.makeStream(of: Event.self)
        let following = Task {
            await follow { continuation.yield($0) }
            continuation.finish()
        }
        continuation.onTermination = { _ in following.cancel() }
        return events
    }

    /// The servers to follow and the Node IDs on each, in the book's order, at most ``streamsAtOnce`` streams.
    public func streams() throws -> [(server: ServerOrigin, nodeIDs: [NodeID])] {
        var order: [ServerOrigin] = []
        var byServer: [ServerOrigin: [NodeID]] = [:]
        for contact in try refresh.book.contacts() {
            guard let nodeID = contact.nodeID, let server = (try? refresh.book.card(of: contact.id))?.card.server else { continue }
            if byServer[server] == nil { order.append(server) }
            byServer[server, default: []].append(nodeID)
        }
        let perStream = MailboxClient.cardChangesPerStream
        let all = order.flatMap { server in
            let ids = byServer[server] ?? []
            return stride(from: 0, to: ids.count, by: perStream).map { (server: server, nodeIDs: Array(ids[$0..<min($0 + perStream, ids.count)])) }
        }
        return Array(all.prefix(streamsAtOnce))
    }

    private func follow(_ tell: @escaping @Sendable (Event) -> Void) async {
        guard let streams = try? streams(), !streams.isEmpty else { return }
        await withTaskGroup(of: Void.self) { group in
            for stream in streams {
                group.addTask { await self.follow(stream.nodeIDs, at: stream.server, tell) }
            }
        }
    }

    /// One server's stream: each change of a card the book holds another version of is fetched and kept.
    func follow(_ nodeIDs: [NodeID], at server: ServerOrigin, _ tell: @Sendable (Event) -> Void) async {
        guard let client = MailboxClient.following(server, registered: refresh.registered, configuration: refresh.configuration) else {
            tell(.stopped(server: server, reason: "\(server.origin) is not a server this device can ask."))
            return
        }
        // A version asked about once is not asked about again: a server repeating a tag whose card could not
        // be kept gets one request for it, however often it says so.
        var asked: [NodeID: String] = [:]
        do {
            for try await change in client.cardChanges(of: nodeIDs) {
                guard asked[change.nodeID] != change.entityTag, let contact = try refresh.book.contact(nodeID: change.nodeID),
                    let held = try? refresh.book.card(of: contact.id), held.entityTag != change.entityTag
                else { continue }
                asked[change.nodeID] = change.entityTag
                for result in try await refresh.refresh([(contact, held)], at: server) { tell(.refreshed(result)) }
            }
        } catch is CancellationError {
            return
        } catch {
            if Task.isCancelled { return }
            tell(.stopped(server: server, reason: (error as? MailboxClientError)?.description ?? "\(error)"))
        }
    }
}
