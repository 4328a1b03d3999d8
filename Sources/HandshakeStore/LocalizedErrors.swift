import Foundation

// As in HandshakeCore: each error's cases carry what an app needs to act on or to word it in another
// language; `LocalizedError` makes `localizedDescription` the English sentence of `description`.

extension StoreError: LocalizedError {
    /// The sentence of `description`, which `localizedDescription` shows.
    public var errorDescription: String? { description }
}

extension ContactBookError: LocalizedError {
    /// The sentence of `description`, which `localizedDescription` shows.
    public var errorDescription: String? { description }
}

extension AccountError: LocalizedError {
    /// The sentence of `description`, which `localizedDescription` shows.
    public var errorDescription: String? { description }
}

extension ReceiveError: LocalizedError {
    /// The sentence of `description`, which `localizedDescription` shows.
    public var errorDescription: String? { description }
}
