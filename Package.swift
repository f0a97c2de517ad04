// swift-tools-version: 6.2
import PackageDescription

/// Settings every target shares: Swift 6 mode comes from the tools version; these make the code say what it means.
let strictness: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "breeze-rpc",
    products: [
        .executable(name: "breeze-rpc", targets: ["breeze-rpc"]),
        .library(name: "Breeze", targets: ["Breeze"]),
        .library(name: "JSONRPC", targets: ["JSONRPC"]),
    ],
    targets: [
        // The wire layer: JSON-RPC 2.0 over line-delimited stdio. Knows nothing of weather.
        .target(name: "JSONRPC", swiftSettings: strictness),
        // libcurl, loaded at run time (dlopen): building needs no curl headers, a process that never calls an
        // upstream never loads it. dlopen is in glibc's libc since 2.34, in libdl before.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
        // The place table `findPlace` searches and MeteoAlarm's warning areas `fetchAlerts` matches points to,
        // embedded in the binary by tables.S (`.incbin`), so the binary stays one file and the tables are read in
        // place. The header search path lets the assembler find places.bin and areas.bin; generate_places.py and
        // generate_areas.py make them from pinned GeoNames and MeteoAlarm data, with what they share in
        // embedded_table.py.
        .target(
            name: "CPlaces",
            exclude: ["places.bin", "generate_places.py", "areas.bin", "generate_areas.py", "embedded_table.py"],
            cSettings: [.headerSearchPath(".")]),
        // The domain: upstream clients, models and services. Knows nothing of JSON-RPC.
        .target(name: "Breeze", dependencies: ["CCurl", "CPlaces"], swiftSettings: strictness),
        // Binds the domain to the wire: one file per method, one catalog.
        .target(
            name: "BreezeRPC",
            dependencies: ["JSONRPC", "Breeze"],
            // A symlink to schema/openrpc.json: rpc.discover serves the one document, embedded at build time.
            resources: [.embedInCode("openrpc.json")],
            swiftSettings: strictness
        ),
        .executableTarget(
            name: "breeze-rpc",
            dependencies: ["BreezeRPC", "JSONRPC", "Breeze"],
            swiftSettings: strictness
        ),
        // What the tests share: the one fake HTTP client and the one test configuration.
        .target(
            name: "BreezeTestSupport", dependencies: ["Breeze"], path: "Tests/BreezeTestSupport",
            swiftSettings: strictness),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC"], swiftSettings: strictness),
        // A brute-force nearest-point search in C, the reference for the place search (fast even in a debug build).
        .target(name: "CBruteForce", path: "Tests/CBruteForce"),
        .testTarget(
            name: "BreezeTests", dependencies: ["Breeze", "BreezeTestSupport", "CBruteForce"], swiftSettings: strictness
        ),
        .testTarget(
            name: "BreezeRPCTests",
            dependencies: ["BreezeRPC", "JSONRPC", "Breeze", "BreezeTestSupport", "breeze-rpc"],
            swiftSettings: strictness
        ),
    ]
)
