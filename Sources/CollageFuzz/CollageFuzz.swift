internal import CollageCodecs
internal import CollageCore
internal import CollageImaging
#if canImport(Glibc)
internal import Glibc
#endif

/// The fuzz target: every step a photo's untrusted bytes go through before they become tiles.
/// The sniff, the header probe, the EXIF parser (on the input itself too, so it is fuzzed
/// directly), and a decode at each of libjpeg's DCT scales (1/8, 1/4, 1/2, 1/1), each scale
/// chosen by asking for the size that selects it, as the pipeline does.
///
/// Built by `make fuzz` with `-sanitize=fuzzer,address`: libFuzzer provides `main` and calls
/// `LLVMFuzzerTestOneInput`. In an ordinary build (`COLLAGE_FUZZING` undefined) it is a replay
/// tool instead: `CollageFuzz file…` runs each file through the same path, to reproduce a
/// finding without the fuzzing build.
enum FuzzInput {
    /// Small enough that every input decodes in milliseconds under AddressSanitizer; the code
    /// paths are the same as at 100 MP.
    static let limits = DecodeLimits(maximumPixels: 1 << 20, maximumScans: DecodeLimits.defaultMaximumScans)

    static func run(_ bytes: [UInt8]) {
        _ = ExifOrientation.parse(bytes)
        guard let header = try? PhotoDecoder.header(of: bytes, limits: limits) else { return }
        let stored = header.storedSize
        let scales = header.format == .jpeg ? [8, 4, 2, 1] : [1]
        for scale in scales {
            // The displayed size whose stored size is this scale's output: it selects the scale.
            let wanted = PixelSize(width: (stored.width + scale - 1) / scale, height: (stored.height + scale - 1) / scale)
            let displayed = header.orientation.swapsAxes ? wanted.transposed : wanted
            guard let decoded = try? PhotoDecoder.decode(bytes, limits: limits, at: displayed) else { return }
            precondition(decoded.image.size == displayed, "decoded at \(decoded.image.size), asked for \(displayed)")
            precondition(decoded.header == header, "the header changed between probe and decode")
        }
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
