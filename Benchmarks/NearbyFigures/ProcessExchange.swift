// The exchange between two processes over loopback TCP, and through a relay room when NEARBY_RELAY names a
// running server, as two devices run it: this program starts a copy of itself as the responder
// (`NearbyFigures --responder`), so each side has its own process and core, and times each exchange from the
// start of the connection until both sides hold the other's verified card.
// Both processes read CLOCK_MONOTONIC, which one machine shares, so the responder's moment can be compared
// with ours. The initiator's connection is wrapped to count bytes and flights (a flight: what one side sends
// before it next hears from the other).
import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange
@_spi(Wire) import HandshakeNearby
#if canImport(Glibc)
import Glibc
#endif

/// Nanoseconds on the clock both processes share.
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// The responder process: listens on loopback, prints its port, then for every session prints the moment it
/// held the initiator's verified card. A line `room NAME` on standard input has it enter that room on the relay
/// NEARBY_RELAY names (printing `entered` once in), as a device that shows its token waits there. Ends when
/// standard input closes.
@MainActor
func runResponder() async throws {
    let listener = try await NearbyListener.bind(host: "127.0.0.1")
    FileHandle.standardOutput.write(Data("port \(listener.port)\n".utf8))
    let serving = Task { try await listener.serve { transport in await respond(over: transport) } }
    var rooms: [Task<Void, any Error>] = []
    for await line in LineReader(FileHandle.standardInput).lines {
        guard line.hasPrefix("room "), let relay = relayServer else { continue }
        let room = RelayRoom(rendezvous: String(line.dropFirst(5)))
        rooms.append(Task {
            try await RelayTransport.run(relay, room: room) { transport in
                FileHandle.standardOutput.write(Data("entered \(monotonicNanoseconds())\n".utf8))
                await respond(over: transport)
            }
        })
    }
    serving.cancel()
    for room in rooms { room.cancel() }
}

/// The responder's side of one session: prints the moment both cards are held, then the moment the common
/// friends are found (the cards do not wait for them: they come a little later, on another thread).
@MainActor
func respond(over transport: any ExchangeTransport) async {
    let session = await ExchangeSession(role: .responder, secret: nil, identity: bob, card: bobCard, transport: transport, trustedContacts: bobFriends, gate: AlwaysConfirm())
    let running = Task { await session.run() }
    await choose(session)
    // The initiator's close is held until the work on its reply is done, so the session can go from success
    // to its end in one step: the record then holds the common friends.
    await follow(session, endingCounts: true) { moment in
        FileHandle.standardOutput.write(Data("verified \(moment)\n".utf8))
    } found: { moment in
        FileHandle.standardOutput.write(Data("friends \(moment)\n".utf8))
    }
    await running.value
}

/// Follows `session` until both cards are held (`verified`, with the moment) and then until the common friends
/// are found (`found`); with `endingCounts`, a session that ended completed has found them too.
@MainActor
func follow(
    _ session: ExchangeSession, endingCounts: Bool, verified: @Sendable (UInt64) async -> Void, found: @Sendable (UInt64) -> Void
) async {
    var saidVerified = false
    for await state in session.stateUpdates() {
        if !saidVerified, case .succeeded = state {
            saidVerified = true
            await verified(monotonicNanoseconds())
        }
        var friends = false
        if case .succeeded(let screen) = state, case .found = screen.commonFriends { friends = true }
        if endingCounts, case .ended(.completed) = state { friends = true }
        if friends {
            found(monotonicNanoseconds())
            return
        }
    }
}

/// The relay NEARBY_RELAY names (a running `handshake serve`'s origin), for the figures through a relay room.
let relayServer = ProcessInfo.processInfo.environment["NEARBY_RELAY"].flatMap { try? RelayServer(origin: $0) }

/// Lines from a child's standard output, as they come (read on a thread of their own, blocking).
final class LineReader: Sendable {
    let lines: AsyncStream<String>

    init(_ handle: FileHandle) {
        let (lines, continuation) = AsyncStream.makeStream(of: String.self)
        self.lines = lines
        Thread {
            var pending = Data()
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                pending += data
                while let newline = pending.firstIndex(of: 0x0A) {
                    continuation.yield(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending = Data(pending[(newline + 1)...])
                }
            }
            continuation.finish()
        }.start()
    }
}

/// Counts what crosses the initiator's connection.
actor WireCount {
    var sent = 0, received = 0, flights = 0
    private var lastWasSend: Bool?
    func didSend(_ count: Int) { sent += count; if lastWasSend != true { flights += 1 }; lastWasSend = true }
    func didReceive(_ count: Int) { received += count; if lastWasSend != false { flights += 1 }; lastWasSend = false }
    /// The counts at the moment the initiator held the responder's verified card (what crossed before it, the
    /// common friends' set too when it came first, since it is sent as the channel opens; nothing after).
    private(set) var atVerification = (sent: 0, received: 0, flights: 0)
    func markVerified() { atVerification = (sent, received, flights) }
}

struct CountingTransport: ExchangeTransport {
    let base: any ExchangeTransport
    let count: WireCount
    /// Made once: the session reads it once, and a second read must not start a second pump on `base`.
    let incoming: AsyncThrowingStream<[UInt8], any Error>

