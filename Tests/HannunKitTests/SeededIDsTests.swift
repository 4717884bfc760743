import HannunDomain
import HannunKit
import Testing

@Suite("The session's default ids")
struct SeededIDsTests {
  @Test(
    "ids drawn at once from many tasks are all different, of the random form, and use every letter and digit"
  )
  func drawnFromManyTasks() async {
    let ids = await withTaskGroup(of: [TransactionID].self) { group in
      for _ in 0..<8 {
        group.addTask { (0..<5_000).map { _ in TransactionID.seededRandom() } }
      }
      var all: [TransactionID] = []
      for await some in group { all += some }
      return all
    }
    #expect(ids.count == 40_000)
    #expect(Set(ids).count == 40_000, "no id drawn twice")
    let alphabet = Set("0123456789abcdefghjkmnpqrstvwxyz")
    let letters = Set("abcdefghjkmnpqrstvwxyz")
    #expect(ids.allSatisfy { $0.rawValue.count == 10 && $0.rawValue.allSatisfy(alphabet.contains) })
    #expect(Set(ids.compactMap(\.rawValue.first)) == letters, "every letter starts some id")
    #expect(Set(ids.flatMap { $0.rawValue.dropFirst() }) == alphabet)
  }
}
