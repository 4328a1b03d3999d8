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
        router.get(.nearby) { _, _ in await Page.response(FaceToFaceScreen.page(model, formToken: secrets.formToken)) }
        router.get(.nearbyLive) { _, _ in
            await Page.response(FaceToFaceScreen.live(model, formToken: secrets.formToken))
        }
        router.get(.nearbyStream, use: stream)
        router.post(.startNearby, use: start)
        router.post(.chooseNearby) { request, _ in
            let peer = try await request.decodeForm(as: ChooseForm.self).peer ?? ""
            await model.choose(peer)
            return Page.redirect(to: .nearby)
        }
        router.post(.answerNearby) { request, _ in
            await model.answer(try await request.decodeForm(as: NearbyAnswerForm.self).reply)
            return Page.redirect(to: .nearby)
        }
        router.post(.stopNearby) { _, _ in
            await model.stop()
            return Page.redirect(to: .nearby)
        }
    }

    @Sendable func start(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let form = try await request.decodeForm(as: StartForm.self)
        let meeting: NearbyMeeting
        do {
            meeting = try form.nearbyMeeting()
        } catch {
            throw HTTPError(.badRequest, message: "\(error)")
        }
        try await model.start(meeting, showsName: form.showsName)
        return Page.redirect(to: .nearby)
    }

    /// One message per change of the screen, until the person leaves the page or the app stops.
    @Sendable func stream(_ request: Request, context: BasicRequestContext) async throws -> Response {
        return ServerSentEvents.response(retry: 1000, relaying: await model.changes()) { "\($0)" }
    }
}
