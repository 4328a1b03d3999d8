@_spi(Wire) import HandshakeExchange

// The Bluetooth LE stream protocol as a connection a session runs over: what an iOS or Android app wires to
// its GATT characteristic. The app hands every packet the other device wrote (or notified) to
// `receive(packet:)`, and gives a `write` function that performs one GATT write or notification; this type
// does the rest — cutting the session's bytes into numbered packets, acknowledging, retransmitting on the
// injected clock, reassembling — exactly as `SimulatedExchange` runs it over the simulated link
// (docs/protocols/nearby-ble.md). It does not scan, advertise or connect: CoreBluetooth or the Android BLE
// stack does that, and says when the link is gone (`disconnected()`).

/// A nearby-exchange connection over Bluetooth LE, built on ``LinkEndpoint``.
///
/// ```swift
/// // CoreBluetooth, central side, once the characteristic is found and the MTU known:
/// let link = try LinkTransport(configuration: .init(mtu: peripheral.maximumWriteValueLength(for: .withoutResponse) + 3)) { packet in
///     peripheral.writeValue(Data(packet), for: characteristic, type: .withoutResponse)
/// }
/// // in peripheral(_:didUpdateValueFor:error:):  Task { await link.receive(packet: Array(characteristic.value ?? Data())) }
/// let record = try await coordinator.run(.link(link, role: .initiator), timeout: .seconds(120))
/// ```
public actor LinkTransport: ExchangeTransport {
    /// The stream's bytes, in order, as the exchange session reads them; it finishes when the other side ends
    /// the stream and throws a ``LinkError`` when the link gives up.
    public nonisolated let incoming: AsyncThrowingStream<[UInt8], any Error>
    private let continuation: AsyncThrowingStream<[UInt8], any Error>.Continuation
    private var endpoint: LinkEndpoint
    private let write: @Sendable ([UInt8]) -> Void
    private let clock: any ExchangeClock
    private var timer: Task<Void, Never>?
    private var ended = false
    /// Our side of the stream is finished; nothing more may be sent.
    private var closed = false
    private var drainWaiters: [CheckedContinuation<Void, Never>] = []

    /// A link whose packets go out through `write`, ready for a session to run over.
    ///
    /// - Parameters:
    ///   - configuration: the negotiated MTU (and the window and retransmission timer, which both devices
    ///     should leave at their defaults).
    ///   - clock: paces retransmissions.
    ///   - write: sends one packet to the other device (one GATT write or notification). It must not block;
    ///     a packet it loses is sent again.
    /// - Throws: ``LinkError/mtuTooSmall(_:)``.
    public init(
        configuration: LinkEndpoint.Configuration = .init(), clock: any ExchangeClock = SystemExchangeClock(),
        write: @escaping @Sendable ([UInt8]) -> Void
    ) throws(LinkError) {
        endpoint = try LinkEndpoint(configuration: configuration)
        self.write = write
        self.clock = clock
        (incoming, continuation) = AsyncThrowingStream.makeStream(of: [UInt8].self)
    }

    /// A packet the other device wrote. A malformed one ends the connection with a sentence.
    public func receive(packet: [UInt8]) {
        guard !ended else { return }
        do throws(LinkError) {
            apply(try endpoint.receive(packet, now: clock.now().monotonic))
        } catch {
            end(throwing: error)
        }
    }

    /// Sends the session's bytes; they arrive in order, or the connection fails with ``LinkError``.
    public func send(_ bytes: [UInt8]) async throws {
        if let failure = endpoint.failure { throw failure }
        guard !ended, !closed else { throw LinkError.connectionLost }
        apply(endpoint.send(bytes, now: clock.now().monotonic))
    }

    /// Ends our side of the stream and waits until the other device acknowledged everything, or the link
    /// gave up (after its retries), or the other side went away.
    /// It goes on acknowledging what the other device sends, so that device's own close completes too.
    public func close() async {
        guard !ended, !closed else { return }
        closed = true
        apply(endpoint.finish(now: clock.now().monotonic))
        if !endpoint.isDrained && !ended {
            await withCheckedContinuation { drainWaiters.append($0) }
        }
        if endpoint.peerFinished { end() }
    }

    /// The Bluetooth connection is gone (the app's BLE stack said so): the session hears the connection
    /// closed.
    public func disconnected() {
        guard !ended else { return }
        end(throwing: endpoint.isDrained && endpoint.peerFinished ? nil : LinkError.connectionLost)
    }

    private func apply(_ output: LinkEndpoint.Output) {
        output.packets.forEach(write)
        if !output.delivered.isEmpty { continuation.yield(output.delivered) }
        if endpoint.peerFinished { continuation.finish() }
        if endpoint.isDrained { resumeDrainWaiters() }
        schedule()
    }

    /// Sleeps until the endpoint's next retransmission deadline, then ticks it.
    private func schedule() {
        timer?.cancel()
        timer = nil
        guard !ended, let deadline = endpoint.nextDeadline else { return }
        let clock = clock
        timer = Task { [weak self] in
            do { try await clock.sleep(until: deadline) } catch { return }
            await self?.tick()
        }
    }

    private func tick() {
        guard !ended else { return }
        do throws(LinkError) {
            apply(try endpoint.tick(now: clock.now().monotonic))
        } catch {
            end(throwing: error)
        }
    }

    private func end(throwing error: (any Error)? = nil) {
        ended = true
        timer?.cancel()
        timer = nil
        if let error { continuation.finish(throwing: error) } else { continuation.finish() }
        resumeDrainWaiters()
    }

    private func resumeDrainWaiters() {
        let waiters = drainWaiters
        drainWaiters = []
        waiters.forEach { $0.resume() }
    }
}
