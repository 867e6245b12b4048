import CollageCore
import CollageImaging
import CollagePipeline
import CollageSources
import CollageTestSupport
import CollageLocking
import Testing
import CollageFiles

/// Photos made in memory for pipeline tests: each name says what the file would be.
final class InMemoryPhotos: PhotoReader {
    enum Kind: Sendable {
        case landscape(seed: Int)
        case portrait
        case notAnImage
        case corrupt  // a good header, pixels that fail to decode
    }

    let kinds: [String: Kind]
    /// Every landscape's size: smaller photos make faster tests in debug builds.
    let size: PixelSize
    private let decodes = Locked<[(String, PixelSize)]>([])

    init(_ kinds: [String: Kind], size: PixelSize = photoSize) {
        self.kinds = kinds
        self.size = size
    }

    /// Every decode, in order: the photo and the size it was kept at.
    var decoded: [(String, PixelSize)] { decodes.withLock { $0 } }

    static let photoSize = PixelSize(width: 400, height: 300)

    func probe(_ file: PhotoFile) async -> Result<ProbedPhoto, Rejection> {
        let name = file.description
        switch kinds[name] {
        case .landscape(let seed)?:
            return .success(ProbedPhoto(size: size) { [size] kept in
                self.decodes.withLock { $0.append((name, kept)) }
                let image = TestImages.pattern(seed: seed, size.width, size.height).resized(to: kept)
                return .success(Photo(name: file.path, size: size, image: image))
            })
        case .portrait?:
            return .success(ProbedPhoto(size: size.transposed) { _ in
                Issue.record("a portrait was decoded")
                return .failure(.unusable(.corrupt, detail: "decoded a portrait"))
            })
        case .corrupt?:
            return .success(ProbedPhoto(size: size) { _ in .failure(.unusable(.corrupt, detail: "corrupt JPEG file: bad Huffman table")) })
        case .notAnImage?, nil:
            return .failure(.unusable(.notAnImage, detail: "not an image (neither JPEG, PNG, HEIC, AVIF, HEIF nor WebP)"))
        }
    }
}
