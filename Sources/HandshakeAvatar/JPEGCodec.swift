// Establishes how JPEG pictures are read and written: by libjpeg-turbo's TurboJPEG API, which reports every
// failure as a return value (the classic libjpeg API jumps out with longjmp, which Swift cannot catch).
//
// A camera photo is read at a reduced scale when it is far larger than the avatar will be: the decoder's
// DCT scaling (1/2, 1/4, 1/8 …) skips most of the work and memory of decoding 12 megapixels only to average
// them down to a quarter of one. Warnings (a truncated file, a stray byte) do not stop a read: the decoder
// still delivers every row, as photo viewers show such files.
import CHandshakeTurboJPEG

enum JPEGCodec {
    /// The picture in `jpeg`, read at the smallest of the decoder's scales whose longest side is still at
    /// least `longestSide` (or at full size when the picture is smaller than that), and its full size.
    static func decode(_ jpeg: [UInt8], atLeast longestSide: Int, maxPixels: Int) throws(AvatarPhotoError) -> (image: RGBImage, fullSize: PixelSize) {
        guard let handle = tjInitDecompress() else { throw .unreadable(format: "JPEG", reason: "the JPEG decoder could not start") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let header = jpeg.withUnsafeBufferPointer { buffer in
            tjDecompressHeader3(handle, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw .unreadable(format: "JPEG", reason: message(handle)) }
        guard width > 0, height > 0 else { throw .unreadable(format: "JPEG", reason: "it has no pixels") }
        if colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue) { throw .cmykJPEG }

        let scale = smallestScale(width: Int(width), height: Int(height), atLeast: longestSide)
        let size = PixelSize(width: scaled(Int(width), scale), height: scaled(Int(height), scale))
        guard size.area <= maxPixels else { throw .tooManyPixels(PixelSize(width: Int(width), height: Int(height))) }

        var pixels = [UInt8](repeating: 0, count: size.area * 3)
        let status = jpeg.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                tjDecompress2(
                    handle, source.baseAddress, UInt(source.count), target.baseAddress,
                    Int32(size.width), 0, Int32(size.height), Int32(TJPF_RGB.rawValue), TJFLAG_ACCURATEDCT)
            }
        }
        if status != 0 && tjGetErrorCode(handle) != Int32(TJERR_WARNING.rawValue) {
            throw .unreadable(format: "JPEG", reason: message(handle))
        }
        return (RGBImage(width: size.width, height: size.height, pixels: pixels), PixelSize(width: Int(width), height: Int(height)))
    }

    /// `image` as a baseline JPEG of `quality` (1–100) with 4:2:0 chroma, as cameras and phones write.
    static func encode(_ image: RGBImage, quality: Int) throws(AvatarPhotoError) -> [UInt8] {
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

    /// Of the decoder's scaling factors no larger than 1, the smallest that keeps the longest side at least
    /// `longestSide`; 1 when even full size is smaller.
    private static func smallestScale(width: Int, height: Int, atLeast longestSide: Int) -> tjscalingfactor {
        var count: Int32 = 0
        var best = tjscalingfactor(num: 1, denom: 1)
        guard let factors = tjGetScalingFactors(&count) else { return best }
        let longest = max(width, height)
        for factor in UnsafeBufferPointer(start: factors, count: Int(count)) where factor.num <= factor.denom {
            let side = scaled(longest, factor)
            if side >= longestSide && side < scaled(longest, best) { best = factor }
        }
        return best
    }

    /// TJSCALED: a dimension at a scaling factor, rounded up as the decoder does.
    private static func scaled(_ dimension: Int, _ factor: tjscalingfactor) -> Int {
        (dimension * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
    }
}
