public import CollageCore

/// Reads when a photo was taken from an EXIF payload: `DateTimeOriginal` (0x9003) in the Exif
/// sub-IFD that IFD0's tag 0x8769 points to, else IFD0's `DateTime` (0x0132). Bounds-checked as
/// the orientation is; a value that is not `YYYY:MM:DD HH:MM:SS` reads as nil.
public enum ExifDate {
    public static func parse<Bytes: RandomAccessCollection<UInt8>>(_ tiff: Bytes) -> DateFields? where Bytes.Index == Int {
        guard let reader = TIFFReader(tiff), let ifd = reader.firstIFD else { return nil }
        if let pointer = reader.entry(0x8769, inIFD: ifd), let exif = reader.uint32(pointer + 8),
           let entry = reader.entry(0x9003, inIFD: exif), let text = reader.ascii(at: entry), let date = DateFields(exif: text) {
            return date
        }
        guard let entry = reader.entry(0x0132, inIFD: ifd), let text = reader.ascii(at: entry) else { return nil }
        return DateFields(exif: text)
    }
}
