import CCollageCodecs
import CollageCodecs
import CollageImaging
import Testing

/// The encoder's error path after its output has grown: libjpeg's own memory destination freed
/// the buffer behind our pointer there (a double free and a leak). A size limit makes that path
/// reachable without running out of memory; ASan (`make sanitize`) checks it frees once.
@Suite("JPEG encoder failures")
struct JPEGEncoderFailureTests {
    /// Noise compresses badly: 512x512 at quality 90 is over three times the 64 KiB first buffer.
    static let noise: RGBImage = {
        var state: UInt32 = 12345
        let pixels = (0..<(512 * 512 * 3)).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        return RGBImage(size: PixelSize(width: 512, height: 512), pixels: pixels)
    }()

    static func encode(limit: Int) -> (status: collage_status, length: Int, message: String) {
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: Int(COLLAGE_MESSAGE_CAPACITY))
        let status = noise.pixels.withUnsafeBufferPointer { pixels in
            collage_jpeg_encode(pixels.baseAddress, 512, 512, 90, 0, nil, 0, limit, Int(COLLAGE_JPEG_SPLIT_PIXELS), &output, &length, &message, message.count)
        }
        collage_free(output)
        return (status, length, message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }

    @Test func failsCleanlyAfterTheOutputHasGrown() throws {
        let whole = Self.encode(limit: Int.max)
        try #require(whole.status == COLLAGE_OK)
        #expect(whole.length > 3 * 64 * 1024, "the output grows twice")
        for limit in [64 * 1024 + 1, 150_000, whole.length - 1] {
            let cut = Self.encode(limit: limit)
            #expect(cut.status == COLLAGE_NO_MEMORY, "limit \(limit)")
            #expect(cut.message == "JPEG reached its size limit", "limit \(limit)")
        }
        #expect(Self.encode(limit: whole.length + 1).status == COLLAGE_OK, "room for the whole JPEG")
    }

    @Test func aLimitBelowTheFirstBufferFailsBeforeAnyByte() {
        #expect(Self.encode(limit: 0).status == COLLAGE_NO_MEMORY)
        #expect(Self.encode(limit: 100).status == COLLAGE_NO_MEMORY)
    }
}
