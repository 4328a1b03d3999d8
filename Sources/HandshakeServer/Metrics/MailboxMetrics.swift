import Metrics
import struct Prometheus.PrometheusMetricsFactory
import class Prometheus.PrometheusCollectorRegistry

/// What the server counts, in Prometheus's text format: requests by route and status, how long they
/// took, share links created, resolved and burned, friend requests sent and answered, and the event
/// streams and connections open now, and connections refused past the cap or closed idle under pressure.
///
/// Every count goes through swift-metrics (`Counter`, `Timer`, `Meter`) with a factory that writes into
/// this server's own `PrometheusCollectorRegistry` rather than the process-wide metrics system, so two
/// servers in one process (the tests run many) never mix their counts. Routes are labelled by their
/// template (`/v1/share-links/{token}`), never by the request's path, which may hold a share token, and
/// a request no route matched is labelled `unmatched`, so the number of series stays bounded. What it
/// does not do: count anything per account.
public struct MailboxMetrics: Sendable {
    /// Where the values are kept; ``text()`` renders it.
    public let registry: PrometheusCollectorRegistry
    let factory: PrometheusMetricsFactory
    let linksCreated: Counter
    let linksResolved: Counter
    let linksBurned: Counter
    let timeouts: Counter
    let streamsOpen: Meter
    let connectionsOpen: Meter
    let connectionsRefused: Counter
    let connectionsClosedIdle: Counter
    let relayOpen: Meter
    let relayPaired: Counter
    let relayBytes: Counter
    let relayRefused: Counter

    /// A fresh set of metrics, all at zero.
    public init() {
        registry = PrometheusCollectorRegistry()
        factory = PrometheusMetricsFactory(registry: registry)
        linksCreated = Counter(label: "handshake_share_links_created_total", factory: factory)
        linksResolved = Counter(label: "handshake_share_links_resolved_total", factory: factory)
        linksBurned = Counter(label: "handshake_share_links_burned_total", factory: factory)
        timeouts = Counter(label: "handshake_http_request_timeouts_total", factory: factory)
        streamsOpen = Meter(label: "handshake_event_streams_open", factory: factory)
        connectionsOpen = Meter(label: "handshake_connections_open", factory: factory)
        connectionsRefused = Counter(label: "handshake_connections_refused_total", factory: factory)
        connectionsClosedIdle = Counter(label: "handshake_connections_closed_idle_total", factory: factory)
        relayOpen = Meter(label: "handshake_relay_connections_open", factory: factory)
        relayPaired = Counter(label: "handshake_relay_rooms_paired_total", factory: factory)
        relayBytes = Counter(label: "handshake_relay_bytes_total", factory: factory)
        relayRefused = Counter(label: "handshake_relay_refused_total", factory: factory)
        for event in FriendRequestMetric.allCases { _ = friendRequests(event) }
    }

    /// Every metric in the Prometheus text exposition format (version 0.0.4).
    public func text() -> String { registry.emitToString() }

    /// One answered request: counted by method, route template and status, and timed by method and route.
    func requestAnswered(method: String, route: String?, status: Int, duration: Duration) {
        // Hummingbird names no route (nil) or "NotFound" when none matched.
        let route = route.flatMap { $0 == "NotFound" ? nil : $0 } ?? "unmatched"
        Counter(
            label: "handshake_http_requests_total", dimensions: [("method", method), ("route", route), ("status", String(status))],
            factory: factory
        ).increment()
        Timer(label: "handshake_http_request_duration_seconds", dimensions: [("method", method), ("route", route)], factory: factory)
            .record(duration: duration)
    }

    /// Rows the clean-up deleted, counted by table (`handshake_purged_rows_total{table=…}`).
    func purged(_ counts: PurgeCounts) {
        for (table, count) in counts.byTable where count > 0 {
            Counter(label: "handshake_purged_rows_total", dimensions: [("table", table)], factory: factory).increment(by: count)
        }
    }

    /// A request's body did not arrive within the time limit (answered 408 below the router).
    func requestTimedOut() { timeouts.increment() }
    /// A share link was created.
    func shareLinkCreated() { linksCreated.increment() }
    /// A usable share link was resolved to its owner's card.
    func shareLinkResolved() { linksResolved.increment() }
    /// A share link was used up by the friend request sent with it.
    func shareLinkBurned() { linksBurned.increment() }
    /// A friend request was sent or answered.
    func friendRequest(_ event: FriendRequestMetric) { friendRequests(event).increment() }
    /// An event stream began sending.
    func eventStreamOpened() { streamsOpen.increment() }
    /// An event stream ended.
    func eventStreamClosed() { streamsOpen.decrement() }
    /// A connection took a place among those served.
    func connectionOpened() { connectionsOpen.increment() }
    /// A connection served gave its place back.
    func connectionClosed() { connectionsOpen.decrement() }
    /// A connection past the cap was refused (answered 503, or closed without a request).
    func connectionRefused() { connectionsRefused.increment() }
    /// An idle connection was closed early because the server was under pressure.
    func connectionClosedIdle() { connectionsClosedIdle.increment() }

    /// A relay connection took its seat (``RelayRooms``), and when it is the second, a room is paired.
    func relayJoined(paired: Bool) {
        relayOpen.increment()
        if paired { relayPaired.increment() }
    }

    func relayLeft() { relayOpen.decrement() }

    func relayCarried(_ bytes: Int) { relayBytes.increment(by: bytes) }

    func relayRefusedConnection() { relayRefused.increment() }

    private func friendRequests(_ event: FriendRequestMetric) -> Counter {
        Counter(label: "handshake_friend_requests_total", dimensions: [("event", event.rawValue)], factory: factory)
    }
}

/// What happened to a friend request, as the `event` label of `handshake_friend_requests_total`.
enum FriendRequestMetric: String, CaseIterable, Sendable {
    case sent, accepted, declined, cancelled
}
