/// The `meta` box of a HEIF file, read as far as the tool needs what libheif 1.15 does not tell:
/// the primary item (`pitm`), each item's property boxes (`ipco`, associated by `ipma`), and the
/// items a derived image is made of (`iref` `dimg`: a grid's tiles). Every read is
/// bounds-checked: a bad box means "not known", never a crash.
struct HEIFBoxes {
    struct Box {
        let type: String
        let body: Range<Int>
    }

    let file: [UInt8]
    /// The primary item's ID.
    let primary: Int
    private let children: [Box]
    private let propertyList: [Box]
    private let associations: [Box]

    /// `file`: the file, or its start up to the end of its `meta` box.
    init?(_ file: [UInt8]) {
        self.file = file
        guard let meta = Self.boxes(in: file, 0..<file.count).first(where: { $0.type == "meta" }),
              meta.body.count >= 4 else { return nil }
        children = Self.boxes(in: file, meta.body.lowerBound + 4..<meta.body.upperBound)  // a FullBox
        guard let pitm = children.first(where: { $0.type == "pitm" }), let version = Self.uint(file, pitm.body.lowerBound, bytes: 1),
              let primary = Self.uint(file, pitm.body.lowerBound + 4, bytes: version == 0 ? 2 : 4),
              let iprp = children.first(where: { $0.type == "iprp" }) else { return nil }
        self.primary = primary
        let properties = Self.boxes(in: file, iprp.body)
        guard let ipco = properties.first(where: { $0.type == "ipco" }) else { return nil }
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

    /// The 1-based property indices `ipma` associates with `item`, in order.
    private func indices(of item: Int, in ipma: Box) -> [Int] {
        let start = ipma.body.lowerBound
        guard let version = Self.uint(file, start, bytes: 1), let flags = Self.uint(file, start + 1, bytes: 3),
              let count = Self.uint(file, start + 4, bytes: 4) else { return [] }
        let idBytes = version < 1 ? 2 : 4, indexBytes = flags & 1 == 1 ? 2 : 1
        var offset = start + 8
        for _ in 0..<min(count, ipma.body.count) {
            guard offset < ipma.body.upperBound, let id = Self.uint(file, offset, bytes: idBytes),
                  let associated = Self.uint(file, offset + idBytes, bytes: 1) else { return [] }
            offset += idBytes + 1
            guard offset + associated * indexBytes <= ipma.body.upperBound else { return [] }
            let indices = (0..<associated).compactMap { Self.uint(file, offset + $0 * indexBytes, bytes: indexBytes) }
                .map { $0 & (indexBytes == 2 ? 0x7FFF : 0x7F) }
            if id == item { return indices }
            offset += associated * indexBytes
        }
        return []
    }
}
