/// The connection a nearby session runs over: a byte stream each way. HandshakeNearby provides the real
/// ones (TCP on the local network, a Bluetooth LE link); the session neither knows nor cares which.
public protocol ExchangeTransport: Sendable {
    /// Bytes from the other device, in order, split anywhere. The sequence ends when the connection closes
    /// and throws when it breaks.
    var incoming: AsyncThrowingStream<[UInt8], any Error> { get }
    /// Writes bytes to the other device, in order.
    func send(_ bytes: [UInt8]) async throws
    /// Closes the connection after what was sent has gone out.
    func close() async
}
