import Foundation
import Testing

/// Domain and Presentation depend on Domain only: no C library (Glibc, Darwin, Musl), no
/// terminal, no store. What they need of the system — the kind of a failed call, the local time
/// of a lock holder — comes to them as Domain values from the layers below.
@Suite("Domain and Presentation import Domain only")
struct LayerImportsTests {
  /// The modules a file of either layer may import.
  static let allowed: Set<String> = [
    "HannunDomain", "Foundation", "FoundationEssentials", "Observation",
  ]

  /// The module a line imports, or `nil` for a line that imports nothing: `import X`,
  /// `@preconcurrency import X`, `public import X`, `import struct X.Y`.
  static func importedModule(_ line: Substring) -> String? {
    var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
    while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
    if let first = words.first,
      ["public", "package", "internal", "fileprivate", "private"].contains(first)
    {
      words = words.dropFirst()
    }
    guard words.first == "import", words.count >= 2 else { return nil }
    words = words.dropFirst()
    let kinds = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let", "actor"]
    if let kind = words.first, kinds.contains(String(kind)), words.count >= 2 {
      words = words.dropFirst()
    }
    return words.first.map { String($0.split(separator: ".")[0]) }
  }

  @Test("the import reader reads every form of import")
  func readsImports() {
    #expect(Self.importedModule("import Glibc") == "Glibc")
    #expect(Self.importedModule("  import Darwin") == "Darwin")
    #expect(Self.importedModule("@preconcurrency import Dispatch") == "Dispatch")
    #expect(Self.importedModule("public import HannunData") == "HannunData")
    #expect(Self.importedModule("import struct Musl.tm") == "Musl")
    #expect(Self.importedModule("// import Glibc") == nil)
    #expect(Self.importedModule("let important = 1") == nil)
  }

  /// Every import of a layer's Swift files: where it is (`Layer/File.swift:line: text`) and the
  /// module it imports; and how many files the layer has.
  static func imports(of layer: String) throws -> (
    imports: [(place: String, module: String)], files: Int
  ) {
    let folder = URL(filePath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Sources")
      .appending(path: layer)
    let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path())
      .filter { $0.hasSuffix(".swift") }
    var imports: [(place: String, module: String)] = []
    for file in files {
      let text = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        if let module = Self.importedModule(line) {
          imports.append(("\(layer)/\(file):\(number + 1): \(line)", module))
        }
      }
    }
    return (imports, files.count)
  }

  @Test("no file under Sources/HannunDomain or Sources/HannunPresentation imports anything else")
  func importsDomainOnly() throws {
    var found: [String] = []
    var count = 0
    for layer in ["HannunDomain", "HannunPresentation"] {
      let (imports, files) = try Self.imports(of: layer)
      count += files
      found += imports.filter { !Self.allowed.contains($0.module) }.map(\.place)
    }
    #expect(count > 100, "the sources were found")
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }

  /// Domain depends on Foundation only, by its name: `hannun` still loads none of corelibs
  /// Foundation, since the modules linked into it are built without Foundation's and
  /// FoundationInternationalization's autolink entries (Package.swift, `essentialsOnly`).
  @Test("every import under Sources/HannunDomain is of Foundation, by that name")
  func domainImportsFoundationByName() throws {
    let (imports, files) = try Self.imports(of: "HannunDomain")
    #expect(files > 40, "the sources were found")
    #expect(imports.count > 10, "the imports were found")
    let other = imports.filter { $0.module != "Foundation" }.map(\.place)
    #expect(other.isEmpty, "\(other.joined(separator: "\n"))")
  }
}
