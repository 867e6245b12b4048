internal import CollageCore
public import CollageImaging
internal import CollageLocking

/// A photo whose header has been read, held open for the one decode that follows: the pipeline
/// decides from the header (the shape rule, the size to keep) before any pixel is decoded, and
/// the file is opened once for both. A JPEG streams from its file through libjpeg (no copy of the
/// file in memory); a PNG, HEIF or WebP is held as bytes (their libraries read from memory).
public final class OpenedImage: Sendable {
    public let header: ImageHeader
    private let limits: DecodeLimits
    /// Nil once decoded: the C decoder and the file are released with it.
    private let source: Locked<Source?>

    private enum Source {
        case jpeg(JPEGDecoder)
        case png([UInt8])
        case heif(HEIFDecoder)
        case webp([UInt8])
    }

    /// A JPEG in the regular file open on `descriptor`, which `owner` keeps open until this image
    /// is decoded or released. Its header is read and checked against `limits`.
    public init(jpegFile descriptor: Int32, keepingOpen owner: any AnyObject & Sendable, limits: DecodeLimits) throws(DecodeError) {
        let decoder = try JPEGDecoder(descriptor: descriptor, keepingOpen: owner, limits: limits)
        header = decoder.header
        self.limits = limits
        source = Locked(.jpeg(decoder))
    }

    /// A JPEG, PNG, HEIF or WebP in memory, recognised by its signature.
    public init(bytes: [UInt8], limits: DecodeLimits = DecodeLimits()) throws(DecodeError) {
        self.limits = limits
        switch ImageFormat(signature: bytes.prefix(ImageFormat.signatureLength)) {
        case .jpeg?:
            let decoder = try JPEGDecoder(bytes: bytes, limits: limits)
            header = decoder.header
            source = Locked(.jpeg(decoder))
        case .png?:
            header = try PNGDecoder.header(of: bytes, limits: limits)
            source = Locked(.png(bytes))
        case let format? where [.heic, .avif, .heif].contains(format):
            let decoder = try HEIFDecoder(bytes: bytes, format: format, limits: limits)
            header = decoder.header
            source = Locked(.heif(decoder))
        case .webp?:
            header = try WebPDecoder.header(of: bytes, limits: limits)
            source = Locked(.webp(bytes))
        default:
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
            case .heif(let decoder)?: return try decoder.decode(at: size, limits: limits)
            case .webp(let bytes)?: return try WebPDecoder.decode(bytes, header: header, at: size, limits: limits)
            case nil: return nil
            }
        }
    }
}
