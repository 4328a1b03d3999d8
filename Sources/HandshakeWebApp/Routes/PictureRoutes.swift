// Establishes Add from a picture: the page's script sends a chosen picture, or a camera frame, as it is; the
// app finds the QR code in it (HandshakeQRReader, not the browser) and answers the code's text, which the
// script puts in the paste box and sends like pasted text. So a picture and a paste reach the same reading,
// verification and confirmation screen; this route stores nothing.
import Foundation
import HandshakeQRReader
import Hummingbird

struct PictureRoutes: Sendable {
    let reader: QRPictureReader

    func register(on router: Router<BasicRequestContext>) {
        router.post(.addPicture, use: read)
    }

    /// What the script is told: the text found, or the sentence to show and whether to keep looking (a
    /// camera frame with no code in it yet).
    struct Answer: Encodable, Equatable {
        var text: String?
        var problem: String?
        var keepLooking = false

        static func of(_ result: Result<[UInt8], QRPictureError>) -> Answer {
            switch result {
            case .success(let bytes):
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    return Answer(problem: "This QR code holds data that is not text, so it is not a Handshake card.")
                }
                return Answer(text: text)
            case .failure(let error):
                return Answer(problem: error.description, keepLooking: error == .noQRCode("the picture"))
            }
        }
    }

    @Sendable func read(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let limit = QRPictureReader.maxPictureBytes
        guard let picture = await PictureUpload.bytes(of: request, upTo: limit) else {
            return Page.json(Answer(problem: PictureUpload.tooLarge(limit)), status: .contentTooLarge)
        }
        let result: Result<[UInt8], QRPictureError>
        do throws(QRPictureError) {
            result = .success(try await reader.read(picture))
        } catch {
            result = .failure(error)
        }
        let answer = Answer.of(result)
        return Page.json(answer, status: answer.text == nil ? .unprocessableContent : .ok)
    }
}
