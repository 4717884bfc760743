import HannunDomain
import Observation

/// The mood of one day in the mood diary, and the intents that set and clear it. Each write is
/// one undo step of the coordinator's editor (``AppCoordinator/setMood(_:on:)``), so `undo`
/// walks it in order with the entries' changes.
@MainActor
@Observable
public final class DayMoodViewModel: ClosableScreen {
  /// The day.
  public let day: Day
  /// The day's mood and note as last read or written, or `nil` when it has none.
  public private(set) var mood: DayMood?
  /// What the last set or clear did: the edit, or `nil` when the day already had exactly that
  /// (nothing was written) or before any.
  public private(set) var lastEdit: MoodEdit?
  /// Why the last intent or read failed, or `nil`.
  public private(set) var failure: AppError?
  /// Called once when the screen is closed.
  @ObservationIgnored public var didClose: @MainActor () -> Void = {}

  private let read: @MainActor (Day) async throws -> DayMood?
  private let write: @MainActor (DayMood?, Day) async throws -> MoodEdit?

  /// A day's mood; nothing is read until ``load()``.
  /// - Parameters:
  ///   - day: The day.
  ///   - read: Reads the day's mood as stored.
  ///   - write: Sets (or, with `nil`, clears) it, returning the edit or `nil` when unchanged.
  public init(
    day: Day, read: @escaping @MainActor (Day) async throws -> DayMood?,
    write: @escaping @MainActor (DayMood?, Day) async throws -> MoodEdit?
  ) {
    self.day = day
    self.read = read
    self.write = write
  }

  /// Reads the day's mood as stored now.
  /// - Throws: A storage error, also kept in ``failure``.
  public func load() async throws {
    do {
      mood = try await read(day)
      failure = nil
    } catch {
      failure = AppError(error)
      throw error
    }
  }

  /// Sets the day's mood and note.
  /// - Parameters:
  ///   - chosen: The mood.
  ///   - note: A short note; checked by ``MoodRules/note(_:)``.
  /// - Returns: The edit, or `nil` when the day already had exactly this.
  /// - Throws: ``FieldInputError`` for a note too long (nothing is written), and what
  ///   ``AppCoordinator/setMood(_:on:)`` throws.
  @discardableResult
  public func set(_ chosen: Mood, note: String = "") async throws -> MoodEdit? {
    let mood: DayMood
    do {
      mood = DayMood(chosen, note: try MoodRules.note(note))
    } catch {
      failure = AppError(error)
      throw error
    }
    return try await change(to: mood)
  }

  /// Clears the day's mood.
  /// - Returns: The edit, or `nil` when the day had none.
  /// - Throws: What ``AppCoordinator/setMood(_:on:)`` throws.
  @discardableResult
  public func clear() async throws -> MoodEdit? {
    try await change(to: nil)
  }

  /// Closes the screen; what was written stays written.
  public func close() { didClose() }

  /// Whether setting the day's mood to `chosen` with `note` (``set(_:note:)``; with `chosen`
  /// `nil`, ``clear()``) is already made: the day as last read (``load()``) has exactly that mood
  /// and note (as a note is kept, ``MoodRules/note(_:)``). `false` when the day could not be
  /// read or the note would be refused.
  public func alreadySet(_ chosen: Mood?, note: String = "") -> Bool {
    guard failure == nil else { return false }
    guard let chosen else { return mood == nil }
    guard let note = try? MoodRules.note(note) else { return false }
    return mood == DayMood(chosen, note: note)
  }

  private func change(to updated: DayMood?) async throws -> MoodEdit? {
    do {
      let edit = try await write(updated, day)
      mood = updated
      lastEdit = edit
      failure = nil
      return edit
    } catch {
      failure = AppError(error)
      throw error
    }
  }
}
