// Advertising one exchange session on the local network, from `start()` to `stop()` and never outside
// them: on start it opens the mDNS socket, announces three times (0 s, 1 s, 3 s; RFC 6762 §8.3) and answers
// queries; on stop it sends goodbyes (TTL 0) and closes the socket. It advertises a random instance name,
// the port, `v=1`, and the display name only if one was given. It does not protect against anyone else on
// the network advertising the same name or spoofing answers: multicast DNS is unauthenticated, and the
// secure channel is what tells who is really there.

@_spi(Wire) import HandshakeExchange

/// Advertises `_handshake._tcp.local` for one exchange session.
///
/// ```swift
/// let advertiser = try NearbyAdvertiser(port: listener.port, displayName: "Ada", interface: .named("wlan0"))
/// try await advertiser.start()   // exchange screen opened
/// …
/// await advertiser.stop()        // exchange screen closed: goodbyes sent, socket closed
/// ```
@_spi(Wire) public actor NearbyAdvertiser {
    /// The session's random instance name.
    public nonisolated let instance: NearbyInstanceID
    /// The TCP port advertised in the SRV record.
    public nonisolated let port: UInt16
    /// The display name advertised in the TXT record, if any.
    public nonisolated let displayName: String?
    /// The token's or short code's rendezvous advertised in the TXT record, if any.
    public nonisolated let rendezvous: NearbyRendezvous?
    /// Where it advertises.
    public nonisolated let interface: DiscoveryInterface

    private let clock: any ExchangeClock
    private var state = State.idle

    private enum State {
        case idle
        case running(MDNSChannel, ServiceAdvertisement, Task<Void, Never>)
        case stopped
    }

    /// Prepares an advertisement; nothing is sent before ``start()``.
    /// - Parameters:
    ///   - instance: the session's instance name; leave it out for a fresh random one (the normal case).
    ///   - port: the TCP port the exchange listens on.
    ///   - displayName: shown to people nearby only if given (1–64 characters).
    ///   - rendezvous: the rendezvous of the token this device issued or the code it shows, so the device
    ///     holding it finds this one without anyone choosing.
    ///   - interface: where to advertise.
    ///   - clock: paces the repeated announcements.
    /// - Throws: `NearbyDiscoveryError/displayNameTooLong(_:)`.
    public init(
        instance: NearbyInstanceID = .random(), port: UInt16, displayName: String? = nil, rendezvous: NearbyRendezvous? = nil,
        interface: DiscoveryInterface = .automatic, clock: any ExchangeClock = SystemExchangeClock()
    ) throws(NearbyDiscoveryError) {
        // Checks the display name now, so a bad one fails before the screen opens.
        _ = try ServiceAdvertisement(instance: instance, port: port, displayName: displayName, rendezvous: rendezvous, addresses: [])
        self.instance = instance
        self.port = port
        self.displayName = displayName
        self.rendezvous = rendezvous
        self.interface = interface
        self.clock = clock
    }

    /// Opens the socket, announces the service and answers queries until ``stop()``.
    /// - Throws: `NearbyDiscoveryError` when the interface or the socket cannot be had, or it was already started.
    public func start() async throws {
        guard case .idle = state else { throw NearbyDiscoveryError.alreadyStarted }
        let channel = try await MDNSChannel.open(on: interface)
        let advertisement = try ServiceAdvertisement(
            instance: instance, port: port, displayName: displayName, rendezvous: rendezvous, addresses: [channel.interfaceAddress])
        let clock = self.clock
        let limit = LimitBox()
        let start = clock.now().monotonic
        let task = Task {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await message in channel.messages {
                        guard let response = advertisement.response(to: message),
                            let limited = await limit.filter(response, at: clock.now().monotonic)
                        else { continue }
                        await channel.send(limited)
                    }
                }
                group.addTask {
                    for offset in Self.announcementOffsets {
                        do { try await clock.sleep(until: start + offset) } catch { return }
                        let announcement = advertisement.announcement()
                        await limit.sent(announcement, at: clock.now().monotonic)
                        await channel.send(announcement)
                    }
                }
            }
        }
        state = .running(channel, advertisement, task)
    }

    /// RFC 6762 §8.3: at least two announcements a second apart, intervals at least doubling.
    static let announcementOffsets: [Duration] = [.zero, .seconds(1), .seconds(3)]

    /// Sends goodbyes (every record with TTL 0) and closes the socket. Calling it again does nothing.
    public func stop() async {
        guard case .running(let channel, let advertisement, let task) = state else {
            state = .stopped
            return
        }
        state = .stopped
        task.cancel()
        await channel.send(advertisement.goodbye())
        await channel.close()
        await task.value
    }

    /// The announcement this advertiser sends, as it would go out on `address` (for documentation and tests).
    public nonisolated func announcement(address: IPv4Address) throws -> [UInt8] {
        try ServiceAdvertisement(instance: instance, port: port, displayName: displayName, rendezvous: rendezvous, addresses: [address])
            .announcement().encoded()
    }
}

/// The rate limit, shared by the task that answers and the one that announces.
private actor LimitBox {
    var limit = MulticastRateLimit()

    func filter(_ response: DNSMessage, at now: Duration) -> DNSMessage? { limit.filter(response, at: now) }

    func sent(_ message: DNSMessage, at now: Duration) { limit.sent(message, at: now) }
}
