// swift-tools-version: 6.2
// A second frontend on Hannun's core: the month of a ledger as an HTML page. It uses library
// products only, as any other package would. Build and run it with:
//   swift run --package-path Examples/MonthPage MonthPage [DATA_DIRECTORY [YYYY-MM-DD]]
import PackageDescription

let package = Package(
  name: "MonthPage",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "Hannun", path: "../..")],
  targets: [
    .executableTarget(
      name: "MonthPage",
      dependencies: [
        .product(name: "HannunKit", package: "Hannun"),
        .product(name: "HannunPresentation", package: "Hannun"),
        .product(name: "HannunDomain", package: "Hannun"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
