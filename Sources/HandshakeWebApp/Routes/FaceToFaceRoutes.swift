// Establishes the Face to face routes: the screen, its live part and event stream, the banner every other
// screen shows while their request waits, and the buttons (start, try again, choose a person, answer the
// question on screen, stop, done). Each button hands the person's answer to the screen's model (FaceToFace),
// whose coordinator does the rest.
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
        router.get(.nearbyBanner) { _, _ in await Page.response(FaceToFaceBanner.banner(model, formToken: secrets.formToken)) }
        router.post(.startNearby, use: start)
        router.post(.retryNearby) { _, _ in
            try await model.tryAgain()
            return Page.redirect(to: .nearby)
        }
        router.post(.doneNearby) { _, _ in
            // Done goes back to Contacts with the new contact first; Start again, after an ending with nothing
            // kept, to a fresh Face to face.
            let (kept, crossed) = await model.done()
            if let kept { return Page.redirect(to: .contacts, newContact: kept) }
            return Page.redirect(to: crossed ? .contacts : .nearby)
        }
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
            let model = model
            meeting = try form.nearbyMeeting { token in await model.show(token) }
        } catch {
            throw HTTPError(.badRequest, message: "\(error)")
        }
        try await model.start(meeting, showsName: form.showsName)
        return Page.redirect(to: .nearby)
    }

    /// One message per change of the screen, until the person leaves the page or the app stops. The keep-alive
    /// comes every second: it is how the app notices, within seconds, that the page went away (the run then
    /// ends, and the other person is told).
    @Sendable func stream(_ request: Request, context: BasicRequestContext) async throws -> Response {
        return ServerSentEvents.response(retry: 1000, relaying: await model.changes(), keepAlive: Self.keepAlive) { "\($0)" }
    }

    /// How often the stream writes when nothing changed.
    static let keepAlive: Duration = .seconds(1)
}
