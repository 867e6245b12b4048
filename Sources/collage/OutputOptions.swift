public import ArgumentParser
internal import CollageCodecs
public import CollageCore
internal import CollagePipeline

/// The flags every subcommand that writes a collage shares.
struct OutputOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "The collage to write; .jpg/.jpeg or .png picks the format.")
    var output = "collage.jpg"

    @Option(help: ArgumentHelp("The collage's size in pixels.", valueName: "WxH"))
    var size = CollageOptions.defaultCanvas

    @Option(help: "JPEG quality, 1 to 100.")
    var quality = ImageEncoder.defaultQuality

    @Option(help: "Refuse photos with more pixels than this (a decompression-bomb guard).")
    var maxPixels = DecodeLimits.defaultMaximumPixels

    @Option(help: ArgumentHelp(
        "How far a photo may differ from one already taken and still be skipped as its copy: luma levels, 0 to 255, by which the most-changed patch differs (0: identical pictures only).",
        valueName: "levels"))
    var similarity = Thumbnail.samePhotoThreshold

    func validate() throws {
        guard ImageFormat(forPath: output) != nil else {
            throw ValidationError("The output \(output) must end in .jpg, .jpeg or .png.")
        }
        guard (1...100).contains(quality) else { throw ValidationError("--quality must be from 1 to 100.") }
        guard maxPixels > 0 else { throw ValidationError("--max-pixels must be positive.") }
        guard Thumbnail.scale.contains(similarity) else {
            throw ValidationError("--similarity must be from 0 to 255 (luma levels; 0 skips identical pictures only).")
        }
    }

    var collageOptions: CollageOptions {
        CollageOptions(canvas: size, quality: quality, limits: DecodeLimits(maximumPixels: maxPixels), similarity: similarity)
    }
}

extension PixelSize: ExpressibleByArgument {
    /// "WxH", each side from 1 to 16384 (JPEG's own limit is 65500).
    public init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...16384).contains(width), (1...16384).contains(height) else { return nil }
        self.init(width: width, height: height)
    }

    public var defaultValueDescription: String { description }
}
