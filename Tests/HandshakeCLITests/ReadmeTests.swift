import Foundation
import HandshakeTestSupport
import Testing

/// The README's claims about the package, checked against Package.swift, so that a newcomer's first page
/// stays true: the Swift it asks for is the tools version the manifest needs, and its table of parts names
/// every product (and only parts that exist).
@Suite struct ReadmeTests {
    static func file(_ name: String) throws -> String {
        try String(contentsOf: ArticleCode.packageRoot(of: #filePath).appendingPathComponent(name), encoding: .utf8)
    }

    static func matches(_ pattern: String, in text: String) throws -> [[String]] {
        let expression = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).compactMap { Range(match.range(at: $0), in: text).map { String(text[$0]) } }
        }
    }

    @Test func theSwiftTheReadmeAsksForIsTheToolsVersionPackageSwiftNeeds() throws {
        let manifest = try Self.file("Package.swift")
        let toolsVersion = try #require(try Self.matches(#"^// swift-tools-version:\s*(\d+\.\d+)"#, in: manifest).first?.first)
        let claims = try Self.matches(#"Swift (\d+\.\d+) or later"#, in: try Self.file("README.md")).map { $0[0] }
        #expect(!claims.isEmpty, "the README no longer says which Swift it needs")
        #expect(claims.allSatisfy { $0 == toolsVersion }, "the README asks for Swift \(claims); Package.swift needs \(toolsVersion)")
    }

    @Test func theTableOfPartsNamesEveryProductAndOnlyPartsThatExist() throws {
        let manifest = try Self.file("Package.swift")
        let products = Set(try Self.matches(#"^\s*\.(?:library|executable)\(name: "([^"]+)""#, in: manifest).map { $0[0] })
        let targets = Set(try Self.matches(#"\.(?:target|executableTarget)\(\s*name: "([^"]+)""#, in: manifest).map { $0[0] })
        try #require(products.contains("handshake") && products.contains("HandshakeCore"), "Package.swift's products were not found: \(products)")
        // The rows of the table under "It is one Swift package:", each naming one or more parts in backticks.
        let readme = try Self.file("README.md")
        let table = try #require(readme.components(separatedBy: "It is one Swift package:").dropFirst().first?
            .components(separatedBy: "\n\n").dropFirst().first)
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("| `") }
        let named = Set(try rows.flatMap { row in
            try Self.matches(#"`([A-Za-z]+)`"#, in: String(row.split(separator: "|").first ?? "")).map { $0[0] }
        })
        #expect(products.subtracting(named).isEmpty, "products missing from the README's table: \(products.subtracting(named).sorted())")
        #expect(named.subtracting(targets.union(products)).isEmpty, "the README's table names parts that are not in Package.swift: \(named.subtracting(targets.union(products)).sorted())")
    }
}
