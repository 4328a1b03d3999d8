// Establishes what one relay connection does once upgraded: takes a seat in its room, then moves the other
// side's messages to its WebSocket and its own messages to the room until either ends. It holds no rule: every
// bound is RelayRooms'; a room that ends closes the connection with the room's close code and sentence.
import Foundation
import HummingbirdWebSocket
import NIOCore

/// One side of a room, on its WebSocket.
struct RelaySession: Sendable {
    let rooms: RelayRooms
    let room: RelayRoomName
    let address: String
    let clock: any MailboxClock
    let limits: RelayLimits

    func run(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter) async {
        let seat: Int, deliveries: AsyncStream<RelayRooms.Delivery>
        switch await rooms.join(room, from: address, now: clock.now()) {
        case .failure(let refusal):
            try? await outbound.close(refusal.code, reason: refusal.reason)
            return
        case .success(let joined):
            (seat, deliveries) = joined
        }
        await withTaskGroup(of: Void.self) { group in
            // The other side's messages, then the room's end, to this connection.
            group.addTask {
                for await delivery in deliveries {
                    switch delivery {
                    case .bytes(let bytes):
                        do { try await outbound.write(.binary(bytes)) } catch { return }
                    case .ended(let refusal?):
                        try? await outbound.close(refusal.code, reason: refusal.reason)
                        return
                    case .ended(nil):
                        try? await outbound.close(.normalClosure, reason: "The other side left.")
                        return
                    }
                }
            }
            // This connection's messages, to the room; a text message ends the room, as a message over the
            // limit does (the WebSocket layer refuses that one itself, with 1009).
            group.addTask {
                var messages = inbound.messages(maxSize: limits.messageBytes).makeAsyncIterator()
                do {
                    while let message = try await messages.next() {
                        switch message {
                        case .binary(let bytes): await rooms.carry(bytes, from: seat, now: clock.now())
                        case .text: await rooms.end(seat, .notBytes, now: clock.now())
                        }
                    }
                } catch {
                    // The connection broke or sent what WebSocket refuses: this side has left, said below.
                }
            }
            await group.next()
            await rooms.leave(seat, from: address, now: clock.now())
            group.cancelAll()
        }
    }
}
