import Hummingbird

/// `GET /health`: 200 `{"status": "ok"}` while the database answers, 503 `{"status": "unavailable"}`
/// otherwise — what a load balancer or a supervisor polls. It says nothing about any account. `HEAD /health`
/// (the router's HEAD for every GET route) answers the same status and headers, `Content-Length` included,
/// with no body, for balancers that check with HEAD.
struct HealthRoutes: Sendable {
    let storage: any MailboxStorage

    func register(on router: Router<MailboxContext>) {
        router.get("health") { _, _ in
            let healthy = await storage.isHealthy()
            return EditedResponse(status: healthy ? .ok : .serviceUnavailable, response: HealthResponse(status: healthy ? "ok" : "unavailable"))
        }
    }
}

/// The health report.
struct HealthResponse: ResponseEncodable {
    let status: String
}
