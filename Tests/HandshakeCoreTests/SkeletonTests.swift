import Foundation
import HandshakeCore
import HandshakeTestSupport
import Testing

/// `Skeleton` against ICU's spoof checker (PyICU), and the name key built on it.
@Suite struct SkeletonTests {
    /// The Unicode version of the ICU the tests run (Debian's ICU 72). Scalars newer than it are left out:
    /// ICU knows neither their decompositions nor their prototypes.
    static let icuUnicode = Unicode.Version(major: 15, minor: 0)

    /// Every scalar ICU knows, one at a time: the skeletons agree except where confusables.txt changed after
    /// Unicode 15.0, and those differences are exactly the committed list (so none goes unnoticed).
    @Test func everyScalarAgreesWithICUButForTheListedChanges() async throws {
        let scalars = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter { scalar in
            guard let age = scalar.properties.age else { return false }
            return (age.major, age.minor) <= (Self.icuUnicode.major, Self.icuUnicode.minor)
        }
        let texts = scalars.map { String(Character($0)) }
        let result = try await python.run("icu_skeleton.py", ["texts": texts])
        #expect(result["unicodeVersion"] as? String == "15.0")
        let theirs = try #require(result["skeletons"] as? [String])
        try #require(theirs.count == texts.count)
        var differing: Set<UInt32> = []
        for (index, text) in texts.enumerated() where Skeleton.of(text).unicodeScalars.elementsEqual(theirs[index].unicodeScalars) == false {
            differing.insert(scalars[index].value)
        }
        let known = Set(scalars.map(\.value))
        let listed = try Self.listedChanges().filter(known.contains)
        #expect(differing == listed, "not listed: \(differing.subtracting(listed).sorted().map(Self.hex)); listed but agreeing: \(listed.subtracting(differing).sorted().map(Self.hex))")
        #expect(texts.count > 140_000)
    }

    /// Whole names and random runs of confusable scalars with combining marks between them: what NFD
    /// reorders and recomposes, checked as texts, not scalar by scalar.
    @Test func namesAndMixturesAgreeWithICU() async throws {
        let listed = try Self.listedChanges()
        let sources = Self.tableSources().filter { code in
            guard !listed.contains(code), let scalar = Unicode.Scalar(code), let age = scalar.properties.age else { return false }
            return (age.major, age.minor) <= (Self.icuUnicode.major, Self.icuUnicode.minor)
        }
        let marks: [Unicode.Scalar] = ["\u{301}", "\u{323}", "\u{308}", "\u{338}", "\u{335}", "\u{327}", "\u{30A}"]
        var generator = SeededGenerator(seed: 39)
        var texts = [
            "Bob Babbage", "Bоb Babbage", "B0b Babbage", "ВоЬ", "Ada Lovelace", "Αda Lovelace", "ǅemal", "ﬁona",
            "e\u{301}\u{323}", "e\u{323}\u{301}", "Ö\u{336}", "한글 이름", "山田 太郎", "Zoë", "Zoe\u{308}", "ℌ𝔢𝔩𝔩𝔬", "rn m",
        ]
        for _ in 0..<600 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                if let code = sources.randomElement(using: &generator), let scalar = Unicode.Scalar(code) { text.append(scalar) }
                if Bool.random(using: &generator), let mark = marks.randomElement(using: &generator) { text.append(mark) }
            }
            texts.append(String(text))
        }
        let result = try await python.run("icu_skeleton.py", ["texts": texts])
        let theirs = try #require(result["skeletons"] as? [String])
        try #require(theirs.count == texts.count)
        for (text, skeleton) in zip(texts, theirs) {
            #expect(Skeleton.of(text).unicodeScalars.elementsEqual(skeleton.unicodeScalars), "\(text.unicodeScalars.map { Self.hex($0.value) })")
        }
    }

    @Test func aNameKeySetsAsideCaseSpacingAndLookalikes() {
        let bob = Skeleton.nameKey("Bob Babbage")
        for lookalike in ["bob babbage", "  Bob   Babbage ", "Bоb Babbage", "B0b Babbage", "BOB BABBAGE", "Bob\u{00A0}Babbage", "Ｂｏｂ Ｂａｂｂａｇｅ"] {
            #expect(Skeleton.nameKey(lookalike) == bob, "\(lookalike)")
            #expect(Skeleton.namesLookAlike(lookalike, "Bob Babbage"))
        }
        for other in ["Bob Baker", "Rob Babbage", "Bob", "Babbage Bob"] {
            #expect(Skeleton.nameKey(other) != bob, "\(other)")
        }
        #expect(Skeleton.nameKey("   ") == "")
        #expect(!Skeleton.namesLookAlike("", ""))
        #expect(!Skeleton.namesLookAlike(" ", "\u{00A0}"))
        #expect(Skeleton.namesLookAlike("Bill", "BiII"))
    }

    @Test func theTableIsTheVersionItSays() {
        #expect(Skeleton.unicodeVersion == "17.0.0")
        #expect(Self.tableSources().count == 6565)
    }

    /// The scalars the committed list says changed after Unicode 15.0.
    static func listedChanges() throws -> Set<UInt32> {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Vectors/skeleton-icu72-differences.txt")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        return Set(lines.compactMap { line in line.split(separator: " ").first.flatMap { UInt32($0, radix: 16) } })
    }

    /// The scalars confusables.txt maps, read from the generated table's source the way a reviewer would.
    static func tableSources() -> [UInt32] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/HandshakeCore/Text/ConfusablePrototypes.swift").standardizedFileURL
        guard let source = try? String(contentsOf: url, encoding: .utf8),
            let start = source.range(of: "\"\"\"\n"), let end = source.range(of: "\"\"\"", range: start.upperBound..<source.endIndex)
        else { return [] }
        // Each line is indented (the literal drops it) and ends in a backslash that joins it to the next.
        let table = source[start.upperBound..<end.lowerBound].split(separator: "\n")
            .map { line in String(line.drop { $0 == " " }.reversed().drop { $0 == "\\" }.reversed()) }.joined()
        return table.split(separator: ";").compactMap { $0.split(separator: ":").first.flatMap { UInt32($0, radix: 16) } }
    }

    static func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }
}
