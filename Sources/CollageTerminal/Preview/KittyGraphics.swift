internal import CollageCore
public import CollageImaging

/// The kitty graphics protocol: an image sent inline as base64 in APC escapes
/// (`ESC _ G keys ; payload ESC \`), placed at the cursor over a rectangle of cells.
public enum KittyGraphics {
    /// The protocol's limit on the base64 payload of one escape.
    public static let chunkLimit = 4096

    /// The protocol's support query, a 1x1 RGB image with id 31: a terminal that speaks the
    /// protocol answers `ESC _ G i=31;OK ESC \`, before its answer to any later query.
    public static let supportQuery = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA" + ControlSequence.stringTerminator

    /// Transmits `image` and shows it at the cursor over `columns` x `rows` cells (`a=T`,
    /// scaled by the terminal to fit). `q=2` in every chunk: the terminal sends no reply, which
    /// would otherwise arrive as typed input (kitty reads `q` from the last chunk). `C=1`: the
    /// cursor stays put, so the caller knows where it is. With `imageID`, a later `delete`
    /// takes the image back. Raw RGB (`f=24`): about 100 times faster to produce than PNG
    /// (4 ms against 0.4 s for a 1017x680 preview, release build) for twice the bytes, which a
    /// local terminal reads in milliseconds.
    public static func place(_ image: RGBImage, columns: Int, rows: Int, imageID: UInt32? = nil) -> [UInt8] {
        var keys = "a=T,f=24,s=\(image.width),v=\(image.height)"
        if let imageID { keys += ",i=\(imageID)" }
        keys += ",c=\(columns),r=\(rows),C=1,q=2"
        return chunked(Base64.encode(image.pixels), keys: keys)
    }

    /// Deletes the image with `imageID` and frees its data (`d=I`): what a redraw in place does
    /// first, as erasing text leaves kitty's images on the screen.
    public static func delete(imageID: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=I,i=\(imageID),q=2\(ControlSequence.stringTerminator)".utf8)
    }

    /// Splits a base64 payload into escapes of at most `chunkLimit` bytes: the first carries
    /// `keys`, the rest only `m` and `q`; `m=1` on all but the last, `m=0` on the last.
    static func chunked(_ payload: [UInt8], keys: String) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(payload.count + (payload.count / chunkLimit + 1) * 32)
        var start = 0
        repeat {
            let end = min(start + chunkLimit, payload.count)
            let more = end < payload.count ? 1 : 0
            let control = start == 0 ? "\(keys),m=\(more)" : "m=\(more),q=2"
            out += Array("\u{1B}_G\(control);".utf8)
            out += payload[start..<end]
            out += Array(ControlSequence.stringTerminator.utf8)
            start = end
        } while start < payload.count
        return out
    }
}