    init(base: any ExchangeTransport, count: WireCount) {
        self.base = base
        self.count = count
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: [UInt8].self)
        incoming = stream
        Task {
            do {
                for try await chunk in base.incoming { await count.didReceive(chunk.count); continuation.yield(chunk) }
                continuation.finish()
            } catch { continuation.finish(throwing: error) }
        }
    }

    func send(_ bytes: [UInt8]) async throws { await count.didSend(bytes.count); try await base.send(bytes) }
    func close() async { await base.close() }
}

struct ProcessRun { var milliseconds: Double; var friendsMilliseconds: Double; var sent: Int; var received: Int; var flights: Int }

/// Where the initiator meets the responder process: its loopback port, or a room on a relay.
enum Meeting {
    case loopback(port: Int)
    case relay(RelayServer)

    var words: String {
        switch self {
        case .loopback: "loopback TCP, connect"
        case .relay(let relay): "through a relay room on \(relay.origin) (WebSocket), opening the relay connection"
        }
    }
}

/// One exchange with the responder process, met as `meeting` says. Through a relay the responder enters the
/// room first, as the device that shows its token does; the clock starts when the initiator opens its connection.
func processExchange(_ meeting: Meeting, responder: FileHandle, responderLines: inout AsyncStream<String>.Iterator) async throws -> ProcessRun {
    let count = WireCount()
    let (verified, done) = AsyncStream.makeStream(of: UInt64.self)
    let session: @Sendable (any ExchangeTransport) async throws -> Void = { transport in
        let session = await ExchangeSession(role: .initiator, secret: nil, identity: ada, card: adaCard,
                                            transport: CountingTransport(base: transport, count: count),
                                            trustedContacts: adaFriends, gate: AlwaysConfirm())
        let running = Task { await session.run() }
        await choose(session)
        // Closed once the common friends are in, as the coordinator does, so both sides find them.
        await follow(session, endingCounts: false) { moment in
            await count.markVerified()
            done.yield(moment)
        } found: { moment in
            done.yield(moment)
        }
        await session.close()
        await running.value
    }
    let start: UInt64
    let connecting: Task<Void, any Error>
    switch meeting {
    case .loopback(let port):
        start = monotonicNanoseconds()
        connecting = Task { try await NearbyTCP.connect(host: "127.0.0.1", port: port, session) }
    case .relay(let relay):
        let name = UUID().uuidString
        responder.write(Data("room \(name)\n".utf8))
        guard let line = await responderLines.next(), line.hasPrefix("entered ") else { throw CancellationError() }
        start = monotonicNanoseconds()
        connecting = Task { try await RelayTransport.run(relay, room: RelayRoom(rendezvous: name), session) }
    }
    var mine = verified.makeAsyncIterator()
    func moment(_ word: String, _ responderLines: inout AsyncStream<String>.Iterator) async throws -> UInt64 {
        guard let ours = await mine.next(), let line = await responderLines.next(), line.hasPrefix(word + " "),
              let theirs = UInt64(line.dropFirst(word.count + 1)) else { throw CancellationError() }
        return max(ours, theirs)
    }
    let cards = try await moment("verified", &responderLines)
    let (sent, received, flights) = await count.atVerification
    let friendsFound = try await moment("friends", &responderLines)
    _ = try await connecting.value
    return ProcessRun(milliseconds: Double(cards - start) / 1e6, friendsMilliseconds: Double(friendsFound - start) / 1e6,
                      sent: sent, received: received, flights: flights)
}

/// Starts the responder process, runs `runs` exchanges with it (over loopback, then through the relay when
/// NEARBY_RELAY names one), and prints p50/p99 with bytes and flights.
func printProcessFigures(runs: Int) async throws {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = ["--responder"]
    let input = Pipe(), output = Pipe()
    child.standardInput = input
    child.standardOutput = output
    try child.run()
    defer { try? input.fileHandleForWriting.close(); child.waitUntilExit() }
    var lines = LineReader(output.fileHandleForReading).lines.makeAsyncIterator()
    guard let first = await lines.next(), first.hasPrefix("port "), let port = Int(first.dropFirst(5)) else {
        say("The responder process did not start.")
        return
    }
    for meeting in [Meeting.loopback(port: port)] + (relayServer.map { [Meeting.relay($0)] } ?? []) {
        var results: [ProcessRun] = []
        for _ in 0..<runs { results.append(try await processExchange(meeting, responder: input.fileHandleForWriting, responderLines: &lines)) }
        let times = results.map(\.milliseconds).sorted()
        say("")
        say("Two processes, \(meeting.words) → both cards verified (compare-code mode, common friends at \(friendCount) each), \(runs) runs:")
        say(String(format: "p50 %.2f ms, p99 %.2f ms, best %.2f ms", times[runs / 2], times[runs * 99 / 100], times[0]))
        let friendTimes = results.map(\.friendsMilliseconds).sorted()
        say("connect → common friends found on both sides (after the cards, off their path):")
        say(String(format: "p50 %.2f ms, p99 %.2f ms, best %.2f ms", friendTimes[runs / 2], friendTimes[runs * 99 / 100], friendTimes[0]))
        if let one = results.last {
            say("initiator sent \(one.sent) bytes, received \(one.received) bytes, \(one.flights) flights (each side's turn counts one) until both cards were verified")
        }
    }
}

/// Writes a line at once (not buffered), so a run that is stopped still shows what it measured.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
