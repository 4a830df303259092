import ArgumentParser
import Flagstaff

extension FlagstaffCommand {
    struct Init: ParsableCommand, FlagstaffRunnable {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Look through a folder for flag sources and write a commented flagstaff.yml there.",
            discussion: "Exit codes: 0 written; 1 nothing Flagstaff reads was found (nothing written); 2 a configuration is already there, or usage or I/O errors.")

        @Argument(help: "The folder to look through.")
        var path: String = "."

        func execute(console: Console) throws(FlagstaffError) -> Int32 {
            try InitCommand(folder: path).run(console: console)
        }
    }
}
