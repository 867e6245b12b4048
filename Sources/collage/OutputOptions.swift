internal import CollageEvents
public import ArgumentParser
internal import CollageCodecs
public import CollageCore
internal import CollagePipeline
internal import CollageWriting

/// Where the collage goes and how it looks: shared by `build` and `watch`.
struct OutputOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp(
        "The collage to write; - for standard output. Its extension (.jpg, .jpeg, .png) picks the format unless --format is given.",
        valueName: "file"), completion: .file(extensions: ["jpg", "jpeg", "png"]))
    var output: PathName = "collage.jpg"

    @Option(help: "The encoding: jpeg or png (default: from the output's extension; jpeg for standard output).")
    var format: ImageFormat?

    @Option(parsing: .unconditional, help: "JPEG quality, 1 to 100.")
    var quality = ImageEncoder.defaultQuality

    @Option(parsing: .unconditional, help: ArgumentHelp("PNG: 0 stores the pixels, 1 is fastest, 9 smallest.", valueName: "0-9"))
    var pngCompression = PNGCompression.defaultPreset

    @Flag(help: "Say in the collage that it is sRGB: a JPEG gets a compact (588-byte) sRGB ICC profile, a PNG an sRGB chunk. For print labs; the pixels are sRGB either way.")
    var embedSRGB = false

    var toStandardOutput: Bool { output == "-" }

    func validate() throws {
        guard resolvedFormat != nil || namesNoFile else {
            throw ValidationError("The output \(output) must end in .jpg, .jpeg or .png, or give --format jpeg|png.")
        }
        guard (1...100).contains(quality) else { throw ValidationError("--quality must be from 1 to 100.") }
        guard PNGCompression.preset(pngCompression) != nil else { throw ValidationError("--png-compression must be from 0 to 9.") }
    }

    /// A device, FIFO or folder: refused with its own line when the collage is written (exit 73),
    /// so `-o /dev/null` is told that, not that its name lacks an extension.
    private var namesNoFile: Bool {
        if case .notAFile = ExistingOutput.at(output) { return true }
        return false
    }

    /// --format, else the output's extension, else JPEG for standard output.
    var resolvedFormat: ImageFormat? {
        format ?? (toStandardOutput ? .jpeg : ImageFormat(forPath: String(decoding: output.bytes, as: UTF8.self)))
    }

    var destination: CollageDestination { toStandardOutput ? .standardOutput : .file(output) }

    /// How the collage is encoded; `dpi` is recorded in the file when given.
    func encoding(dpi: Int?) -> EncodeSettings {
        EncodeSettings(quality: quality, dpi: dpi, png: PNGCompression.preset(pngCompression) ?? .default, embedsSRGB: embedSRGB)
    }
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
    /// None: the names say it all (without this, the raw values "JPEG" and "PNG" would be listed
    /// as if they described "jpeg" and "png").
    public static var allValueDescriptions: [String: String] { [:] }
    public var defaultValueDescription: String { rawValue.lowercased() }
}
