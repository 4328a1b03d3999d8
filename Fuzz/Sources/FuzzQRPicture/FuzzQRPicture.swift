// libFuzzer target: any bytes as a picture to find a QR code in (a chosen file, an upload, a camera frame):
// format sniffing, the Exif orientation reader, libpng and libjpeg-turbo to grey pixels through their Swift
// wrappers, and zbar's image scanner on what they give.
// Invariants: nothing traps; a code found holds at most what QR codes can (2,953 bytes each, and zbar joins
// at most 16 of a structured-append series into one); every refusal has a sentence, and it is one of the
// refusals a picture's bytes can earn.
@_spi(Wire) import HandshakeQRReader

public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    do throws(QRPictureError) {
        let text = try QRPictureReader.scan(bytes, named: "the picture")
        precondition(text.count <= 16 * 2_953, "more bytes than QR codes hold")
    } catch {
        precondition(!error.description.isEmpty, "a refusal without a sentence")
        switch error {
        case .notAPicture, .noQRCode, .tooManyPixels: break
        default: preconditionFailure("a refusal the bytes cannot earn: \(error)")
        }
    }
    return 0
}
