import Foundation
import HandshakeHTML
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HandshakeWebApp

/// The page's script and the screens name the elements the script finds once each: the script in its HOOKS
/// block, the screens in ScriptHooks.swift. The two lists must be the same, or a button would silently do
/// nothing; and the script and stylesheet served are the files of the package.
struct ScriptHookTests {
    /// The script as the app serves it.
    static let script = String(decoding: PackageResources.app_js, as: UTF8.self)

    /// The `name: "value"` pairs of the frozen object `constant` in the script's HOOKS block.
    static func hooks(_ constant: String) throws -> [String: String] {
        let block = try #require(script.range(of: "HOOKS BEGIN").flatMap { begin in
            script.range(of: "// HOOKS END", range: begin.upperBound..<script.endIndex).map { script[begin.upperBound..<$0.lowerBound] }
        })
        let start = try #require(block.range(of: "const \(constant) = Object.freeze({"))
        let end = try #require(block.range(of: "});", range: start.upperBound..<block.endIndex))
        var pairs: [String: String] = [:]
        for line in block[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[1].hasPrefix("\""), parts[1].hasSuffix("\",") else {
                Issue.record("not a hook: \(line)")
                continue
            }
            pairs[parts[0]] = String(parts[1].dropFirst().dropLast(2))
        }
        return pairs
    }

    @Test func theScriptAndTheScreensNameTheSameElements() throws {
        let ids = try Self.hooks("ID"), data = try Self.hooks("DATA"), headers = try Self.hooks("HEADER")
        #expect(ids.count == ScriptElement.allCases.count && data.count == ScriptData.allCases.count)
        #expect(Set(ids.values) == Set(ScriptElement.allCases.map(\.id.description)))
        #expect(Set(data.values) == Set(ScriptData.allCases.map(\.name.description)))
        // The same property names on both sides, so a reader can follow one from the other.
        for element in ScriptElement.allCases { #expect(ids["\(element)"] == element.id.description, "\(element)") }
        for hook in ScriptData.allCases { #expect(data["\(hook)"] == hook.name.description, "\(hook)") }
        #expect(headers == ["formToken": LocalAccessRule.formTokenHeader])
    }

    @Test func theHooksBlockIsReadAsWritten() throws {
        // The parser above finds what it should: a hook renamed on one side alone is seen.
        #expect(try Self.hooks("ID")["photoStatus"] == "photo-status")
        #expect(HTML.p(.id(.photoStatus), .data(.countdown, "3")).description == "<p id=\"photo-status\" data-countdown=\"3\"></p>")
    }

    @Test func theScriptAndStylesheetAreServedAsTheFilesOfThePackage() async throws {
        let router = Router()
        router.add(middleware: FileMiddleware(fileProvider: StaticFiles(), urlBasePath: StaticFiles.basePath))
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: AppPath.script.href, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/javascript")
                #expect(Array(buffer: response.body) == PackageResources.app_js)
            }
            try await client.execute(uri: AppPath.stylesheet.href, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/css")
                #expect(String(buffer: response.body).contains("--accent: #0a58ca"))
            }
            try await client.execute(uri: AppPath.stylesheet.href, method: .head) { response in
                #expect(response.status == .ok && response.body.readableBytes == 0)
                #expect(response.headers[.contentLength] == String(PackageResources.app_css.count))
            }
            try await client.execute(uri: StaticFiles.basePath + "/../Package.swift", method: .get) { response in
                #expect(response.status == .badRequest || response.status == .notFound)
            }
            try await client.execute(uri: StaticFiles.basePath + "/other.js", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/HandshakeWebApp/Static/app.js")
        #expect(try Array(Data(contentsOf: source)) == PackageResources.app_js, "the binary carries the file as it is")
    }
}
