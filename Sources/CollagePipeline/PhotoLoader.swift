public import CollageCodecs
public import CollageCore

/// Reads photos from files: the pipeline's probe and decode stages for real files. The file is
/// read once, at the probe; its bytes wait in the decode step until the pipeline knows the size.
public struct PhotoLoader: PhotoReader {
    public let limits: DecodeLimits

    public init(limits: DecodeLimits = DecodeLimits()) {
        self.limits = limits
    }

    public func probe(_ file: PhotoFile) async -> Result<ProbedPhoto, Rejection> {
        let limits = limits
        do {
            let (bytes, header) = try await Blocking.run {
                let bytes: [UInt8]
                do { bytes = try FileBytes.read(file.path) } catch let error as FileError {
                    throw Rejection.unreadable("cannot read: \(error.reason)")
                }
                do { return (bytes, try PhotoDecoder.header(of: bytes, limits: limits)) } catch let error as DecodeError {
                    throw Rejection.unreadable(error.description)
                }
            }
            return .success(ProbedPhoto(size: header.displayedSize) { kept in
                await Self.decode(bytes, of: file, keeping: kept, limits: limits)
            })
        } catch {
            return .failure(error as? Rejection ?? .unreadable(String(describing: error)))
        }
    }

    private static func decode(_ bytes: [UInt8], of file: PhotoFile, keeping kept: PixelSize, limits: DecodeLimits) async -> Result<Photo, Rejection> {
        do {
            return .success(try await Blocking.run {
                do {
                    let decoded = try PhotoDecoder.decode(bytes, limits: limits) { _ in kept }
                    guard let image = decoded.image else { throw Rejection.unreadable("not decoded") }
                    return Photo(name: file.path, size: decoded.header.displayedSize, image: image)
                } catch let error as DecodeError {
                    throw Rejection.unreadable(error.description)
                }
            })
        } catch {
            return .failure(error as? Rejection ?? .unreadable(String(describing: error)))
        }
    }
}
