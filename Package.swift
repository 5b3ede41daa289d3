// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "criteria",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "criteria", targets: ["criteria"]),
        .library(name: "CriteriaModel", targets: ["CriteriaModel"]),
        .library(name: "CriteriaReaders", targets: ["CriteriaReaders"]),
        .library(name: "Conformance", targets: ["Conformance"]),
        .library(name: "Exporters", targets: ["Exporters"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CXlsxWriter",
            pkgConfig: "xlsxwriter",
            providers: [.apt(["libxlsxwriter-dev"])]
        ),
        // SHA-256 for the report's Content-Security-Policy hash, from the libcrypto libcurl already loads.
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // Workbooks deflated at zlib's fastest level: libxlsxwriter asks minizip for the default and has no
        // setting, so this answers minizip's call first (Sources/CZipLevel/zip_level.c, BENCHMARKS.md).
        .target(name: "CZipLevel", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CriteriaModel"),
        // Safe YAML (no aliases, bounded size) and the one strict mapping reader with "did you mean".
        .target(name: "StrictYAML", dependencies: ["CriteriaModel", .product(name: "Yams", package: "Yams")]),
        .target(name: "Conformance", dependencies: ["CriteriaModel", "Audit", "StrictYAML", .product(name: "Yams", package: "Yams")]),
        // Report reads audits through Audit and rolls up through Conformance: it imports neither ACR nor Tickets.
        .target(name: "Report", dependencies: ["CLibCrypto", "Conformance", "CriteriaModel", "Audit"]),
        // The ACR writes its Word document (a ZIP package) with ZIPFoundation, already built for Audit.
        .target(
            name: "ACR",
            dependencies: [
                "Conformance", "CriteriaModel", "Audit", "StrictYAML", .product(name: "Yams", package: "Yams"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        .target(
            name: "CriteriaReaders",
            dependencies: ["CriteriaModel", "StrictYAML", .product(name: "Yams", package: "Yams")]
        ),
        // Output options as the user wrote them, the export error, and a definition's kind: below the
        // exporters and the trackers, which both take options.
        .target(name: "Options", dependencies: ["CriteriaModel", "StrictYAML"]),
        // criteria.yml: its schema, loading and checking (selection, wcag:, acr:, outputs), read with StrictYAML's
        // one typed reader; exporter names are checked through a protocol the pipeline's registry answers.
        .target(
            name: "Config",
            dependencies: ["CriteriaModel", "StrictYAML", "Options", "ACR", .product(name: "Yams", package: "Yams")]
        ),
        // The audit checklist: its columns and layout, CSV, and reading filled audits back (XLSX, CSV).
        .target(
            name: "Audit",
            dependencies: ["CriteriaModel", "Options", .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
        // The audit across releases: refresh a filled audit from today's criteria, merge testers' copies, diff two audits.
        .target(name: "AuditCycle", dependencies: ["Audit", "Conformance", "CriteriaModel"]),
        .target(
            name: "Exporters",
            dependencies: [
                "CriteriaModel", "Options", "Conformance", "Audit", "StrictYAML", "CXlsxWriter", "CZipLevel",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(
            name: "Tickets",
            dependencies: [
                "CriteriaModel", "Options", "StrictYAML", "Audit", "CCurl",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        // Starts the project's fake tracker for the ticket tests and the tickets benchmark; not part of the product.
        .target(name: "FakeTrackerSupport", dependencies: ["Tickets"]),
        // The run's flow: config → read → select → render → deliver through a sink. The CLI only parses arguments.
        .target(
            name: "CriteriaPipeline",
            dependencies: [
                "CriteriaModel", "CriteriaReaders", "StrictYAML", "Config", "Conformance", "ACR", "Report", "Audit", "AuditCycle",
                "Exporters", "Tickets",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(
            name: "CriteriaCLI",
            dependencies: [
                "CriteriaModel", "CriteriaReaders", "Conformance", "Exporters", "Tickets", "CriteriaPipeline", "AuditCycle",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .executableTarget(name: "criteria", dependencies: ["CriteriaCLI"]),
        .executableTarget(
            name: "criteria-bench",
            dependencies: ["CriteriaModel", "CriteriaReaders", "Conformance", "ACR", "Audit", "Exporters", "Tickets", "FakeTrackerSupport"]
        ),
        // A bounded mutation fuzzer over everything criteria reads from users (scripts/fuzz.sh); not part of the product.
        .executableTarget(
            name: "criteria-fuzz",
            dependencies: ["CriteriaModel", "CriteriaReaders", "Config", "CriteriaPipeline", "Exporters", "Tickets",
                           .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
        // Finds ../shared for the tests that need the corpus, seeds or vendor schemas; not part of the product.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "CriteriaModelTests", dependencies: ["CriteriaModel", "TestSupport"]),
        .testTarget(name: "ReportTests", dependencies: ["Report", "TestSupport"], exclude: ["Scripts"]),
        .testTarget(name: "ACRTests", dependencies: ["ACR", "Conformance", "CriteriaModel", "TestSupport"], exclude: ["Scripts"]),
        .testTarget(
            name: "ConformanceTests", dependencies: ["Conformance", "CriteriaModel", "CriteriaReaders", "TestSupport"],
            exclude: ["Judged"]),
        .testTarget(
            name: "CriteriaReadersTests",
            dependencies: ["CriteriaReaders", "StrictYAML", "TestSupport", .product(name: "Yams", package: "Yams")]),
        .testTarget(
            name: "ExportersTests", dependencies: ["Exporters", "Audit", "ACR", "CriteriaReaders", "Conformance", "TestSupport"],
            exclude: ["Fixtures", "Scripts"]),
        .testTarget(
            name: "TicketsTests",
            dependencies: [
                "Tickets", "Options", "Audit", "CriteriaReaders", "FakeTrackerSupport", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Fixtures", "Scripts"]),
        // The pipeline called in process (no binary spawned), as the CLI calls it.
        .testTarget(
            name: "CriteriaPipelineTests",
            dependencies: [
                "CriteriaPipeline", "CriteriaModel", "Exporters", "TestSupport", "FakeTrackerSupport", "Audit", "Config",
            ]),
        .testTarget(
            name: "CriteriaCLITests", dependencies: ["CriteriaCLI", "CriteriaPipeline", "Tickets", "Conformance", "TestSupport", "FakeTrackerSupport"],
            exclude: ["Scripts"]),
    ]
)
