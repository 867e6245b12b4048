extension HEIFBoxes {
    /// Where `item`'s coded data starts, as `iloc` says (ISO/IEC 14496-12 8.11.3): its first
    /// extent's offset in the file (in this file, or in `meta`'s `idat`), and its length (nil:
    /// to the end of the file). Nil when `iloc` does not place it so: no entry, another file's
    /// data, or an offset into another item.
    func firstExtent(of item: Int) -> (offset: Int, length: Int?)? {
        guard let iloc = children.first(where: { $0.type == "iloc" }), let version = byte(iloc.body.lowerBound), version <= 2,
              let sizes = Self.uint(file, iloc.body.lowerBound + 4, bytes: 2) else { return nil }
        let (offsetBytes, lengthBytes, baseBytes) = (sizes >> 12, sizes >> 8 & 0xF, sizes >> 4 & 0xF)
        let indexBytes = version >= 1 ? sizes & 0xF : 0, idBytes = version < 2 ? 2 : 4
        var at = iloc.body.lowerBound + 6
        guard let count = Self.uint(file, at, bytes: idBytes) else { return nil }
        at += idBytes
        for _ in 0..<min(count, iloc.body.count) {
            guard let id = Self.uint(file, at, bytes: idBytes) else { return nil }
            at += idBytes
            var method = 0
            if version >= 1 {
                guard let field = Self.uint(file, at, bytes: 2) else { return nil }
                method = field & 0xF
                at += 2
            }
            guard let reference = Self.uint(file, at, bytes: 2), let base = Self.uint(file, at + 2, bytes: baseBytes),
                  let extents = Self.uint(file, at + 2 + baseBytes, bytes: 2) else { return nil }
            at += 4 + baseBytes
            let extentBytes = indexBytes + offsetBytes + lengthBytes
            guard id == item else {
                at += extents * extentBytes
                continue
            }
            guard extents >= 1, reference == 0, at + extentBytes <= iloc.body.upperBound,
                  let offset = Self.uint(file, at + indexBytes, bytes: offsetBytes),
                  let length = Self.uint(file, at + indexBytes + offsetBytes, bytes: lengthBytes) else { return nil }
            // Eight-byte fields may hold anything: a sum past Int's range or below 0 places nothing.
            guard let relative = Self.sum(base, offset), length >= 0 else { return nil }
            switch method {
            case 0:
                return (relative, length == 0 ? nil : length)
            case 1:
                guard let idat = children.first(where: { $0.type == "idat" }), let start = Self.sum(idat.body.lowerBound, relative),
                      start <= idat.body.upperBound else { return nil }
                return (start, length == 0 ? idat.body.upperBound - start : length)
            default:
                return nil
            }
        }
        return nil
    }

    private static func sum(_ a: Int, _ b: Int) -> Int? {
        let (total, overflow) = a.addingReportingOverflow(b)
        return overflow || a < 0 || b < 0 ? nil : total
    }
}
