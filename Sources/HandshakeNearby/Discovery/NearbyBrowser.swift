// Browsing for `_handshake._tcp.local` from `start()` to `stop()`: it opens the mDNS socket, sends the
// queries ``BrowserState`` schedules, feeds it what it hears and a tick every second of the injected clock,
// and hands its events to `NearbyBrowser/events`. It does not connect to anyone and does not check that a
// peer is who its name says: that is the secure channel's job.

@_spi(Wire) import HandshakeExchange

/// Finds Handshake devices advertising on the local network.
///
/// ```swift
/// let browser = NearbyBrowser(interface: .named("wlan0"))
/// try await browser.start()
/// for await event in browser.events {
///     switch event {
///     case .found(let peer), .updated(let peer): list[peer.id] = peer
///     case .lost(let id): list[id] = nil
///     case .nobodyFound(let sentence): show(sentence)
///     }
/// }
/// ```
@_spi(Wire) public actor NearbyBrowser {
    /// What the browser notices, in order; finishes after ``stop()``.
    public nonisolated let events: AsyncStream<DiscoveryEvent>
    /// Where it browses.
    public nonisolated let interface: DiscoveryInterface

    private let continuation: AsyncStream<DiscoveryEvent>.Continuation
    private let clock: any ExchangeClock
    private let ignored: Set<String>
    private var state = State.idle

    private enum State {
        case idle
        case running(MDNSChannel, Task<Void, Never>)
        case stopped
    }

    private enum Input {
        case message(DNSMessage)
        case tick
    }

    /// Prepares a browser; nothing is sent before ``start()``.
    /// - Parameters:
    ///   - interface: where to browse.
    ///   - clock: times queries, expiries and the 30 s "nobody found" bound (tests pass one they move by hand).
    ///   - ignoring: instances never to report — pass this device's own `NearbyAdvertiser/instance`, which
    ///     the browser otherwise hears (multicast is looped back to the sending host).
    public init(
        interface: DiscoveryInterface = .automatic, clock: any ExchangeClock = SystemExchangeClock(),
        ignoring: Set<NearbyInstanceID> = []
    ) {
        (events, continuation) = AsyncStream.makeStream(of: DiscoveryEvent.self)
        self.interface = interface
        self.clock = clock
        self.ignored = Set(ignoring.map(\.text))
    }

    /// Opens the socket and starts browsing.
    /// - Throws: `NearbyDiscoveryError` when the interface or the socket cannot be had, or it was already started.
    public func start() async throws {
        guard case .idle = state else { throw NearbyDiscoveryError.alreadyStarted }
        let channel = try await MDNSChannel.open(on: interface)
        let clock = self.clock
        let ignored = self.ignored
        let continuation = self.continuation
        let (inputs, inputContinuation) = AsyncStream.makeStream(of: Input.self)
        // Read now, not in the tasks below: time the caller moves right after start() still counts.
        let startedAt = clock.now().monotonic
        let task = Task {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await message in channel.messages { inputContinuation.yield(.message(message)) }
                    inputContinuation.finish()
                }
                group.addTask {
                    var next = startedAt + .seconds(1)
                    while !Task.isCancelled {
                        do { try await clock.sleep(until: next) } catch { break }
                        inputContinuation.yield(.tick)
                        next = max(next, clock.now().monotonic) + .seconds(1)
                    }
                }
                group.addTask {
                    var browser = BrowserState(startedAt: startedAt, ignoring: ignored)
                    let first = browser.tick(at: startedAt)
                    if let query = first.query { await channel.send(query) }
                    for await input in inputs {
                        let now = clock.now().monotonic
                        switch input {
                        case .message(let message):
                            for event in browser.receive(message, at: now) { continuation.yield(event) }
                        case .tick:
                            let (events, query) = browser.tick(at: now)
                            for event in events { continuation.yield(event) }
                            if let query { await channel.send(query) }
                        }
                    }
                }
                await group.next()
                group.cancelAll()
                inputContinuation.finish()
            }
        }
        state = .running(channel, task)
    }

    /// Stops browsing: closes the socket and finishes ``events``. Calling it again does nothing.
    public func stop() async {
        let previous = state
        state = .stopped
        if case .running(let channel, let task) = previous {
            await channel.close()
            task.cancel()
            await task.value
        }
        continuation.finish()
    }
}
