internal import ArgumentParser
internal import CollageBooth
internal import CollageConfig
internal import CollageCore
internal import CollagePipeline
internal import CollageReport

extension Collage {
    /// `collage check --config /etc/collage/booth.toml`
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Checks that a photo booth is ready before its first guest.",
            discussion: """
                Takes the booth's watch arguments, or its --config FILE, and checks what a guest would \
                otherwise be the first to meet, one line each: the print command's program is on PATH \
                and, for lp or lpr, CUPS accepts jobs for its printer (lpstat); the output folder is \
                writable and has room for a day's collages (500) at the configured size; the fonts, logo, \
                overlay and background load; the --public-url host is this machine and the --serve port \
                is free; the mark's key can be read or made. Run it as the booth's user \
                (sudo -u booth collage check --config /etc/collage/booth.toml): the key and the folders \
                are that user's. Exits 0 when every check is ready, 69 otherwise.
                """
        )

        @Flag(help: "One JSON object: ready, and each check's name, status (ready, warning, failed) and detail.")
        var json = false

        @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The booth's watch arguments: its folder, -o, --print, --serve, --config FILE, ...",
                                                               valueName: "watch-arguments"))
        var watchArguments: [String] = []

        func run() async throws {
            var watch = try Watch.parse(watchArguments)
            if watch.folder == nil {
                watch.folder = (try? SettingsFile.named(in: ["watch"] + watchArguments))??.arguments.positional.flatMap(PathName.init(argument:))
            }
            let checks = Preflight.checks(try watch.settings())
            if json {
                Console.standardOutput.line(PreflightReport.json(checks).serialized)
            } else {
                PreflightReport.lines(checks).forEach(Console.standardOutput.line)
            }
            throw PreflightReport.ready(checks) ? ExitCode.success : ExitStatus.unavailable
        }
    }
}
