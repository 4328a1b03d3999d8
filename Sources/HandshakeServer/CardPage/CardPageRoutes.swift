// Establishes the card page's routes: `GET /c`, the page a card page link opens (the card is in the fragment,
// which browsers never send, so the server serves the same page to everyone and sees no card), and
// `GET /c/{file}`, its script modules and stylesheet. Every page the server shows a browser goes out with the
// headers of `pageHeaders`: a policy that lets the page run its own files and nothing else.
import Foundation
import HandshakeCore
import HandshakeMailbox
import Hummingbird

struct CardPageRoutes: Sendable {
    func register(on router: Router<MailboxContext>) {
        router.get(RouterPath(CardPageLink.path)) { request, _ in
            Self.send(Self.page, for: request, headers: Self.pageHeaders)
        }
        router.get(RouterPath(CardPageLink.path + "/{file}")) { request, context in
            guard let asset = CardPageAsset.all[try context.parameters.require("file")] else { throw MailboxError.notFound }
            return Self.send(asset, for: request, headers: [.xContentTypeOptions: "nosniff"])
        }
    }

    /// The page at `/c`, the same for every card.
    static let page = CardPageAsset(name: "", bytes: Array(CardPageHTML.fragmentPage.utf8), contentType: "text/html; charset=utf-8")

    /// The headers of every page for a browser: its own scripts, styles, requests and (for the photo) images
    /// only, no framing, no referrer (a share link's page has its token in the address), no sniffing.
    static var pageHeaders: HTTPFields {
        var headers: HTTPFields = [
            .contentSecurityPolicy: "default-src 'self'; img-src 'self' blob: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
            .xContentTypeOptions: "nosniff",
        ]
        if let referrerPolicy = HTTPFields.Element.Name.referrerPolicy { headers[referrerPolicy] = "no-referrer" }
        return headers
    }

    /// `asset` with `no-cache` and its ETag, gzipped when the browser accepts it (each encoding its own ETag);
    /// `304` with no body when the browser already holds it.
    static func send(_ asset: CardPageAsset, for request: Request, headers: HTTPFields) -> Response {
        var headers = headers
        let gzipped = Gzip.isAccepted(request.headers[.acceptEncoding]) ? asset.gzipped : nil
        let etag = gzipped == nil ? asset.etag : String(asset.etag.dropLast()) + "-gzip\""
        headers[.contentType] = asset.contentType
        headers[.cacheControl] = "no-cache"
        headers[.eTag] = etag
        headers[.vary] = "Accept-Encoding"
        if gzipped != nil { headers[.contentEncoding] = "gzip" }
        if request.holds(entityTag: etag) {
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: gzipped ?? asset.bytes)))
    }
}
