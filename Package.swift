// swift-tools-version: 6.1
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "collage",
    products: [
        .executable(name: "collage", targets: ["collage"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.0.0"),
        // `watch --serve`: the HTTP server (SwiftNIO underneath). No traits: swift-configuration
        // and full Foundation are not needed, and not building them keeps CI's clean build shorter.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.14.0"),
        // Tests only: property checks with generated inputs, shrunk to the smallest that fails.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // The only code that calls libjpeg/libpng/libheif/libwebp/lcms2: setjmp-guarded, returns status codes.
        // libheif is not linked: heif_library.c loads it when the first HEIF is opened.
        .target(
            name: "CCollageCodecs",
            linkerSettings: [
                .linkedLibrary("jpeg"), .linkedLibrary("png16"), .linkedLibrary("webp"), .linkedLibrary("webpdemux"),
                .linkedLibrary("lcms2"),
            ]
        ),
        // HarfBuzz's and FreeType's headers, where `pkg-config --cflags harfbuzz` says they are.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        // The only code that calls FreeType, HarfBuzz, fribidi and fontconfig: captions put in bidi
        // order, shaped, fallen back and rasterised to coverage.
        .target(
            name: "CCollageText",
            dependencies: ["CHarfBuzz"],
            linkerSettings: [.linkedLibrary("harfbuzz"), .linkedLibrary("freetype"), .linkedLibrary("fribidi"), .linkedLibrary("fontconfig")]
        ),
        // Pure Swift, a booth's settings file (`--config`): a TOML subset read line by line into
        // the options' own arguments, so the argument parser checks its values as it does flags'.
        .target(name: "CollageConfig", swiftSettings: strict),
        // A value behind a pthread mutex: Synchronization.Mutex's API on a lock ThreadSanitizer sees.
        .target(name: "CollageLocking", swiftSettings: strict),
        // Pure Swift pixels: sizes, RGB images, orientation, the area-averaging resampler.
        .target(name: "CollageImaging", swiftSettings: strict),
        // SHA-256's compression on the CPU's SHA instructions (x86's SHA extensions), for
        // CollageCore's SHA256 where the CPU has them: intrinsics Swift cannot spell.
        .target(name: "CCollageSHA"),
        // Pure Swift, the app's rules: photos, fingerprints, rules, selection, dates, names as bytes,
        // print commands, the Single trait, JSON values. No files, no clock; no C but CCollageSHA's
        // instructions.
        .target(name: "CollageCore", dependencies: ["CCollageSHA", "CollageImaging"], swiftSettings: strict),
        // Pure Swift, how a collage is laid out and drawn: grid, layout and print styles, sizes,
        // colours, crops, captions' layout, decorations, sheets, the renderer. No C, no files, no clock.
        .target(name: "CollageCanvas", dependencies: ["CollageCore", "CollageImaging"], swiftSettings: strict),
        // A thin Swift layer over the C codecs: decode (scaled, oriented), encode, EXIF.
        .target(name: "CollageCodecs", dependencies: ["CCollageCodecs", "CollageCore", "CollageImaging", "CollageLocking"], swiftSettings: strict),
        // What `stat` says of a file, in a struct of our own (with MemberImportVisibility, `struct
        // stat`'s fields are swift-nio's CNIOLinux's once NIO is imported): every return code checked.
        .target(name: "CCollageFiles"),
        // Files read and listed safely, shared by where photos come from and where collages go:
        // `InputFile` (checked before read), listings, the one `FileIdentity`, path parts, file errors.
        .target(name: "CollageFiles", dependencies: ["CCollageFiles", "CollageCore"], swiftSettings: strict),
        // Captions as coverage masks: owns the C fonts, fits and aligns lines in a band (CollageCanvas's layout).
        .target(name: "CollageText", dependencies: ["CCollageText", "CollageCanvas", "CollageImaging", "CollageLocking"], swiftSettings: strict),
        // Where photos come from: names on stdin, folders, inotify. Names are bytes.
        .target(
            name: "CollageSources",
            dependencies: ["CollageFiles", "CollageCore", "CollageImaging", "CollageLocking", .product(name: "AsyncAlgorithms", package: "swift-async-algorithms")],
            swiftSettings: strict
        ),
        // What a run reports as it goes (`PipelineEvent`, with the collage saved and where it
        // went): what the printer, the server and the report read, without the codecs.
        .target(name: "CollageEvents", dependencies: ["CollageCore", "CollageFiles", "CollageImaging"], swiftSettings: strict),
        // Where collages go, as files, without the codecs: atomic files, numbered outputs, what an
        // output may replace, the collages' signing key, the private copy a print reads, and the
        // retry policy. What the printer, the server and the journal need of the disk.
        .target(name: "CollageWriting", dependencies: ["CollageCore", "CollageFiles"], swiftSettings: strict),
        // The Single-returning save: a collage encoded, marked and written through CollageWriting.
        .target(
            name: "CollageSaving",
            dependencies: ["CollageWriting", "CollageEvents", "CollageCodecs", "CollageCore", "CollageFiles", "CollageImaging"],
            swiftSettings: strict
        ),
        // A photo booth's journal: what it saved and printed, where it resumes (`BoothStart`), its
        // lock and who holds it, its history as read back, rebuilt from the collages' marks when lost.
        .target(
            name: "CollageJournal",
            dependencies: ["CollageWriting", "CollageCore", "CollageFiles", "CollageLocking"],
            swiftSettings: strict
        ),
        // The book's chain and what feeds and follows it: loading, throttling, rendering, build and inspect.
        .target(
            name: "CollagePipeline",
            dependencies: [
                "CollageCanvas", "CollageCodecs", "CollageCore", "CollageEvents", "CollageFiles", "CollageImaging", "CollageJournal", "CollageLocking", "CollageSources", "CollageText", "CollageWriting", "CollageSaving",
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ],
            swiftSettings: strict
        ),
        // `--print`: the operator's command run without a shell, bounded and retried, one print at a
        // time; a booth's prints recorded in its journal so each collage is printed once across restarts.
        .target(
            name: "CollagePrinting",
            dependencies: ["CCollageCups", "CollageEvents", "CollageWriting", "CollageCore", "CollageFiles", "CollageLocking"],
            swiftSettings: strict
        ),
        // Terminal output: preview encoders (kitty, sixel, half blocks), capability probing,
        // sizing, colour policy, progress line, cursor restore. No pipeline.
        .target(name: "CollageTerminal", dependencies: ["CollageCore", "CollageImaging", "CollageLocking"], swiftSettings: strict),
        // How results are shown: log lines, JSON and NDJSON, fed by the pipeline's events and values.
        .target(
            name: "CollageReport",
            dependencies: ["CollageTerminal", "CollagePipeline", "CollageEvents", "CollageJournal", "CollageSaving", "CollageWriting", "CollageSources", "CollageFiles", "CollageCodecs", "CollageCore", "CollageImaging", "CollageLocking"],
            swiftSettings: strict
        ),
        // The only code that calls libcups: submits a job, finds one by its title, asks a queue's
        // state, each on its own connection bounded by a timeout, returning status codes.
        .target(name: "CCollageCups", linkerSettings: [.linkedLibrary("cups")]),
        // The only code that calls libqrencode: a QR code's modules for a URL, with a status code.
        .target(name: "CQRCode", linkerSettings: [.linkedLibrary("qrencode")]),
        // `watch --serve`: the booth's screen over HTTP (live page by Server-Sent Events, gallery with
        // QR codes, the finished collages). Reads only the reported events and the written files.
        .target(
            name: "CollageServer",
            dependencies: [
                "CQRCode", "CollageEvents", "CollageJournal", "CollageWriting", "CollageFiles", "CollageCore", "CollageLocking",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // `watch` as a library value: its settings, the run wiring server, report, printer, journal
        // and session, the fan-out of its events, and how it ends (`WatchEnd`: code and status).
        .target(
            name: "CollageBooth",
            dependencies: [
                "CollageServer", "CollageReport", "CollageTerminal", "CollagePrinting", "CollagePipeline", "CollageEvents", "CollageJournal", "CollageSaving", "CollageWriting", "CollageSources",
                "CollageFiles", "CollageCodecs", "CollageCanvas", "CollageCore", "CollageImaging", "CollageLocking",
            ],
            swiftSettings: strict
        ),
        // The command line: argument parsing and exit codes around the booth, the pipeline and the report.
        .executableTarget(
            name: "collage",
            dependencies: [
                "CollageBooth", "CollageServer", "CollageReport", "CollageTerminal", "CollagePrinting", "CollagePipeline", "CollageEvents", "CollageJournal", "CollageSaving", "CollageWriting", "CollageSources", "CollageFiles", "CollageCodecs", "CollageCanvas", "CollageCore", "CollageImaging", "CollageLocking",
                "CollageConfig",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict,
            plugins: ["CollageBuildCommit"]
        ),
        // Generates the commit `collage --version` prints (a file in the build folder, never in the tree).
        .plugin(name: "CollageBuildCommit", capability: .buildTool()),
        // The libFuzzer target over the untrusted-input path (`make fuzz`); in ordinary builds a
        // tool that replays inputs through the same path.
        .executableTarget(name: "CollageFuzz", dependencies: ["CollageCodecs", "CollageCore", "CollageImaging"], swiftSettings: strict),
        // What tests share: fixtures, test images, a manual clock, a pseudo-terminal, and the
        // runners of real processes (the built `collage`, a shell).
        .target(name: "CollageTestSupport", dependencies: ["CollageCodecs", "CollageCore", "CollageFiles", "CollageImaging", "CollageLocking", "CollageSources"],
                path: "Tests/CollageTestSupport", swiftSettings: strict),
        .testTarget(
            name: "CollageConfigTests",
            dependencies: ["CollageConfig", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: strict
        ),
        .testTarget(name: "CollageImagingTests", dependencies: ["CollageImaging", "CollageCore", "CollageTestSupport"], swiftSettings: strict),
        .testTarget(name: "CollageTextTests", dependencies: ["CollageText", "CollageCanvas", "CollageImaging", "CollageTestSupport"], swiftSettings: strict),
        .testTarget(name: "CollageCoreTests", dependencies: ["CollageCore", "CollageImaging", "CollageLocking", "CollageTestSupport"], swiftSettings: strict),
        .testTarget(name: "CollageCanvasTests", dependencies: ["CollageCanvas", "CollageCore", "CollageImaging", "CollageTestSupport",
                                                          .product(name: "PropertyBased", package: "swift-property-based")], swiftSettings: strict),
        .testTarget(
            name: "CollageCodecsTests",
            dependencies: ["CCollageCodecs", "CollageCodecs", "CollageCore", "CollageImaging", "CollageTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CollageSourcesTests",
            dependencies: ["CollageSources", "CollageFiles", "CollageCore", "CollageImaging", "CollageLocking", "CollageTestSupport", .product(name: "AsyncAlgorithms", package: "swift-async-algorithms")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CollageWritingTests",
            dependencies: ["CollageSaving", "CollageWriting", "CollageEvents", "CollageFiles", "CollageSources", "CollageCodecs", "CollageCore", "CollageImaging", "CollageLocking", "CollageTestSupport"],
            swiftSettings: strict
        ),
        // The booth's journal on real folders: its records, prints, recovery and lock.
        .testTarget(
            name: "CollageJournalTests",
            dependencies: ["CollageJournal", "CollageSaving", "CollageWriting", "CollageEvents", "CollageFiles", "CollageSources", "CollageCodecs", "CollageCore", "CollageImaging", "CollageLocking", "CollageTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CollagePipelineTests",
            dependencies: [
                "CollagePipeline", "CollageEvents", "CollageJournal", "CollageSaving", "CollageWriting", "CollageSources", "CollageFiles", "CollageCodecs", "CollageCanvas", "CollageCore", "CollageImaging", "CollageLocking", "CollageTestSupport", "CollageText",
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CollageReportTests",
            dependencies: ["CollageReport", "CollagePipeline", "CollageEvents", "CollageJournal", "CollageSaving", "CollageWriting", "CollageSources", "CollageFiles", "CollageCodecs", "CollageCanvas", "CollageCore", "CollageImaging", "CollageTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CollageTerminalTests",
            dependencies: ["CollageTerminal", "CollageCore", "CollageImaging", "CollageLocking", "CollageTestSupport"],
            swiftSettings: strict
        ),
        // `--print` in process: a recording printer on a manual clock.
        .testTarget(
            name: "CollagePrintingTests",
            dependencies: ["CollagePrinting", "CollageBooth", "CollageEvents", "CollageJournal", "CollageSaving", "CollageWriting", "CollageFiles", "CollageCodecs", "CollageCore", "CollageImaging", "CollageLocking", "CollageTestSupport"],
            swiftSettings: strict
        ),
        // The watch run in process: its ends, the order its events fan out in, the booth on parts a test passes in.
        .testTarget(
            name: "CollageBoothTests",
            dependencies: [
                "CollageBooth", "CollagePipeline", "CollagePrinting", "CollageReport", "CollageServer", "CollageTerminal", "CollageEvents", "CollageJournal", "CollageWriting", "CollageCanvas", "CollageCodecs", "CollageCore",
                "CollageImaging", "CollageLocking", "CollageTestSupport", "CollageSources", "CollageFiles",
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ],
            swiftSettings: strict
        ),
        // The booth's screen without a socket: how the event hub shares, resumes and drops; the
        // routes, handed requests in process.
        .testTarget(
            name: "CollageServerTests",
            dependencies: [
                "CollageServer", "CollageEvents", "CollageJournal", "CollageWriting", "CollageFiles", "CollageCodecs", "CollageCore", "CollageImaging", "CollageLocking", "CollageTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ],
            swiftSettings: strict
        ),
        // The built executable, run as users and scripts run it; and its argument parsing alone.
        .testTarget(
            name: "CollageEndToEndTests",
            dependencies: [
                "collage", "CollagePipeline", "CollageServer", "CollageWriting", "CollageCodecs", "CollageCanvas", "CollageCore", "CollageImaging", "CollageTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
    ]
)
