/// A region of a source image with fractional edges: the part of a photo a tile shows.
public struct SourceRegion: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The centred region of `source` with the aspect of `target`: aspect fill, no letterbox.
    public static func centreCrop(of source: PixelSize, toFill target: PixelSize) -> SourceRegion {
        let scale = max(Double(target.width) / Double(source.width), Double(target.height) / Double(source.height))
        let width = min(Double(source.width), Double(target.width) / scale)
        let height = min(Double(source.height), Double(target.height) / scale)
        return SourceRegion(
            x: (Double(source.width) - width) / 2, y: (Double(source.height) - height) / 2,
            width: width, height: height)
    }
}

extension RGBImage {
    /// The whole image at another size.
    public func resized(to target: PixelSize) -> RGBImage {
        if target == size { return self }
        // Nothing to average from (or nothing to fill): `draw` would write no pixel, so no
        // uninitialised byte may escape; white, as a fresh canvas.
        if size.area == 0 || target.area == 0 { return RGBImage(size: target) }
        // Every output pixel is written by `draw`: no need to clear the buffer first.
        let pixels = [UInt8](unsafeUninitializedCapacity: target.area * 3) { _, count in count = target.area * 3 }
        var out = RGBImage(size: target, pixels: pixels)
        out.draw(self, region: SourceRegion(x: 0, y: 0, width: Double(width), height: Double(height)),
                 into: PixelRect(x: 0, y: 0, width: target.width, height: target.height))
        return out
    }

    /// Resamples `region` of `source` into `rect` of this image, separably: area averaging where
    /// it shrinks (every source pixel counts by the area it covers, so fine detail turns to its
    /// mean instead of moiré), bilinear where it grows. The horizontal pass streams through a
    /// ring of the few rows the vertical pass needs, so memory stays a few rows, not a frame.
    ///
    /// In single-precision floats, which SSE2 and NEON multiply four at a time: a pixel across is
    /// one four-lane sum per tap, a row down is a loop the compiler vectorises. Whole-pixel regions
    /// of the tile's size are copied row by row. `rect` must lie inside this image.
    public mutating func draw(_ source: RGBImage, region: SourceRegion, into rect: PixelRect) {
        // The loops below write through raw pointers: one check here instead of one per pixel.
        precondition(rect.x >= 0 && rect.y >= 0 && rect.width <= width - rect.x && rect.height <= height - rect.y,
                     "\(rect) is not inside \(size)")
        let width = width
        pixels.withUnsafeMutableBufferPointer { output in
            Self.draw(source, region: region, into: rect, of: PixelTarget(pixels: output.baseAddress!, width: width))
        }
    }

    /// `draw` into a target already checked to hold `rect`.
    static func draw(_ source: RGBImage, region: SourceRegion, into rect: PixelRect, of target: PixelTarget) {
        guard rect.width > 0, rect.height > 0, source.width > 0, source.height > 0 else { return }
        if copy(source, region: region, into: rect, of: target) { return }
        let sourceRow = source.width * 3
        source.pixels.withUnsafeBufferPointer { input in
            let input = input.baseAddress!
            resample(source.size, region: region, into: rect, of: target) { input + $0 * sourceRow }
        }
    }

    /// The whole of a source whose rows arrive one after another (a decoder's scanlines), at
    /// `target`: `row(y)` is asked for each source row the average needs, once, top down, and
    /// its pointer read before the next is asked for. Only a few rows of the source are ever
    /// held, never the whole of it.
    public init(resampling source: PixelSize, to target: PixelSize, rows row: (Int) -> UnsafePointer<UInt8>) {
        guard source.area > 0, target.area > 0 else {
            self.init(size: target, filledWith: .white)  // nothing to average from: white, as `resized` gives
            return
        }
        // Every output pixel is written: no need to clear the buffer first.
        let pixels = [UInt8](unsafeUninitializedCapacity: target.area * 3) { _, count in count = target.area * 3 }
        self.init(size: target, pixels: pixels)
        self.pixels.withUnsafeMutableBufferPointer { output in
            Self.resample(source, region: SourceRegion(x: 0, y: 0, width: Double(source.width), height: Double(source.height)),
                          into: PixelRect(x: 0, y: 0, width: target.width, height: target.height),
                          of: PixelTarget(pixels: output.baseAddress!, width: target.width), rows: row)
        }
    }

    /// The separable resample of `region` of a source of `source` pixels into `rect`, reading
    /// each source row the taps need once, top down, through `row`.
    private static func resample(_ source: PixelSize, region: SourceRegion, into rect: PixelRect, of target: PixelTarget,
                                 rows row: (Int) -> UnsafePointer<UInt8>) {
        let columns = ResamplingTaps(source: source.width, start: region.x, span: region.width, target: rect.width)
        let rows = ResamplingTaps(source: source.height, start: region.y, span: region.height, target: rect.height)
        // The source columns the taps read: windows never move back, so from the first to the last.
        let left = columns.start[0]
        let span = (columns.start[rect.width - 1] + columns.stride - left) * 3
        let rowLength = rect.width * 3
        let ringSize = rows.stride
        // Each line and ring row is one float longer than its pixels: a pixel moves as four lanes.
        var line = [Float](repeating: 0, count: span + 1)
        var ring = [Float](repeating: 0, count: ringSize * (rowLength + 1))
        var sum = [Float](repeating: 0, count: rowLength)
        let targetWidth = target.width

        line.withUnsafeMutableBufferPointer { line in
            ring.withUnsafeMutableBufferPointer { ring in
                sum.withUnsafeMutableBufferPointer { sum in
                    let (line, ring, sum) = (line.baseAddress!, ring.baseAddress!, sum.baseAddress!)
                    var nextRow = 0  // the first source row not yet in the ring
                    for y in 0..<rect.height {
                        let first = rows.start[y]
                        // Windows never move back: older ring rows are done with.
                        for sourceRow in max(nextRow, first)..<(first + rows.stride) {
                            let pixels = row(sourceRow) + left * 3
                            for i in 0..<span { line[i] = Float(pixels[i]) }
                            columns.across(line, into: ring + (sourceRow % ringSize) * (rowLength + 1))
                        }
                        nextRow = first + rows.stride
                        rows.down(y, ring: ring, rowLength: rowLength, into: sum)
                        let out = target.pixels + ((rect.y + y) * targetWidth + rect.x) * 3
                        for i in 0..<rowLength { out[i] = ResamplingTaps.byte(sum[i]) }
                    }
                }
            }
        }
    }

    /// Draws by copying rows when the region is whole pixels of the rectangle's size (a photo kept
    /// at its tile's size); false when it is not.
    private static func copy(_ source: RGBImage, region: SourceRegion, into rect: PixelRect, of target: PixelTarget) -> Bool {
        guard region.width == Double(rect.width), region.height == Double(rect.height),
              region.x == region.x.rounded(), region.y == region.y.rounded(),
              region.x >= 0, region.y >= 0,
              Int(region.x) + rect.width <= source.width, Int(region.y) + rect.height <= source.height
        else { return false }
        let (left, top, sourceWidth, targetWidth) = (Int(region.x), Int(region.y), source.width, target.width)
        source.pixels.withUnsafeBufferPointer { input in
            for y in 0..<rect.height {
                let from = input.baseAddress! + ((top + y) * sourceWidth + left) * 3
                let to = target.pixels + ((rect.y + y) * targetWidth + rect.x) * 3
                to.update(from: from, count: rect.width * 3)
            }
        }
        return true
    }
}
