// Establishes how a shrunk avatar is written: by libjpeg-turbo's TurboJPEG API, which reports every failure
// as a return value (the classic libjpeg API jumps out with longjmp, which Swift cannot catch).
import CHandshakeTurboJPEG
import HandshakePictures

enum JPEGEncoder {
    /// `image` (RGB) as a baseline JPEG of `quality` (1–100) with 4:2:0 chroma, as cameras and phones write.
    static func encode(_ image: Bitmap, quality: Int) throws(AvatarPhotoError) -> [UInt8] {
        precondition(image.layout == .rgb, "an avatar is written from RGB pixels")
        guard let handle = tjInitCompress() else { throw .unreadable(format: "JPEG", reason: "the JPEG encoder could not start") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize: UInt = 0
        let status = image.pixels.withUnsafeBufferPointer { source in
            tjCompress2(
                handle, source.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGB.rawValue),
                &output, &outputSize, Int32(TJSAMP_420.rawValue), Int32(quality), TJFLAG_ACCURATEDCT)
        }
        defer { if let output { tjFree(output) } }
        guard status == 0, let output else { throw .unreadable(format: "JPEG", reason: message(handle)) }
        return Array(UnsafeBufferPointer(start: output, count: Int(outputSize)))
    }

    private static func message(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "no reason given" }
        return String(cString: text)
    }
}
