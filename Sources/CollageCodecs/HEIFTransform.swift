internal import CollageImaging

/// The primary image's `irot` and `imir` properties, read from the HEIF boxes and expressed as
/// the EXIF orientation that does the same turn, so `inspect` can show the stored size and the
/// transform as it does a JPEG's. For reporting only: libheif applies the transforms itself
/// (libheif 1.15 has no API that tells them). Every read is bounds-checked: a bad box means
/// "no transform known", never a crash.
enum HEIFTransform {
    static func orientation(in file: [UInt8]) -> Orientation? {
        guard let meta = boxes(in: file, 0..<file.count).first(where: { $0.type == "meta" }),
              meta.body.count >= 4 else { return nil }
        let children = boxes(in: file, meta.body.lowerBound + 4..<meta.body.upperBound)  // a FullBox
        guard let primary = primaryItem(file, children),
              let iprp = children.first(where: { $0.type == "iprp" }) else { return nil }
        let properties = boxes(in: file, iprp.body)
        guard let ipco = properties.first(where: { $0.type == "ipco" }) else { return nil }
        let list = boxes(in: file, ipco.body)
        var steps: [Orientation] = []
        for ipma in properties where ipma.type == "ipma" {
            for index in associations(file, ipma, item: primary) where index >= 1 && index <= list.count {
                let property = list[index - 1]
                guard let value = property.body.first.map({ file[$0] }) else { continue }
                switch property.type {
                case "irot": steps.append([.up, .left, .down, .right][Int(value & 3)])  // 90° anticlockwise steps
                case "imir": steps.append(value & 1 == 0 ? .downMirrored : .upMirrored)  // libheif: axis 0 flips top to bottom
                default: continue
                }
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

    private struct Box {
        let type: String
        let body: Range<Int>
    }

    private static func uint(_ file: [UInt8], _ offset: Int, bytes: Int) -> Int? {
        guard offset >= 0, bytes <= file.count, offset <= file.count - bytes else { return nil }
        return file[offset..<offset + bytes].reduce(0) { $0 << 8 | Int($1) }
    }

    /// The boxes laid end to end in `range`; stops at the first whose size does not fit.
    private static func boxes(in file: [UInt8], _ range: Range<Int>) -> [Box] {
        var found: [Box] = []
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound, let size32 = uint(file, offset, bytes: 4) {
            let type = String(decoding: file[offset + 4..<offset + 8], as: UTF8.self)
            var header = 8, size = size32
            if size32 == 1 {
                guard let large = uint(file, offset + 8, bytes: 8) else { break }
                (header, size) = (16, large)
            } else if size32 == 0 {
                size = range.upperBound - offset
            }
            guard size >= header, size <= range.upperBound - offset else { break }
            found.append(Box(type: type, body: offset + header..<offset + size))
            offset += size
        }
        return found
    }

    private static func primaryItem(_ file: [UInt8], _ children: [Box]) -> Int? {
        guard let pitm = children.first(where: { $0.type == "pitm" }), let version = uint(file, pitm.body.lowerBound, bytes: 1) else { return nil }
        return uint(file, pitm.body.lowerBound + 4, bytes: version == 0 ? 2 : 4)
    }

    /// The 1-based property indices `ipma` associates with `item`, in order.
    private static func associations(_ file: [UInt8], _ ipma: Box, item: Int) -> [Int] {
        let start = ipma.body.lowerBound
        guard let version = uint(file, start, bytes: 1), let flags = uint(file, start + 1, bytes: 3),
              let count = uint(file, start + 4, bytes: 4) else { return [] }
        let idBytes = version < 1 ? 2 : 4, indexBytes = flags & 1 == 1 ? 2 : 1
        var offset = start + 8
        for _ in 0..<min(count, ipma.body.count) {
            guard offset < ipma.body.upperBound, let id = uint(file, offset, bytes: idBytes),
                  let associated = uint(file, offset + idBytes, bytes: 1) else { return [] }
            offset += idBytes + 1
            guard offset + associated * indexBytes <= ipma.body.upperBound else { return [] }
            let indices = (0..<associated).compactMap { uint(file, offset + $0 * indexBytes, bytes: indexBytes) }
                .map { $0 & (indexBytes == 2 ? 0x7FFF : 0x7F) }
            if id == item { return indices }
            offset += associated * indexBytes
        }
        return []
    }
}
