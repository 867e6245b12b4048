/// The `meta` box of a HEIF file, read as far as the tool needs what libheif 1.15 does not tell:
/// the primary item (`pitm`), each item's property boxes (`ipco`, associated by `ipma`), and the
/// items a derived image is made of (`iref` `dimg`: a grid's tiles). Every read is
/// bounds-checked: a bad box means "not known", never a crash.
struct HEIFBoxes {
    struct Box {
        let type: String
        /// Where the box starts: its 32-bit size, then its type.
        let start: Int
        let body: Range<Int>
        /// Whether its size is the 32-bit one (not 64-bit, not "to the end"): a size that can be rewritten in place.
        let plainSize: Bool
    }

    let file: [UInt8]
    /// The primary item's ID.
    let primary: Int
    let meta: Box
    /// The boxes in `meta`, and the item properties: `iprp`, its `ipco` and the `ipco` list.
    let children: [Box]
    let iprp: Box
    let ipco: Box
    let propertyList: [Box]
    private let associations: [Box]

    /// `file`: the file, or its start up to the end of its `meta` box.
    init?(_ file: [UInt8]) {
        self.file = file
        guard let meta = Self.boxes(in: file, 0..<file.count).first(where: { $0.type == "meta" }),
              meta.body.count >= 4 else { return nil }
        self.meta = meta
        children = Self.boxes(in: file, meta.body.lowerBound + 4..<meta.body.upperBound)  // a FullBox
        guard let pitm = children.first(where: { $0.type == "pitm" }), let version = Self.uint(file, pitm.body.lowerBound, bytes: 1),
              let primary = Self.uint(file, pitm.body.lowerBound + 4, bytes: version == 0 ? 2 : 4),
              let iprp = children.first(where: { $0.type == "iprp" }) else { return nil }
        self.primary = primary
        self.iprp = iprp
        let properties = Self.boxes(in: file, iprp.body)
        guard let ipco = properties.first(where: { $0.type == "ipco" }) else { return nil }
        self.ipco = ipco
        propertyList = Self.boxes(in: file, ipco.body)
        associations = properties.filter { $0.type == "ipma" }
    }

    /// The property boxes associated with `item`, in the order `ipma` lists them.
    func properties(of item: Int) -> [Box] {
        associations.flatMap { indices(of: item, in: $0) }.filter { $0 >= 1 && $0 <= propertyList.count }.map { propertyList[$0 - 1] }
    }

    /// The items `item` is derived from (its `dimg` references: a grid's tiles, in order).
    func ingredients(of item: Int) -> [Int] {
        guard let iref = children.first(where: { $0.type == "iref" }), let version = byte(iref.body.lowerBound) else { return [] }
        let idBytes = version == 0 ? 2 : 4
        for reference in Self.boxes(in: file, iref.body.lowerBound + 4..<iref.body.upperBound) where reference.type == "dimg" {
            let start = reference.body.lowerBound
            guard Self.uint(file, start, bytes: idBytes) == item, let count = Self.uint(file, start + idBytes, bytes: 2) else { continue }
            return (0..<count).compactMap { Self.uint(file, start + idBytes + 2 + $0 * idBytes, bytes: idBytes) }
        }
        return []
    }

    /// The byte at `offset`, nil past the end.
    func byte(_ offset: Int) -> UInt8? {
        offset >= 0 && offset < file.count ? file[offset] : nil
    }

    static func uint(_ file: [UInt8], _ offset: Int, bytes: Int) -> Int? {
        guard offset >= 0, bytes <= file.count, offset <= file.count - bytes else { return nil }
        return file[offset..<offset + bytes].reduce(0) { $0 << 8 | Int($1) }
    }

    /// The boxes laid end to end in `range`; stops at the first whose size does not fit.
    static func boxes(in file: [UInt8], _ range: Range<Int>) -> [Box] {
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
            found.append(Box(type: type, start: offset, body: offset + header..<offset + size, plainSize: size32 > 1))
            offset += size
        }
        return found
    }

    /// Where `ipma` lists `item`'s associations: the `ipma` box, the offset of its count byte, the
    /// end of its list, and whether indices take two bytes. Nil when no `ipma` lists it.
    func associationList(of item: Int) -> (ipma: Box, count: Int, end: Int, wide: Bool)? {
        for ipma in associations {
            if let entry = entries(of: ipma).first(where: { $0.item == item }) { return (ipma, entry.count, entry.end, entry.wide) }
        }
        return nil
    }

    /// The property indices (1-based) `ipma` associates with `item`, in order.
    private func indices(of item: Int, in ipma: Box) -> [Int] {
        entries(of: ipma).first { $0.item == item }?.indices ?? []
    }

    /// Each entry of `ipma`: its item, the offset of its count byte, its end, whether its indices
    /// take two bytes, and the indices (the essential bit dropped). Stops at the first that does not fit.
    private func entries(of ipma: Box) -> [(item: Int, count: Int, end: Int, wide: Bool, indices: [Int])] {
        let start = ipma.body.lowerBound
        guard let version = Self.uint(file, start, bytes: 1), let flags = Self.uint(file, start + 1, bytes: 3),
              let count = Self.uint(file, start + 4, bytes: 4) else { return [] }
        let idBytes = version < 1 ? 2 : 4, indexBytes = flags & 1 == 1 ? 2 : 1
        var found: [(item: Int, count: Int, end: Int, wide: Bool, indices: [Int])] = []
        var offset = start + 8
        for _ in 0..<min(count, ipma.body.count) {
            guard offset < ipma.body.upperBound, let id = Self.uint(file, offset, bytes: idBytes),
                  let associated = Self.uint(file, offset + idBytes, bytes: 1) else { break }
            let list = offset + idBytes + 1, end = list + associated * indexBytes
            guard end <= ipma.body.upperBound else { break }
            let indices = (0..<associated).compactMap { Self.uint(file, list + $0 * indexBytes, bytes: indexBytes) }
                .map { $0 & (indexBytes == 2 ? 0x7FFF : 0x7F) }
            found.append((id, offset + idBytes, end, indexBytes == 2, indices))
            offset = end
        }
        return found
    }
}
