/// SplitMix64, a small well-known generator with a seed, so "random" tests repeat exactly and a failure
/// can be reproduced. Not for anything secret. (The simulated Bluetooth link has its own copy in
/// HandshakeNearby, which cannot depend on test code.)
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    public var state: UInt64

    /// A generator whose state starts at `seed`.
    public init(seed: UInt64) { state = seed }
    /// The same, for callers that name the state.
    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    public mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// `count` random bytes.
    public mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255, using: &self) } }
}
