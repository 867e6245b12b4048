internal import CollageCore
public import CollageImaging

/// Reads the orientation tag (0x0112) from an EXIF payload: the TIFF structure that follows
/// "Exif\0\0" in a JPEG's APP1 segment. Every read is bounds-checked: the bytes come from the
/// file, and a bad offset means "no orientation", never a crash.
public enum ExifOrientation {
    public static func parse<Bytes: RandomAccessCollection<UInt8>>(_ tiff: Bytes) -> Orientation? where Bytes.Index == Int {
        guard let reader = TIFFReader(tiff), let ifd = reader.firstIFD, let entry = reader.entry(0x0112, inIFD: ifd) else { return nil }
        // Type SHORT (3), count 1: the value sits in the first two bytes of the value field.
        guard reader.uint16(entry + 2) == 3, let value = reader.uint16(entry + 8) else { return nil }
        return Orientation(rawValue: value)
    }
}
