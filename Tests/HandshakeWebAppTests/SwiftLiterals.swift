// Establishes how a test reads the string literals of a Swift source file: the text of every `"…"`, `"""…"""`
// and raw `#"…"#` literal, without comments and without the code of interpolations (whose own literals are
// read as literals too). It is what the web layer's source rules (WebSourceRulesTests) look at; it does not
// need to parse Swift, only to tell a literal from code and from a comment.

/// The string literals of a Swift source file.
struct SwiftLiterals {
    /// Each literal's text, with `\(…)` interpolations left out, and the line it starts on.
    private(set) var literals: [(line: Int, text: String)] = []

    init(source: String) {
        var scanner = Scanner(Array(source.unicodeScalars))
        literals = scanner.code(until: nil)
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0
        var line = 1

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        func peek(_ offset: Int = 0) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }

        func starts(with text: String) -> Bool {
            for (offset, scalar) in text.unicodeScalars.enumerated() where peek(offset) != scalar { return false }
            return true
        }

        mutating func advance(_ count: Int = 1) {
            for _ in 0..<count where index < scalars.count {
                if scalars[index] == "\n" { line += 1 }
                index += 1
            }
        }

        /// Code, until `closing` (the `)` that ends an interpolation) or the end: the literals found in it.
        mutating func code(until closing: Unicode.Scalar?) -> [(line: Int, text: String)] {
            var found: [(line: Int, text: String)] = []
            var depth = 0
            while let scalar = peek() {
                if starts(with: "//") {
                    while let next = peek(), next != "\n" { advance() }
                } else if starts(with: "/*") {
                    advance(2)
                    while peek() != nil && !starts(with: "*/") { advance() }
                    advance(2)
                } else if scalar == "#" || scalar == "\"" {
                    var hashes = 0
                    while peek(hashes) == "#" { hashes += 1 }
                    guard peek(hashes) == "\"" else {
                        advance(max(1, hashes))
                        continue
                    }
                    advance(hashes)
                    found += literal(hashes: hashes)
                } else if scalar == "(" {
                    depth += 1
                    advance()
                } else if scalar == ")" {
                    if depth == 0 && closing == ")" {
                        advance()
                        return found
                    }
                    depth -= 1
                    advance()
                } else {
                    advance()
                }
            }
            return found
        }

        /// A literal whose opening quote is next, with `hashes` `#` before it: its text, then the literals of
        /// its interpolations.
        mutating func literal(hashes: Int) -> [(line: Int, text: String)] {
            let start = line
            let multiline = starts(with: "\"\"\"")
            advance(multiline ? 3 : 1)
            let closing = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
            let escape = "\\" + String(repeating: "#", count: hashes)
            var text = ""
            var inner: [(line: Int, text: String)] = []
            while let scalar = peek() {
                if starts(with: closing) {
                    advance(closing.unicodeScalars.count)
                    break
                }
                if starts(with: escape) {
                    advance(escape.unicodeScalars.count)
                    if peek() == "(" {
                        advance()
                        inner += code(until: ")")
                    } else {
                        if let escaped = peek() { text.unicodeScalars.append(escaped) }
                        advance()
                    }
                    continue
                }
                if scalar == "\n" && !multiline { break }
                text.unicodeScalars.append(scalar)
                advance()
            }
            return [(start, text)] + inner
        }
    }
}
