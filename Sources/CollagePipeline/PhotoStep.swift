public import CollageCodecs
public import CollageCore
public import CollageImaging
public import CollageSources
public import CollageFiles

/// One file as the stages before the rule book made it: its photo, decoded at the size it is kept
/// at, or why a stage refused it. Made here and only here, for every command: the header (an
/// input known to be unusable is refused unread), the shape rule on the header (a photo refused
/// for its shape is never decoded), then the decode. The read-ahead (`Prefetcher`) runs the
/// stages apart, to fit decodes in its memory budget; a booth's file read alone runs `read`.
public struct PhotoStep: Sendable {
    public let file: PhotoFile
    /// Its place among the inputs, from 0.
    public let index: Int
    /// Its header, when one was read from a file: what `inspect` shows.
    public let header: ImageHeader?
    public let outcome: Result<Photo, Refusal>

    public init(file: PhotoFile, index: Int, header: ImageHeader? = nil, outcome: Result<Photo, Refusal>) {
        self.file = file
        self.index = index
        self.header = header
        self.outcome = outcome
    }

    /// A file past its header: the photo to decode, or its step already over (refused).
    enum Probed: Sendable {
        case refused(PhotoStep)
        case photo(ProbedPhoto)
    }

    /// The header stage: `item` probed through `reader` (an input known to be unusable is refused
    /// unread), then the shape rule on the size it is displayed at.
    static func probe(_ item: PhotoInputs.Item, index: Int, reader: any PhotoReader, rules: PhotoRuleBook) async -> Probed {
        func refused(_ rejection: Rejection, _ header: ImageHeader? = nil, size: PixelSize? = nil) -> Probed {
            .refused(PhotoStep(file: item.file, index: index, header: header, outcome: .failure(Refusal(rejection, size: size))))
        }
        if case .unusable(_, let rejection) = item { return refused(rejection) }
        switch await reader.probe(item.file) {
        case .failure(let rejection):
            return refused(rejection)
        case .success(let probed):
            if let rejection = rules.shape(probed.size) { return refused(rejection, probed.header, size: probed.size) }
            return .photo(probed)
        }
    }

    /// The decode stage: `probed` decoded at `kept`.
    static func decode(_ probed: ProbedPhoto, file: PhotoFile, index: Int, keeping kept: PixelSize) async -> PhotoStep {
        let outcome = await probed.decode(keeping: kept).mapError { Refusal($0, size: probed.size) }
        return PhotoStep(file: file, index: index, header: probed.header, outcome: outcome)
    }

    /// The file at `index` read alone, through every stage; `keep` is the size to keep a photo
    /// of that displayed size at.
    public static func read(_ item: PhotoInputs.Item, index: Int, reader: any PhotoReader, rules: PhotoRuleBook,
                            keep: (PixelSize) -> PixelSize) async -> PhotoStep {
        switch await probe(item, index: index, reader: reader, rules: rules) {
        case .refused(let step): return step
        case .photo(let probed): return await decode(probed, file: item.file, index: index, keeping: keep(probed.size))
        }
    }
}

/// Why a stage refused a file, with its displayed size when its header was read.
public struct Refusal: Error, Sendable {
    public let rejection: Rejection
    public let size: PixelSize?

    public init(_ rejection: Rejection, size: PixelSize? = nil) {
        self.rejection = rejection
        self.size = size
    }
}
