public import CollageImaging
/// Where a photo's content is, after libvips' `attention` smartcrop (libvips/conversion/smartcrop.c,
/// itself after smartcrop.js): a coarse grid over the kept image scores each cell for
/// - edges: 5 × |Laplacian| of the cells' mean luma (libvips' edge term and weight),
/// - detail: 5 × the standard deviation of luma inside the cell (texture a coarse mean erases),
/// - saturated colour: chroma, max − min of the channels, where the cell is not dark,
/// - skin tones: smartcrop.js's closeness of the colour's direction to (0.78, 0.57, 0.44),
/// each on a 0–100 scale. A window is centred on the peak of that map blurred at the window's
/// scale (σ = its diagonal in cells / 10, as libvips) and clamped into the photo, so it keeps
/// the most interesting region it can hold. A flat map's peak is its centre: a featureless photo
/// gets the centre crop. One pass over about 100,000 pixels (integer sums), then work on at most
/// 48 × 48 cells: deterministic, with no randomness, clock or floating-point order to vary.
public struct AttentionMap: Sendable {
    public let imageSize: PixelSize
    public let columns: Int
    public let rows: Int
    /// Interest per cell, row-major, before blurring.
    let scores: [Float]

    /// Cells along the photo's long side: libvips uses 32; a little finer places crops closer.
    public static let cellsOnLongSide = 48

    public init(of image: RGBImage) {
        let (width, height) = (image.width, image.height)
        let long = max(1, width, height)
        let cells = min(Self.cellsOnLongSide, long)
        func count(_ side: Int) -> Int { max(1, min(side, (side * cells + long / 2) / long)) }
        imageSize = image.size
        columns = count(width)
        rows = count(height)
        let sums = Self.cellSums(of: image, columns: columns, rows: rows)
        scores = Self.score(sums, columns: columns, rows: rows, width: width, height: height)
    }

    /// The window of `target`'s aspect that fills it, placed on the map's peak.
    public func window(toFill target: PixelSize) -> SourceRegion {
        var window = SourceRegion.centreCrop(of: imageSize, toFill: target)
        guard !scores.isEmpty else { return window }
        let cellWidth = Double(imageSize.width) / Double(columns)
        let cellHeight = Double(imageSize.height) / Double(rows)
        let across = window.width / cellWidth, down = window.height / cellHeight
        let sigma = max(1, (across * across + down * down).squareRoot() / 10)
        let (column, row) = peak(of: blurred(sigma: sigma), cellWidth: cellWidth, cellHeight: cellHeight)
        // The map places to within a cell: a peak next to the photo's centre is the centre.
        func snap(_ cell: Int, _ size: Double, _ length: Int) -> Double {
            let (position, middle) = ((Double(cell) + 0.5) * size, Double(length) / 2)
            return abs(position - middle) <= size / 2 + 1e-9 ? middle : position
        }
        let (x, y) = (snap(column, cellWidth, imageSize.width), snap(row, cellHeight, imageSize.height))
        window.x = min(max(0, x - window.width / 2), Double(imageSize.width) - window.width)
        window.y = min(max(0, y - window.height / 2), Double(imageSize.height) - window.height)
        return window
    }

    /// Samples the map reads at most, about: cells hold a few dozen samples or more each, plenty
    /// for a mean and a standard deviation, and the cost stays flat whatever the kept size.
    public static let sampleBudget = 100_000

    /// Every `step`-th pixel across and down, the columns shifting by one each sampled row so
    /// that a texture whose period divides the step is still seen in all its phases.
    static func samplingStep(for size: PixelSize) -> Int {
        var step = 1
        while size.area / (step * step) > sampleBudget { step += 1 }
        return step
    }

    /// Per cell: sample count, then sums of red, green, blue, luma and luma² (luma scaled by 256).
    static func cellSums(of image: RGBImage, columns: Int, rows: Int) -> [Int] {
        let (width, height) = (image.width, image.height)
        let step = samplingStep(for: image.size)
        let cellOfColumn = (0..<width).map { $0 * columns / width }
        var sums = [Int](repeating: 0, count: columns * rows * 6)
        image.pixels.withUnsafeBufferPointer { pixels in
            cellOfColumn.withUnsafeBufferPointer { cellOfColumn in
                sums.withUnsafeMutableBufferPointer { sums in
                    var sampled = 0
                    for y in stride(from: step / 2, to: height, by: step) {
                        let rowCells = y * rows / height * columns
                        var x = sampled % step
                        sampled += 1
                        var offset = (y * width + x) * 3
                        while x < width {
                            let (r, g, b) = (Int(pixels[offset]), Int(pixels[offset + 1]), Int(pixels[offset + 2]))
                            let luma = 77 * r + 150 * g + 29 * b
                            let cell = (rowCells + cellOfColumn[x]) * 6
                            sums[cell] += 1
                            sums[cell + 1] += r; sums[cell + 2] += g; sums[cell + 3] += b
                            sums[cell + 4] += luma; sums[cell + 5] += luma * luma
                            x += step
                            offset += step * 3
                        }
                    }
                }
            }
        }
        return sums
    }

