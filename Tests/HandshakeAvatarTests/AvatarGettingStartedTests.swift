import Foundation
import HandshakeAvatar
import HandshakeCore
import HandshakeTestSupport
import Testing

/// HandshakeAvatar as an app uses it, through the public API only: a camera photo picked for the card's
/// avatar. The code between the `article:` marks is the Getting Started article of HandshakeAvatar's
/// documentation, word for word (a test below checks it).
@Suite("Getting started in an app: HandshakeAvatar")
struct AvatarGettingStartedTests {
    @Test("a camera photo becomes an avatar that fits on the card")
    func gettingStarted() async throws {
        // A grainy 1600×1200 photo taken with the phone turned (Exif orientation 6), from Pillow: about 1 MB.
        let photoBytes = try await AvatarPhotoTests.photo(["op": "jpeg", "width": 1600, "height": 1200, "orientation": 6, "quality": 97, "noise": 40])
        #expect(photoBytes.count > CardLimits.avatarBytes)
        let identity = Identity.generate()
        var card = ContactCard(sigKey: identity.sigKey, encKey: identity.encKey, updatedAt: 1, fields: CardFields(name: "Ada Lovelace"))
        // article:begin
        // Any PNG or JPEG the person picks; one that already fits is kept byte for byte.
        let fitted = try AvatarPhoto.fit(photoBytes)
        card.avatar = fitted.avatar

        // Tell the person when their photo was made smaller.
        if let shrink = fitted.shrink {
            print("Your photo (\(shrink.from)) was shrunk to \(shrink.to) to fit on your card.")
        }
        // article:end
        guard let shrink = fitted.shrink else { Issue.record("the photo was kept as it was"); return }
        #expect(shrink.from == PixelSize(width: 1200, height: 1600))  // seen the right way up: portrait
        #expect(shrink.to == PixelSize(width: 384, height: 512))
        #expect((card.avatar?.data.count ?? .max) <= CardLimits.avatarBytes)
    }

    @Test("the Getting Started article shows exactly the code this suite runs")
    func articleMatchesTheTest() throws {
        #expect(try ArticleCode.inArticle("Sources/HandshakeAvatar/HandshakeAvatar.docc/GettingStarted.md") == ArticleCode.inTest())
    }
}
