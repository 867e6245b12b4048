public import CollageImaging
/// A photo shrunk to 64x48 in luma alone (3 KB): what the duplicate check compares, patch by
/// patch, once the fingerprint has found a candidate.
///
/// Computed once from the decoded, upright image by area averaging, so the same picture decoded
/// at another size (a later place in the collage, a resized copy) gives nearly the same values.
public struct Thumbnail: Sendable, Equatable {
    public static let size = PixelSize(width: 64, height: 48)
    /// A patch is 4x4 thumbnail pixels (1/16 of the width by 1/12 of the height); patches start
    /// every 2 pixels, so a small change on the edge between two patches falls whole into the
    /// patch that straddles that edge.
    static let patch = 4
    static let step = 2

    /// The largest distance at which two photos are still one photo: the default of
    /// `--similarity`, halfway between the two sides measured on the fixtures through the real
    /// decoder at the pipeline's sizes (`SamePhotoTests`). Copies of a photo (re-encoded down to
    /// quality 30, a quarter of the size, PNG and back, EXIF-turned, losslessly rotated, new
    /// metadata) are within 5.5; another capture of the same scene at 18.5 or more (a cup put
    /// down; a raised hand 19.8, a guest moved by 2.5 % of the width 37.5); other scenes 88 or more.
    public static let samePhotoThreshold = 12.0
    /// The scale's range: identical pictures measure 0, a black patch turned white 255.
    public static let scale: ClosedRange<Double> = 0...255

    /// Luma (Rec. 601, 0-255), row by row.
    public let luma: [UInt8]

    public init(luma: [UInt8]) {
        precondition(luma.count == Self.size.area, "a thumbnail holds \(Self.size.area) luma values")
        self.luma = luma
    }

    public init(of image: RGBImage) {
        let small = image.resized(to: Self.size)
        var luma = [UInt8](repeating: 0, count: Self.size.area)
        for i in luma.indices {
            luma[i] = UInt8((small[i % Self.size.width, i / Self.size.width].lumaThousandths + 500) / 1000)
        }
        self.init(luma: luma)
    }

    /// The `--similarity` scale: by how many luma levels (0-255) the patch that changed most got
    /// brighter or darker, in steps of 1/16. 0 only for identical pictures.
    ///
    /// A patch's mean, not its pixels one by one: re-encoding and resizing blur edges and move
    /// pixels a little up and down around their old values, which averages out within a patch,
    /// while a subject that moved, joined or left brightens or darkens a patch as a whole.
    /// Compared per patch, not over the whole picture, so one moved subject is not diluted by an
    /// unchanged background.
    public func distance(to other: Thumbnail) -> Double {
        let (width, height) = (Self.size.width, Self.size.height)
        // Running sums of the signed difference: any patch's sum in four look-ups.
        var sums = [Int](repeating: 0, count: (width + 1) * (height + 1))
        for y in 0..<height {
            var row = 0
            for x in 0..<width {
                row += Int(luma[y * width + x]) - Int(other.luma[y * width + x])
                sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1] + row
            }
        }
        var worst = 0
        for top in stride(from: 0, through: height - Self.patch, by: Self.step) {
            for left in stride(from: 0, through: width - Self.patch, by: Self.step) {
                let (bottom, right) = (top + Self.patch, left + Self.patch)
                let sum = sums[bottom * (width + 1) + right] - sums[top * (width + 1) + right]
                    - sums[bottom * (width + 1) + left] + sums[top * (width + 1) + left]
                worst = max(worst, abs(sum))
            }
        }
        // Only identical pictures measure 0: a change that leaves every patch's mean as it was
        // (which real photos never show) still counts the smallest step.
        if worst == 0 && luma != other.luma { worst = 1 }
        return Double(worst) / Double(Self.patch * Self.patch)
    }
}
