public import CollageCore
internal import CollageSources
public import CollageFiles

/// How the pipeline reads photos: from files (`PhotoLoader`) or, in tests, from memory.
public protocol PhotoReader: Sendable {
    /// Reads the header; a file that cannot be read or is no image is a rejection.
    func probe(_ file: PhotoFile) async -> Result<ProbedPhoto, Rejection>
}
