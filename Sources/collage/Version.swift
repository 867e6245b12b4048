/// The one place the version is written: `--version`, the man page, the Debian package (checked
/// against debian/changelog by `make deb`) and the install test all read it from here.
enum CollageVersion {
    static let number = "1.0.0"

    /// `1.0.0 (d032717)`: the number and the commit it was built from, which
    /// Plugins/CollageBuildCommit generates into the build folder (nil outside a git checkout).
    static let current = CollageBuildCommit.hash.map { "\(number) (\($0))" } ?? number
}
