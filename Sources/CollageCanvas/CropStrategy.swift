public import CollageImaging
/// Where a tile's crop window sits in its photo. The window always has the tile's aspect and
/// spans the photo's full width or height (aspect fill); only its position differs.
public enum CropStrategy: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The middle of the photo: the book's `UIImage+Collage`.
    case centre
    /// Where the content is: edges and detail, saturated colour, skin tones (libvips' `attention`).
    case attention

    /// `centre` (or `center`) or `attention`, in any case.
    public init(parsing text: String) throws(StyleError) {
        switch text.lowercased() {
        case "centre", "center": self = .centre
        case "attention": self = .attention
        default: throw .badCrop(text)
        }
    }

    /// The part of `image` that fills a tile of `target`'s size.
    public func region(of image: RGBImage, toFill target: PixelSize) -> SourceRegion {
        switch self {
        case .centre: return .centreCrop(of: image.size, toFill: target)
        case .attention: return AttentionMap(of: image).window(toFill: target)
        }
    }

    public var description: String { rawValue }
}
