import Foundation
import HandshakeTestSupport
import Testing

/// The chooser's goodbye (docs/protocols/nearby-discovery.md §3, "A goodbye may be the only record of a device"):
/// a device that chooses another the moment it finds it keeps advertising until the exchange's channel is open,
/// so a device that opened its screen just after the chooser's last announcement, and so has heard nothing of it
/// yet, still lists it and takes its connection. Between two programs, with either one first; and between the
/// program and a device written from the docs with python-zeroconf (Conformance/list_peer.py), opened 3 s after
/// the program started: just after its last announcement, so that only its answers can list it. 10 runs each,
/// all of which must meet. Needs root, iproute2 and python-zeroconf (scripts/install-test-tools).
@Suite("the chooser's goodbye, in both orders", .serialized, .tags(.runsAlone), .timeLimit(.minutes(6)))
struct NearbyGoodbyeTests {
    typealias Running = NearbyCommandTests.Running
    static let runs = 10
    static let peerScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("HandshakeNearbyTests/Conformance/list_peer.py")

    /// Ada waits with her name shown; Bob chooses her by name. `chooserFirst`: Bob's screen opens first.
    func exchange(_ ada: CLI, _ bob: CLI, on pair: NetworkNamespacePair, chooserFirst: Bool) async throws -> (ada: [[String: Any]], bob: [[String: Any]]) {
        let waitingArguments = ["nearby", "--show-name", "--accept", "--yes", "--json", "--timeout", "30"]
        let choosingArguments = ["nearby", "--select", "Ada Lovelace", "--yes", "--json", "--timeout", "30"]
        let first = chooserFirst
            ? try Running(bob, choosingArguments, namespace: pair.second) : try Running(ada, waitingArguments, namespace: pair.first)
        _ = try await first.nextEvent()  // looking
        let second = chooserFirst
            ? try Running(ada, waitingArguments, namespace: pair.first) : try Running(bob, choosingArguments, namespace: pair.second)
        let firstEvents = try await Running.drain(first), secondEvents = try await Running.drain(second)
        return chooserFirst ? (secondEvents, firstEvents) : (firstEvents, secondEvents)
    }

    @Test("two programs, either one first: every exchange completes", arguments: [true, false])
    func twoPrograms(chooserFirst: Bool) async throws {
        let ada = try await NearbyCommandTests.person("Ada Lovelace"), bob = try await NearbyCommandTests.person("Bob Babbage")
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        var failed: [String] = []
        for run in 1...Self.runs {
            let (adaEvents, bobEvents) = try await exchange(ada, bob, on: pair, chooserFirst: chooserFirst)
            let outcomes = [adaEvents.last?["outcome"] as? String, bobEvents.last?["outcome"] as? String]
            if outcomes != ["completed", "completed"] { failed.append("run \(run): Ada \(adaEvents.last ?? [:]), Bob \(bobEvents.last ?? [:])") }
        }
        #expect(failed.isEmpty, "\(failed.count) of \(Self.runs) did not complete:\n\(failed.joined(separator: "\n"))")
    }

    @Test("the program chooses a device written from the docs the moment it finds it: every channel opens")
    func aDeviceFromTheDocs() async throws {
        let bob = try await NearbyCommandTests.person("Bob Babbage")
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        var failed: [String] = [], waits: [Int] = [], fromGoodbye = 0
        for run in 1...Self.runs {
            let instance = String((0..<16).map { _ in Array("0123456789abcdefghjkmnpqrstvwxyz").randomElement() ?? "0" })
            let peer = Process(), input = Pipe(), output = Pipe(), errors = Pipe()
            peer.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            peer.arguments = pair.command(in: pair.second, ["python3", Self.peerScript.path])
            (peer.standardInput, peer.standardOutput, peer.standardError) = (input, output, errors)
            try peer.run()
            defer { if peer.isRunning { kill(peer.processIdentifier, SIGKILL) } }
            let request = try JSONSerialization.data(withJSONObject: ["interface": pair.secondHost, "instance": instance, "seconds": 20])
            input.fileHandleForWriting.write(request + Data("\n".utf8))
            // Bob chooses the device by the start of its id before it is found, so he connects as he finds it.
            let choosing = try Running(bob, ["nearby", "--select", String(instance.prefix(6)), "--yes", "--json", "--timeout", "20"], namespace: pair.first)
            _ = try await choosing.nextEvent()  // looking: the first announcement is out
            try await Task.sleep(for: .milliseconds(3_150))
            input.fileHandleForWriting.write(Data("go\n".utf8))
            let events = try await Running.drain(choosing)
            try await onOwnThread { peer.waitUntilExit() }
            let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let seen = (try? JSONSerialization.jsonObject(with: Data(said.utf8))) as? [String: Any] ?? [:]
            let programCode = events.first { $0["event"] as? String == "connected" }?["shortCode"] as? String
            let digits = { (text: String?) in text.map { $0.filter(\.isNumber) } }
            if seen["listed"] as? Bool != true || seen["established"] as? Bool != true || (seen["kinds"] as? [Int] ?? []).isEmpty
                || digits(programCode) == nil || digits(programCode) != digits(seen["shortCode"] as? String) {
                let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                failed.append("run \(run): the device saw \(said) \(stderr); the program \(events)")
            }
            waits.append(seen["waitedMs"] as? Int ?? -1)
            if seen["fromGoodbyeOnly"] as? Bool == true { fromGoodbye += 1 }
        }
        #expect(failed.isEmpty, "\(failed.count) of \(Self.runs) did not meet:\n\(failed.joined(separator: "\n"))")
        print("list_peer: the program's connection waited \(waits.sorted()) ms to be listed; listed from a goodbye alone \(fromGoodbye) times")
    }
}
