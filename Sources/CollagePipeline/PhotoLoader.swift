public import CollageCodecs
public import CollageCore

/// The probe/decode stage: turns a file into a `Photo`, or into the reason it is not one.
/// Blocking: call it through `Blocking.run`.
public struct PhotoLoader: Sendable {
    public let canvas: PixelSize
    public let limits: DecodeLimits

    public init(canvas: PixelSize, limits: DecodeLimits = DecodeLimits()) {
        self.canvas = canvas
        self.limits = limits
    }

    /// Loads `path` as the photo that would be the `index`-th accepted (0-based), at the size
    /// that serves every tile it can get. A portrait is refused from its header, undecoded.
    public func load(_ path: String, index: Int) throws(Rejection) -> Photo {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path) } catch { throw .unreadable("cannot read: \(error.reason)") }
        var refusal: Rejection?
        let decoded: (header: ImageHeader, image: RGBImage?)
        do {
            decoded = try PhotoDecoder.decode(bytes, limits: limits) { header in
                refusal = PhotoRules.landscape(header.displayedSize)
                return refusal == nil ? CollageLayout.keptSize(of: header.displayedSize, at: index, canvas: canvas) : nil
            }
        } catch {
            throw .unreadable(error.description)
        }
        guard let image = decoded.image else { throw refusal ?? .unreadable("not decoded") }
        return Photo(name: path, size: decoded.header.displayedSize, image: image)
    }
}
