internal import ArgumentParser
internal import CollageCodecs
internal import CollageCore
internal import CollageSources
internal import CollagePipeline
internal import CollageFiles
internal import CollageLocking

/// Where the photos come from, for `build` and `inspect`.
struct InputOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(
        "Photos (JPEG, PNG, HEIC/HEIF, AVIF or WebP); folders, for the photos directly inside them in byte order; - for a list of names on standard input.",
        valueName: "photo"), completion: .file())
    var photos: [PathName] = []

    @Flag(name: [.customShort("0"), .customLong("null")], help: "The list on standard input is separated by NUL bytes (find -print0), not newlines.")
    var nullSeparated = false

    @Flag(help: "Folders: take the photos in their subfolders too, depth first, in byte order.")
    var recursive = false

    @OptionGroup var limits: ReadLimitOptions

    func validate() throws {
        guard !photos.isEmpty else { throw ValidationError("Give at least one photo, folder, or - for a list on standard input.") }
    }

    /// The inputs in order, folders listed and the list on stdin read; `output` is left out of
    /// folder listings, and `outputListed` says whether a listing met it (however the folder
    /// and the output were spelt: by device and inode).
    func resolve(excluding output: PathName?) -> (items: [PhotoInputs.Item], outputListed: Bool) {
        PhotoInputs.resolve(photos, separator: separator, recursive: recursive, excludingOutput: output)
    }

    var separator: PhotoInputs.Separator { nullSeparated ? .nul : .newline }
}

/// How much of a file the tool reads at most: guards against files that are not photos.
struct ReadLimitOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Refuse files larger than this: bytes, or with K, M or G.", valueName: "size"))
    var maxFileSize = ByteSize(InputFile.defaultMaximumBytes)

    @Option(parsing: .unconditional, help: "Refuse photos whose header declares more pixels than this (a decompression-bomb guard).")
    var maxPixels = DecodeLimits.defaultMaximumPixels

    @Option(help: ArgumentHelp(
        "Refuse photos whose header says decoding takes more memory than this, and never decode more at once: bytes, or with K, M or G.",
        valueName: "size"))
    var maxMemory = ByteSize(DecodeLimits.defaultMaximumDecodeBytes)

    func validate() throws {
        guard maxPixels > 0 else { throw ValidationError("--max-pixels must be positive.") }
    }

    var readLimits: ReadLimits { ReadLimits(decode: DecodeLimits(maximumPixels: maxPixels, maximumDecodeBytes: maxMemory.bytes), maximumFileBytes: maxFileSize.bytes) }
}

/// A byte count on the command line: `268435456`, `256M`, `1G`, `512KiB`.
struct ByteSize: ExpressibleByArgument {
    let bytes: Int

    init(_ bytes: Int) {
        self.bytes = bytes
    }

    init?(argument: String) {
        let units: [(String, Int)] = [("KiB", 1 << 10), ("MiB", 1 << 20), ("GiB", 1 << 30), ("K", 1 << 10), ("M", 1 << 20), ("G", 1 << 30), ("B", 1)]
        var number = argument
        var multiplier = 1
        for (suffix, value) in units where argument.uppercased().hasSuffix(suffix.uppercased()) {
            number = String(argument.dropLast(suffix.count))
            multiplier = value
            break
        }
        guard let value = Int(number), value > 0, value <= Int.max / multiplier else { return nil }
        bytes = value * multiplier
    }

    var defaultValueDescription: String {
        for (suffix, unit) in [("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)] where bytes % unit == 0 { return "\(bytes / unit)\(suffix)" }
        return String(bytes)
    }
}
