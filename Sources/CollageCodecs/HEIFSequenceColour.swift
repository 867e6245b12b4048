/// An AVIF sequence's colour when its primary item has no `colr` box: its track's, as libavif and
/// Chromium read a sequence (from the track). libheif 1.15 reads the item, and without a `colr`
/// takes the AV1 sequence header's colour, which encoders have written wrong: SVT-AV1 through
/// libavif said limited range for years, so the first frame came out over-saturated, its blues
/// (19,154,247) where libavif shows (40,149,222). libheif cannot be told another colour, so it is
/// given a copy of the file in which the track's `colr` is also the primary item's property: the
/// box added at the end of `ipco`, one association to it in `ipma`, the sizes around them and the
/// item locations (`iloc`) past them moved by as much.
enum HEIFSequenceColour {
    /// Whether `prefix` (the file's start, up to the end of its `meta` box at least) is a
    /// sequence whose primary item has no colour box: then the whole file is worth reading.
    static func mayNeedTrackColour(_ prefix: [UInt8]) -> Bool {
        guard let boxes = HEIFBoxes(prefix) else { return false }
        return isSequence(prefix) && !boxes.properties(of: boxes.primary).contains { $0.type == "colr" }
    }

    /// `file` with its track's `colr` made its primary item's too; nil when that does not apply
    /// (no track, a colour box on the item, none on the track) or the boxes cannot be rewritten
    /// safely (a 64-bit size, an item's data inside `meta`, an offset that would not fit).
    static func withTrackColour(_ file: [UInt8]) -> [UInt8]? {
        guard isSequence(file), let boxes = HEIFBoxes(file), !boxes.properties(of: boxes.primary).contains(where: { $0.type == "colr" }),
              let colr = trackColour(file), let list = boxes.associationList(of: boxes.primary),
              [boxes.meta, boxes.iprp, boxes.ipco, list.ipma].allSatisfy(\.plainSize),
              let associated = HEIFBoxes.uint(file, list.count, bytes: 1), associated < 255 else { return nil }
        let index = boxes.propertyList.count + 1
        guard index <= (list.wide ? 0x7FFF : 0x7F) else { return nil }
        let indexBytes: [UInt8] = list.wide ? [UInt8(index >> 8), UInt8(index & 0xFF)] : [UInt8(index)]
        let added = colr.count + indexBytes.count
        var patched = file
        // In place first, at the offsets as read: the item locations, the count, the sizes.
        guard moveLocations(in: &patched, boxes: boxes, by: added) else { return nil }
        patched[list.count] += 1
        for box in [boxes.meta, boxes.iprp] { guard grow(box, in: &patched, by: added) else { return nil } }
        guard grow(boxes.ipco, in: &patched, by: colr.count), grow(list.ipma, in: &patched, by: indexBytes.count) else { return nil }
        // Then the insertions, the later one first, so the earlier offset still holds.
        for (offset, bytes) in [(boxes.ipco.body.upperBound, colr), (list.end, indexBytes)].sorted(by: { $0.0 > $1.0 }) {
            patched.insert(contentsOf: bytes, at: offset)
        }
        return patched
    }

    /// An ISO base media file with a `moov` box: a sequence (`avis`, `msf1`) has its frames in tracks.
    private static func isSequence(_ file: [UInt8]) -> Bool {
        guard let ftyp = HEIFBoxes.boxes(in: file, 0..<file.count).first, ftyp.type == "ftyp" else { return false }
        let brands = stride(from: ftyp.body.lowerBound, to: ftyp.body.upperBound - 3, by: 4)
            .map { String(decoding: file[$0..<$0 + 4], as: UTF8.self) }
        return brands.contains("avis") || brands.contains("msf1")
    }

