import Hummingbird

/// `GET /metrics`: the server's metrics in Prometheus's text format, for a Prometheus server to scrape.
///
/// It needs no sign-in and names no account, route parameter or token; operators who do not want it
/// public keep it off their proxy (docs/server.md says how).
struct MetricsRoutes: Sendable {
    let metrics: MailboxMetrics

    func register(on router: Router<MailboxContext>) {
        router.get("metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(string: metrics.text())))
        }
    }
}
