/// How much of a symbol is given over to Reed–Solomon error correction.
///
/// Higher levels survive more damage (a smudge, a crease, a logo printed on top) at the cost of a larger
/// symbol for the same data. The approximate share of codewords that can be restored is given per case.
public enum QRErrorCorrection: Int, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    /// Level L: about 7 % of codewords can be restored.
    case low = 0
    /// Level M: about 15 % of codewords can be restored. The usual choice for screens.
    case medium = 1
    /// Level Q: about 25 % of codewords can be restored.
    case quartile = 2
    /// Level H: about 30 % of codewords can be restored.
    case high = 3

    /// The letter the standard uses for the level: "L", "M", "Q" or "H".
    public var letter: String {
        switch self {
        case .low: "L"
        case .medium: "M"
        case .quartile: "Q"
        case .high: "H"
        }
    }

    /// The level named by a letter (case-insensitive): "L", "M", "Q" or "H"; `nil` for anything else.
    public init?(letter: String) {
        switch letter.uppercased() {
        case "L": self = .low
        case "M": self = .medium
        case "Q": self = .quartile
        case "H": self = .high
        default: return nil
        }
    }

    /// The level's letter: `L`, `M`, `Q` or `H`.
    public var description: String { letter }

    /// Orders levels by how much damage they survive, L lowest.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The two-bit indicator written into the format information. The standard's order (M=00, L=01, H=10,
    /// Q=11) is not the order of strength, hence the table.
    var formatBits: UInt32 {
        switch self {
        case .low: 1
        case .medium: 0
        case .quartile: 3
        case .high: 2
        }
    }
}
