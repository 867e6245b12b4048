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
        return await Self.offload {
            let bytes: [UInt8]
            do { bytes = try FileBytes.read(file.path) } catch let error as FileError { throw Rejection.unreadable("cannot read: \(error.reason)") }
            let header = try PhotoDecoder.header(of: bytes, limits: limits)
            return ProbedPhoto(size: header.displayedSize) { kept in
                await Self.offload {
                    let decoded = try PhotoDecoder.decode(bytes, limits: limits) { _ in kept }
                    guard let image = decoded.image else { throw Rejection.unreadable("not decoded") }
                    return Photo(name: file.path, size: decoded.header.displayedSize, image: image)
                }
            }
        }
    }

    /// Runs file and codec work off the cooperative pool; whatever fails becomes the reason the
    /// photo is not used.
    private static func offload<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async -> Result<Value, Rejection> {
        do {
            return .success(try await Blocking.run(work))
        } catch let rejection as Rejection {
            return .failure(rejection)
        } catch let error as DecodeError {
            return .failure(.unreadable(error.description))
        } catch {
            return .failure(.unreadable(String(describing: error)))
        }
    }
}
