/// Real command lines for `--help`, one place for each subcommand; every one of them is run by
/// an end-to-end test (`ConventionsEndToEndTests.helpEndsWithWorkingExamples`). Each fits 80
/// columns with its indent, so no help wraps one and a copy of it runs.
enum Examples {
    static let build = """
          collage build trip/*.jpg -o collage.jpg
          find trip -name '*.jpg' -print0 | collage build -0 - -o collage.png
          collage build trip/ --json --dry-run | jq '.inputs[] | select(.reason)'
        """

    static let watch = """
          collage watch ./photos -o collage.jpg
          collage watch ./booth --batches -o prints/booth.jpg
          collage watch ./photos --json | jq -c 'select(.type == "saved")'
        """

    static let inspect = """
          collage inspect trip/
          collage inspect --json trip/*.jpg | jq -r 'select(.reason) | .path'
        """

    static let check = """
          collage check booth --batches -o prints/booth.jpg
          collage check booth --batches -o prints/booth.jpg --json | jq -c .checks
        """

    static let finish = """
          collage finish prints/booth.jpg
          collage finish prints/booth.jpg || echo "no booth is saving prints/booth.jpg"
        """

    static let journal = """
          collage journal show prints/booth.jpg
          collage journal show prints/booth.jpg --json | jq -r '.collages[].print'
          collage journal reprint prints/booth.jpg 1 --print 'cp {path} .'
        """

    static let overview = """
        Give it photos, or a folder to watch: it keeps the landscape ones, drops \
        duplicates, takes at most six, lays them out in a grid and saves the collage as \
        JPEG or PNG. For example:
        \(build)
        \(watch)
        \(inspect)
        \(journal)
        """

    /// The examples of the subcommand named in `arguments`, if any.
    static func forCommand(in arguments: [String]) -> String? {
        for argument in arguments {
            switch argument {
            case "build": return build
            case "watch": return watch
            case "inspect": return inspect
            case "check": return check
            case "finish": return finish
            case "journal": return journal
            default: continue
            }
        }
        return nil
    }
}
