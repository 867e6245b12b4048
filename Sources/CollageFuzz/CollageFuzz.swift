internal import CollageCodecs
internal import CollageCore
internal import CollageImaging
#if canImport(Glibc)
internal import Glibc
#endif

/// The fuzz target: every step a photo's untrusted bytes go through before they become tiles.
/// The sniff, the header probe, the EXIF parser (on the input itself too, so it is fuzzed
/// directly), and a decode at each of libjpeg's DCT scales (1/8, 1/4, 1/2, 1/1), each scale
/// chosen by asking for the size that selects it, as the pipeline does. HEIC, AVIF and WebP
/// (libheif, libwebp) are decoded at full size and at a small size (which picks a HEIF's
/// embedded thumbnail when it has one); their container parsers of ours (a HEIF's irot/imir, a
/// WebP's EXIF chunk, a PNG's eXIf) run in the header probe. A JPEG or a HEIF is decoded
/// twice, from memory and read from a file (the pipeline's path: libjpeg streams it, libheif's
/// reader preads it): both must give the same header and pixels, or both fail.
///
/// Built by `make fuzz` with `-sanitize=fuzzer,address`: libFuzzer provides `main` and calls
/// `LLVMFuzzerTestOneInput`. In an ordinary build (`COLLAGE_FUZZING` undefined) it is a replay
/// tool instead: `CollageFuzz file…` runs each file through the same path, to reproduce a
/// finding without the fuzzing build.
enum FuzzInput {
    /// Small enough that every input decodes in milliseconds under AddressSanitizer; the code
    /// paths are the same as at 100 MP.
    static let limits = DecodeLimits(maximumPixels: 1 << 20, maximumScans: DecodeLimits.defaultMaximumScans)

    /// Where a JPEG or HEIF input is written to be read back from a file, as the pipeline reads it.
    static let scratch = ScratchFile()

    static func run(_ bytes: [UInt8]) {
        _ = ExifOrientation.parse(bytes)
        let streams = [.jpeg, .heic, .avif, .heif].contains(ImageFormat(signature: bytes.prefix(ImageCodecs.signatureLength)))
        if streams { scratch.replace(with: bytes) }
        let header = try? OpenedImage(bytes: bytes, limits: limits).header
        if streams {
            let streamed = try? streamed(bytes)
            precondition(streamed?.header == header, "header from the file \(String(describing: streamed?.header)), from memory \(String(describing: header))")
        }
        guard let header else { return }
        let stored = header.storedSize
        let scales = switch header.format {
        case .jpeg: [8, 4, 2, 1]
        case .heic, .avif, .heif: [8, 1]  // 1/8: a thumbnail, where one covers it
        case .webp: [8, 1]  // 1/8: scaled by libwebp as it decodes
        case .png: [1]
        }
        for scale in scales {
            // The displayed size whose stored size is this scale's output: it selects the scale.
            let wanted = PixelSize(width: (stored.width + scale - 1) / scale, height: (stored.height + scale - 1) / scale)
            let displayed = header.orientation.swapsAxes ? wanted.transposed : wanted
            let decoded = try? OpenedImage(bytes: bytes, limits: limits).decode(at: displayed)
            if streams {
                // A fresh decoder each time: one decodes once.
                let streamed = try? streamed(bytes).decode(at: displayed)
                precondition(streamed?.header == decoded?.header, "the file's header differs from the bytes' at 1/\(scale)")
                precondition(streamed?.image == decoded?.image, "the file decodes to other pixels than the bytes at 1/\(scale)")
            }
            guard let decoded else { return }
            precondition(decoded.image.size == displayed, "decoded at \(decoded.image.size), asked for \(displayed)")
            precondition(decoded.header == header, "the header changed between probe and decode")
        }
    }

    /// The input streamed from the scratch file, as the pipeline opens a photo.
    static func streamed(_ bytes: [UInt8]) throws -> OpenedImage {
        try OpenedImage(signature: Array(bytes.prefix(ImageCodecs.signatureLength)), file: scratch.descriptor, keepingOpen: scratch,
                        limits: limits) { bytes }
    }
}

#if COLLAGE_FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzInput.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
#else
@main
struct Replay {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let file = fopen(path, "rb") else {
                print("CollageFuzz: cannot open \(path)")
                exit(66)
            }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while case let count = fread(&chunk, 1, chunk.count, file), count > 0 { bytes += chunk[..<count] }
            fclose(file)
            FuzzInput.run(bytes)
            print("\(path): ok")
        }
    }
}
#endif
