import Foundation
import HandshakeCore

/// The count behind the wallet-pass signing limit: each signature the server makes for an account is
/// recorded, and an account at its limit within the window is refused before anything is signed.
///
/// What is kept is only who asked and when, never the digest. Rows older than the window are deleted as
/// the next signature for the same account is counted, so the table holds at most a window's worth.
public protocol PassSignatureStorage: Sendable {
    /// Records a signature for `owner` at `now` if `limit` admits one more, counting `owner`'s signatures
    /// in its window; otherwise it throws the refusal `limit` gives. The count and the insert are one
    /// transaction, which holds across instances sharing a database.
    func recordPassSignature(owner: NodeID, now: Date, limit: WindowLimit) async throws
}
