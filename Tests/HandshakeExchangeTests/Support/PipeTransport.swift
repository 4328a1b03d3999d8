import Foundation

@testable import HandshakeExchange

/// Two ends of an in-process byte pipe, for driving two ``ExchangeSession``s against each other in tests.
/// (The real transports are TCP and Bluetooth LE, in HandshakeNearby.)
final class PipeTransport: ExchangeTransport {
    let incoming: AsyncThrowingStream<[UInt8], any Error>
    let ownInput: AsyncThrowingStream<[UInt8], any Error>.Continuation
    let peerInput: AsyncThrowingStream<[UInt8], any Error>.Continuation

    init(incoming: AsyncThrowingStream<[UInt8], any Error>, ownInput: AsyncThrowingStream<[UInt8], any Error>.Continuation,
         peerInput: AsyncThrowingStream<[UInt8], any Error>.Continuation) {
        self.incoming = incoming
        self.ownInput = ownInput
        self.peerInput = peerInput
    }

    static func pair() -> (PipeTransport, PipeTransport) {
        let (a, aInput) = AsyncThrowingStream.makeStream(of: [UInt8].self, throwing: (any Error).self)
        let (b, bInput) = AsyncThrowingStream.makeStream(of: [UInt8].self, throwing: (any Error).self)
        return (PipeTransport(incoming: a, ownInput: aInput, peerInput: bInput), PipeTransport(incoming: b, ownInput: bInput, peerInput: aInput))
    }

    func send(_ bytes: [UInt8]) async throws { peerInput.yield(bytes) }

    /// Closing ends both directions, as closing a socket does.
    func close() async {
        peerInput.finish()
        ownInput.finish()
    }
}
