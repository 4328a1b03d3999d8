// The exchange between two processes over loopback TCP, as two devices run it: this program starts a copy
// of itself as the responder (`NearbyFigures --responder`), so each side has its own process and core, and
// times each exchange from the start of the connection until both sides hold the other's verified card.
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
/// held the initiator's verified card. Ends when standard input closes.
@MainActor
func runResponder() async throws {
    let listener = try await NearbyListener.bind(host: "127.0.0.1")
    FileHandle.standardOutput.write(Data("port \(listener.port)\n".utf8))
    let serving = Task {
        try await listener.serve { transport in
            let session = await ExchangeSession(role: .responder, secret: nil, identity: bob, card: bobCard, transport: transport, trustedContacts: bobFriends, gate: AlwaysConfirm())
            let running = Task { await session.run() }
            await choose(session)
            // The moment both cards are held, then the moment the common friends are found (the cards do
            // not wait for them: they come a little later, on another thread).
            var saidVerified = false
            for await state in await session.stateUpdates() {
                if !saidVerified, case .succeeded = state {
                    saidVerified = true
                    FileHandle.standardOutput.write(Data("verified \(monotonicNanoseconds())\n".utf8))
                }
                // The initiator's close is held until the work on its reply is done, so the session can go
                // from success to its end in one step: the record then holds the common friends.
                var found = false
                if case .succeeded(let screen) = state, case .found = screen.commonFriends { found = true }
                if case .ended(.completed) = state { found = true }
                if found {
                    FileHandle.standardOutput.write(Data("friends \(monotonicNanoseconds())\n".utf8))
                    break
                }
            }
            await running.value
        }
    }
    // Blocking on standard input, off the main actor the sessions run on.
    await withCheckedContinuation { (ended: CheckedContinuation<Void, Never>) in
        Thread { _ = FileHandle.standardInput.readDataToEndOfFile(); ended.resume() }.start()
    }
    serving.cancel()
}

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

/// One exchange with the responder process listening on `port`.
func processExchange(port: Int, responderLines: inout AsyncStream<String>.Iterator) async throws -> ProcessRun {
    let count = WireCount()
    let start = monotonicNanoseconds()
    let (verified, done) = AsyncStream.makeStream(of: UInt64.self)
    let connecting = Task {
        try await NearbyTCP.connect(host: "127.0.0.1", port: port) { transport in
            let session = await ExchangeSession(role: .initiator, secret: nil, identity: ada, card: adaCard,
                                                transport: CountingTransport(base: transport, count: count),
                                                trustedContacts: adaFriends, gate: AlwaysConfirm())
            let running = Task { await session.run() }
            await choose(session)
            var saidVerified = false
            for await state in await session.stateUpdates() {
                if !saidVerified, case .succeeded = state {
                    saidVerified = true
                    done.yield(monotonicNanoseconds())
                }
                // Closed once the common friends are in, as the coordinator does, so both sides find them.
                if case .succeeded(let screen) = state, case .found = screen.commonFriends {
                    done.yield(monotonicNanoseconds())
                    break
                }
            }
            await session.close()
            await running.value
        }
    }
    var mine = verified.makeAsyncIterator()
    func moment(_ word: String, _ responderLines: inout AsyncStream<String>.Iterator) async throws -> UInt64 {
        guard let ours = await mine.next(), let line = await responderLines.next(), line.hasPrefix(word + " "),
              let theirs = UInt64(line.dropFirst(word.count + 1)) else { throw CancellationError() }
        return max(ours, theirs)
    }
    let cards = try await moment("verified", &responderLines)
    let (sent, received, flights) = (await count.sent, await count.received, await count.flights)
    let friendsFound = try await moment("friends", &responderLines)
    _ = try await connecting.value
    return ProcessRun(milliseconds: Double(cards - start) / 1e6, friendsMilliseconds: Double(friendsFound - start) / 1e6,
                      sent: sent, received: received, flights: flights)
}

/// Starts the responder process, runs `runs` exchanges with it, and prints p50/p99 with bytes and flights.
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
    var results: [ProcessRun] = []
    for _ in 0..<runs { results.append(try await processExchange(port: port, responderLines: &lines)) }
    let times = results.map(\.milliseconds).sorted()
    say("")
    say("Two processes, loopback TCP, connect → both cards verified (compare-code mode, common friends at 100 each), \(runs) runs:")
    say(String(format: "p50 %.2f ms, p99 %.2f ms, best %.2f ms", times[runs / 2], times[runs * 99 / 100], times[0]))
    let friendTimes = results.map(\.friendsMilliseconds).sorted()
    say("connect → common friends found on both sides (after the cards, off their path):")
    say(String(format: "p50 %.2f ms, p99 %.2f ms, best %.2f ms", friendTimes[runs / 2], friendTimes[runs * 99 / 100], friendTimes[0]))
    if let one = results.last {
        say("initiator sent \(one.sent) bytes, received \(one.received) bytes, \(one.flights) flights (each side's turn counts one) until both cards were verified")
    }
}

/// Writes a line at once (not buffered), so a run that is stopped still shows what it measured.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
