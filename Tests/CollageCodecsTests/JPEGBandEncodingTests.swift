import CCollageCodecs
import CollageCodecs
import CollageCore
import CollageImaging
import CollageTestSupport
import Foundation
import Testing

/// A large JPEG is encoded as two horizontal bands at once and stitched: the result must be the
/// very bytes libjpeg writes in one pass (restart markers after every MCU row), so the split
/// can change nothing but the time. Small textured images, split with a low threshold.
@Suite("JPEG encoded in two bands")
struct JPEGBandEncodingTests {
    struct Encoded {
        let status: collage_status
        let bytes: [UInt8]
        let message: String
    }

    /// `split` 0 is libjpeg's one pass; 1 splits any image with more than one MCU row.
    static func encode(_ image: RGBImage, split: Int, dpi: Int = 0, icc: [UInt8]? = nil, limit: Int = Int.max) -> Encoded {
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: Int(COLLAGE_MESSAGE_CAPACITY))
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            collage_jpeg_encode(pixels.baseAddress, UInt32(image.width), UInt32(image.height), 90, Int32(dpi), icc, icc?.count ?? 0,
                                limit, split, &output, &length, &message, message.count)
        }
        defer { collage_free(output) }
        let bytes = output.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
        return Encoded(status: status, bytes: bytes, message: message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }

    /// Waves with noise on top: every MCU row's entropy-coded data differs, and holds 0xFF bytes.
    static func textured(_ width: Int, _ height: Int) -> RGBImage {
        var image = TestImages.pattern(seed: width * 31 + height, width, height)
        var state: UInt32 = 2_463_534_242
        for index in image.pixels.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            image.pixels[index] = image.pixels[index] &+ UInt8(truncatingIfNeeded: state >> 27)
        }
        return image
    }

    @Test("Where an image is split: MCU rows near half its height, or nowhere", arguments: [
        (64, 16, 1, 0),        // one MCU row: nothing to split
        (64, 17, 1, 16),       // the smallest split: one MCU row, then one row
        (64, 32, 1, 16),
        (63, 33, 1, 16),
        (33, 100, 1, 48),
        (33, 300, 1, 144),     // nine MCU rows, then ten: restart numbers wrap in both bands
        (1800, 1200, Int(COLLAGE_JPEG_SPLIT_PIXELS), 608),
        (512, 512, Int(COLLAGE_JPEG_SPLIT_PIXELS), 256),
        (511, 512, Int(COLLAGE_JPEG_SPLIT_PIXELS), 0),
        (1800, 1200, 0, 0),
    ])
    func splitRow(width: Int, height: Int, threshold: Int, expected: Int) {
        #expect(collage_jpeg_split_row(UInt32(width), UInt32(height), threshold) == UInt32(expected))
    }

    @Test("Two bands stitched are libjpeg's one pass, byte for byte", arguments: [
        (64, 32), (64, 17), (64, 16), (63, 33), (33, 100), (33, 300), (127, 48), (1, 40),
    ], [false, true])
    func stitchedIsOnePass(size: (Int, Int), withMetadata: Bool) throws {
        let (width, height) = size
        let image = Self.textured(width, height)
        let icc = withMetadata ? try ColorProfile.sRGB.get() : nil
        let dpi = withMetadata ? 300 : 0
        let onePass = Self.encode(image, split: 0, dpi: dpi, icc: icc)
        let split = Self.encode(image, split: 1, dpi: dpi, icc: icc)
        try #require(onePass.status == COLLAGE_OK, "\(onePass.message)")
        try #require(split.status == COLLAGE_OK, "\(split.message)")
        if split.bytes != onePass.bytes {
            let first = zip(split.bytes, onePass.bytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(split.bytes.count, onePass.bytes.count)
            Issue.record("\(width)x\(height): \(split.bytes.count) bytes against \(onePass.bytes.count), first difference at \(first)")
        }
    }

    /// The real libjpeg reads the stitched file with no warning ("Corrupt JPEG data: found marker
    /// 0xd3 instead of RST2" is what a misnumbered restart gives) and to the one pass's pixels.
    @Test func djpegReadsItWithoutAWarning() async throws {
        let image = Self.textured(40, 300)
        let folder = try TemporaryDirectory()
        let split = Self.encode(image, split: 1, icc: try ColorProfile.sRGB.get())
        let onePass = Self.encode(image, split: 0, icc: try ColorProfile.sRGB.get())
        try Data(split.bytes).write(to: URL(fileURLWithPath: folder.file("split.jpg")))
        try Data(onePass.bytes).write(to: URL(fileURLWithPath: folder.file("one.jpg")))
        let result = try await Shell.run("djpeg -outfile split.ppm split.jpg && djpeg -outfile one.ppm one.jpg && cmp split.ppm one.ppm",
                                         in: folder.path)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let decoded = try #require(try PhotoDecoder.decode(split.bytes) { $0.displayedSize }.image)
        #expect(decoded == (try PhotoDecoder.decode(onePass.bytes) { $0.displayedSize }.image))
    }

    /// The collage writer's path: the default threshold splits a 512x512 image, and the bytes are
    /// still the one pass's.
    @Test func theEncoderSplitsALargeImageToTheSameBytes() throws {
        let image = Self.textured(512, 512)
        let written = try ImageEncoder.encode(image, as: .jpeg)
        let onePass = Self.encode(image, split: 0)
        let same = written == onePass.bytes  // not the arrays themselves: a failure would print 500 KiB
        #expect(same, "\(written.count) bytes against \(onePass.bytes.count)")
    }

    /// The size limit holds for the stitched JPEG as for a one-pass one: reaching it fails.
    @Test func theLimitHoldsForTheStitchedOutput() {
        let image = Self.textured(64, 64)
        let whole = Self.encode(image, split: 1)
        #expect(whole.status == COLLAGE_OK)
        for limit in [whole.bytes.count - 1, whole.bytes.count] {
            let cut = Self.encode(image, split: 1, limit: limit)
            #expect(cut.status == COLLAGE_NO_MEMORY, "limit \(limit)")
            #expect(cut.message == "JPEG reached its size limit", "limit \(limit)")
            #expect(Self.encode(image, split: 0, limit: limit).status == COLLAGE_NO_MEMORY, "one pass, limit \(limit)")
        }
        let room = Self.encode(image, split: 1, limit: whole.bytes.count + 1)
        #expect(room.status == COLLAGE_OK, "\(room.message)")
        #expect(room.bytes.count == whole.bytes.count)
    }
}
