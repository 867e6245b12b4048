internal import CCollageCodecs
public import CollageCore

/// Why an image could not be encoded.
public struct EncodeError: Error, Hashable, Sendable, CustomStringConvertible {
    public let format: ImageFormat
    public let reason: String
    public var description: String { "cannot encode \(format): \(reason)" }
}

/// Encodes a collage to JPEG (libjpeg, optimised Huffman tables) or PNG (libpng), in memory, so
/// the writer can put the bytes on disk atomically.
public enum ImageEncoder {
    public static let defaultQuality = 90

    public static func encode(_ image: RGBImage, as format: ImageFormat, quality: Int = defaultQuality) throws(EncodeError) -> [UInt8] {
        var message = CMessage()
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            let (width, height) = (UInt32(image.width), UInt32(image.height))
            switch format {
            case .jpeg:
                return collage_jpeg_encode(pixels.baseAddress, width, height, Int32(quality), &output, &length, &message.bytes, message.bytes.count)
            case .png:
                return collage_png_encode(pixels.baseAddress, width, height, &output, &length, &message.bytes, message.bytes.count)
            }
        }
        guard status == COLLAGE_OK, let output else { throw EncodeError(format: format, reason: message.text) }
        defer { collage_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }
}
