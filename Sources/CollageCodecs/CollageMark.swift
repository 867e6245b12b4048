internal import CCollageCodecs

/// The mark every collage carries (`COLLAGE_MARK`: a JPEG comment segment, a PNG `Software`
/// text chunk): how a run tells a collage it may replace from a photo it must never overwrite.
/// Read from the bytes before the image data, without a decoder.
public enum CollageMark {
    /// How many bytes from the start a reader needs: the marks sit before the image data, after
    /// at most the JFIF/pHYs headers the encoders write first.
    public static let prefixLength = 4096

    /// Whether `bytes` (a file's first bytes) are a JPEG or PNG this tool wrote.
    public static func isPresent(in bytes: [UInt8]) -> Bool {
        switch ImageFormat(signature: bytes) {
        case .jpeg: return jpegComments(bytes).contains(mark)
        case .png: return pngTexts(bytes).contains(Array("Software".utf8) + [0] + mark)
        case .heic, .avif, .heif, .webp, nil: return false
        }
    }

    private static let mark = Array(COLLAGE_MARK.utf8)

    /// The payloads of the comment (COM) segments before the first scan.
    private static func jpegComments(_ bytes: [UInt8]) -> [[UInt8]] {
        var comments: [[UInt8]] = [], offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] != 0xDA {
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { break }
            if bytes[offset + 1] == 0xFE { comments.append(Array(bytes[(offset + 4)..<(offset + 2 + length)])) }
            offset += 2 + length
        }
        return comments
    }

    /// The data of the tEXt chunks before the first IDAT.
    private static func pngTexts(_ bytes: [UInt8]) -> [[UInt8]] {
        var texts: [[UInt8]] = [], offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = Array(bytes[(offset + 4)..<(offset + 8)])
            guard type != Array("IDAT".utf8), length <= bytes.count - offset - 12 else { break }
            if type == Array("tEXt".utf8) { texts.append(Array(bytes[(offset + 8)..<(offset + 8 + length)])) }
            offset += 12 + length
        }
        return texts
    }
}
