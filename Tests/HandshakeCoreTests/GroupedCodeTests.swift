import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore

@Suite("Typed code (GroupedCode)")
struct GroupedCodeTests {
    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
    let payload: [UInt8]
    let groups: [String]

    init() throws {
        payload = try Fixture.signedBusinessCard().bytes
        groups = GroupedCode.groups(for: payload)
    }

    func decode(_ text: String) throws(GroupedCodeError) -> [UInt8] {
        try GroupedCode.decode(text, maxPayloadSize: CardLimits.signedCardBytes)
    }

    func error(_ text: String) -> GroupedCodeError? {
        do {
            _ = try decode(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func roundTripAndShape() throws {
        #expect(try decode(groups.joined(separator: "-")) == payload)
        #expect(groups.dropLast().allSatisfy { $0.count == 5 })
        #expect((2...5).contains(groups.last?.count ?? 0))
        #expect(groups.joined().allSatisfy { Self.alphabet.contains($0) })
        var generator = SeededGenerator(seed: 32)
        for length in 1..<60 {
            let bytes = generator.bytes(length)
            #expect(try decode(GroupedCode.encode(bytes)) == bytes)
        }
    }

    /// Every position of the code, every other character of the alphabet: the typo is caught and the error
    /// names the group it is in.
    @Test func everySingleSubstitutionIsCaughtInItsGroup() {
        var flat = Array(groups.joined())
        var wrong: [String] = []
        for position in flat.indices {
            let original = flat[position]
            for replacement in Self.alphabet where replacement != original {
                flat[position] = replacement
                let group = position / 5 + 1
                if error(String(flat)) != .typo(groups: [group]) { wrong.append("\(position):\(replacement)") }
            }
            flat[position] = original
        }
        #expect(wrong.isEmpty, "substitutions not located: \(wrong.prefix(20))")
        #expect(flat.count * 31 > 10_000)
    }

    @Test func everyAdjacentSwapWithinAGroupIsCaught() {
        var checked = 0
        for (index, group) in groups.enumerated() {
            let chars = Array(group)
            for position in 0..<(chars.count - 1) where chars[position] != chars[position + 1] {
                var swapped = chars
                swapped.swapAt(position, position + 1)
                var copy = groups
                copy[index] = String(swapped)
                #expect(error(copy.joined(separator: "-")) == .typo(groups: [index + 1]))
                checked += 1
            }
        }
        #expect(checked > groups.count)
    }

    @Test func howPeopleWriteItIsAccepted() throws {
        let code = groups.joined(separator: "-")
        #expect(try decode(code.lowercased()) == payload)
        #expect(try decode(groups.joined(separator: " ")) == payload)
        #expect(try decode(groups.joined(separator: "\n")) == payload)
        #expect(try decode(groups.joined()) == payload)
        #expect(try decode(groups.joined(separator: " - ") + "\n") == payload)
        #expect(try decode(code.replacingOccurrences(of: "0", with: "O")) == payload)
        #expect(try decode(code.replacingOccurrences(of: "0", with: "o")) == payload)
        #expect(try decode(code.replacingOccurrences(of: "1", with: "I")) == payload)
        #expect(try decode(code.replacingOccurrences(of: "1", with: "l")) == payload)
        #expect(try decode(code.replacingOccurrences(of: "1", with: "L")) == payload)
    }

    @Test func aDroppedGroupIsCaughtByLengthOrChecksum() {
        for index in groups.indices {
            var copy = groups
            copy.remove(at: index)
            let result = error(copy.joined(separator: "-"))
            switch result {
            case .checksumMismatch?, .wrongLength?: continue
            default: Issue.record("dropping group \(index + 1) gave \(String(describing: result))")
            }
        }
        // Moved or repeated groups are caught by the checksum.
        var swapped = groups
        swapped.swapAt(1, 2)
        #expect(error(swapped.joined(separator: "-")) == .checksumMismatch)
        var repeated = groups
        repeated.insert(groups[3], at: 3)
        #expect(error(repeated.joined(separator: "-")) == .checksumMismatch || error(repeated.joined(separator: "-")) == .wrongLength(characters: repeated.joined().count))
    }

    @Test func otherErrors() {
        #expect(error("") == .empty)
        #expect(error(" - ") == .empty)
        #expect(error("0000U") == .invalidCharacter("U", group: 1))
        #expect(error("00000-1234*") == .invalidCharacter("*", group: 2))
        #expect(error("000000") == .wrongLength(characters: 6))
        #expect(throws: GroupedCodeError.tooLong(maxPayloadSize: 4)) { try GroupedCode.decode(String(repeating: "0", count: 100), maxPayloadSize: 4) }
        // Several bad groups are all reported.
        var copy = groups
        copy[0] = String(copy[0].reversed()) == copy[0] ? "ZZZZZ" : String(copy[0].reversed())
        copy[4] = "00001"  // check digit 1, but [0, 0, 0, 0] checks to 0
        if case .typo(let bad)? = error(copy.joined(separator: "-")) {
            #expect(bad.contains(5) && bad.count <= 2)
        } else {
            Issue.record("two damaged groups were not reported as typos")
        }
        #expect(GroupedCodeError.typo(groups: [3]).description == "Group 3 has a typo: check each of its five characters.")
    }

    /// The check digit is Σ α^(i+1)·dᵢ over GF(32) with modulus x⁵+x²+1 (docs/formats/card.md §5.2).
    @Test func checkDigitArithmetic() {
        #expect(GroupedCode.gf32Multiply(2, 16) == 0x05)  // x·x⁴ = x⁵ = x² + 1
        #expect(GroupedCode.gf32Multiply(1, 31) == 31)
        var power: UInt8 = 1
        var seen: Set<UInt8> = []
        for _ in 0..<31 {
            seen.insert(power)
            power = GroupedCode.gf32Multiply(power, 2)
        }
        #expect(power == 1 && seen.count == 31)  // α generates the whole multiplicative group
        #expect(GroupedCode.checkDigit(for: [1, 0, 0, 0]) == 2)
        #expect(GroupedCode.checkDigit(for: [0, 0, 0, 1]) == 16)
        #expect(GroupedCode.checkDigit(for: [1, 1, 1, 1]) == 2 ^ 4 ^ 8 ^ 16)
    }
}