    /// The `colr` box (whole) of the first picture track's first sample entry: `moov` `trak`
    /// `mdia` (`hdlr` "pict") `minf` `stbl` `stsd`, whose visual sample entry's boxes follow its
    /// 78 bytes of fields.
    private static func trackColour(_ file: [UInt8]) -> [UInt8]? {
        func children(_ box: HEIFBoxes.Box, skipping: Int = 0) -> [HEIFBoxes.Box] {
            HEIFBoxes.boxes(in: file, min(box.body.lowerBound + skipping, box.body.upperBound)..<box.body.upperBound)
        }
        func child(_ box: HEIFBoxes.Box?, _ type: String, skipping: Int = 0) -> HEIFBoxes.Box? {
            box.flatMap { children($0, skipping: skipping).first { $0.type == type } }
        }
        guard let moov = HEIFBoxes.boxes(in: file, 0..<file.count).first(where: { $0.type == "moov" }) else { return nil }
        for trak in children(moov) where trak.type == "trak" {
            let mdia = child(trak, "mdia")
            guard let hdlr = child(mdia, "hdlr"), HEIFBoxes.uint(file, hdlr.body.lowerBound + 8, bytes: 4) == 0x7069_6374 else { continue }  // "pict"
            let stsd = child(child(child(mdia, "minf"), "stbl"), "stsd")
            guard let entry = stsd.flatMap({ children($0, skipping: 8).first }),  // a FullBox and an entry count
                  let colr = child(entry, "colr", skipping: 78), colr.plainSize else { continue }
            return Array(file[colr.start..<colr.body.upperBound])
        }
        return nil
    }

    /// Adds `count` to the 32-bit size of `box`; false if it would not fit.
    private static func grow(_ box: HEIFBoxes.Box, in file: inout [UInt8], by count: Int) -> Bool {
        guard let size = HEIFBoxes.uint(file, box.start, bytes: 4), size + count <= Int(UInt32.max) else { return false }
        write(size + count, at: box.start, bytes: 4, in: &file)
        return true
    }

    private static func fits(_ value: Int, bytes: Int) -> Bool {
        bytes >= 8 || value < 1 << (8 * bytes)
    }

    private static func write(_ value: Int, at offset: Int, bytes: Int, in file: inout [UInt8]) {
        for i in 0..<bytes { file[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * (bytes - 1 - i))) }
    }

    /// Moves by `delta` every item location (`iloc`, read from the file) that lies past `meta`:
    /// the data the insertions push along. False when a location cannot be moved safely: data
    /// inside `meta` but not in its `idat`, a base or an offset that would not fit its field.
    private static func moveLocations(in file: inout [UInt8], boxes: HEIFBoxes, by delta: Int) -> Bool {
        guard let iloc = boxes.children.first(where: { $0.type == "iloc" }) else { return true }
        let metaRange = boxes.meta.start..<boxes.meta.body.upperBound
        let source = file
        var offset = iloc.body.lowerBound
        func read(_ bytes: Int) -> Int? {
            guard bytes == 0 || offset + bytes <= iloc.body.upperBound else { return nil }
            defer { offset += bytes }
            return bytes == 0 ? 0 : HEIFBoxes.uint(source, offset, bytes: bytes)
        }
        guard let version = read(1), read(3) != nil, version <= 2, let sizes = read(1), let more = read(1) else { return false }
        let (offsetSize, lengthSize, baseSize) = (sizes >> 4, sizes & 0xF, more >> 4)
        let indexSize = version >= 1 ? more & 0xF : 0
        guard let items = read(version < 2 ? 2 : 4) else { return false }
        for _ in 0..<items {
            guard read(version < 2 ? 2 : 4) != nil, let method = version >= 1 ? read(2).map({ $0 & 0xF }) : 0,
                  read(2) != nil else { return false }
            let baseAt = offset
            guard let base = read(baseSize), let extents = read(2) else { return false }
            var moveBase = false
            for _ in 0..<extents {
                guard read(indexSize) != nil else { return false }
                let extentAt = offset
                guard let extent = read(offsetSize), read(lengthSize) != nil else { return false }
                guard method == 0 else { continue }  // in `idat` or another item: relative, unmoved
                let at = base + extent
                if metaRange.contains(at) { return false }
                guard at >= metaRange.upperBound else { continue }
                if base > 0 && base >= metaRange.upperBound {
                    moveBase = true
                } else {
                    guard offsetSize > 0, fits(extent + delta, bytes: offsetSize) else { return false }
                    write(extent + delta, at: extentAt, bytes: offsetSize, in: &file)
                }
            }
            if moveBase {
                guard fits(base + delta, bytes: baseSize) else { return false }
                write(base + delta, at: baseAt, bytes: baseSize, in: &file)
            }
        }
        return true
    }
}
