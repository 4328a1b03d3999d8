import Foundation
import HandshakeCore
import HandshakeServer
import Hummingbird
import HummingbirdTesting
import Testing

/// The card page's routes: `/c` is one static page for every card (the card is in the fragment, which never
/// reaches the server), its modules and stylesheet are files of the binary with their types, and each is
/// revalidated by its ETag and gzipped for browsers that accept it; the page runs its own files only, with no
/// inline script or style.
@Suite struct CardPageTests {
    @Test func thePageAndItsFiles() async throws {
        let mailbox = try await TestMailbox(.sqlite)
        try await mailbox.test { client in
            let page = try await client.call(.get, "/c")
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.headers[.contentSecurityPolicy] == "default-src 'self'; img-src 'self' blob: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
            #expect(page.headers[.xContentTypeOptions] == "nosniff" && page.headers[.cacheControl] == "no-cache")
            let html = String(buffer: page.body)
            #expect(html.hasPrefix("<!DOCTYPE html>"))
            #expect(html.contains("<link rel=\"stylesheet\" href=\"/c/page.css\">") && html.contains("<script type=\"module\" src=\"/c/page.js\"></script>"))
            #expect(!html.contains("data-card"), "the server has no card to put in /c")
            // The whole page, the document, its stylesheet and its three modules, gzipped for browsers that
            // accept it (each encoding its own ETag), and what gzip, which we did not write, makes of it.
            var sizes: [(file: String, bytes: Int, sent: Int)] = []
            for (file, type) in [("", "text/html"), ("/page.css", "text/css"), ("/page.js", "text/javascript"), ("/card.js", "text/javascript"), ("/cbor.js", "text/javascript")] {
                let plain = try await client.call(.get, "/c\(file)")
                #expect(plain.status == .ok && plain.headers[.contentEncoding] == nil, "\(file)")
                #expect(plain.headers[.contentType] == "\(type); charset=utf-8" && plain.headers[.xContentTypeOptions] == "nosniff", "\(file)")
                #expect(plain.headers[.vary] == "Accept-Encoding")
                let etag = try #require(plain.headers[.eTag])
                let again = try await client.client.execute(uri: "/c\(file)", method: .get, headers: [.ifNoneMatch: "\"other\", \(etag)"], body: nil)
                #expect(again.status == .notModified && again.body.readableBytes == 0, "\(file)")
                let gzipped = try await client.client.execute(uri: "/c\(file)", method: .get, headers: [.acceptEncoding: "br;q=1, gzip;q=0.8"], body: nil)
                #expect(gzipped.headers[.contentEncoding] == "gzip" && gzipped.headers[.eTag] != etag, "\(file)")
                let unpacked = try Self.gunzip(Array(buffer: gzipped.body))
                #expect(unpacked == Array(buffer: plain.body), "\(file): gzip -d gives the file back")
                let refused = try await client.client.execute(uri: "/c\(file)", method: .get, headers: [.acceptEncoding: "gzip;q=0"], body: nil)
                #expect(refused.headers[.contentEncoding] == nil, "\(file)")
                sizes.append(("/c\(file)", plain.body.readableBytes, gzipped.body.readableBytes))
            }
            let (bytes, sent) = (sizes.map(\.bytes).reduce(0, +), sizes.map(\.sent).reduce(0, +))
            print("The card page: \(sizes.map { "\($0.file) \($0.bytes) (\($0.sent) sent)" }.joined(separator: ", ")); \(bytes) bytes in all, \(sent) sent gzipped")
            #expect(sent < 30_000, "\(sizes)")
            #expect(try await client.call(.get, "/c/nothing.js").status == .notFound)
        }
    }

    /// `bytes` unpacked by the system's gzip.
    static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("card-page-\(UUID().uuidString).gz")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "gzip -d failed")
        return Array(data)
    }
}
