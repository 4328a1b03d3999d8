// Establishes how the QR code in a grey picture is found: zbar's image scanner (libzbar), a decoder we did not
// write and that has met far more real photos than we could test, linked into the process. Only QR codes are
// looked for, and their bytes come back as they are (zbar's "binary" setting: no guessing at a character set
// and converting, which would turn bytes that are not UTF-8 into other bytes).
#if os(Linux) || os(macOS)
import CHandshakeZbar
import HandshakePictures

enum ZbarScanner {
    /// The bytes of the first QR code zbar finds in `bitmap` (grey pixels), or `nil` when it finds none.
    static func firstQRCode(in bitmap: Bitmap) -> [UInt8]? {
        precondition(bitmap.layout == .grey, "zbar scans grey pixels")
        // Both are freed below; creating them fails only when memory is exhausted, and then nothing is found.
        guard let scanner = zbar_image_scanner_create() else { return nil }
        defer { zbar_image_scanner_destroy(scanner) }
        guard let image = zbar_image_create() else { return nil }
        defer { zbar_image_destroy(image) }

        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1)
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1)
        zbar_image_set_format(image, grey8)
        zbar_image_set_size(image, UInt32(bitmap.width), UInt32(bitmap.height))
        return bitmap.pixels.withUnsafeBufferPointer { pixels -> [UInt8]? in
            // zbar reads our buffer in place; with no cleanup handler it never frees it, and the data pointer is
            // taken back before the buffer's borrow ends.
            zbar_image_set_data(image, pixels.baseAddress, UInt(pixels.count), nil)
            defer { zbar_image_set_data(image, nil, 0, nil) }
            guard zbar_scan_image(scanner, image) > 0 else { return nil }
            var symbol = zbar_image_first_symbol(image)
            while let found = symbol {
                if zbar_symbol_get_type(found) == ZBAR_QRCODE, let data = zbar_symbol_get_data(found) {
                    let count = Int(zbar_symbol_get_data_length(found))
                    return data.withMemoryRebound(to: UInt8.self, capacity: count) { Array(UnsafeBufferPointer(start: $0, count: count)) }
                }
                symbol = zbar_symbol_next(found)
            }
            return nil
        }
    }

    /// zbar's name for 8-bit grey pixels, the fourcc `Y800` (the `zbar_fourcc` macro, which Swift does not
    /// import): its four letters from the lowest byte up.
    private static let grey8 = UInt(UInt8(ascii: "Y")) | UInt(UInt8(ascii: "8")) << 8 | UInt(UInt8(ascii: "0")) << 16 | UInt(UInt8(ascii: "0")) << 24
}
#endif
