/// The resolution a collage may record: JFIF's density and PNG's pHYs (in dots per metre, from
/// dpi) both hold it, so `--dpi` and an encoder check against the same bound.
public enum PixelDensity {
    /// JFIF's density is 16 bits.
    public static let maximumDPI = 65535
}
