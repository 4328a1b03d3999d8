// Establishes the photo of your own card: the editor's script sends the chosen picture as it is; the app
// shrinks it to fit a card as `handshake card set --avatar` does (HandshakeAvatar: decoded, scaled and
// re-encoded here, never trusted as sent) and saves it through the card's own rules. Removing it is a form.
import Foundation
import HandshakeAvatar
import HandshakeCore
import HandshakeStore
import Hummingbird

struct CardPhotoRoutes: Sendable {
    let accounts: AccountHolder
    /// The account as it is now (a move to a new key replaces it).
    var account: HandshakeAccount { accounts.account }

    /// The largest picture taken: the largest photo HandshakeAvatar reads, as `card set --avatar` reads it.
    static let maxUploadBytes = AvatarPhoto.maxInputBytes

    func register(on router: Router<BasicRequestContext>) {
        router.post(.cardPhoto, use: save)
        router.post(.removeCardPhoto) { _, _ in
            try account.editCard { $0.avatar = nil }
            return Page.redirect(to: .editCard, done: .photoRemoved)
        }
    }

    /// What the script is told: where to go next, or the sentence to show.
    struct Answer: Encodable, Equatable {
        var next: String?
        var problem: String?
    }

    @Sendable func save(_ request: Request, context: BasicRequestContext) async throws -> Response {
        guard let picture = await PictureUpload.bytes(of: request, upTo: Self.maxUploadBytes) else {
            return Page.json(Answer(problem: PictureUpload.tooLarge(Self.maxUploadBytes)), status: .contentTooLarge)
        }
        let fitted: FittedAvatar
        do throws(AvatarPhotoError) {
            fitted = try AvatarPhoto.fit(picture)
        } catch {
            return Page.json(Answer(problem: error.description + " Nothing was saved."), status: .unprocessableContent)
        }
        do {
            try account.editCard { $0.avatar = fitted.avatar }
        } catch let error as CardFieldError {
            return Page.json(Answer(problem: error.description + " Nothing was saved."), status: .unprocessableContent)
        }
        return Page.json(Answer(next: AppPath.editCard.href(done: fitted.shrink == nil ? .photoSaved : .photoShrunk)), status: .ok)
    }
}
