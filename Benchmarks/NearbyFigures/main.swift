// Prints the nearby exchange's figures that a CPU benchmark cannot give (docs/performance.md):
//  1. over the simulated Bluetooth LE link, the virtual time from the first byte until both cards are
//     verified, with common friends at 100 trusted contacts each, at MTU 185 / 30 ms and MTU 20 (and with
//     5 % loss), with bytes and packets;
//  2. over real TCP on loopback (two sessions in this process), the wall time from connecting until both
//     cards are verified, over many runs: p50 and p99;
//  3. the same between two processes (ProcessExchange.swift), with bytes and flights, and through a relay room
//     when NEARBY_RELAY names a running server's origin (scripts/bench-relay starts one).
// Run: cd Benchmarks && swift run -c release NearbyFigures   (NEARBY_RUNS=N runs, NEARBY_FRIENDS=N contacts a side
// over TCP, NEARBY_PROCESSES_ONLY=1 for part 3 alone)
import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange
@_spi(Wire) import HandshakeLinkSimulator
@_spi(Wire) import HandshakeNearby


let ada = Identity(seed: IdentitySeed(bytes: Array(repeating: 0xA1, count: 32))!)
let bob = Identity(seed: IdentitySeed(bytes: Array(repeating: 0xB0, count: 32))!)
func card(_ identity: Identity, _ name: String) -> SignedCard {
    var profile = CardProfile(identity: identity, now: Date().addingTimeInterval(-60))
    try? profile.edit(now: Date().addingTimeInterval(-60)) { $0.name = name; $0.company = "Analytical Engines"; $0.emails = ["\(name.prefix(3).lowercased())@example.com"] }
    return try! profile.issueCard(identity: identity)
}
let adaCard = card(ada, "Ada Lovelace"), bobCard = card(bob, "Bob Babbage")
let friends = (0..<150).map { Identity(seed: IdentitySeed(bytes: Array(repeating: UInt8($0), count: 31) + [7])!).sigKey }
/// Each side's trusted contacts over TCP (NEARBY_FRIENDS, at most 100; 100 by default), half of them in common.
let friendCount = min(100, Int(ProcessInfo.processInfo.environment["NEARBY_FRIENDS"] ?? "") ?? 100)
let adaFriends = Array(friends[0..<friendCount]), bobFriends = Array(friends[friendCount / 2..<friendCount / 2 + friendCount])

if CommandLine.arguments.dropFirst().first == "--responder" {
    try await runResponder()
    exit(0)
}
// The figures between two processes alone (scripts/bench-relay, which adds the relay's).
if ProcessInfo.processInfo.environment["NEARBY_PROCESSES_ONLY"] != nil {
    try await printProcessFigures(runs: Int(ProcessInfo.processInfo.environment["NEARBY_RUNS"] ?? "") ?? 200)
    exit(0)
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}


say("Simulated Bluetooth LE (virtual time), common friends at 100 trusted contacts each:")
say("| link | both cards verified | session over | bytes I→R / R→I | packets I→R / R→I | lost |")
say("|---|---|---|---|---|---|")
for (label, conditions) in [
    ("MTU 185, 30 ms", SimulatedLink.Conditions(mtu: 185, latency: .milliseconds(30))),
    ("MTU 20, 30 ms", SimulatedLink.Conditions(mtu: 20, latency: .milliseconds(30))),
    ("MTU 20, 30 ms, 5 % loss", SimulatedLink.Conditions(mtu: 20, latency: .milliseconds(30), loss: 0.05, seed: 11)),
] {
    let report = try SimulatedExchange.run(
        initiator: .init(identity: ada, card: adaCard, trustedContacts: Array(friends[0..<100]), note: "Hello"),
        responder: .init(identity: bob, card: bobCard, trustedContacts: Array(friends[50..<150]), note: "Hi"),
        conditions: conditions)
    let swap = report.swapCompletedAt.map { String(format: "%.0f ms", milliseconds($0)) } ?? "never"
    say("| \(label) | \(swap) | \(String(format: "%.0f ms", milliseconds(report.elapsed))) | \(report.bytesSent.initiator) / \(report.bytesSent.responder) | \(report.packetsSent.initiator) / \(report.packetsSent.responder) | \(report.packetsLost) |")
}

/// One exchange over loopback TCP; the time from starting to connect until both sides hold the other's card.
@MainActor
func tcpExchange() async throws -> Duration {
    let clock = ContinuousClock()
    let listener = try await NearbyListener.bind(host: "127.0.0.1")
    let (bobSessions, arrived) = AsyncStream.makeStream(of: ExchangeSession.self)
    let serving = Task {
        try await listener.serve { transport in
            let session = await ExchangeSession(role: .responder, secret: nil, identity: bob, card: bobCard, transport: transport, trustedContacts: bobFriends, gate: AlwaysConfirm())
            arrived.yield(session)
            await session.run()
        }
    }
    defer { serving.cancel() }
    let start = clock.now
    let (adaSessions, adaArrived) = AsyncStream.makeStream(of: ExchangeSession.self)
    let connecting = Task {
        try await NearbyTCP.connect(host: "127.0.0.1", port: listener.port) { transport in
            let session = await ExchangeSession(role: .initiator, secret: nil, identity: ada, card: adaCard, transport: transport, trustedContacts: adaFriends, gate: AlwaysConfirm())
            adaArrived.yield(session)
            await session.run()
        }
    }
    var a = adaSessions.makeAsyncIterator(), b = bobSessions.makeAsyncIterator()
    guard let adaSession = await a.next(), let bobSession = await b.next() else { throw CancellationError() }
    async let adaChoice: Void = choose(adaSession)
    async let bobChoice: Void = choose(bobSession)
    _ = await (adaChoice, bobChoice)
    for session in [adaSession, bobSession] {
        for await state in session.stateUpdates() { if case .succeeded = state { break } }
    }
    let elapsed = clock.now - start
    adaSession.close()
    _ = try await connecting.value
    return elapsed
}

@MainActor
func choose(_ session: ExchangeSession) async {
    for await state in session.stateUpdates() {
        if state.actions.contains(.request) || state.actions.contains(.accept) {
            try? await session.exchange()
            return
        }
        if case .succeeded = state { return }
    }
}

let runs = Int(ProcessInfo.processInfo.environment["NEARBY_RUNS"] ?? "") ?? 200
var times: [Double] = []
for _ in 0..<runs { times.append(milliseconds(try await tcpExchange())) }
times.sort()
say("")
say("Loopback TCP, connect → both cards verified (compare-code mode, common friends at 100 each), \(runs) runs:")
say(String(format: "p50 %.2f ms, p99 %.2f ms, best %.2f ms", times[runs / 2], times[runs * 99 / 100], times[0]))

try await printProcessFigures(runs: runs)
