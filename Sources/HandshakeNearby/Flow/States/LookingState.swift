// Establishes the state of a nearby exchange before any connection became the exchange: how the devices are
// to find each other, and whether nobody was found in time. The people found are the list's own
// (`NearbyLobby`); a connection claimed from here moves the exchange to connecting, and one that never opens
// its channel with a token's or code's secret gives the screen back to this state.

/// Looking for the other device.
struct LookingState: Sendable, Equatable {
    var way: NearbySnapshot.Looking.Way
    var nobodyFound: String?

    init(way: NearbySnapshot.Looking.Way = .starting) {
        self.way = way
    }
}
