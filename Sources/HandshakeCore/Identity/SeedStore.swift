/// Where an identity's seed is kept. The seed is the identity, so a store must keep it from other users
/// of the device: a file only its owner can read on Linux (`FileSeedStore` in HandshakeStore), the
/// Keychain on Apple platforms.
public protocol SeedStore: Sendable {
    /// The stored seed, or `nil` when there is none yet.
    func loadSeed() throws -> IdentitySeed?
    /// Stores `seed`. Unless `replacing` is true, an existing seed is never overwritten.
    func saveSeed(_ seed: IdentitySeed, replacing: Bool) throws
}
