public import CollageImaging
/// A photo that passed decoding: what the selection keeps of it, so that every later collage
/// re-lays it out without decoding the file again.
public struct Photo: Sendable {
    /// What reports call it: the path as the user gave it.
    public let name: PathName
    /// The size of the original as displayed (after EXIF orientation).
    public let size: PixelSize
    /// Upright pixels, scaled just enough for the largest tile the photo can get.
    public let image: RGBImage
    /// The duplicate check's two stages: the fingerprint finds candidates, the thumbnail decides.
    public let fingerprint: Fingerprint
    public let thumbnail: Thumbnail
    /// How it was decoded, when it came from a file.
    public var decoding: DecodeDetails?
    /// When it was taken, from EXIF `DateTimeOriginal`: what a caption's `{date}` shows.
    public var taken: DateFields?
    /// The file's content hash, when the photo booth asked for it: how its journal names the photo.
    public var content: ContentHash?

    public init(name: PathName, size: PixelSize, image: RGBImage, fingerprint: Fingerprint? = nil, thumbnail: Thumbnail? = nil) {
        self.name = name
        self.size = size
        self.image = image
        self.fingerprint = fingerprint ?? Fingerprint(of: image)
        self.thumbnail = thumbnail ?? Thumbnail(of: image)
    }
}
