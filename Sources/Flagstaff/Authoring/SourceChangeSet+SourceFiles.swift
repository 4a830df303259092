import FlagstaffReaders

extension SourceChangeSet {
    /// Files with the changes so far, for a format's editor.
    func files(_ paths: [String]) throws(FlagstaffError) -> [SourceFile] {
        var files: [SourceFile] = []
        for path in paths { files.append(SourceFile(path: path, text: try text(of: path))) }
        return files
    }
}
