internal import CCollageCodecs
public import CollageCore
public import CollageImaging
internal import CollageLocking

/// Embedded profiles to sRGB, the one way every decoder's pixels take: each photo is converted
/// once, on its kept-size copy (a 12 MP photo for a 600x400 tile converts 0.24 MP), so colour
/// management costs little; a photo with no profile is not touched. Transforms are made once per
/// profile and kept (lcms2 applies one transform from several threads at once).
public enum ColorConversion {
    /// How the decoded pixels relate to the profile's colour space.
    public enum Pixels: Sendable {
        /// RGB samples.
        case rgb
        /// A gray image expanded to RGB (R = G = B): a gray profile applies.
        case grayInRGB
    }

    /// `image` in sRGB, and what was done: converted by `profile`, or left as stored when there
    /// is none, or when it cannot be applied (with the reason, for the report).
    public static func toSRGB(_ image: RGBImage, from profile: ColorProfile?, pixels: Pixels = .rgb) -> (RGBImage, ColorManagement) {
        guard let profile else { return (image, .none) }
        let layout: collage_pixel_layout
        switch (profile.space, pixels) {
        case (.rgb?, .rgb): layout = COLLAGE_PIXELS_RGB
        case (.gray?, .grayInRGB): layout = COLLAGE_PIXELS_GRAY_IN_RGB
        default: return (image, .ignored(profile: profile.name, reason: mismatch(profile, pixels)))
        }
        let clock = ContinuousClock(), start = clock.now
        let made: ColorTransform
        switch transform(for: profile, layout: layout) {
        case .success(let transform): made = transform
        case .failure(let problem): return (image, .ignored(profile: profile.name, reason: problem.reason))
        }
        var converted = image
        if !made.isIdentity {
            converted.pixels.withUnsafeMutableBufferPointer { buffer in
                collage_color_transform_apply(made.pointer, buffer.baseAddress, buffer.baseAddress, image.size.area)
            }
        }
        return (converted, .converted(profile: profile.shownName, time: clock.now - start))
    }

    /// The transform a CMYK JPEG's rows go through as they are decoded; `inverted` for Adobe's
    /// (0 = full ink).
    static func cmykTransform(for profile: ColorProfile, inverted: Bool) -> Result<ColorTransform, ColorProblem> {
        guard profile.space == .cmyk else { return .failure(ColorProblem(reason: mismatch(profile, nil))) }
        return transform(for: profile, layout: inverted ? COLLAGE_PIXELS_CMYK_INVERTED : COLLAGE_PIXELS_CMYK)
    }

    private static func mismatch(_ profile: ColorProfile, _ pixels: Pixels?) -> String {
        if let problem = profile.problem { return problem }
        let kind = switch profile.space {
        case .rgb?: "an RGB"
        case .gray?: "a gray"
        case .cmyk?: "a CMYK"
        default: "an unsupported (neither RGB, gray nor CMYK)"
        }
        let image = switch pixels {
        case .rgb?: "an RGB"
        case .grayInRGB?: "a gray"
        case nil: "a CMYK"
        }
        return "\(kind) profile on \(image) image"
    }

    /// Made transforms and failures, by profile and layout. A handful of profiles meet in practice
    /// (a camera's, a phone's, sRGB); a stream of distinct ones is bounded by starting over.
    private static let cache = Locked<[CacheKey: Result<ColorTransform, ColorProblem>]>([:])
    private static let cacheLimit = 32

    private struct CacheKey: Hashable {
        let icc: [UInt8]
        let layout: UInt32
    }

    /// Made under the lock: two photos with the same new profile make it once.
    private static func transform(for profile: ColorProfile, layout: collage_pixel_layout) -> Result<ColorTransform, ColorProblem> {
        let key = CacheKey(icc: profile.icc, layout: layout.rawValue)
        return cache.withLock { cache in
            if let made = cache[key] { return made }
            var status = COLLAGE_OK
            var message = CMessage()
            let made: Result<ColorTransform, ColorProblem>
            if let pointer = collage_color_transform_create(profile.icc, profile.icc.count, layout, &status, &message.bytes, message.bytes.count) {
                made = .success(ColorTransform(pointer))
            } else {
                made = .failure(ColorProblem(reason: message.text))
            }
            if cache.count >= cacheLimit { cache.removeAll() }
            cache[key] = made
            return made
        }
    }
}

/// Why a profile could not be applied: lcms2's reason.
struct ColorProblem: Error, Hashable {
    let reason: String
}

/// One lcms2 transform to sRGB, freed with its last user. Immutable once made, and lcms2 applies
/// a transform from several threads at once (each call copies the transform's cache).
final class ColorTransform: @unchecked Sendable {
    let pointer: OpaquePointer
    let isIdentity: Bool

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
        isIdentity = collage_color_transform_is_identity(pointer) != 0
    }

    deinit { collage_color_transform_free(pointer) }
}
