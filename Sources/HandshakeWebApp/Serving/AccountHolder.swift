// Establishes the one place the app's screens read the account from. A move to a new key makes a new account
// value while the app runs (HandshakeIntake's `KeyMoveFlow`); every route, the face-to-face sessions and the
// server's client read it here at the moment they need it, so none goes on signing with the old key. One move
// at a time: a second press while the first publishes would move the old key twice, and the server and this
// device could then keep different new keys.
import HandshakeStore
import Synchronization

/// The account the app is for, as it is now.
final class AccountHolder: Sendable {
    private let held: Mutex<HandshakeAccount>
    private let moving = Mutex(false)

    init(_ account: HandshakeAccount) { held = Mutex(account) }

    /// The account now.
    var account: HandshakeAccount { held.withLock { $0 } }

    /// Runs `move` on the account now and puts the account it returns in its place, unless a move is under
    /// way already: `nil` then, and nothing is run.
    func move<Moved: Sendable>(_ move: (HandshakeAccount) async throws -> (HandshakeAccount, Moved)) async rethrows -> Moved? {
        guard moving.withLock({ busy in
            defer { busy = true }
            return !busy
        }) else { return nil }
        defer { moving.withLock { $0 = false } }
        let (account, moved) = try await move(account)
        held.withLock { $0 = account }
        return moved
    }
}
