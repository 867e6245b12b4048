internal import CollageImaging

/// The primary image's `irot` and `imir` properties, read from the HEIF boxes and expressed as
/// the EXIF orientation that does the same turn, so `inspect` can show the stored size and the
/// transform as it does a JPEG's. For reporting only: libheif applies the transforms itself
/// (libheif 1.15 has no API that tells them). Every read is bounds-checked: a bad box means
/// "no transform known", never a crash.
enum HEIFTransform {
    static func orientation(in boxes: HEIFBoxes) -> Orientation? {
        var steps: [Orientation] = []
        for property in boxes.properties(of: boxes.primary) {
            guard let value = property.body.first.flatMap(boxes.byte) else { continue }
            switch property.type {
            case "irot": steps.append([.up, .left, .down, .right][Int(value & 3)])  // 90° anticlockwise steps
            case "imir": steps.append(value & 1 == 0 ? .downMirrored : .upMirrored)  // libheif: axis 0 flips top to bottom
            default: continue
            }
        }
        return compose(steps)
    }

    /// The one orientation that does `steps` in order: found by turning a small probe image.
    static func compose(_ steps: [Orientation]) -> Orientation? {
        let probe = RGBImage(size: PixelSize(width: 3, height: 2), pixels: (0..<18).map { UInt8($0) })
        let turned = steps.reduce(probe) { $0.applying($1) }
        return Orientation.allCases.first { probe.applying($0) == turned }
    }
}
