import Foundation
import HandshakeTestSupport
import Testing

@testable import HandshakeCredentials

/// The strict JSON reader against JSON we did not write: JSONTestSuite's parsing cases, Python's json module
/// reading the same files, and Foundation's decoder on mutated texts.
@Suite("Strict JSON reader")
struct JSONReaderTests {
    static let suite = TestFiles.vectors.appendingPathComponent("JSONTestSuite")

    /// The suite's files, by name.
    static func suiteFiles() throws -> [(name: String, bytes: [UInt8])] {
        try FileManager.default.contentsOfDirectory(atPath: suite.path).filter { $0.hasSuffix(".json") }.sorted().map {
            ($0, Array(try Data(contentsOf: suite.appendingPathComponent($0))))
        }
    }

    /// `y_` files that name a member twice: RFC 8259 lets a parser read them, RFC 7515 and 7519 let a token
    /// reader refuse them, and this reader refuses them everywhere.
    static let refusedOnPurpose: Set = ["y_object_duplicated_key.json", "y_object_duplicated_key_and_value.json"]
    /// The implementation-defined (`i_`) files this reader accepts: numbers past a Double's precision (read
    /// rounded) or below its smallest value (read as 0). Every other `i_` file (a number past a Double's range,
    /// text that is not UTF-8, a lone surrogate, a byte-order mark, UTF-16, 500 levels of nesting) is refused.
    static let acceptedImplementationDefined: Set = [
        "i_number_double_huge_neg_exp.json", "i_number_real_underflow.json", "i_number_too_big_neg_int.json",
        "i_number_too_big_pos_int.json", "i_number_very_big_negative_int.json",
    ]

