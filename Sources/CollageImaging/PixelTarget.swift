/// Where a draw writes: the first byte of an RGB buffer and its width in pixels. A raw pointer,
/// so that several threads may draw into one canvas at once, each into its own rectangle
/// (`RGBImage.draw(_:)`); whoever makes one keeps the buffer alive and checks the rectangles.
struct PixelTarget: @unchecked Sendable {
    let pixels: UnsafeMutablePointer<UInt8>
    let width: Int
}
