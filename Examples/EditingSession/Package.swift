// swift-tools-version: 6.2
// A frontend that edits through Hannun's core: adds through the form, opens an edit form by a
// deep link, deletes through the question, undoes, and hears another process's write. It uses
// library products only, as any other package would. Build and run it with:
//   swift run --package-path Examples/EditingSession EditingSession DATA_DIRECTORY
import PackageDescription

let package = Package(
  name: "EditingSession",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "Hannun", path: "../..")],
  targets: [
    .executableTarget(
      name: "EditingSession",
      dependencies: [
        .product(name: "HannunKit", package: "Hannun"),
        .product(name: "HannunPresentation", package: "Hannun"),
        .product(name: "HannunDomain", package: "Hannun"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
