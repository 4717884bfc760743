import ArgumentParser
import HannunDomain
import HannunImportFiles
import HannunPresentation
import HannunREPL

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `hannun` command line: parses the arguments, runs the command, and turns every error into
/// one line on standard error with exit status 2 for bad input and 1 for anything else. The
/// executable's `main` only calls ``run(arguments:)``.
public enum HannunMain {
  /// Runs one command line.
  /// - Parameter arguments: The arguments after the program name.
  /// - Returns: The exit status: 0 on success, 1 for a failure of the ledger or the machine, 2
  ///   for bad input (a usage error, an amount, a date, an unknown entry).
  @MainActor
  public static func run(arguments: [String]) async -> Int32 {
    await run(arguments: arguments, environment: ProcessInfo.processInfo.environment)
  }

  /// The command line being run, after the program name: what `serve` hands `hannun-serve`.
  @MainActor static var commandLine: [String] = []

  /// Runs one command line with `environment` as the process environment's locale variables
  /// (`LC_ALL`, `LANG`): the language of help pages and usage errors is settled before parsing.
  @MainActor
  static func run(arguments: [String], environment: [String: String]) async -> Int32 {
    commandLine = arguments
    if arguments == ["--version"] {
      // What the parser would print, without building every command's arguments to say it.
      Console.output(hannunVersion + "\n")
      return 0
    }
    let language = AppEnvironment.language(arguments: arguments, environment: environment)
    return await CommandLineText.$language.withValue(language) {
      await runParsed(arguments: arguments)
    }
  }

  @MainActor
  private static func runParsed(arguments: [String]) async -> Int32 {
    do {
      let ordered = CommandLineOrder.helpWithoutGlobalOptions(
        CommandLineOrder.subcommandFirst(CommandLineOrder.joiningNegativeValues(arguments)))
      if let word = CommandLineOrder.unknownCommand(in: ordered) {
        throw CommandLineProblem.unknownCommand(word)
      }
      // A plain read (or the REPL) runs without the parser's reflection over every command;
      // anything else is parsed.
      if let read = OneShotRead.command(ordered) {
        try await read.run()
        return 0
      }
      var command = try Hannun.parseAsRoot(ordered)
      if var asyncCommand = command as? AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
      return 0
    } catch let exit as ExitCode {
      return exit.rawValue
    } catch var error {
      var messages = CommandLineText.language.messages
      if let known = error as? InLedgerCurrency {
        // An amount refused by a ledger is answered with that ledger's forms.
        error = known.error
        messages = CommandLineText.language.messages(currency: known.currency)
      }
      let code = Hannun.exitCode(for: error)
      if code == .success {
        Console.line(CommandLineText.page(for: error, width: TerminalSize.output.columns))
        return 0
      }
      var message =
        isUsageError(error)
        ? CommandLineText.usageMessage(Hannun.message(for: error)) : messages.describe(any: error)
      let words = messages.language.commandLine
      var rewritten = false
      if isUsageError(error), let negative = CommandLineOrder.negativeAmount(in: arguments) {
        rewritten = true
        message = words.negativeAmount(
          negative, budget: CommandLineOrder.subcommandFirst(arguments).first == "budget")
      }
      if isUsageError(error), !rewritten,
        case .missingArgument? = UsageProblem(message: Hannun.message(for: error)),
        let needed = CommandLineRefusal(
          missingArgumentOf: CommandLineOrder.commandPath(in: arguments))
      {
        // The parser names only its placeholder (`'<id>'`): say what that is, with an example.
        rewritten = true
        message = words.describe(needed)
      }
      var line = oneLine(message)
      if isUsageError(error), !rewritten {
        // The hint says where the full usage is.
        line += words.seeHelp(
          (["hannun"] + CommandLineOrder.commandPath(in: arguments)).joined(separator: " "))
      }
      Console.errorOutput("hannun: " + line + "\n")
      return isUsageError(error) || isInputError(error) ? 2 : 1
    }
  }

  /// Errors from argument parsing itself.
  private static func isUsageError(_ error: any Error) -> Bool {
    !(error is DateInputError || error is AmountInputError || error is FieldInputError
      || error is LedgerError || error is EntryReferenceError || error is AppError
      || error is CategoryRenameError
      || error is LocalizedMessage)
      && Hannun.exitCode(for: error) != .failure
  }

  /// Errors caused by what the user typed, rather than by the ledger or the machine.
  private static func isInputError(_ error: any Error) -> Bool {
    switch error {
    case is DateInputError, is AmountInputError, is FieldInputError, is EntryReferenceError,
      is CommandLineProblem, is BudgetCommandProblem, is RecurringCommandProblem,
      is TransactionQueryError, is CategoryRenameError, is CategoryCommandProblem,
      is MoodCommandProblem:
      return true
    case let problem as ImportProblem:
      if case .cannotRead = problem { return false }
      return true
    case let problem as ExportProblem:
      if case .cannotWrite = problem { return false }
      return true
    case let failure as BackupFailure:
      return failure.isInputError
    case let shown as AppError:
      switch shown {
      case .amount, .date, .field, .entry, .category: return true
      case .ledger(let ledger): return isInputError(ledger)
      case .mood(let mood): return isInputError(mood)
      case .other: return false
      }
    case let ledger as LedgerError:
      switch ledger {
      case .unknownTransaction, .ambiguousTransaction, .currencyMismatch, .noBudget: return true
      case .recurring(let refusal): return isInputError(refusal)
      default: return false
      }
    case let refusal as RecurringError:
      switch refusal {
      case .unknownRule, .badSchedule, .endBeforeStart, .notAnOccurrence: return true
      case .alreadyConfirmed, .alreadySkipped, .staleRule: return false
      }
    case let mood as MoodError:
      if case .unknownMood = mood { return true }
      return false
    case let classified as CommandLineInputClassified:
      return classified.isInputError
    case let refusal as BudgetFormViewModel.Refusal:
      return refusal.field != nil || isInputError(refusal.error)
    case let refusal as RecurringRuleFormViewModel.Refusal:
      return refusal.field != nil || isInputError(refusal.error)
    case let refusal as OccurrenceFormViewModel.Refusal:
      if case .store(let error) = refusal { return isInputError(error) }
      return true
    default:
      return false
    }
  }

  private static func oneLine(_ text: String) -> String {
    let first = text.split(separator: "\n").first.map(String.init) ?? text
    return TerminalText.sanitized(first.hasPrefix("Error: ") ? String(first.dropFirst(7)) : first)
  }
}
