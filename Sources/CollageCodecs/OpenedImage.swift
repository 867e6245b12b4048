internal import CollageCore
public import CollageImaging
internal import CollageLocking

/// A photo whose header has been read, held open for the one decode that follows: the pipeline
/// decides from the header (the shape rule, the size to keep) before any pixel is decoded, and
/// the file is opened once for both. A JPEG streams from its file through libjpeg (no copy of the
/// file in memory); a PNG is held as bytes (libpng's simplified API reads from memory).
public final class OpenedImage: Sendable {
    public let header: ImageHeader
    private let limits: DecodeLimits
    /// Nil once decoded: the C decoder and the file are released with it.
    private let source: Locked<Source?>

    private enum Source {
        case jpeg(JPEGDecoder)
        case png([UInt8])
    }

    /// A JPEG in the regular file open on `descriptor`, which `owner` keeps open until this image
    /// is decoded or released. Its header is read and checked against `limits`.
    public init(jpegFile descriptor: Int32, keepingOpen owner: any AnyObject & Sendable, limits: DecodeLimits) throws(DecodeError) {
        let decoder = try JPEGDecoder(descriptor: descriptor, keepingOpen: owner, limits: limits)
        header = decoder.header
        self.limits = limits
        source = Locked(.jpeg(decoder))
    }

    /// A JPEG or PNG in memory, recognised by its signature.
    public init(bytes: [UInt8], limits: DecodeLimits = DecodeLimits()) throws(DecodeError) {
        self.limits = limits
        switch ImageFormat(signature: bytes.prefix(8)) {
        case .jpeg?:
            let decoder = try JPEGDecoder(bytes: bytes, limits: limits)
            header = decoder.header
            source = Locked(.jpeg(decoder))
        case .png?:
            header = try PNGDecoder.header(of: bytes, limits: limits)
            source = Locked(.png(bytes))
        case nil:
            throw .notAnImage
        }
    }

    /// The photo upright at `size` (displayed), or nil when it was decoded already (open the file
    /// again for another size).
    public func decode(at size: PixelSize) throws(DecodeError) -> DecodedImage? {
        let limits = limits
        return try source.withLock { source throws(DecodeError) -> DecodedImage? in
            defer { source = nil }
            switch source {
            case .jpeg(let decoder)?: return try decoder.decode(at: size, limits: limits)
            case .png(let bytes)?: return try PNGDecoder.decode(bytes, header: header, at: size, limits: limits)
            case nil: return nil
            }
        }
    }
}
