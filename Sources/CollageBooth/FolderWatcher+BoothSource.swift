internal import CollageSources

/// The booth's own source: the watched folder, on inotify.
extension FolderWatcher: BoothSource {}
