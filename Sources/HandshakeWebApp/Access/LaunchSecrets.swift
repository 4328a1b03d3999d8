// Establishes the secrets one launch of the app is reached with, as Jupyter does: the launch secret in the
// URL the program prints (traded once for a cookie), the cookie's own value, and the token every form
// carries against cross-site requests. All three are new at each launch and live only in memory.
import Crypto
import Foundation
import HandshakeCore

/// The secrets of one launch.
public struct LaunchSecrets: Sendable {
    /// The secret in the URL the program prints and opens.
    public let launch: String
    /// The value of the session cookie the launch secret is traded for.
    let session: String
    /// The token each form carries (`csrf`), checked on every change.
    let formToken: String

    /// New random secrets, 256 bits each.
    public init() {
        launch = Self.random()
        session = Self.random()
        formToken = Self.random()
    }

    init(launch: String, session: String, formToken: String) {
        self.launch = launch
        self.session = session
        self.formToken = formToken
    }

    private static func random() -> String {
        Base64URL.encode(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
    }

    /// Compares in time that does not depend on where the two differ (HandshakeCore's `constantTimeEquals`).
    static func same(_ given: String?, _ expected: String) -> Bool {
        guard let given else { return false }
        return constantTimeEquals(given.utf8, expected.utf8)
    }
}
