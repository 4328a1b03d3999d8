import Foundation
import Testing

@_spi(Wire) @testable import HandshakeNearby

/// The bounds of the list's sessions as state, decided at given moments (docs/protocols/nearby-discovery.md
/// §10): room made by closing the session idle the longest, never the exchange; sessions per address; the
/// common friends counted once per device; idleness; connections waiting for their device.
struct LobbySessionsTests {
    typealias Lobby = LobbySessions<Int>

    /// Seats session `id` with `device` at `second`, expecting it to be seated.
    static func seat(_ lobby: inout Lobby, _ id: Int, _ device: String, from address: String? = nil, at second: Int) throws -> Lobby.Seating {
        let admission = lobby.seat(id, device: device, arrivedFrom: address, at: .seconds(second))
        guard case .seated(let seating) = admission else { throw NotSeated(admission: admission) }
        return seating
    }

    struct NotSeated: Error {
        let admission: Lobby.Admission
    }

    @Test func aFullListClosesTheSessionIdleTheLongestAndNeverTheExchange() throws {
        var lobby = Lobby()
        for id in 0..<LobbyRules.capacity {
            let seating = try Self.seat(&lobby, id, "d\(id)", at: id)
            #expect(seating.evicted.isEmpty)
        }
        lobby.adopt(0)
        lobby.touch(1, at: .seconds(100))  // moved lately: not the idlest any more
        let seating = try Self.seat(&lobby, 16, "bob", at: 101)
        #expect(seating.evicted == [2], "session 0 is the exchange and 1 moved; 2 has been idle the longest")
        #expect(lobby.seats.count == LobbyRules.capacity)
        #expect(!lobby.seats.contains { $0.id == 2 } && lobby.seats.contains { $0.id == 0 })
    }

    @Test func anAddressHoldsAtMostTwoSessionsAtOnce() throws {
        var lobby = Lobby()
        _ = try Self.seat(&lobby, 1, "eve", from: "10.0.0.9", at: 0)
        _ = try Self.seat(&lobby, 2, "eve", from: "10.0.0.9", at: 0)
        let third = lobby.seat(3, device: "eve", arrivedFrom: "10.0.0.9", at: .zero)
        #expect(third == .refused(.tooManyFromAddress(address: "10.0.0.9")))
        _ = try Self.seat(&lobby, 4, "eve", at: 0)  // one this device opened is not counted against the address
        lobby.leave(1)
        let again = lobby.seat(5, device: "eve", arrivedFrom: "10.0.0.9", at: .seconds(1))
        guard case .seated = again else { Issue.record("\(again)"); return }
    }

    @Test func commonFriendsAreCountedOncePerDeviceWhileTheListIsOpen() throws {
        var lobby = Lobby()
        let first = try Self.seat(&lobby, 1, "carol", at: 0)
        #expect(first.countsCommonFriends)
        lobby.opened(1, at: .seconds(1))
        lobby.leave(1)
        let second = try Self.seat(&lobby, 2, "carol", at: 2)
        #expect(!second.countsCommonFriends, "Carol's were found in session 1")
        let other = try Self.seat(&lobby, 3, "dan", at: 2)
        #expect(other.countsCommonFriends)
    }

    @Test func aSessionThatEndedBeforeItsChannelOpenedHandsItsCountOn() throws {
        var lobby = Lobby()
        let first = try Self.seat(&lobby, 1, "carol", at: 0)
        let second = try Self.seat(&lobby, 2, "carol", at: 0)
        #expect(first.countsCommonFriends && !second.countsCommonFriends)
        let handedOn = lobby.leave(1)
        #expect(handedOn == 2, "session 1 found nothing: session 2 may")
        lobby.opened(2, at: .seconds(1))
        let after = lobby.leave(2)
        #expect(after == nil)
        let third = try Self.seat(&lobby, 3, "carol", at: 2)
        #expect(!third.countsCommonFriends)
    }

    @Test func atMostThirtyTwoDevicesAreCounted() throws {
        var lobby = Lobby()
        for id in 0..<LobbyRules.countedDevices {
            let seating = try Self.seat(&lobby, id, "d\(id)", at: id)
            #expect(seating.countsCommonFriends)
            lobby.opened(id, at: .seconds(id))
            lobby.leave(id)
        }
        let latecomer = try Self.seat(&lobby, 99, "latecomer", at: 40)
        #expect(!latecomer.countsCommonFriends)
    }

    @Test func aSessionIsIdleSixtySecondsAfterItLastMovedAndTheExchangeNever() throws {
        var lobby = Lobby()
        _ = try Self.seat(&lobby, 1, "carol", at: 10)
        #expect(lobby.idleDeadline(of: 1) == .seconds(70))
        lobby.touch(1, at: .seconds(30))
        #expect(lobby.idleDeadline(of: 1) == .seconds(90))
        lobby.adopt(1)
        #expect(lobby.idleDeadline(of: 1) == nil)
        #expect(lobby.idleDeadline(of: 7) == nil)
    }

    @Test func atMostSixteenConnectionsWaitForTheirDevice() {
        var lobby = Lobby()
        var started = 0
        while lobby.startWaiting() { started += 1 }
        #expect(started == LobbyRules.waitingArrivals)
        lobby.stopWaiting()
        let oneMore = lobby.startWaiting()
        #expect(oneMore)
    }

    @Test func eachRefusalIsNewsOnce() {
        var lobby = Lobby()
        let told = [
            lobby.isNews(.notInList(address: "10.0.0.9")), lobby.isNews(.notInList(address: "10.0.0.9")),
            lobby.isNews(.notInList(address: "10.0.0.8")), lobby.isNews(.requestDeclined(number: 2)),
        ]
        #expect(told == [true, false, true, true])
    }
}
