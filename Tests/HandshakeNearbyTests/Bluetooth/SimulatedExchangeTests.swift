import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange
@_spi(Wire) import HandshakeLinkSimulator
import HandshakeTestSupport
import Testing

@_spi(Wire) @testable import HandshakeNearby

/// The nearby exchange over the simulated Bluetooth LE link: the real sessions and stream protocol, only the
/// radio simulated, on a virtual clock (these tests take no real time).
@Suite("Nearby exchange over a simulated Bluetooth LE link")
struct SimulatedExchangeTests {
    static let ada = Identity(seed: IdentitySeed(bytes: Array(repeating: 0xA1, count: 32))!)
    static let bob = Identity(seed: IdentitySeed(bytes: Array(repeating: 0xB0, count: 32))!)
    static let wall = Date(timeIntervalSince1970: 1_800_000_000)

    static func card(_ identity: Identity, _ name: String) -> SignedCard {
        Fixture.madeCard(by: identity, at: wall.addingTimeInterval(-60)) { $0.name = name; $0.bio = String(repeating: "b", count: 200) }
    }

    static func people(_ adaChoice: SimulatedExchange.Person.Choice = .exchange, _ bobChoice: SimulatedExchange.Person.Choice = .exchange,
                       notes: Bool = true, bobVanishesAt: Duration? = nil) -> (SimulatedExchange.Person, SimulatedExchange.Person) {
        (SimulatedExchange.Person(identity: ada, card: card(ada, "Ada Lovelace"), choice: adaChoice, note: notes ? "Hello from Ada" : nil),
         SimulatedExchange.Person(identity: bob, card: card(bob, "Bob Babbage"), choice: bobChoice, note: notes ? "Hi Ada!" : nil, vanishesAt: bobVanishesAt))
    }

    @Test("completes at MTU 185 and at MTU 20, with and without 5 % loss", arguments: [
        SimulatedLink.Conditions(mtu: 185), SimulatedLink.Conditions(mtu: 20),
        SimulatedLink.Conditions(mtu: 185, loss: 0.05, seed: 7), SimulatedLink.Conditions(mtu: 20, loss: 0.05, seed: 11),
    ])
    func completes(conditions: SimulatedLink.Conditions) throws {
        let (ada, bob) = Self.people()
        let report = try SimulatedExchange.run(initiator: ada, responder: bob, conditions: conditions, wallStart: Self.wall)
        guard case .ended(.completed(let adaRecord)) = report.initiator, case .ended(.completed(let bobRecord)) = report.responder else {
            Issue.record("\(report.initiator) / \(report.responder)"); return
        }
        #expect(adaRecord.theirNote == "Hi Ada!" && bobRecord.theirNote == "Hello from Ada")
        #expect(adaRecord.handshakeHash == bobRecord.handshakeHash)
        let swap = try #require(report.swapCompletedAt)
        if conditions.loss == 0 && conditions.mtu == 185 { #expect(swap < .seconds(1)) }
        if conditions.loss > 0 { #expect(report.packetsLost > 0) }
    }

    @Test("a link that loses almost everything fails with a sentence, never hangs")
    func hopelessLink() throws {
        let (ada, bob) = Self.people()
        let report = try SimulatedExchange.run(initiator: ada, responder: bob, conditions: .init(mtu: 185, loss: 0.9, seed: 3), wallStart: Self.wall)
        guard case .ended(.failed(let reason)) = report.initiator else { Issue.record("\(report.initiator)"); return }
        #expect(reason.contains("Bluetooth link lost") || reason.contains("did not finish connecting"))
        #expect(report.elapsed < .seconds(120))
    }

    @Test("a peer that vanishes mid-exchange: the other side ends within its timeout")
    func peerVanishes() throws {
        // Bob vanishes right after his channel opens (about 60 ms), before he could answer Ada's request.
        let (ada, bob) = Self.people(.exchange, .acceptWhenAsked, bobVanishesAt: .milliseconds(100))
        let report = try SimulatedExchange.run(initiator: ada, responder: bob, conditions: .init(mtu: 185), wallStart: Self.wall)
        switch report.initiator {
        case .ended(.noAnswer): break
        case .ended(.failed(let reason)): #expect(reason.contains("Bluetooth link lost"))
        default: Issue.record("Ada should have given up on Bob: \(report.initiator)")
        }
        #expect(report.elapsed <= .seconds(61))
    }

    @Test("decline and one-way over the link", arguments: [SimulatedExchange.Person.Choice.decline, .acceptWhenAsked])
    func declineAndGive(bobChoice: SimulatedExchange.Person.Choice) throws {
        let (ada, bob) = Self.people(.give, bobChoice, notes: false)
        let report = try SimulatedExchange.run(initiator: ada, responder: bob, conditions: .init(mtu: 20), wallStart: Self.wall)
        if bobChoice == .decline {
            #expect(report.initiator == .ended(.declined) && report.responder == .ended(.declinedByUs))
        } else {
            guard case .ended(.completed(let bobRecord)) = report.responder else { Issue.record("\(report.responder)"); return }
            #expect(bobRecord.theirBinding != nil && bobRecord.ourBinding == nil)
        }
    }
}

@Suite("Bluetooth stream protocol")
struct LinkEndpointTests {
    @Test func packets() throws {
        for packet in [LinkPacket.data(sequence: 65535, payload: [1, 2, 3]), .ack(next: 7), .fin(sequence: 0)] {
            #expect(try LinkPacket(decoding: packet.encoded, maxSize: 182) == packet)
        }
        #expect(throws: LinkError.packetTooLarge(200, limit: 182)) { try LinkPacket(decoding: Array(repeating: 1, count: 200), maxSize: 182) }
        #expect(throws: LinkError.malformedPacket("a data packet carries no data")) { try LinkPacket(decoding: [1, 0, 0], maxSize: 182) }
        #expect(throws: LinkError.malformedPacket("its type 9 is unknown")) { try LinkPacket(decoding: [9, 0, 0], maxSize: 182) }
        #expect(throws: LinkError.mtuTooSmall(19)) { try LinkEndpoint(configuration: .init(mtu: 19)) }
    }

    @Test("delivers in order across reordering and duplicates, and wraps its sequence numbers")
    func reorderAndWrap() throws {
        var sender = try LinkEndpoint(configuration: .init(mtu: 23))
        var receiver = try LinkEndpoint(configuration: .init(mtu: 23))
        sender.nextToSend = 65530; sender.oldestUnacked = 65530; receiver.nextExpected = 65530
        let message = (0..<400).map { UInt8(truncatingIfNeeded: $0) }
        var delivered: [UInt8] = []
        var pending = sender.send(message, now: .zero).packets
        var rounds = 0
        while !pending.isEmpty && rounds < 100 {
            rounds += 1
            let batch = pending.reversed() + [pending[0]]  // reversed, with a duplicate
            pending = []
            for packet in batch {
                let output = try receiver.receive(packet, now: .zero)
                delivered += output.delivered
                for ack in output.packets { pending += try sender.receive(ack, now: .zero).packets }
            }
        }
        #expect(delivered == message)
        #expect(sender.isDrained)
    }
}
