extension HEIFBoxes {
    /// Whether `item` is coded as luma alone, as its decoder configuration says: AV1's
    /// `mono_chrome` (`av1C`), HEVC's `chroma_format_idc` 0 (`hvcC`); a grid as its first tile.
    ///
    /// Why it is read here: libheif 1.15 copies a monochrome image's luma into R, G and B as
    /// stored, never expanding limited range (16–235) as it does for colour, and tells no one the
    /// image was monochrome; the decoder expands it (`collage_heif_decode`).
    func isMonochrome(_ item: Int) -> Bool {
        let properties = properties(of: item)
        if let av1C = properties.first(where: { $0.type == "av1C" }) {
            // marker and version, profile and level, then tier, high_bitdepth, twelve_bit, mono_chrome, ...
            return byte(av1C.body.lowerBound + 2).map { $0 & 0x10 != 0 } ?? false
        }
        if let hvcC = properties.first(where: { $0.type == "hvcC" }) {
            // 16 bytes in: six reserved bits, then chroma_format_idc.
            return byte(hvcC.body.lowerBound + 16).map { $0 & 0x03 == 0 } ?? false
        }
        guard let tile = ingredients(of: item).first, tile != item else { return false }
        let tileProperties = self.properties(of: tile)
        guard tileProperties.contains(where: { $0.type == "av1C" || $0.type == "hvcC" }) else { return false }  // one level only
        return isMonochrome(tile)
    }

    /// The AV1 sequence header of `item` (a grid: its first tile's), nil for HEVC or when none
    /// parses: a monochrome AVIF without `colr` takes its range from it, as libavif does. From
    /// `av1C`'s configOBUs when it carries them, else from the start of the item's coded data
    /// (`read`: at most `length` bytes at a file offset), which opens with it: libavif, libheif
    /// and ffmpeg write an `av1C` of four bytes.
    func av1SequenceHeader(_ item: Int, read: (_ offset: Int, _ length: Int) -> [UInt8]?) -> AV1SequenceHeader? {
        if let av1C = properties(of: item).first(where: { $0.type == "av1C" }) {
            if av1C.body.count > 4 { return AV1SequenceHeader(obus: file[av1C.body.lowerBound + 4..<av1C.body.upperBound]) }
            guard let extent = firstExtent(of: item), let bytes = read(extent.offset, min(extent.length ?? Self.sequenceHeaderReach,
                                                                                            Self.sequenceHeaderReach)) else { return nil }
            return AV1SequenceHeader(obus: bytes[...])
        }
        guard let tile = ingredients(of: item).first, tile != item,
              properties(of: tile).contains(where: { $0.type == "av1C" }) else { return nil }
        return av1SequenceHeader(tile, read: read)
    }

    /// How far into an item's data its sequence header is looked for: it comes first (after a
    /// temporal delimiter or a few metadata OBUs at most), a few dozen bytes.
    static let sequenceHeaderReach = 1024
}
