// Two ends of an in-process byte pipe, for driving two sessions against each other in tests without a
// socket (the real transports are TCP and Bluetooth LE, in HandshakeNearby): the exchange's session tests and
// the nearby list's, which also pass the pipe off as a connection from any address they like.
import Foundation
@_spi(Wire) import HandshakeExchange

/// One end of an in-process byte pipe; ``pair()`` makes both.
public final class PipeTransport: ExchangeTransport {
    public let incoming: AsyncThrowingStream<[UInt8], any Error>
    let ownInput: AsyncThrowingStream<[UInt8], any Error>.Continuation
    let peerInput: AsyncThrowingStream<[UInt8], any Error>.Continuation

    init(incoming: AsyncThrowingStream<[UInt8], any Error>, ownInput: AsyncThrowingStream<[UInt8], any Error>.Continuation,
         peerInput: AsyncThrowingStream<[UInt8], any Error>.Continuation) {
        self.incoming = incoming
        self.ownInput = ownInput
        self.peerInput = peerInput
    }

    /// Both ends of a new pipe: what one sends, the other receives.
    public static func pair() -> (PipeTransport, PipeTransport) {
        let (a, aInput) = AsyncThrowingStream.makeStream(of: [UInt8].self, throwing: (any Error).self)
        let (b, bInput) = AsyncThrowingStream.makeStream(of: [UInt8].self, throwing: (any Error).self)
        return (PipeTransport(incoming: a, ownInput: aInput, peerInput: bInput), PipeTransport(incoming: b, ownInput: bInput, peerInput: aInput))
    }

    public func send(_ bytes: [UInt8]) async throws { peerInput.yield(bytes) }

    /// Closing ends both directions, as closing a socket does.
    public func close() async {
        peerInput.finish()
        ownInput.finish()
    }
}