    @Test func jsonTestSuiteParsingCases() throws {
        let files = try Self.suiteFiles()
        #expect(files.count == 318)
        for (name, bytes) in files {
            let accepted: Bool
            do {
                _ = try JSONReader.read(bytes)
                accepted = true
            } catch {
                accepted = false
                #expect(!error.description.isEmpty)
                if Self.refusedOnPurpose.contains(name) { #expect(error.reason == .duplicateName("a"), "\(name): \(error)") }
            }
            switch name.prefix(2) {
            case "y_": #expect(accepted != Self.refusedOnPurpose.contains(name), "\(name)")
            case "n_": #expect(!accepted, "\(name) is not JSON, but was read")
            default: #expect(accepted == Self.acceptedImplementationDefined.contains(name), "\(name)")
            }
        }
    }

    @Test func readsEveryFileAsPythonsJSONModuleDoes() async throws {
        let python = try await python.run("json_reference.py", ["folder": Self.suite.path])
        let files = try Self.suiteFiles()
        #expect(python.count == files.count)
        for (name, bytes) in files {
            let reference = try #require(python[name] as? [String: Any], "\(name): no answer from Python")
            let ours = try? JSONReader.read(bytes)
            // Python reads a number past a Double's range as infinity, which this reader refuses.
            if let tagged = reference["value"], !"\(tagged)".contains("inf") {
                let value = try #require(ours, "\(name): Python read it, we refused it")
                #expect(Self.matches(value, tagged), "\(name): we read \(value), Python read \(tagged)")
            } else {
                #expect(ours == nil, "\(name): Python refused it (\(reference["error"] ?? "infinity")), we read it")
            }
        }
    }

    /// Whether `value` is the tagged value json_reference.py printed.
    static func matches(_ value: JSONValue, _ tagged: Any) -> Bool {
        guard let tag = tagged as? [Any], let kind = tag.first as? String else { return false }
        switch (value, kind) {
        case (.null, "null"): return true
        case (.bool(let bool), "bool"): return (tag[1] as? Bool) == bool
        case (.number(let number), "number"): return (tag[1] as? String).flatMap(Double.init) == number
        case (.string(let text), "string"): return (tag[1] as? String) == text
        case (.array(let elements), "array"):
            guard let others = tag[1] as? [Any], others.count == elements.count else { return false }
            return zip(elements, others).allSatisfy { matches($0, $1) }
        case (.object(let members), "object"):
            guard let others = tag[1] as? [[Any]], others.count == members.count else { return false }
            return others.allSatisfy { pair in
                guard let name = pair.first as? String, let member = members[name], pair.count == 2 else { return false }
                return matches(member, pair[1])
            }
        default: return false
        }
    }

    @Test func aNameTwiceIsRefusedAtAnyDepthAndSaysWhich() throws {
        for text in [#"{"alg":"EdDSA","alg":"none"}"#, #"{"vc":{"type":[],"type":["VerifiableCredential"]}}"#, #"[{"a":1,"b":2,"a":1}]"#] {
            #expect(throws: JSONReadError.self) { try JSONReader.read(Array(text.utf8)) }
        }
        do {
            _ = try JSONReader.read(Array(#"{"alg":"EdDSA","alg":"none"}"#.utf8))
        } catch {
            #expect(error == JSONReadError(reason: .duplicateName("alg"), offset: 15))
            #expect(error.description == "the name \"alg\" appears twice in one object, at byte 15")
        }
        // The same name in different objects is no duplicate.
        #expect(try JSONReader.read(Array(#"{"a":{"a":1},"b":[{"a":2},{"a":3}]}"#.utf8)).object?.count == 2)
    }

    @Test func nestingIsBounded() throws {
        let deepest = String(repeating: "[", count: JSONReader.maxDepth) + String(repeating: "]", count: JSONReader.maxDepth)
        #expect(throws: Never.self) { try JSONReader.read(Array(deepest.utf8)) }
        let tooDeep = "[" + deepest + "]"
        #expect(throws: JSONReadError(reason: .nestedTooDeeply(limit: 32), offset: 32)) { try JSONReader.read(Array(tooDeep.utf8)) }
    }

    @Test func refusalsSayWhereAndWhat() {
        let cases: [(String, String)] = [
            (#"{"a":1,}"#, #""}" is out of place at byte 7"#),
            (#"{"a":1"#, "it ends in the middle of a value"),
            ("[01]", #""1" is out of place at byte 2"#),
            ("[1e400]", "a number is not written as JSON writes numbers, or is too large, at byte 1"),
            ("\"\u{1}\"", "a string holds a control character, an unknown escape or half a surrogate pair, at byte 1"),
            (#"["\ud800"]"#, "a string holds a control character, an unknown escape or half a surrogate pair, at byte 2"),
            ("{} x", "there is more after the JSON value, at byte 3"),
        ]
        for (text, sentence) in cases {
            do {
                _ = try JSONReader.read(Array(text.utf8))
                Issue.record("\(text) was read")
            } catch {
                #expect(error.description == sentence, "\(text)")
            }
        }
        #expect(throws: JSONReadError(reason: .notUTF8, offset: 2)) { try JSONReader.read([0x5b, 0x22, 0xc0, 0xaf, 0x22, 0x5d]) }
    }

    @Test func valuesAreReadExactly() throws {
        let value = try JSONReader.read(Array(#" {"s":"a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00é","n":[0,-0,1763744400,-12.5e-1,1E2,123456789012345678],"t":true,"f":false,"z":null} "#.utf8))
        #expect(value == .object([
            "s": .string("a\"\\/\u{8}\u{c}\n\r\té😀é"),
            "n": .array([.number(0), .number(0), .number(1_763_744_400), .number(-1.25), .number(100), .number(123_456_789_012_345_680)]),
            "t": .bool(true), "f": .bool(false), "z": .null,
        ]))
    }

    /// Foundation's decoder and this reader on texts a seeded generator mutates from the suite's `y_` files and
    /// a credential's claims: whatever both read, they read alike. Where only one of them reads a text, Python's
    /// json module decides, and must side with this reader, but for the two places this reader is stricter by
    /// design (nesting past `maxDepth`, a number past a Double's range). Foundation reads some texts that are
    /// not JSON (`[1,]`, a NUL after the value) and refuses some that are (`[0e1]`).
    @Test func agreesWithFoundationOrPythonOnMutatedTexts() async throws {
        let seeds = try Self.suiteFiles().filter { $0.name.hasPrefix("y_") }.map(\.bytes)
            + [Array(#"{"iss":"did:key:z6Mk","nbf":1763744400,"vc":{"type":["VerifiableCredential"],"credentialSubject":{"name":"Ada"}}}"#.utf8)]
        var generator = SeededGenerator(seed: 0x4a53_4f4e)  // "JSON"
        let alphabet = Array(#"{}[]",:0123456789-+.eE tfnul\"#.utf8) + [0x00, 0x80, 0xc3, 0xa9, 0xed, 0xef, 0xbb, 0xbf]
        var agreed = 0
        var disputed: [(bytes: [UInt8], ours: Result<JSONValue, JSONReadError>)] = []
        for _ in 0..<4000 {
            var bytes = seeds[Int.random(in: 0..<seeds.count, using: &generator)]
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let at = Int.random(in: 0...bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes.insert(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)], at: at)
                case 1 where at < bytes.count: bytes.remove(at: at)
                default: if at < bytes.count { bytes[at] = alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
                }
            }
            let foundation = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
            let ours = Result { () throws(JSONReadError) in try JSONReader.read(bytes) }
            switch (ours, foundation) {
            case (.success(let value), let other?):
                #expect(value == other, "\(bytes)")
                agreed += 1
            case (.failure, nil): agreed += 1
            default: disputed.append((bytes, ours))
            }
        }
        #expect(agreed > 3000)
        let python = try await python.run("json_reference.py", ["texts": disputed.map { Data($0.bytes).map { String(format: "%02x", $0) }.joined() }])
        let answers = try #require(python["texts"] as? [[String: Any]])
        #expect(answers.count == disputed.count)
        for ((bytes, ours), answer) in zip(disputed, answers) {
            switch ours {
            case .success(let value):
                let tagged = try #require(answer["value"], "\(bytes): Foundation and Python refuse it, we read it")
                #expect(Self.matches(value, tagged), "\(bytes): we read \(value), Python read \(tagged)")
            case .failure(let error):
                if case .nestedTooDeeply = error.reason { continue }
                if error.reason == .invalidNumber, "\(answer["value"] ?? "")".contains("inf") { continue }
                #expect(answer["value"] == nil, "\(bytes): Foundation and Python read it, we refused it: \(error)")
            }
        }
    }
}
