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
                Takes the booth's watch arguments, or its --config FILE, and opens what watch opens at \
                start, the way it opens it, one line each: the folder to watch; the print command's \
                program is on PATH and, for lp or lpr, CUPS accepts jobs for its queue (-d, -P, $LPDEST, \
                $PRINTER or the default; lpstat, 3 s at most); the output folder is writable and has room \
                for a day's collages (500) at the configured size; the fonts, logo, overlay and background \
                load; the --public-url host is this machine and the --serve port is free; with --batches, \
                the mark's key can be read or made and is this user's alone, the booth's lock can be \
                taken and its journal read. Run it as the booth's user \
                (sudo -u booth collage check --config /etc/collage/booth.toml): the key and the folders \
                are that user's. Exits 0 when the booth would start and print (warnings are listed), 69 \
                when a check failed.
                """
        )

        @Flag(help: "One JSON object: ready, and each check's name, status (ready, warning, failed) and detail.")
        var json = false

        /// Declared here, not left among the watch arguments, so shells complete its file name.
        @Option(help: ArgumentHelp("The booth's settings file, as watch takes it.", valueName: "file"), completion: .file(extensions: ["toml"]))
        var config: String?

        @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The booth's watch arguments: its folder, -o, --print, --serve, --config FILE, ...",
                                                               valueName: "watch-arguments"))
        var watchArguments: [String] = []

        /// The watch arguments are checked as `watch` would check them, but a mistake is check's
        /// usage error: its own usage line, exit 64 (a `--config` file's, 78 with its line).
        func validate() throws {
            do {
                _ = try Watch.parse(boothArguments)
            } catch {
                // `--help` among them asks for watch's help, which names the arguments check takes.
                if Watch.exitCode(for: error) == .success { throw error }
                throw ValidationError(Watch.message(for: error))
            }
        }

        /// What watch is given: the settings file, then the rest.
        var boothArguments: [String] { (config.map { ["--config", $0] } ?? []) + watchArguments }

        func run() async throws {
            let watch = try Watch.parse(boothArguments)
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
