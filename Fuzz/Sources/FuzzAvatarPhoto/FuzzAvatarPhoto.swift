// libFuzzer target: any bytes as the photo a person picks for their avatar: format sniffing, the Exif
// orientation reader, libpng and libjpeg-turbo through their Swift wrappers, scaling and the JPEG writer.
// Invariants: nothing traps; a result fits the limit and is a PNG or JPEG; a photo kept as it was is the
// input byte for byte; every refusal has a sentence.
import HandshakeAvatar
import HandshakeCore

/// Small, so that most readable inputs take the shrinking path.
let limit = 1_024

public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    do throws(AvatarPhotoError) {
        let fitted = try AvatarPhoto.fit(bytes, within: limit)
        precondition(fitted.avatar.data.count <= limit, "an avatar over the limit")
        precondition(["image/png", "image/jpeg"].contains(fitted.avatar.mediaType))
        if let shrink = fitted.shrink {
            precondition(fitted.avatar.mediaType == "image/jpeg", "a shrunk avatar is a JPEG")
            precondition(shrink.to.width <= AvatarPhoto.preferredSide && shrink.to.height <= AvatarPhoto.preferredSide)
        } else {
            precondition(fitted.avatar.data == bytes, "a photo kept as it was changed")
        }
    } catch {
        precondition(!error.description.isEmpty, "a refusal without a sentence")
    }
    return 0
}
