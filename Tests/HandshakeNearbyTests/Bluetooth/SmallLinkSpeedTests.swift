import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange
@_spi(Wire) import HandshakeLinkSimulator
import HandshakeTestSupport
import Testing

@testable import HandshakeNearby

/// Bluetooth LE at its smallest MTU, on the simulated link's virtual clock (so these bounds are the
/// protocol's, not the machine's): the figures NearbyFigures reports, with common friends at 100 trusted
/// contacts each. Both cards verified within 700 ms at MTU 20, and within 2 s when 5 % of packets are lost.
@Suite("Bluetooth LE at MTU 20: the stream protocol's speed, in virtual time")
struct SmallLinkSpeedTests {
    // The same two people and clock as the other simulated-link tests, with NearbyFigures' cards and friends.
    static let (ada, bob, wall) = (SimulatedExchangeTests.ada, SimulatedExchangeTests.bob, SimulatedExchangeTests.wall)
    static let friends = (0..<150).map { Identity(seed: IdentitySeed(bytes: Array(repeating: UInt8($0), count: 31) + [7])!).sigKey }

    static func card(_ identity: Identity, _ name: String) -> SignedCard {
        Fixture.madeCard(by: identity, at: wall.addingTimeInterval(-60)) {
            $0.name = name
            $0.company = "Analytical Engines"
            $0.emails = ["\(name.prefix(3).lowercased())@example.com"]
        }
    }

    static func swap(_ conditions: SimulatedLink.Conditions) throws -> (swap: Duration, report: SimulatedExchange.Report) {
        let report = try SimulatedExchange.run(
            initiator: .init(identity: ada, card: card(ada, "Ada Lovelace"), trustedContacts: Array(friends[0..<100]), note: "Hello"),
            responder: .init(identity: bob, card: card(bob, "Bob Babbage"), trustedContacts: Array(friends[50..<150]), note: "Hi"),
            conditions: conditions, wallStart: wall)
        return (try #require(report.swapCompletedAt), report)
    }

    @Test("MTU 20: both cards verified within 700 ms")
    func clean() throws {
        let (swap, report) = try Self.swap(SimulatedLink.Conditions(mtu: 20, latency: .milliseconds(30)))
        print("MTU 20: \(swap), \(report.packetsSent)")
        #expect(swap < .milliseconds(700))
    }

    @Test("MTU 20 losing 5 % of packets: both cards verified within 2 s, for every seed tried", arguments: [11, 1, 2, 3, 4, 5] as [UInt64])
    func lossy(seed: UInt64) throws {
        let (swap, report) = try Self.swap(SimulatedLink.Conditions(mtu: 20, latency: .milliseconds(30), loss: 0.05, seed: seed))
        print("MTU 20, 5 % loss, seed \(seed): \(swap), lost \(report.packetsLost)")
        #expect(swap < .seconds(2))
    }
}
