// Comparison of secret-dependent bytes without an early exit, so the time taken does not tell an attacker
// how many leading bytes it got right. It protects commitments and codes; it does not hide lengths.

enum ConstantTime {
    /// True when both sequences hold the same bytes; the time depends only on their lengths.
    static func equal(_ lhs: some Collection<UInt8>, _ rhs: some Collection<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(lhs, rhs) { difference |= a ^ b }
        return difference == 0
    }
}
