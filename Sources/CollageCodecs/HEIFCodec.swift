internal import CollageCore
internal import CollageImaging

/// HEIF, HEIC and AVIF through libheif, from memory: one library for the family, told apart by
/// the brands of the file's `ftyp` box.
///
/// libheif applies the file's `clap`, `irot` and `imir` itself, and the EXIF orientation a HEIF
/// may also carry is never applied: it only repeats those transforms, and applying it as well
/// turns iPhone photos twice. The header tells the transforms as the equivalent orientation
/// (`HEIFTransform`), with the coded size as stored; with a `clap` crop, the size shown only.
/// There is no DCT scaling: the image is decoded whole (or, when one covers the size kept, its
/// embedded thumbnail, as libvips' heifload does), shrunk by whole blocks as it is copied out of
/// libheif, and area-averaged to the size asked. Its colour is its `prof`/`rICC` profile, else
/// its `nclx` box made into one (`ColorProfile(nclx:)`), converted like any codec's.
enum HEIFCodec: ImageCodec {
    static let formats: [ImageFormat] = [.heic, .avif, .heif]

    /// An ISO base media file whose first box is `ftyp` naming a HEIF brand: the major brand,
    /// then the compatible ones (an AVIF may say `mif1` first and `avif` after it).
    static func format(signature head: [UInt8]) -> ImageFormat? {
        guard head.count >= 16, head[4..<8].elementsEqual(Array("ftyp".utf8)) else { return nil }
        let boxSize = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
        guard boxSize >= 16 else { return nil }
        let end = min(boxSize, head.count)
        var brands = [String(decoding: head[8..<12], as: UTF8.self)]
        for start in stride(from: 16, to: end - 3, by: 4) {
            brands.append(String(decoding: head[start..<start + 4], as: UTF8.self))
        }
        let hevc: Set = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]
        let av1: Set = ["avif", "avis"]
        let heif: Set = ["mif1", "msf1", "mif2", "miaf"]
        guard brands.contains(where: { hevc.contains($0) || av1.contains($0) || heif.contains($0) }) else { return nil }
        if av1.contains(brands[0]) { return .avif }
        if hevc.contains(brands[0]) { return .heic }
        if brands.contains(where: av1.contains) { return .avif }
        if brands.contains(where: hevc.contains) { return .heic }
        return .heif
    }

    static func open(bytes: [UInt8], limits: DecodeLimits) throws(DecodeError) -> any HeaderedImage {
        try HEIFImage(bytes: bytes, limits: limits)
    }

    /// Reads from the file itself, as libheif asks (its boxes, then each tile's coded data as it
    /// decodes it): a 6 MB photo is not held in memory beside its decode.
    static func open(file descriptor: Int32, keepingOpen owner: any AnyObject & Sendable, limits: DecodeLimits) throws(DecodeError) -> (any HeaderedImage)? {
        try HEIFImage(descriptor: descriptor, keepingOpen: owner, limits: limits)
    }

    /// libheif's decoding threads per photo. The pipeline already decodes as many photos at
    /// once as there are cores (`PrefetchingReader`'s depth), so each gets one thread: threads
    /// times photos in flight stays within the cores, and no decode waits on another's tiles.
    static let decodingThreads: Int32 = 1

    /// What decoding the primary image at full size holds at its peak, for `--max-memory`: the
    /// planes the HEVC or AV1 decoder writes (4:2:0, the alpha image's beside them), the RGB(A)
    /// planes libheif converts them into, both at full size with 1 or 2 bytes a sample, and our
    /// copy shrunk by 1/8 at least (as a JPEG's least DCT output). The file is not counted: the
    /// pipeline reads it as libheif asks, never whole (as a JPEG streams). A grid's coded planes
    /// exist a tile at a time, so for a grid this counts a little high.
    static func decodeBytes(coded: PixelSize, bitDepth: Int, alpha: Bool) -> Int {
        let sample = bitDepth > 8 ? 2 : 1
        let codedPlanes = coded.area * sample * (alpha ? 5 : 3) / 2
        let rgbPlanes = coded.area * sample * (alpha ? 4 : 3)
        return codedPlanes + rgbPlanes + ((coded.width + 7) / 8) * ((coded.height + 7) / 8) * 3
    }
}
