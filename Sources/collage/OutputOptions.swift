public import ArgumentParser
public import CollageCodecs
public import CollageCore
internal import CollagePipeline

/// Where the collage goes and how it looks: shared by `build` and `watch`.
struct OutputOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp(
        "The collage to write; - for standard output. Its extension (.jpg, .jpeg, .png) picks the format unless --format is given.",
        valueName: "file"))
    var output: PathName = "collage.jpg"

    @Option(help: "The encoding: jpeg or png (default: from the output's extension; jpeg for standard output).")
    var format: ImageFormat?

    @Option(help: ArgumentHelp("The collage's size in pixels.", valueName: "WxH"))
    var size = CollageOptions.defaultCanvas

    @Option(help: "JPEG quality, 1 to 100.")
    var quality = ImageEncoder.defaultQuality

    var toStandardOutput: Bool { output == "-" }

    func validate() throws {
        guard resolvedFormat != nil else {
            throw ValidationError("The output \(output) must end in .jpg, .jpeg or .png, or give --format jpeg|png.")
        }
        guard (1...100).contains(quality) else { throw ValidationError("--quality must be from 1 to 100.") }
    }

    /// --format, else the output's extension, else JPEG for standard output.
    var resolvedFormat: ImageFormat? {
        format ?? (toStandardOutput ? .jpeg : ImageFormat(forPath: String(decoding: output.bytes, as: UTF8.self)))
    }

    var destination: CollageDestination { toStandardOutput ? .standardOutput : .file(output) }
}

extension ImageFormat: ExpressibleByArgument {
    public init?(argument: String) {
        switch argument.lowercased() {
        case "jpeg", "jpg": self = .jpeg
        case "png": self = .png
        default: return nil
        }
    }

    public static var allValueStrings: [String] { ["jpeg", "png"] }
    public var defaultValueDescription: String { rawValue.lowercased() }
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
