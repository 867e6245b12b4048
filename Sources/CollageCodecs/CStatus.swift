internal import CollageCore
internal import CCollageCodecs

/// The message buffer every C entry point fills on failure.
struct CMessage {
    var bytes = [CChar](repeating: 0, count: Int(COLLAGE_MESSAGE_CAPACITY))

    var text: String {
        bytes.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

extension DecodeError {
    /// The one place a C status becomes a Swift error.
    init(status: collage_status, message: CMessage, format: ImageFormat, limits: DecodeLimits) {
        switch status {
        case COLLAGE_TRUNCATED: self = .truncated(format: format)
        case COLLAGE_TOO_MANY_SCANS: self = .tooManyScans(limit: limits.maximumScans)
        case COLLAGE_NO_MEMORY: self = .outOfMemory
        case COLLAGE_READ_FAILED: self = .unreadable(reason: message.text)
        default: self = .corrupt(format: format, reason: message.text)
        }
    }
}
