import Foundation
import Testing

/// The web layer's source rules, checked on every Swift file of Sources/HandshakeWebApp and of the server's
/// pages (Sources/HandshakeServer's CardPage/ and LandingPage/; elsewhere its SQL compares with `<`): no
/// string literal holds a tag (pages are HandshakeHTML's typed nodes), JavaScript or CSS (they are files of
/// the package: the app's Static/app.js and Static/app.css, the card page's CardPage/Static/). The rules are
/// checked against samples first, so a rule that could not fail would fail here.
struct WebSourceRulesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sources = root.appendingPathComponent("Sources/HandshakeWebApp", isDirectory: true)
    static let serverPages = ["CardPage", "LandingPage"].map { root.appendingPathComponent("Sources/HandshakeServer/\($0)", isDirectory: true) }

    /// What a literal must not hold, each with what it is.
    static let rules: [(name: String, pattern: String)] = [
        ("a tag", #"<\s*/?\s*[A-Za-z][A-Za-z0-9-]*(\s|>|/>|$)|<!"#),
        ("JavaScript", #"\bfunction\s*\(|=>|\b(document|window|navigator)\.|addEventListener|querySelector|innerHTML|\b(const|let|var)\s+[A-Za-z_$][\w$]*\s*=[^=]"#),
        ("CSS", #"\{[^{}]*\b[a-z-]+\s*:\s*[^;{}]+;[^{}]*\}|@media\b|!important\b"#),
    ]

    /// The rules `text` breaks.
    static func broken(by text: String) -> [String] {
        rules.filter { text.range(of: $0.pattern, options: .regularExpression) != nil }.map(\.name)
    }

    @Test func theRulesCatchMarkupScriptAndStyleInLiteralsAndNothingElse() {
        func breaks(_ source: String) -> [String] { SwiftLiterals(source: source).literals.flatMap { Self.broken(by: $0.text) } }
        #expect(breaks(#"let page = "<p class=\"note\">\(note)</p>""#) == ["a tag"])
        #expect(breaks(#"let tail = "</div>""#) == ["a tag"])
        #expect(breaks("let page = \"\"\"\n    <!DOCTYPE html>\n    \"\"\"") == ["a tag"])
        #expect(breaks(##"let raw = #"<br>"#"##) == ["a tag"])
        #expect(breaks(#"let nested = "\(done ? "<b>" : "")""#) == ["a tag"], "a literal inside an interpolation is a literal")
        #expect(breaks(#"let js = "document.getElementById(\"live\").hidden = false""#) == ["JavaScript"])
        #expect(breaks("let js = \"\"\"\n  const area = find();\n  area.onclick = () => go();\n\"\"\"") == ["JavaScript"])
        #expect(breaks(#"let css = "nav a { color: var(--accent); }""#) == ["CSS"])
        #expect(breaks("let css = \"\"\"\n@media (max-width: 480px) {\n\"\"\"") == ["CSS"])
        // What is not a literal, or is only a sentence, breaks nothing.
        #expect(breaks("// <p> in a comment\n/* <div> */ let x = 1") == [])
        #expect(breaks(#"let sentence = "Now let them add you: 5 < 6, and a > b.""#) == [])
        #expect(breaks(#"let body = (try? encode(value)) ?? Data("{}".utf8)"#) == [])
        #expect(breaks(#"let link = "\(base)/contacts?secret=\(secret)""#) == [])
    }

    @Test func noSwiftFileOfTheWebAppHoldsMarkupScriptOrStyle() throws {
        let found = try Self.brokenRules(under: Self.sources, atLeast: 20)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test func noSwiftFileOfTheServersPagesHoldsMarkupScriptOrStyle() throws {
        let found = try Self.serverPages.flatMap { try Self.brokenRules(under: $0, atLeast: 2) }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// Every literal of a Swift file under `folder` that breaks a rule, as `file:line: rule in "text"`.
    static func brokenRules(under folder: URL, atLeast minimum: Int) throws -> [String] {
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL])
            .filter { $0.pathExtension == "swift" }
        #expect(files.count > minimum, "the sources were not found at \(folder.path)")
        var found: [String] = []
        for file in files {
            let literals = SwiftLiterals(source: try String(contentsOf: file, encoding: .utf8)).literals
            for literal in literals {
                for rule in Self.broken(by: literal.text) {
                    found.append("\(file.lastPathComponent):\(literal.line): \(rule) in \"\(literal.text.prefix(80))\"")
                }
            }
        }
        return found
    }
}
