/// Bounds-checked reads from an EXIF payload's TIFF structure (what follows "Exif\0\0"): the
/// bytes come from the file, and a bad offset reads as nil, never a crash.
struct TIFFReader<Bytes: RandomAccessCollection<UInt8>> where Bytes.Index == Int {
    let bytes: Bytes
    let littleEndian: Bool

    /// Nil unless the payload starts with a TIFF header ("II" or "MM", then 42).
    init?(_ bytes: Bytes) {
        self.bytes = bytes
        guard bytes.count >= 2 else { return nil }
        switch (bytes[bytes.startIndex], bytes[bytes.startIndex + 1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        guard uint16(2) == 42 else { return nil }
    }

    func byte(_ offset: Int) -> Int? {
        offset >= 0 && offset < bytes.count ? Int(bytes[bytes.startIndex + offset]) : nil
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

    /// The first IFD's offset.
    var firstIFD: Int? { uint32(4) }

    /// The offset of `tag`'s 12-byte entry in the IFD at `ifd`, nil when it is not there.
    func entry(_ tag: Int, inIFD ifd: Int) -> Int? {
        guard let count = uint16(ifd) else { return nil }
        for index in 0..<count {
            let offset = ifd + 2 + index * 12
            guard let found = uint16(offset) else { return nil }
            if found == tag { return offset }
        }
        return nil
    }

    /// An ASCII value (type 2): inline when it is four bytes or less, else at its offset; up to
    /// the first NUL.
    func ascii(at entry: Int) -> String? {
        guard uint16(entry + 2) == 2, let count = uint32(entry + 4), count > 0, count < 256 else { return nil }
        guard let start = count <= 4 ? entry + 8 : uint32(entry + 8) else { return nil }
        var characters: [UInt8] = []
        for offset in start..<(start + count) {
            guard let value = byte(offset) else { return nil }
            if value == 0 { break }
            characters.append(UInt8(value))
        }
        return String(decoding: characters, as: UTF8.self)
    }
}
