internal import CollageCanvas
internal import CollageCore
internal import CollageImaging
internal import CollageSources
internal import CollageFiles

extension CollageBuild {
    /// The photos to draw, each kept large enough for its final tile. A build plans its collage
    /// for as many photos as it may take (`KeptSizePlan.planned`); when fewer are taken (a photo
    /// refused among no more files than the limit), some tiles are larger than planned, and a
    /// photo kept for a smaller tile is decoded again at the size its tile needs rather than drawn
    /// enlarged. Its fingerprint and thumbnail, which the rules compared, stay as they were. A
    /// photo that cannot be read again (changed or gone meanwhile) is drawn from the copy kept.
    static func fitted(_ photos: [Photo], reader: any PhotoReader, layout: Layout) async -> [Photo] {
        let tiles = layout.tiles(count: photos.count)
        var fitted: [Photo] = []
        for (photo, tile) in zip(photos, tiles) {
            let needed = KeptSizePlan.size(of: photo.size, covering: [tile])
            guard photo.image.width < needed.width || photo.image.height < needed.height,
                  case .success(let probed) = await reader.probe(PhotoFile(path: photo.name)), probed.size == photo.size,
                  case .success(let again) = await probed.decode(keeping: needed)
            else {
                fitted.append(photo)
                continue
            }
            var refit = Photo(name: photo.name, size: photo.size, image: again.image, fingerprint: photo.fingerprint, thumbnail: photo.thumbnail)
            refit.decoding = again.decoding
            refit.taken = photo.taken
            fitted.append(refit)
        }
        return fitted
    }
}
