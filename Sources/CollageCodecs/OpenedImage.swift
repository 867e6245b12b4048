internal import CollageCore
public import CollageImaging
internal import CollageLocking

/// The codecs' one entry point: a photo whose header has been read, held open for the one decode
/// that follows. Open (the format recognised by its signature, the header read and checked
/// against the limits) → `header` (the pipeline decides from it: the shape rule, the size to
/// keep) → `decode(at:)`, once. The file is opened once for both. A format whose library streams
/// from a file (JPEG) reads it there, with no copy in memory; the others read the bytes.
///
/// Each format is one `ImageCodec`, listed in `ImageCodecs.all`. Colour management is here, the
/// same for every codec: the header's embedded profile is applied to the decoded, kept-size copy.
public final class OpenedImage: Sendable {
    public let header: ImageHeader
    private let limits: DecodeLimits
    /// Nil once decoded: the codec's state and the file are released with it.
    private let opened: Locked<(any HeaderedImage)?>

    /// An image in memory, recognised by its signature.
    public convenience init(bytes: [UInt8], limits: DecodeLimits = DecodeLimits()) throws(DecodeError) {
        guard let (codec, _) = ImageCodecs.recognise(signature: bytes) else { throw .notAnImage }
        try self.init(codec.open(bytes: bytes, limits: limits), limits: limits)
    }

    /// An image in the regular file open on `descriptor`, which `owner` keeps open until this
    /// image is decoded or released; `signature` is the file's first
    /// `ImageCodecs.signatureLength` bytes (fewer if it is shorter). A format read from memory
    /// gets the file's bytes from `readAll`, whose errors are thrown as they are.
    public convenience init(
        signature: [UInt8], file descriptor: Int32, keepingOpen owner: any AnyObject & Sendable, limits: DecodeLimits,
        readAll: () throws -> [UInt8]
    ) throws {
        guard let (codec, _) = ImageCodecs.recognise(signature: signature) else { throw DecodeError.notAnImage }
        if let streamed = try codec.open(file: descriptor, keepingOpen: owner, limits: limits) {
            try self.init(streamed, limits: limits)
        } else {
            try self.init(codec.open(bytes: readAll(), limits: limits), limits: limits)
        }
    }

    private init(_ opened: sending any HeaderedImage, limits: DecodeLimits) throws(DecodeError) {
        try opened.header.check(limits)
        header = opened.header
        self.limits = limits
        self.opened = Locked(opened)
    }

    /// The photo upright at `size` (displayed), or nil when it was decoded already (open the file
    /// again for another size).
    public func decode(at size: PixelSize) throws(DecodeError) -> DecodedImage? {
        let limits = limits
        return try opened.withLock { opened throws(DecodeError) -> DecodedImage? in
            defer { opened = nil }
            guard let opened else { return nil }
            let decoded = try opened.decode(at: size, limits: limits)
            guard let pixels = opened.colorPixels else { return decoded }
            return decoded.inSRGB(pixels)
        }
    }
}
