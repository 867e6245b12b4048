public import CollageImaging
/// Which photos the collage takes by shape, as displayed. The app took landscape photos only.
public enum AcceptedShape: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Strictly wider than tall: the app's rule and the default.
    case landscape
    /// Strictly taller than wide.
    case portrait
    /// Every shape, squares too.
    case any

    public func accepts(_ size: PixelSize) -> Bool {
        switch self {
        case .landscape: return size.width > size.height
        case .portrait: return size.height > size.width
        case .any: return true
        }
    }

    public var description: String { rawValue }
}
