// swift-tools-version: 6.2
// Two frontends on Hannun's core, each using library products only, as any other package would:
// - MonthPage prints the month of a ledger as an HTML page:
//     swift run --package-path Examples MonthPage [DATA_DIRECTORY [YYYY-MM-DD]]
// - EditingSession edits through the core: adds through the form, opens an edit form by a deep
//   link, deletes through the question, undoes, and hears another process's write:
//     swift run --package-path Examples EditingSession DATA_DIRECTORY
// They share one package so that Hannun's modules are built once for both.
import PackageDescription

let hannunProducts: [Target.Dependency] = [
  .product(name: "HannunKit", package: "Hannun"),
  .product(name: "HannunPresentation", package: "Hannun"),
  .product(name: "HannunDomain", package: "Hannun"),
]

let package = Package(
  name: "HannunExamples",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "Hannun", path: "..")],
  targets: [
    .executableTarget(
      name: "MonthPage",
      dependencies: hannunProducts,
      path: "MonthPage/Sources/MonthPage"
    ),
    .executableTarget(
      name: "EditingSession",
      dependencies: hannunProducts,
      path: "EditingSession/Sources/EditingSession"
    ),
  ],
  swiftLanguageModes: [.v6]
)
