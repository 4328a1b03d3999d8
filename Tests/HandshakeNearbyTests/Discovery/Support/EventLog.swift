// Collects a browser's events as they come, so a test can wait (with a real-time bound) for one to appear
// without owning the stream's only iterator for the whole test.

import Foundation

@_spi(Wire) @testable import HandshakeNearby

final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [DiscoveryEvent] = []
    private var task: Task<Void, Never>?

    init(_ browser: NearbyBrowser) {
        let stream = browser.events
        task = Task { [weak self] in
            for await event in stream { self?.append(event) }
        }
    }

    private func append(_ event: DiscoveryEvent) { lock.withLock { collected.append(event) } }

    var events: [DiscoveryEvent] { lock.withLock { collected } }

    /// Waits until an event matches, up to `seconds` of real time; returns it, or nil on time-out.
    func wait(seconds: Double = 10, for match: @Sendable (DiscoveryEvent) -> Bool) async -> DiscoveryEvent? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let event = events.first(where: match) { return event }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return events.first(where: match)
    }

    /// The first found peer with this id, waiting up to `seconds`.
    func found(_ id: String, seconds: Double = 10) async -> NearbyPeer? {
        let event = await wait(seconds: seconds) {
            if case .found(let peer) = $0 { return peer.id == id }
            return false
        }
        if case .found(let peer)? = event { return peer }
        return nil
    }

    deinit { task?.cancel() }
}
