// Establishes which way up a camera photo is meant to be seen. Phones store the sensor's pixels as they came
// and write the turn to apply in the Exif `Orientation` tag (0x0112; values 1–8 of the TIFF 6.0 / Exif 2.3
// table); every photo viewer applies it, so a shrunk avatar must too or it comes out sideways, and a QR code
// in a photo stored mirrored (2, 4, 5, 7) reads only once the mirror is undone. Only that one tag is read,
// from the first APP1 "Exif" segment before the image data, with every offset bounds-checked; a missing or
// odd tag means "as stored".

/// How the stored pixels of a photo are turned to be seen the right way up (Exif `Orientation`).
enum EXIFOrientation: UInt16, Sendable {
    case up = 1
    case mirrored = 2
    case upsideDown = 3
    case upsideDownMirrored = 4
    /// Mirrored across the top-left to bottom-right diagonal.
    case transposed = 5
    /// Turned a quarter clockwise to be seen.
    case turnedClockwise = 6
    /// Mirrored across the top-right to bottom-left diagonal.
    case transversed = 7
    /// Turned a quarter anticlockwise to be seen.
    case turnedAnticlockwise = 8

    /// Whether width and height swap when the turn is applied.
    var swapsSides: Bool { rawValue >= 5 }

    /// The orientation written in a JPEG's Exif segment, or `.up` when there is none.
    init(jpeg bytes: [UInt8]) {
        self = Self.read(bytes) ?? .up
    }

    private static func read(_ bytes: [UInt8]) -> EXIFOrientation? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        // Walk the marker segments up to the start of the image data; Exif lives in APP1 near the top.
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if marker == 0xDA || marker == 0xD9 || length < 2 { return nil }  // image data or end: no Exif
            let body = offset + 4
            let end = offset + 2 + length
            guard end <= bytes.count else { return nil }
            if marker == 0xE1, end - body >= 6, Array(bytes[body..<body + 6]) == Array("Exif\0\0".utf8) {
                return orientation(inTIFF: Array(bytes[(body + 6)..<end]))
            }
            offset = end
        }
        return nil
    }

    /// The Orientation entry of IFD0 of a TIFF structure (the Exif segment's payload).
    private static func orientation(inTIFF tiff: [UInt8]) -> EXIFOrientation? {
        guard tiff.count >= 8 else { return nil }
        let littleEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): littleEndian = true  // "II"
        case (0x4D, 0x4D): littleEndian = false  // "MM"
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return littleEndian ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let first = u16(at), let second = u16(at + 2) else { return nil }
            return littleEndian ? first | second << 16 : first << 16 | second
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<count {
            let at = ifd + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            // Type 3 is SHORT; a single SHORT sits in the first two bytes of the value field.
            if tag == 0x0112, u16(at + 2) == 3, let value = u16(at + 8) {
                return EXIFOrientation(rawValue: UInt16(value))
            }
        }
        return nil
    }
}

extension Bitmap {
    /// The picture turned the way `orientation` says, so that it is seen the right way up.
    func turned(_ orientation: EXIFOrientation) -> Bitmap {
        guard orientation != .up else { return self }
        let (newWidth, newHeight) = orientation.swapsSides ? (height, width) : (width, height)
        // The pixel seen at (x, y) is stored at start + x × stepX + y × stepY (in pixels): each turn and mirror
        // is such a walk over the stored rows, so one loop copies them all.
        let last = (width: width - 1, height: height - 1)
        let (start, stepX, stepY): (Int, Int, Int)
        switch orientation {
        case .up: (start, stepX, stepY) = (0, 1, width)
        case .mirrored: (start, stepX, stepY) = (last.width, -1, width)
        case .upsideDown: (start, stepX, stepY) = (last.height * width + last.width, -1, -width)
        case .upsideDownMirrored: (start, stepX, stepY) = (last.height * width, 1, -width)
        case .transposed: (start, stepX, stepY) = (0, width, 1)
        case .turnedClockwise: (start, stepX, stepY) = (last.height * width, -width, 1)
        case .transversed: (start, stepX, stepY) = (last.height * width + last.width, -width, -1)
        case .turnedAnticlockwise: (start, stepX, stepY) = (last.width, width, -1)
        }
        let channels = layout.channels
        var result = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { stored in
            result.withUnsafeMutableBufferPointer { seen in
                var to = 0
                for y in 0..<newHeight {
                    var from = start + y * stepY
                    for _ in 0..<newWidth {
                        for channel in 0..<channels { seen[to + channel] = stored[from * channels + channel] }
                        to += channels
                        from += stepX
                    }
                }
            }
        }
        return Bitmap(width: newWidth, height: newHeight, layout: layout, pixels: result)
    }
}