    static func score(_ sums: [Int], columns: Int, rows: Int, width: Int, height: Int) -> [Float] {
        let cells = columns * rows
        var lightness = [Float](repeating: 0, count: cells)  // mean luma, 0–100
        var scores = [Float](repeating: 0, count: cells)
        for cell in 0..<cells {
            let base = cell * 6
            let n = Double(max(1, sums[base]))
            let (r, g, b) = (Double(sums[base + 1]) / n / 255, Double(sums[base + 2]) / n / 255, Double(sums[base + 3]) / n / 255)
            let mean = Double(sums[base + 4]) / n
            let deviation = max(0, Double(sums[base + 5]) / n - mean * mean).squareRoot()
            let luma = mean / (255 * 256)
            lightness[cell] = Float(luma * 100)
            var score = 5 * deviation / (255 * 256) * 100
            if luma > 0.05 {
                score += (max(r, g, b) - min(r, g, b)) * 100
                score += skin(r, g, b, luma: luma)
            }
            scores[cell] = Float(score)
        }
        for row in 0..<rows {
            for column in 0..<columns {
                let cell = row * columns + column
                let around = lightness[row * columns + max(0, column - 1)] + lightness[row * columns + min(columns - 1, column + 1)]
                    + lightness[max(0, row - 1) * columns + column] + lightness[min(rows - 1, row + 1) * columns + column]
                scores[cell] += 5 * abs(4 * lightness[cell] - around)
            }
        }
        return scores
    }

    /// smartcrop.js's skin score: how close the colour's direction is to skin's, 0–100 above its
    /// threshold of 0.8, in the lightness range it allows.
    static func skin(_ r: Double, _ g: Double, _ b: Double, luma: Double) -> Double {
        let magnitude = (r * r + g * g + b * b).squareRoot()
        guard magnitude > 0, (0.2...1).contains(luma) else { return 0 }
        let (dr, dg, db) = (r / magnitude - 0.78, g / magnitude - 0.57, b / magnitude - 0.44)
        let closeness = 1 - (dr * dr + dg * dg + db * db).squareRoot()
        return closeness > 0.8 ? (closeness - 0.8) / 0.2 * 100 : 0
    }

    /// The scores blurred by a Gaussian of `sigma` cells, separably, edges extended.
    func blurred(sigma: Double) -> [Float] {
        let radius = Int((3 * sigma).rounded(.up))
        var kernel = (-radius...radius).map { Float(negativeExponential(Double($0 * $0) / (2 * sigma * sigma))) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        var across = [Float](repeating: 0, count: scores.count)
        for row in 0..<rows {
            for column in 0..<columns {
                var sum: Float = 0
                for tap in -radius...radius {
                    sum += kernel[tap + radius] * scores[row * columns + min(columns - 1, max(0, column + tap))]
                }
                across[row * columns + column] = sum
            }
        }
        var out = [Float](repeating: 0, count: scores.count)
        for row in 0..<rows {
            for column in 0..<columns {
                var sum: Float = 0
                for tap in -radius...radius {
                    sum += kernel[tap + radius] * across[min(rows - 1, max(0, row + tap)) * columns + column]
                }
                out[row * columns + column] = sum
            }
        }
        return out
    }

    /// The highest cell; among cells within rounding of it, the one nearest the photo's centre,
    /// then the first in reading order.
    func peak(of map: [Float], cellWidth: Double, cellHeight: Double) -> (column: Int, row: Int) {
        let highest = map.max() ?? 0
        let floor = highest - max(1e-6, abs(highest) * 1e-5)
        var best = (column: columns / 2, row: rows / 2)
        var nearest = Double.infinity
        for row in 0..<rows {
            for column in 0..<columns where map[row * columns + column] >= floor {
                let dx = (Double(column) + 0.5) * cellWidth - Double(imageSize.width) / 2
                let dy = (Double(row) + 0.5) * cellHeight - Double(imageSize.height) / 2
                let distance = dx * dx + dy * dy
                if distance < nearest {
                    nearest = distance
                    best = (column, row)
                }
            }
        }
        return best
    }
}

/// e^−t for t ≥ 0 without libm (the core links no C): a Taylor series on t / 1024, squared ten
/// times; relative error below 1e-10 over the blur's range.
func negativeExponential(_ t: Double) -> Double {
    let u = -t / 1024
    var value = 1 + u * (1 + u / 2 * (1 + u / 3 * (1 + u / 4)))
    for _ in 0..<10 { value *= value }
    return value
}
