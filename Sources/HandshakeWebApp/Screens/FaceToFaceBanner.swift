// Establishes the banner a face-to-face request shows on every screen but Face to face (seed 001's EX-4: "in
// other screens, a top banner"): who asks, their common friends, Accept (which answers and opens Face to face
// on the success screen) and Open. Every screen carries its empty place; the page's script fills it from
// `/nearby/banner` whenever the exchange's event stream says something changed, so a request that arrives
// while the person reads their contacts shows at once.
import HandshakeHTML
import HandshakeNearby

enum FaceToFaceBanner {
    /// The banner's place on a screen, followed by the page's script.
    static var placeholder: HTML {
        HTML.div(.id(.nearbyBanner), .data(.stream, .nearbyStream), .data(.fragment, .nearbyBanner), .aria("live", "assertive"))
    }

    /// The banner: their request while it waits for an answer, else nothing.
    @MainActor static func banner(_ model: FaceToFace, formToken: String) -> HTML {
        guard let request = model.request else { return .empty }
        let name = request.theirCard.card.name
        return HTML.div(.class("banner"), .role("alert")) {
            HTML.p {
                HTML.strong { .text(NearbySentences.asksToExchange(name)) }
                HTML.text(" ")
                HTML.span { .text(NearbySentences.commonFriends(with: name, request.session.commonFriends)) }
            }
            Page.form(.answerNearby, token: formToken) {
                HTML.div(.class("row")) {
                    FaceToFaceScreen.answer(.yes, "primary") { .text("Accept") }
                    HTML.a(.href(.nearby)) { .text("Open Face to face") }
                }
            }
        }
    }
}
