internal import CollageJournal
internal import ArgumentParser
internal import CollageCore
internal import CollageReport
internal import CollageWriting

extension Collage {
    /// `collage finish prints/booth.jpg`
    struct Finish: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "finish",
            abstract: "Asks a running photo booth to complete its open collage now.",
            discussion: """
                OUTPUT is the booth's -o output (prints/booth.jpg). The booth that holds its lock \
                (prints/.booth.jpg.lock) is sent SIGUSR1, as `systemctl kill --kill-whom=main -s USR1 booth` or \
                `kill -USR1 PID` would: it saves, prints and shows its open collage with the photos \
                it has, and the next photo starts a new one. For an operator's button or a foot \
                switch. Exits 69 when no booth is running for OUTPUT.
                """
        )

        @Argument(help: ArgumentHelp("The running booth's -o output.", valueName: "output"), completion: .file(extensions: ["jpg", "jpeg", "png"]))
        var output: PathName

        func run() throws {
            do throws(RunningBooth.Failure) {
                let pid = try RunningBooth.finish(CollageOutput(path: output, numbered: true))
                Console.standardError.line("collage: asked the booth (process \(pid)) to complete its open collage")
            } catch {
                Console.standardError.line("collage: \(error)")
                throw ExitStatus.unavailable
            }
        }
    }
}
