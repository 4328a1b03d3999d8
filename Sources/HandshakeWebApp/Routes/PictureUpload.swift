// Establishes how a picture a page's script sends as it is (not a form) reaches a route: its bytes, read up to
// the route's limit, or, past it, the one sentence that says so. Add's picture and My card's photo take
// pictures this way; what each does with the bytes is its own.
import Hummingbird

enum PictureUpload {
    /// The picture's bytes; `nil` when the body is over `limit` bytes (nothing of it is kept).
    static func bytes(of request: Request, upTo limit: Int) async -> [UInt8]? {
        var request = request
        guard let body = try? await request.collectBody(upTo: limit) else { return nil }
        return Array(buffer: body)
    }

    /// What a person is told about a picture over `limit` bytes.
    static func tooLarge(_ limit: Int) -> String {
        "The picture is larger than \(limit / 1_048_576) MB; choose a smaller one."
    }
}
