public import ArgumentParser
public import CollageCore

/// File names on the command line keep their exact bytes (see `RawArguments`).
extension PathName: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(bytes: RawArguments.decode(argument))
    }

    public var defaultValueDescription: String { description }
}
