internal import CollageCore
internal import CollageImaging

/// One image format the tool reads, and the only code that knows it: its signature, how its
/// header is read, how it decodes. A new format is one file with a type conforming to this (and
/// its C shim in `C<Thing>`), listed in `ImageCodecs.all`, and a case of `ImageFormat`.
///
/// The entry point is `OpenedImage`: open (recognise the signature, read the header, check it
/// against the limits) → header (the pipeline decides from it) → decode (once, at the size kept).
protocol ImageCodec: Sendable {
    /// The formats it reads: one, or a family read by one library (HEIF's HEIC, AVIF and HEIF).
    static var formats: [ImageFormat] { get }

    /// Which of its formats a file starting with `signature` (its first
    /// `ImageCodecs.signatureLength` bytes, fewer when the file is shorter) is in, nil when none:
    /// recognised by content, never by name.
    static func format(signature: [UInt8]) -> ImageFormat?

    /// Reads the header of an image in memory; no pixel is decoded yet.
    static func open(bytes: [UInt8], limits: DecodeLimits) throws(DecodeError) -> any HeaderedImage

    /// Reads the header straight from the regular file open on `descriptor`, which `owner` keeps
    /// open; nil when the library reads from memory only (the file is then read whole and given
    /// to `open(bytes:limits:)`).
    static func open(file descriptor: Int32, keepingOpen owner: any AnyObject & Sendable, limits: DecodeLimits) throws(DecodeError) -> (any HeaderedImage)?
}

extension ImageCodec {
    static func open(file descriptor: Int32, keepingOpen owner: any AnyObject & Sendable, limits: DecodeLimits) throws(DecodeError) -> (any HeaderedImage)? {
        nil
    }
}

/// What a codec's `open` returns: the header read and the decode pending, holding whatever the
/// library needs (a C object, the bytes, the open file) until then. It decodes once.
protocol HeaderedImage: AnyObject {
    var header: ImageHeader { get }
    /// How the decoded pixels relate to `header.colorProfile`, which `OpenedImage` applies once
    /// they are at the kept size; nil when the codec applied it as it decoded (a CMYK JPEG's
    /// rows, which have no RGB copy to convert later) and said so in `details.color`.
    var colorPixels: ColorConversion.Pixels? { get }
    /// The photo upright at `size` (displayed), in its stored colours: no more decoded than that
    /// size needs (a library's own scaling where it has one), then area-averaged to the exact size.
    func decode(at size: PixelSize, limits: DecodeLimits) throws(DecodeError) -> DecodedImage
}

extension HeaderedImage {
    var colorPixels: ColorConversion.Pixels? { .rgb }
}
