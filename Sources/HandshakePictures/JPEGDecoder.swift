// Establishes how JPEG pictures are read: by libjpeg-turbo's TurboJPEG API, which reports every failure as a
// return value (the classic libjpeg API jumps out with longjmp, which Swift cannot catch).
//
// A camera photo may be read at a reduced scale: the decoder's DCT scaling (1/2, 1/4, 1/8 …) skips most of the
// work and memory of decoding 12 megapixels only to average them down to a quarter of one, and it is how a
// picture too large to hold whole is still read. Grey pixels come straight from the JPEG's luma channel, with
// no colour conversion. Warnings (a truncated file, a stray byte) do not stop a read: the decoder still
// delivers every row, as photo viewers show such files.
import CHandshakeTurboJPEG

enum JPEGDecoder {
    /// The picture in `jpeg` as `layout` pixels, as stored (not yet turned), and its full size.
    ///
    /// With `longestSide`, read at the smallest of the decoder's scales whose longest side is still at least
    /// that (full size when the picture is smaller); without, at the largest scale within `maxPixels`.
    static func decode(
        _ jpeg: [UInt8], as layout: Bitmap.Layout, longestSide: Int?, maxPixels: Int
    ) throws(PictureDecodingError) -> (bitmap: Bitmap, fullWidth: Int, fullHeight: Int) {
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

        let (fullWidth, fullHeight) = (Int(width), Int(height))
        let scale = longestSide.map { smallestScale(width: fullWidth, height: fullHeight, atLeast: $0) }
            ?? largestScale(width: fullWidth, height: fullHeight, within: maxPixels)
        let (readWidth, readHeight) = (scaled(fullWidth, scale), scaled(fullHeight, scale))
        guard Bitmap.pixelCount(width: readWidth, height: readHeight) <= maxPixels else {
            throw .tooManyPixels(width: fullWidth, height: fullHeight)
        }

        let format = layout == .grey ? TJPF_GRAY : TJPF_RGB
        var pixels = [UInt8](repeating: 0, count: readWidth * readHeight * layout.channels)
        let status = jpeg.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                tjDecompress2(
                    handle, source.baseAddress, UInt(source.count), target.baseAddress,
                    Int32(readWidth), 0, Int32(readHeight), Int32(format.rawValue), TJFLAG_ACCURATEDCT)
            }
        }
        if status != 0 && tjGetErrorCode(handle) != Int32(TJERR_WARNING.rawValue) {
            throw .unreadable(format: "JPEG", reason: message(handle))
        }
        return (Bitmap(width: readWidth, height: readHeight, layout: layout, pixels: pixels), fullWidth, fullHeight)
    }

    private static func message(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "no reason given" }
        return String(cString: text)
    }

    /// The decoder's scaling factors no larger than 1.
    private static var reducingScales: [tjscalingfactor] {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return [] }
        return UnsafeBufferPointer(start: factors, count: Int(count)).filter { $0.num <= $0.denom }
    }

    /// Of the decoder's scaling factors no larger than 1, the smallest that keeps the longest side at least
    /// `longestSide`; 1 when even full size is smaller.
    private static func smallestScale(width: Int, height: Int, atLeast longestSide: Int) -> tjscalingfactor {
        var best = tjscalingfactor(num: 1, denom: 1)
        let longest = max(width, height)
        for factor in reducingScales {
            let side = scaled(longest, factor)
            if side >= longestSide && side < scaled(longest, best) { best = factor }
        }
        return best
    }

    /// Of the decoder's scaling factors no larger than 1, the largest whose picture has at most `maxPixels`;
    /// 1 when none has (the caller then refuses the picture).
    private static func largestScale(width: Int, height: Int, within maxPixels: Int) -> tjscalingfactor {
        var best: tjscalingfactor?
        for factor in reducingScales where Bitmap.pixelCount(width: scaled(width, factor), height: scaled(height, factor)) <= maxPixels {
            if best.map({ scaled(width, factor) > scaled(width, $0) }) ?? true { best = factor }
        }
        return best ?? tjscalingfactor(num: 1, denom: 1)
    }

    /// TJSCALED: a dimension at a scaling factor, rounded up as the decoder does.
    private static func scaled(_ dimension: Int, _ factor: tjscalingfactor) -> Int {
        (dimension * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
    }
}
