import Foundation
import HandshakeServer
import Testing

/// docs/api/openapi.yaml describes exactly the routes the server has, and is a valid OpenAPI document
/// by a validator we did not write.
@Suite struct OpenAPIDocumentTests {
    static let document = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/api/openapi.yaml")

    /// "METHOD /path" for every operation under `paths:`, read from the document's fixed indentation
    /// (two spaces for a path, four for a method).
    static func documentedOperations() throws -> Set<String> {
        let text = try String(contentsOf: document, encoding: .utf8)
        var operations: Set<String> = []
        var inPaths = false
        var path: String?
        let methods: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options"]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" ") && !line.isEmpty { inPaths = line == "paths:" }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
            } else if line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":"),
                methods.contains(String(line.dropFirst(4).dropLast())), let path
            {
                operations.insert("\(line.dropFirst(4).dropLast().uppercased()) \(path)")
            }
        }
        return operations
    }

    @Test func theDocumentAndTheRouterHaveTheSameRoutes() throws {
        let server = MailboxServer(storage: try SQLiteStorage.inMemory(), publicURL: "http://127.0.0.1:8080")
        let routed = Set(server.makeRouter().routes.map { "\($0.method.rawValue) \($0.path)" })
        let documented = try Self.documentedOperations()
        #expect(documented.count >= 20)
        #expect(routed.subtracting(documented).isEmpty, "routes missing from openapi.yaml: \(routed.subtracting(documented).sorted())")
        #expect(documented.subtracting(routed).isEmpty, "documented but not routed: \(documented.subtracting(routed).sorted())")
    }

    @Test func openapiSpecValidatorAcceptsTheDocument() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import sys, yaml; from openapi_spec_validator import validate; validate(yaml.safe_load(open(sys.argv[1])))",
            Self.document.path,
        ]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "openapi-spec-validator (scripts/install-test-tools installs it): \(message)")
    }
}
