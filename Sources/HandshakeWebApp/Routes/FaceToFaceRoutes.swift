// Establishes the Face to face routes: the screen, its live part and event stream, and the buttons (start,
// choose a person, answer the question on screen, stop). Each button hands the person's answer to the
// screen's model (FaceToFace), whose coordinator does the rest.
import Foundation
import HandshakeExchange
import HandshakeNearby
import Hummingbird

struct FaceToFaceRoutes: Sendable {
    let model: FaceToFace
    let secrets: LaunchSecrets

    func register(on router: Router<BasicRequestContext>) {
        router.get("/nearby") { _, _ in await Page.response(FaceToFaceScreen.page(model, formToken: secrets.formToken)) }
        router.get("/nearby/live") { _, _ in
            await Page.response(FaceToFaceScreen.live(model, formToken: secrets.formToken))
        }
        router.get("/nearby/stream", use: stream)
        router.post("/nearby/start", use: start)
        router.post("/nearby/choose") { request, _ in
            let peer = try await AppRoutes.form(request)["peer"] ?? ""
            await model.choose(peer)
            return Page.redirect(to: "/nearby")
        }
        router.post("/nearby/answer") { request, _ in
            let form = try await AppRoutes.form(request)
            let answer: String? =
                switch form["answer"] {
                case "yes": "yes"
                case "note": form["note"]
                default: nil
                }
            await model.answer(answer)
            return Page.redirect(to: "/nearby")
        }
        router.post("/nearby/stop") { _, _ in
            await model.stop()
            return Page.redirect(to: "/nearby")
        }
    }

    @Sendable func start(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let form = try await AppRoutes.form(request)
        let meeting: NearbyMeeting
        switch form["meeting"] {
        case "showCode": meeting = .showCode
        case "typeCode":
            do {
                meeting = .typeCode(try ShortCode(parsing: form["code"] ?? ""))
            } catch {
                throw HTTPError(.badRequest, message: "\(error)")
            }
        default: meeting = .discover(choice: nil)
        }
        let showsName = form["showName"] == "yes"
        try await model.start(meeting, showsName: showsName)
        return Page.redirect(to: "/nearby")
    }

    /// One message per change of the screen, until the person leaves the page or the app stops.
    @Sendable func stream(_ request: Request, context: BasicRequestContext) async throws -> Response {
        return ServerSentEvents.response(retry: 1000, relaying: await model.changes()) { "\($0)" }
    }
}
