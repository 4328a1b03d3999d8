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
        return HTML.img(.class("avatar"), .src(source(avatar)), .alt(alt), .width(96), .height(96))
    }

    /// A list row's small photo, beside the name that says whose it is (so it has no words of its own).
    static func thumbnail(_ avatar: Avatar?) -> HTML {
        guard let avatar else { return .empty }
        return HTML.img(.class("thumb"), .src(source(avatar)), .alt(""), .width(40), .height(40))
    }

    static func source(_ avatar: Avatar) -> String {
        "data:\(avatar.mediaType);base64,\(Data(avatar.data).base64EncodedString())"
    }
}
