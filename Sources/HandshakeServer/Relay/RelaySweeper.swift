// Establishes when the relay's time limits are applied: once a second, against the server's clock, so a
// room nobody joined, a silent room and a room past its lifetime end within a second of their limit (and a
// test that moves the clock sees them end without waiting minutes).
import ServiceLifecycle

/// Sweeps the relay's rooms while the server runs.
struct RelaySweeper: Service {
    let rooms: RelayRooms
    let clock: any MailboxClock

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while true {
                try await Task.sleep(for: .seconds(1))
                await rooms.sweep(now: clock.now())
            }
        }
    }
}
