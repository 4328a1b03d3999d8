// Establishes which WebSocket requests become relay connections: `GET /v1/relay/{room}` with a room name
// of 32 lowercase hexadecimal digits (docs/protocols/nearby-relay.md §3). Any other path is not upgraded and
// is answered as HTTP. Who asks is the connection's peer, or behind a trusted proxy the last address of
// `X-Forwarded-For`, as for sign-in.
import HTTPTypes
import HummingbirdWebSocket
import Logging
import NIOCore

/// The relay's door on the mailbox's connections.
struct RelayUpgrade: Sendable {
    /// The start of a relay path; the room's name follows.
    static let pathPrefix = "/v1/relay/"
    /// How a relay connection's request line starts: what `MailboxHTTPChannel` gives the WebSocket pipeline.
    static let requestLinePrefix = "GET " + pathPrefix

    let rooms: RelayRooms
    let clock: any MailboxClock
    let policy: MailboxPolicy

    func shouldUpgrade(_ head: HTTPRequest, channel: any Channel) -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        guard head.method == .get, let path = head.path, path.hasPrefix(Self.pathPrefix),
            let room = RelayRoomName(path.dropFirst(Self.pathPrefix.count))
        else { return .dontUpgrade }
        let session = RelaySession(rooms: rooms, room: room, address: clientAddress(head, channel), clock: clock, limits: policy.relay)
        return .upgrade([:]) { inbound, outbound, _ in await session.run(inbound, outbound) }
    }

    private func clientAddress(_ head: HTTPRequest, _ channel: any Channel) -> String {
        policy.clientAddress(forwardedFor: HTTPField.Name("X-Forwarded-For").flatMap { head.headerFields[$0] }, peer: channel.remoteAddress?.ipAddress)
            ?? "unknown"
    }
}
