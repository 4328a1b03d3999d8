/// Optimal splitting of text into numeric, alphanumeric and byte segments.
///
/// Each mode change costs a header (4 mode bits plus a count field whose width depends on the version), so
/// the cheapest split is not "use the densest mode for each character": a short run of digits inside
/// letters is cheaper left in alphanumeric mode. We find the true minimum by dynamic programming over the
/// text's UTF-8 bytes. The state after each byte is the mode of the segment it ends and, for numeric and
/// alphanumeric, how many characters that segment holds modulo 3 or 2: digits pack three to 10 bits
/// (4 + 3 + 3 as they arrive) and alphanumerics two to 11 bits (6 + 5), so with the residue in the state
/// every step's cost is an exact whole number of bits and the minimum is exact, not an estimate.
enum Segmentation {
    /// The six DP states.
    private enum State: Int, CaseIterable {
        case numeric1 = 0, numeric2, numeric0, alphanumeric1, alphanumeric0, byte

        var mode: QRSegmentMode {
            switch self {
            case .numeric0, .numeric1, .numeric2: .numeric
            case .alphanumeric0, .alphanumeric1: .alphanumeric
            case .byte: .byte
            }
        }
    }

    private static let unreachable = Int.max / 4

    /// The cheapest segments for `bytes` in a symbol of `version` (only its count-field widths matter),
    /// and their total size in bits, headers included.
    static func optimal(_ bytes: [UInt8], version: Int) -> (segments: [QRSegment], bits: Int) {
        let count = bytes.count
        if count == 0 { return ([], 0) }
        let numericHeader = 4 + QRSegmentMode.numeric.characterCountBits(version: version)
        let alphanumericHeader = 4 + QRSegmentMode.alphanumeric.characterCountBits(version: version)
        let byteHeader = 4 + QRSegmentMode.byte.characterCountBits(version: version)

        // For byte i and state s: the state before it (low 3 bits) and whether it starts a segment (bit 3).
        var back = [UInt8](repeating: 0, count: count * 6)
        var cost = [Int](repeating: unreachable, count: 6)
        var previous = cost
        var cheapestPrevious = 0  // before the first byte: nothing spent, any segment may start
        var cheapestPreviousState = 0

        for (i, byte) in bytes.enumerated() {
            swap(&cost, &previous)
            let isDigit = QRSegmentMode.isDigit(byte)
            let isAlphanumeric = QRSegmentMode.isAlphanumeric(byte)
            let row = i * 6
            let first = i == 0
            let start = UInt8(cheapestPreviousState) | 8

            // Numeric: continue the current run, or start a new segment (only from residue 0 → 1).
            if isDigit {
                let continued = first ? unreachable : previous[State.numeric0.rawValue] + 4
                let started = cheapestPrevious + numericHeader + 4
                if continued <= started {
                    cost[State.numeric1.rawValue] = continued
                    back[row + State.numeric1.rawValue] = UInt8(State.numeric0.rawValue)
                } else {
                    cost[State.numeric1.rawValue] = started
                    back[row + State.numeric1.rawValue] = start
                }
                cost[State.numeric2.rawValue] = first ? unreachable : previous[State.numeric1.rawValue] + 3
                back[row + State.numeric2.rawValue] = UInt8(State.numeric1.rawValue)
                cost[State.numeric0.rawValue] = first ? unreachable : previous[State.numeric2.rawValue] + 3
                back[row + State.numeric0.rawValue] = UInt8(State.numeric2.rawValue)
            } else {
                cost[State.numeric1.rawValue] = unreachable
                cost[State.numeric2.rawValue] = unreachable
                cost[State.numeric0.rawValue] = unreachable
            }

            if isAlphanumeric {
                let continued = first ? unreachable : previous[State.alphanumeric0.rawValue] + 6
                let started = cheapestPrevious + alphanumericHeader + 6
                if continued <= started {
                    cost[State.alphanumeric1.rawValue] = continued
                    back[row + State.alphanumeric1.rawValue] = UInt8(State.alphanumeric0.rawValue)
                } else {
                    cost[State.alphanumeric1.rawValue] = started
                    back[row + State.alphanumeric1.rawValue] = start
                }
                cost[State.alphanumeric0.rawValue] = first ? unreachable : previous[State.alphanumeric1.rawValue] + 5
                back[row + State.alphanumeric0.rawValue] = UInt8(State.alphanumeric1.rawValue)
            } else {
                cost[State.alphanumeric1.rawValue] = unreachable
                cost[State.alphanumeric0.rawValue] = unreachable
            }

            // Every byte can go in byte mode.
            let continued = first ? unreachable : previous[State.byte.rawValue] + 8
            let started = cheapestPrevious + byteHeader + 8
            if continued <= started {
                cost[State.byte.rawValue] = continued
                back[row + State.byte.rawValue] = UInt8(State.byte.rawValue)
            } else {
                cost[State.byte.rawValue] = started
                back[row + State.byte.rawValue] = start
            }

            cheapestPrevious = unreachable
            for state in 0..<6 where cost[state] < cheapestPrevious {
                cheapestPrevious = cost[state]
                cheapestPreviousState = state
            }
        }

        // Walk back from the cheapest final state, cutting a segment wherever one started.
        var segments: [QRSegment] = []
        var state = cheapestPreviousState
        var end = count
        var i = count - 1
        while i >= 0 {
            let entry = back[i * 6 + state]
            if entry & 8 != 0 {
                let mode = State(rawValue: state)?.mode ?? .byte
                segments.append(QRSegment(mode: mode, payload: Array(bytes[i..<end])))
                end = i
            }
            state = Int(entry & 7)
            i -= 1
        }
        return (segments.reversed(), cheapestPrevious)
    }
}
