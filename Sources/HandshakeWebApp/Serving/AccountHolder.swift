// Establishes the one place the app's screens read the account from. A move to a new key makes a new account
// value while the app runs (HandshakeIntake's `KeyMoveFlow`); every route, the face-to-face sessions and the
// server's client read it here at the moment they need it, so none goes on signing with the old key.
import HandshakeStore
import Synchronization

/// The account the app is for, as it is now.
final class AccountHolder: Sendable {
    private let held: Mutex<HandshakeAccount>

    init(_ account: HandshakeAccount) { held = Mutex(account) }

    /// The account now.
    var account: HandshakeAccount { held.withLock { $0 } }

    /// Puts the account on its new key in place of the old.
    func replace(with account: HandshakeAccount) { held.withLock { $0 = account } }
}
