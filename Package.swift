// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Strata",
  // Apple platforms: the first releases with the Synchronization module (Mutex and Atomic,
  // which the preview server and the tool use). Linux needs nothing.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2), .macCatalyst(.v18)],
  products: [
    .library(name: "Strata", targets: ["Strata"]),
    .library(name: "StrataIO", targets: ["StrataIO"]),
    .library(name: "StrataText", targets: ["StrataText"]),
    .library(name: "StrataRaster", targets: ["StrataRaster"]),
    .library(name: "StrataRender", targets: ["StrataRender"]),
    .library(name: "StrataTesting", targets: ["StrataTesting"]),
    .library(name: "StrataHost", targets: ["StrataHost"]),
    .library(name: "StrataAssets", targets: ["StrataAssets"]),
    .library(name: "StrataSpec", targets: ["StrataSpec"]),
    .library(name: "StrataRecords", targets: ["StrataRecords"]),
    .library(name: "StrataFiles", targets: ["StrataFiles"]),
    .library(name: "StrataPreview", targets: ["StrataPreview"]),
    .library(name: "StrataCommand", targets: ["StrataCommand"]),
    .library(name: "StrataExamples", targets: ["StrataExamples"]),
    .executable(name: "strata", targets: ["strata"]),
  ],
  targets: [
    // The model: geometry, nodes, layers, the controller. No Foundation, no I/O.
    .target(name: "Strata"),
    // Files read and written safely: regular files only, atomic writes that follow no link.
    .target(name: "StrataFiles"),
    // The system zlib, used by the PNG codec.
    .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
    // Bitmaps and their files: pixel buffers, PNG and APNG, deflate, atomic file writes.
    .target(name: "StrataIO", dependencies: ["Strata", "StrataFiles", "CZlib", "CStrataKernels"]),
    // Text from fonts to glyph outlines: font files, line breaking, bidi, shaping, the engine.
    .target(name: "StrataText", dependencies: ["Strata", "StrataFiles", "StrataIO"]),
    // The immediate-mode painter: fills, strokes, images, shadows, glyph masks, clips, groups.
    .target(
      name: "StrataRaster", dependencies: ["Strata", "StrataIO", "StrataText", "CStrataKernels"]),
    // Headless rendering of a Strata scene: display lists, their player, the render cache, and
    // the SVG, JSON and contact-sheet outputs.
    .target(
      name: "StrataRender", dependencies: ["Strata", "StrataIO", "StrataText", "StrataRaster"]),
    // Pixel loops for wider vector units (AVX2), chosen at run time.
    .target(name: "CStrataKernels"),
    // JSON per RFC 8259 with each value's line and column: what specs and Lottie files are
    // read with.
    .target(name: "StrataJSON", dependencies: ["Strata"]),
    // Images by name from a folder (the asset work of this wave starts here).
    .target(
      name: "StrataAssets",
      dependencies: [
        "Strata", "StrataFiles", "StrataIO", "StrataJSON",
        .target(name: "CJPEG", condition: .when(platforms: [.linux])),
      ]),
    // libjpeg-turbo, the system's (Linux only: Apple platforms decode JPEG through ImageIO).
    .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
    // A retained layer tree kept in step with the controller's nodes: what a screen (a
    // browser, UIKit) shows an onboarding with.
    .target(name: "StrataHost", dependencies: ["Strata", "StrataRender"]),
    // Reference-image checks for test targets (Strata's own and users').
    .target(name: "StrataTesting", dependencies: ["Strata", "StrataRender"]),
    // The examples, as a library so the tool and the tests share them.
    .target(
      name: "StrataExamples", dependencies: ["Strata", "StrataText", "StrataAssets"],
      path: "Examples", exclude: ["Animals/AssetSources", "Specs"],
      resources: [
        .copy("Animals/Assets"), .copy("Swiper/Illustrations"), .copy("Cards/Icons"),
        .copy("Motion/Animations"),
      ]),
    // Onboardings as JSON files: the format, its checker and schema, and the controller built
    // from a file.
    .target(
      name: "StrataSpec",
      dependencies: [
        "Strata", "StrataFiles", "StrataIO", "StrataText", "StrataAssets", "StrataJSON",
      ]),
    // Whether an onboarding was seen: records, their decisions, stores in memory and in a file.
    .target(name: "StrataRecords", dependencies: ["Strata", "StrataFiles"]),
    // A live preview in the browser: an HTTP and WebSocket server on POSIX sockets.
    .target(
      name: "StrataPreview",
      dependencies: ["Strata", "StrataFiles", "StrataIO", "StrataRender", "StrataHost"]),
    // Everything the command-line tool does, testable in process.
    .target(
      name: "StrataCommand",
      dependencies: [
        "Strata", "StrataIO", "StrataRender", "StrataAssets", "StrataExamples", "StrataSpec", "StrataRecords",
        "StrataPreview", "StrataFiles", "StrataHost",
      ]),
    .executableTarget(name: "strata", dependencies: ["StrataCommand"]),
    // What the test targets share: running programs and the tool, temporary folders, the
    // optional peers. A plain target under Tests/, depended on only by test targets.
    .target(
      name: "StrataTestSupport", dependencies: ["StrataCommand"], path: "Tests/StrataTestSupport"),
    .testTarget(name: "StrataTests", dependencies: ["Strata", "StrataTesting", "StrataTestSupport"]),
    // Test targets by module: each holds the tests of what its module does.
    .testTarget(
      name: "StrataIOTests",
      dependencies: [
        "StrataTestSupport", "StrataIO", "StrataRender", "Strata", "StrataExamples",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "StrataTextTests",
      dependencies: [
        "StrataTestSupport", "StrataText", "StrataRender", "Strata", "StrataExamples",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "StrataRasterTests",
      dependencies: ["StrataTestSupport", "StrataRaster", "StrataRender", "Strata"]),
    .testTarget(
      name: "StrataAssetsTests",
      dependencies: [
        "StrataTestSupport", "StrataAssets", "StrataRender", "Strata",
        .target(name: "CJPEG", condition: .when(platforms: [.linux])),
      ]),
    .testTarget(
      name: "StrataHostTests",
      dependencies: [
        "StrataHost", "Strata", "StrataExamples", "StrataTestSupport", "StrataTesting",
        "StrataRender", "StrataCommand",
      ]),
    .testTarget(
      name: "StrataTestingTests",
      dependencies: ["StrataTestSupport", "StrataTesting", "StrataRender", "Strata"]),
    .testTarget(
      name: "StrataRenderTests",
      dependencies: [
        "StrataTestSupport", "StrataRender", "StrataIO", "StrataText", "StrataRaster", "Strata",
        "StrataExamples", "StrataTesting", "StrataAssets",
      ],
      exclude: ["Fixtures", "Golden"]),
    .testTarget(
      name: "StrataExamplesTests",
      dependencies: [
        "StrataTestSupport", "StrataExamples", "StrataRender", "Strata", "StrataTesting",
        "StrataCommand",
      ],
      exclude: ["Golden"]),
    // Reads the documentation's fenced blocks and turns its Swift snippets into a Swift file
    // (for DocSnippetTests, through the DocSnippetsPlugin build plugin and its tool).
    .target(name: "DocSnippetsCore"),
    .executableTarget(
      name: "doc-snippets", dependencies: ["DocSnippetsCore"], path: "Sources/doc-snippets"),
    .plugin(
      name: "DocSnippetsPlugin", capability: .buildTool(), dependencies: ["doc-snippets"]),
    .testTarget(
      name: "DocSnippetTests",
      dependencies: [
        "Strata", "StrataRender", "StrataExamples", "StrataCommand", "StrataTesting",
        "StrataAssets", "StrataSpec", "StrataRecords", "StrataHost",
      ],
      plugins: ["DocSnippetsPlugin"]),
    .testTarget(
      name: "StrataPreviewTests",
      dependencies: ["StrataTestSupport", 
        "StrataPreview", "Strata", "StrataRender", "StrataExamples", "StrataSpec", "strata",
      ]),
    .testTarget(name: "StrataFilesTests", dependencies: ["StrataFiles"]),
    .testTarget(
      name: "StrataRecordsTests", dependencies: ["StrataTestSupport", "StrataRecords", "Strata", "StrataFiles"]),
    .testTarget(
      name: "StrataSpecTests",
      dependencies: ["StrataTestSupport", "StrataSpec", "Strata", "StrataRender", "StrataExamples", "StrataCommand"]),
    .testTarget(
      name: "StrataCommandTests",
      dependencies: ["StrataTestSupport", 
        "StrataCommand", "StrataRender", "Strata", "StrataExamples", "strata", "DocSnippetsCore",
        "StrataRecords", "StrataTesting", "StrataSpec",
      ],
      exclude: ["Golden"]),
  ],
  swiftLanguageModes: [.v6]
)

// The Apple adapter: Core Animation layers, a UIView, a view controller and a SwiftUI view over
// StrataHost. Its sources are guarded by `#if canImport(UIKit)`: on Apple platforms they build
// against the real frameworks. On Linux, where those do not exist, stand-in modules declaring
// just what the adapter uses (Tests/AppleStandIns, written from Apple's documentation) make
// it type-check and let StrataUIKitTests run its mapping.
var uiKitDependencies: [Target.Dependency] = [
  "Strata", "StrataHost", "StrataRender", "StrataRecords",
]
#if os(Linux)
  let standIns: [Target] = [
    // Named apart from CoreGraphics: Swift Testing looks for an overlay of its own for a
    // module of that name. The adapter never names CoreGraphics; QuartzCore exports it.
    .target(name: "CoreGraphicsStandIn", path: "Tests/AppleStandIns/CoreGraphicsStandIn"),
    .target(
      name: "QuartzCore", dependencies: ["CoreGraphicsStandIn"],
      path: "Tests/AppleStandIns/QuartzCore"),
    .target(name: "UIKit", dependencies: ["QuartzCore"], path: "Tests/AppleStandIns/UIKit"),
    .target(name: "SwiftUI", dependencies: ["UIKit"], path: "Tests/AppleStandIns/SwiftUI"),
  ]
  package.targets += standIns
  uiKitDependencies += ["UIKit", "QuartzCore", "SwiftUI"]
  package.targets.append(
    .testTarget(
      name: "StrataUIKitTests",
      dependencies: [
        "StrataUIKit", "StrataHost", "Strata", "StrataExamples", "StrataRecords", "UIKit",
        "StrataTestSupport",
        "SwiftUI",
      ],
      // Swift Testing declares overlays for UIKit and CoreGraphics that exist only on Apple
      // platforms; beside the stand-ins they must not be looked for.
      swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])]))
#else
  package.products.append(.library(name: "StrataUIKit", targets: ["StrataUIKit"]))
#endif
package.targets.append(.target(name: "StrataUIKit", dependencies: uiKitDependencies))
