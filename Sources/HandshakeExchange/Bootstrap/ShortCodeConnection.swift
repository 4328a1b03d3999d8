import Foundation

// The short code's key exchange run over a real connection, before the secure channel: the typing device
// sends CPace message A and checks message B; the showing device redeems the code from its desk and answers.
// Each side waits a bounded time for the other (on the injected clock), so a silent peer ends the attempt
// with a sentence, never a hang. What it hands on is the channel's secret and the same connection, with any
// bytes already read put back in front. It does not open the channel or check who the peer is: the
// ``ExchangeSession`` opened with the secret does both.

/// A connection whose two ends now share the secret a short code gave them.
///
/// ```swift
/// // the device where the code was typed, connected to the device advertising its rendezvous part:
/// let keyed = try await ShortCodeConnection.type(code, channelBinding: Array(peer.id.utf8), over: connection)
/// let session = ExchangeSession(role: .initiator, secret: keyed.secret, identity: me, card: myCard, transport: keyed.transport, gate: AlwaysConfirm())
/// ```
@_spi(Wire) public struct ShortCodeConnection: Sendable {
    /// The channel's pre-shared key.
    public let secret: SessionSecret
    /// The connection to run the session over, from the first byte after the key exchange.
    public let transport: any ExchangeTransport

    /// How long each side waits for the other's key-exchange message.
    public static let answerTimeout: Duration = .seconds(15)

    /// The typing device's side: sends message A, checks message B. The device connected to is the one
    /// whose advertisement carried the code's rendezvous part; `channelBinding` is that advertisement's
    /// instance name in UTF-8 (docs/protocols/nearby-bootstrap.md, section 3.6).
    /// - Throws: ``ShortCodeError/codeDoesNotMatch`` when the other device shows another code;
    ///   ``ShortCodeError/connectionClosed`` or ``ShortCodeError/noAnswer(seconds:)`` when it gives no answer.
    ///   The connection is closed when it throws.
    public static func type(
        _ code: ShortCode, channelBinding: [UInt8], over transport: any ExchangeTransport,
        clock: any ExchangeClock = SystemExchangeClock(), timeout: Duration = answerTimeout
    ) async throws(ShortCodeError) -> ShortCodeConnection {
        var initiator = ShortCodeInitiator(code: code, channelBinding: channelBinding)
        let messageA = initiator.start()
        do { try await transport.send(messageA) } catch { throw .connectionClosed }
        let result = try await firstResult(within: timeout, clock: clock, closingOnFailure: transport) { [initiator] in
            var initiator = initiator
            for try await chunk in transport.incoming {
                if let result = try initiator.receive(chunk) { return result }
            }
            throw ShortCodeError.connectionClosed
        }
        return ShortCodeConnection(secret: result.secret, transport: ResumedTransport(base: transport, leftover: result.remainder))
    }

    /// The showing device's side, for one incoming connection: waits for message A, redeems the code from
    /// `desk` (burning it, right or wrong), sends message B. `channelBinding` is this device's own
    /// advertised instance name in UTF-8.
    /// - Throws: ``ShortCodeError/alreadyUsed``, ``ShortCodeError/expired`` or ``ShortCodeError/unknownCode``
    ///   when the desk no longer holds the code; ``ShortCodeError/noAnswer(seconds:)`` when nothing comes. The
    ///   connection is closed when it throws.
    public static func show(
        rendezvous: String, channelBinding: [UInt8], desk: ShortCodeDesk, over transport: any ExchangeTransport,
        clock: any ExchangeClock = SystemExchangeClock(), timeout: Duration = answerTimeout
    ) async throws(ShortCodeError) -> ShortCodeConnection {
        let result = try await firstResult(within: timeout, clock: clock, closingOnFailure: transport) {
            var responder = ShortCodeResponder(rendezvous: rendezvous, channelBinding: channelBinding)
            for try await chunk in transport.incoming {
                let (next, outcome) = await desk.receive(chunk, into: responder, at: clock.now().wall)
                responder = next
                if let result = try outcome.get() { return result }
            }
            throw ShortCodeError.connectionClosed
        }
        do { try await transport.send(result.reply) } catch { throw .connectionClosed }
        return ShortCodeConnection(secret: result.secret, transport: ResumedTransport(base: transport, leftover: result.remainder))
    }

    /// Runs `read` until it returns, or until `timeout` passes on `clock`, whichever is first. On failure the
    /// connection is closed, so the other device hears at once that this attempt is over.
    private static func firstResult(
        within timeout: Duration, clock: any ExchangeClock, closingOnFailure transport: any ExchangeTransport,
        _ read: @Sendable @escaping () async throws -> ShortCodeResult
    ) async throws(ShortCodeError) -> ShortCodeResult {
        do {
            return try await race(within: timeout, clock: clock, read)
        } catch {
            await transport.close()
            throw error
        }
    }

    private static func race(
        within timeout: Duration, clock: any ExchangeClock, _ read: @Sendable @escaping () async throws -> ShortCodeResult
    ) async throws(ShortCodeError) -> ShortCodeResult {
        let deadline = clock.now().monotonic + timeout
        do {
            return try await withThrowingTaskGroup(of: ShortCodeResult.self) { group in
                group.addTask(operation: read)
                group.addTask {
                    try await clock.sleep(until: deadline)
                    throw ShortCodeError.noAnswer(seconds: Int(timeout.components.seconds))
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else { throw ShortCodeError.connectionClosed }
                return first
            }
        } catch let error as ShortCodeError {
            throw error
        } catch {
            // The connection broke (or this task was cancelled): either way the code was not checked.
            throw .connectionClosed
        }
    }
}
