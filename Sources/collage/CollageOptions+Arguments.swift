internal import CollageCodecs
internal import CollageCore
internal import CollagePipeline

extension CollageOptions {
    /// The settings the command line asked for; the options were validated before `run()`.
    init(look: LookOptions, output: OutputOptions? = nil, rules: RuleOptions, limits: ReadLimits) throws {
        let limit = rules.limit(for: try look.style())
        let (size, style) = try look.checkedStyle(limit: limit)
        self.init(canvas: size.pixels, style: style, encoding: output?.encoding(dpi: size.dpi) ?? EncodeSettings(dpi: size.dpi),
                  limits: limits.decode, maximumFileBytes: limits.maxFileSize.bytes, limit: limit,
                  accept: rules.accept, similarity: rules.similarity)
    }
}
