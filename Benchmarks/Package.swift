// swift-tools-version: 6.1
// Benchmarks live in their own package so that `swift test` and CI never build the benchmark
// harness. Run them with: cd Benchmarks && swift package benchmark
import PackageDescription

let package = Package(
  name: "HannunBenchmarks",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "Hannun", path: ".."),
    .package(
      url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1",
      traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "HannunBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "package-benchmark"),
        .product(name: "HannunDomain", package: "Hannun"),
        .product(name: "HannunData", package: "Hannun"),
        .product(name: "HannunExchange", package: "Hannun"),
        .product(name: "HannunPresentation", package: "Hannun"),
        .product(name: "HannunKit", package: "Hannun"),
        .product(name: "HannunREPL", package: "Hannun"),
      ],
      path: "Benchmarks/HannunBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
    )
  ],
  swiftLanguageModes: [.v6]
)
