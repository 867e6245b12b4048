internal import CollageCore
public import CollageImaging

/// Reads the orientation tag (0x0112) from an EXIF payload: the TIFF structure that follows
/// "Exif\0\0" in a JPEG's APP1 segment. Every read is bounds-checked: the bytes come from the
/// file, and a bad offset means "no orientation", never a crash.
public enum ExifOrientation {
    public static func parse<Bytes: RandomAccessCollection<UInt8>>(_ tiff: Bytes) -> Orientation? where Bytes.Index == Int {
        let base = tiff.startIndex
        func byte(_ offset: Int) -> Int? {
            offset >= 0 && offset < tiff.count ? Int(tiff[base + offset]) : nil
        }
        guard let b0 = byte(0), let b1 = byte(1) else { return nil }
        let littleEndian: Bool
        switch (b0, b1) {
        case (0x49, 0x49): littleEndian = true  // "II"
        case (0x4D, 0x4D): littleEndian = false  // "MM"
        default: return nil
        }
        func uint16(_ offset: Int) -> Int? {
            guard let a = byte(offset), let b = byte(offset + 1) else { return nil }
            return littleEndian ? a | b << 8 : a << 8 | b
        }
        func uint32(_ offset: Int) -> Int? {
            guard let low = uint16(littleEndian ? offset : offset + 2),
                  let high = uint16(littleEndian ? offset + 2 : offset) else { return nil }
            return low | high << 16
        }
        guard uint16(2) == 42, let ifd = uint32(4), let entries = uint16(ifd) else { return nil }
        for entry in 0..<entries {
            let offset = ifd + 2 + entry * 12
            guard let tag = uint16(offset) else { return nil }
            guard tag == 0x0112 else { continue }
            // Type SHORT (3), count 1: the value sits in the first two bytes of the value field.
            guard uint16(offset + 2) == 3, let value = uint16(offset + 8) else { return nil }
            return Orientation(rawValue: value)
        }
        return nil
    }
}
