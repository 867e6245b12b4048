public import CollageCore
public import CollageFiles

/// Where a restarted booth resumes, decided from its history and what its folders hold now,
/// given as values (no file is read here): whether the unfinished collage is finished first, and
/// with which of its photos; the photos of the complete collages, whose going changes nothing.
///
/// ```
/// BoothResume.unfinished(collage, fileNow: saved, photosNow: ["p1.jpg": hash1], in: "photos", limit: 4)
/// // .finish(files: [photos/p1.jpg], gone: [photos/p2.jpg])
/// ```
public enum BoothResume {
    /// What becomes of the unfinished collage.
    public enum Unfinished: Sendable, Equatable {
        /// Finished first: the photos still there as they were, and those gone since (deleted, or
        /// another photo under the name), which leave it as a retake would.
        case finish(files: [PhotoFile], gone: [PhotoFile])
        /// Kept as it is, and why; a new collage begins.
        case kept(reason: String)
    }

    /// The unfinished `collage`, given its file's content now (nil: gone) and the content of each
    /// of its photos' names in `folder` now (a name missing: gone).
    public static func unfinished(_ collage: BoothHistory.Collage, fileNow: ContentHash?, photosNow: [PathName: ContentHash], in folder: PathName,
                                  limit: Int) -> Unfinished {
        guard collage.photos.count < limit else { return .kept(reason: "it already holds \(photos(collage.photos.count))") }
        if let fileNow, fileNow != collage.saved { return .kept(reason: "the file is not the one this booth saved") }
        var files: [PhotoFile] = [], gone: [PhotoFile] = []
        for photo in collage.photos {
            let file = PhotoFile(path: folder.appending(photo.name))
            if photosNow[photo.name] == photo.content { files.append(file) } else { gone.append(file) }
        }
        return .finish(files: files, gone: gone)
    }

    /// The photos of the complete collages, by path in `folder`, with each one's number.
    public static func completed(_ history: BoothHistory, in folder: PathName) -> [PathName: Int] {
        var completed: [PathName: Int] = [:]
        for collage in history.collages where collage.complete {
            for photo in collage.photos { completed[folder.appending(photo.name)] = collage.number }
        }
        return completed
    }

    /// "1 photo", "3 photos".
    static func photos(_ count: Int) -> String { count == 1 ? "1 photo" : "\(count) photos" }
}
