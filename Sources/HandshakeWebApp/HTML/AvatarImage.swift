// Establishes how a card's photo is drawn: inline as a data URL (the policy allows `data:` images and
// nothing from elsewhere), with its checked media type. Core checks only the format's signature bytes;
// decoding is the browser's, in its own sandbox, as for any image on any page.
import Foundation
import HandshakeCore
import HandshakeHTML

enum AvatarImage {
    /// The photo, or nothing when the card has none; `alt` says whose it is.
    static func html(_ avatar: Avatar?, alt: String) -> HTML {
        guard let avatar else { return .empty }
        let source = "data:\(avatar.mediaType);base64,\(Data(avatar.data).base64EncodedString())"
        return HTML.img(.class("avatar"), .src(source), .alt(alt), .width(96), .height(96))
    }
}
