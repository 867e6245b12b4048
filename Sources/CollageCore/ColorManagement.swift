/// What was done to a photo's colours on the way to the collage, which is sRGB: what `-v` and
/// the JSON report tell about each photo used.
public enum ColorManagement: Sendable, Hashable {
    /// No embedded profile: the pixels are taken as sRGB, as every viewer takes them.
    case none
    /// Converted from the embedded profile named `profile` (its description, "Display P3") to
    /// sRGB, in `time`; nil when the decoder converted as it decoded (a CMYK JPEG's rows).
    case converted(profile: String, time: Duration?)
    /// The embedded profile could not be applied (not a valid profile, or one for other pixels):
    /// the photo is shown as stored, as if sRGB, as libvips does with a warning.
    case ignored(profile: String?, reason: String)

    /// The profile's name, converted or not.
    public var profile: String? {
        switch self {
        case .none: return nil
        case .converted(let profile, _): return profile
        case .ignored(let profile, _): return profile
        }
    }
}
