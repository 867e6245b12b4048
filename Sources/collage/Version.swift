/// The one place the version is written: `--version`, the man page and the README's install
/// section all read it from here.
enum CollageVersion {
    static let current = "1.0.0"
}
