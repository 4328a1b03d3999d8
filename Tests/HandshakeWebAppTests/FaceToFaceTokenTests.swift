// Face to face's "Show a code to scan": the session token drawn as a QR code that reads back as the same token,
// with the sentence for where it can meet; and Add, given that code's text (a picture or the camera send it as
// text), opening the exchange on Face to face, or refusing an expired one with its sentence.
import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange
import HandshakeNearby
import HandshakeQRReader
import HandshakeStore
import HandshakeTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HandshakeWebApp

@MainActor
@Suite("Face to face: a code to scan")
struct FaceToFaceTokenTests {
    @Test func theTokenIsDrawnAsACodeThatReadsBackAsTheToken() async throws {
        let account = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(ScreenTextTests.container()))
        let model = FaceToFace(account: account)
        let start = FaceToFaceScreen.live(model, formToken: "F0rm").description
        #expect(start.contains("value=\"showToken\"") && start.contains(">Show a code to scan</button>"), "\(start)")

        for relay in [nil, try RelayServer(origin: "https://mailbox.example")] {
            let token = try SessionToken.issue(relay: relay, at: Date())
            model.show(token)
            model.take(NearbySnapshot(stage: .looking(NearbySnapshot.Looking(way: .tokenHandedOver(expires: Date().addingTimeInterval(60)))), ownCard: try account.issueCard()))
            let screen = FaceToFaceScreen.live(model, formToken: "F0rm").description
            #expect(screen.contains(relay == nil ? NearbySentences.scanThisTokenOnThisNetwork : NearbySentences.scanThisToken))
            let svg = try #require(screen.range(of: "<svg").flatMap { start in screen.range(of: "</svg>").map { String(screen[start.lowerBound..<$0.upperBound]) } })
            #expect(screen.contains("id=\"token\""))
            // Read back from the picture as a camera would (rsvg-convert draws it, zbar reads it).
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("token-\(UUID().uuidString).svg")
            try Data(svg.utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let png = file.deletingPathExtension().appendingPathExtension("png")
            defer { try? FileManager.default.removeItem(at: png) }
            _ = try await Tool.require("rsvg-convert", "-o", png.path, file.path)
            let read = String(decoding: try await QRPictureReader().read(fileAt: png.path), as: UTF8.self)
            #expect(read == token.qrText, "\(read)")
        }
    }

    /// The text of a session token's code, pasted or read from a picture on Add, starts the exchange as a tap
    /// would; an expired one is refused on Add with its sentence, and nothing starts.
    @Test func addGivenATokenOpensFaceToFace() async throws {
        let account = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(ScreenTextTests.container()))
        let model = FaceToFace(account: account)
        let router = Router(context: BasicRequestContext.self)
        LocalWebApp(account: account).addPages(to: router, faceToFace: model)
        let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        let expired = try SessionToken.issue(at: Date().addingTimeInterval(-600), lifetime: 60)
        let fresh = try SessionToken.issue(at: Date())
        try await Application(router: router).test(.router) { client in
            let body = { (text: String) in ByteBuffer(string: "card=" + (text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")) }
            try await client.execute(uri: AppPath.add.href, method: .post, headers: form, body: body(expired.qrText)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(String(buffer: response.body).contains("expired"), "\(String(buffer: response.body))")
            }
            let startedByTheExpiredOne = await model.running
            #expect(!startedByTheExpiredOne)
            try await client.execute(uri: AppPath.add.href, method: .post, headers: form, body: body(fresh.qrText)) { response in
                #expect(response.status == .seeOther && response.headers[.location] == AppPath.nearby.href, "\(response.status)")
            }
            let started = await model.running
            #expect(started)
            await model.stop()
        }
    }
}
