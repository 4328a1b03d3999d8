// A Getting Started article is only worth reading if its code runs. Each library's article shows, in its
// ```swift block, exactly the code a test runs between `// article:begin` and `// article:end`; the test
// target checks the two agree with these two functions, so the article can never drift from the API.

import Foundation

/// The code of a DocC article and of the test that runs it, for checking that they are the same.
public enum ArticleCode {
    /// Why the code could not be found.
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    /// The first ```swift block of the article at `path` (from the package's root), with a final newline.
    /// `testFile` locates the package: it is a file under its `Tests/` folder.
    public static func inArticle(_ path: String, testFile: String = #filePath) throws -> String {
        let text = try String(contentsOf: packageRoot(of: testFile).appendingPathComponent(path), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        guard let begin = lines.firstIndex(of: "```swift"), let end = lines[(begin + 1)...].firstIndex(of: "```") else {
            throw Missing(description: "\(path) has no ```swift block")
        }
        return lines[(begin + 1)..<end].map { $0 + "\n" }.joined()
    }

    /// The lines of `testFile` between `// article:begin` and `// article:end`, less the indentation of
    /// the `// article:begin` line, with a final newline.
    public static func inTest(_ testFile: String = #filePath) throws -> String {
        let lines = try String(contentsOfFile: testFile, encoding: .utf8).components(separatedBy: "\n")
        let trimmed = lines.map { $0.trimmingCharacters(in: .whitespaces) }
        guard let begin = trimmed.firstIndex(of: "// article:begin"), let end = trimmed[(begin + 1)...].firstIndex(of: "// article:end") else {
            throw Missing(description: "\(testFile) has no // article:begin … // article:end region")
        }
        let indentation = lines[begin].prefix { $0 == " " }
        return lines[(begin + 1)..<end].map { ($0.hasPrefix(indentation) ? String($0.dropFirst(indentation.count)) : $0) + "\n" }.joined()
    }

    /// The package folder that holds `testFile` under its `Tests/` folder.
    public static func packageRoot(of testFile: String) throws -> URL {
        guard let tests = testFile.range(of: "/Tests/", options: .backwards) else {
            throw Missing(description: "\(testFile) is not under a Tests/ folder")
        }
        return URL(fileURLWithPath: String(testFile[..<tests.lowerBound]), isDirectory: true)
    }
}
