// Establishes how the two devices of a short code meet in a relay room (docs/protocols/nearby-relay.md §6): the
// room says nothing of who is in it, and the device that typed the code may send its one attempt (CPace
// message A) only once, so it waits until the device showing the code says it is there (a SHOWN frame, sent
// on entering the room) and only then sends it. A device that typed the code never spends it on an empty
// room, or on a room whose other side is someone else typing.
import HandshakeCore

extension ShortCodeConnection {
    /// The SHOWN frame: `00 01 06`.
    static var shownFrame: [UInt8] { ShortCodeFrames.frame(.shown, []) }

    /// The showing device's side, on entering the room: says it is there.
    /// - Throws: ``ShortCodeError/connectionClosed`` when the room's connection is gone.
    public static func announceShown(over transport: any ExchangeTransport) async throws(ShortCodeError) {
        do { try await transport.send(shownFrame) } catch { throw .connectionClosed }
    }

    /// What the typing device's wait in the room came to.
    public enum ShownWait: Sendable {
        /// The showing device said it is there: the room's connection from the byte after SHOWN.
        case shown(any ExchangeTransport)
        /// The connection ended first (the room closed, or this task was cancelled), with the error it ended
        /// with, if any: the relay's close of a room it refused says why.
        case ended((any Error)?)
    }

    /// The typing device's side: waits for the showing device's SHOWN frame, then hands back the room's
    /// connection from the byte after it, or says how the connection ended first; anything else first is
    /// refused.
    /// - Throws: ``ShortCodeError/unexpectedMessage(type:)`` or ``ShortCodeError/malformedMessage(_:)`` when
    ///   the first frame is not SHOWN.
    public static func awaitShown(over transport: any ExchangeTransport) async throws(ShortCodeError) -> ShownWait {
        var buffer: [UInt8] = []
        do {
            for try await chunk in transport.incoming {
                buffer += chunk
                guard buffer.count >= 3 else { continue }
                guard Array(buffer.prefix(3)) == shownFrame else {
                    // The same checks and words as every other frame of the exchange (length, then type).
                    _ = try ShortCodeFrames.next(from: buffer, expecting: .shown)
                    throw ShortCodeError.malformedMessage("the arrival frame carries content")
                }
                return .shown(ResumedTransport(base: transport, leftover: Array(buffer.dropFirst(3))))
            }
        } catch let error as ShortCodeError {
            throw error
        } catch {
            return .ended(error)
        }
        return .ended(nil)
    }
}
