import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `<data>/ledger/moods.json`: the mood diary, one record a line, oldest day first,
///
/// ```json
/// {
///   "moods" : [
///     { "day" : "2025-11-03", "mood" : "joy", "note" : "월급날" },
///     { "day" : "2025-11-04", "mood" : "tired" }
///   ],
///   "schemaVersion" : 1
/// }
/// ```
///
/// One file for the whole diary: a day's record is about 60 bytes, so a year is some 20 KB and a
/// decade a few hundred, small enough to read and rewrite whole, and a single document keeps the
/// conditional write (the day's mood as read) and the journalled commit to one file. `note` is
/// left out when empty. Keys this version does not know are kept, in the document and in each
/// record, as their exact JSON text.
struct StoredMoods: Hashable, Sendable {
  var schemaVersion = supportedSchemaVersion
  var records: [StoredMoodRecord] = []
  /// Document keys this version does not know.
  var otherFields: [String: RawJSON] = [:]
}

/// One day of `moods.json`.
struct StoredMoodRecord: Hashable, Sendable {
  /// `YYYY-MM-DD`.
  var day: String
  /// The mood's English name.
  var mood: String
  /// The note, empty for none.
  var note: String = ""
  /// Record keys this version does not know.
  var otherFields: [String: RawJSON] = [:]
}

extension StoredMoods {
  /// The diary the records describe, after checking every field.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` naming the record and field.
  func diary(path: String) throws(LedgerError) -> [Day: DayMood] {
    func damaged(_ fault: ContentFault) -> LedgerError {
      .unreadableFile(path: path, reason: .invalidContent(fault))
    }
    var diary: [Day: DayMood] = [:]
    for (index, record) in records.enumerated() {
      let place = "moods[\(index)]"
      guard let day = try? Day(iso: record.day) else {
        throw damaged(.field(place + ".day", .notADate))
      }
      guard let mood = Mood(rawValue: record.mood) else {
        throw damaged(.field(place + ".mood", .notAMood))
      }
      guard let note = try? MoodRules.note(record.note), note == record.note else {
        throw damaged(.field(place + ".note", .notANote))
      }
      guard diary[day] == nil else {
        throw damaged(.repeatedRecord(place, .moodDay))
      }
      diary[day] = DayMood(mood, note: note)
    }
    return diary
  }

  /// The document for `diary`, oldest day first, keeping what this version does not know: the
  /// document's unknown keys, and each record's for a day that keeps a mood.
  init(_ diary: [Day: DayMood], keepingUnknownFrom previous: StoredMoods?) {
    var kept: [String: [String: RawJSON]] = [:]
    for record in previous?.records ?? [] where !record.otherFields.isEmpty {
      kept[record.day] = record.otherFields
    }
    records = diary.keys.sorted().compactMap { day in
      guard let entry = diary[day] else { return nil }
      return StoredMoodRecord(
        day: day.iso, mood: entry.mood.rawValue, note: entry.note,
        otherFields: kept[day.iso] ?? [:])
    }
    otherFields = previous?.otherFields ?? [:]
  }
}

/// Reads and writes `moods.json` (``StoredMoods``) with the ledger's strict JSON scanner.
enum MoodFileCodec: LedgerDocumentReading {
  /// The document in `data`.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` naming `path` and what is wrong.
  static func decode(_ data: Data, path: String) throws(LedgerError) -> StoredMoods {
    try document(data, path: path, moods)
  }

  /// The document as the bytes of its file: keys sorted by their UTF-8 bytes (unknown keys
  /// among them), one record a line, and a final newline.
  static func encode(_ moods: StoredMoods) -> Data {
    encodeDocument(
      schemaVersion: moods.schemaVersion, otherFields: moods.otherFields, list: "moods",
      records: moods.records, capacity: 64 + 80 * moods.records.count, writing: write)
  }

  private static func write(_ record: StoredMoodRecord, to writer: inout JSONWriter) {
    var members: [DocumentMember] = record.otherFields.map { key, value in
      (key, { $0.appendVerbatim(value.text) })
    }
    members.append(("day", { $0.string(record.day) }))
    members.append(("mood", { $0.string(record.mood) }))
    if !record.note.isEmpty { members.append(("note", { $0.string(record.note) })) }
    writer.append("{ ")
    for (index, (key, value)) in sortedMembers(members).enumerated() {
      writer.append(index == 0 ? "" : ", ")
      writer.key(key)
      value(&writer)
    }
    writer.append(" }")
  }

  // MARK: - Reading

  private static func moods(_ document: RawJSON) throws(MoodFileProblem) -> StoredMoods {
    let members = try object(document, place: nil)
    var moods = StoredMoods()
    guard let version = members["schemaVersion"] else { throw .missing("schemaVersion") }
    moods.schemaVersion = try Int(integer(version, place: "schemaVersion"))
    guard moods.schemaVersion <= supportedSchemaVersion else {
      throw MoodFileProblem(.newerVersion(moods.schemaVersion, supported: supportedSchemaVersion))
    }
    guard moods.schemaVersion >= 1 else {
      throw MoodFileProblem(.unknownVersion(moods.schemaVersion))
    }
    guard let records = members["moods"] else { throw .missing("moods") }
    for (index, element) in try array(records, place: "moods").enumerated() {
      let place = "moods[\(index)]"
      var fields = try object(element, place: place)
      guard let day = fields.removeValue(forKey: "day") else { throw .missing(place + ".day") }
      guard let mood = fields.removeValue(forKey: "mood") else { throw .missing(place + ".mood") }
      var record = StoredMoodRecord(
        day: try string(day, place: place + ".day"), mood: try string(mood, place: place + ".mood"))
      if let note = fields.removeValue(forKey: "note") {
        record.note = try string(note, place: place + ".note")
      }
      record.otherFields = fields
      moods.records.append(record)
    }
    moods.otherFields = members.filter { $0.key != "schemaVersion" && $0.key != "moods" }
    return moods
  }
}

/// Why `moods.json` cannot be read.
typealias MoodFileProblem = LedgerDocumentProblem
