// swift-tools-version:6.0
// Galley: a static site and feed generator for engineering blogs.
// The pipeline is visible in the targets: Site loads and renders (using Markdown,
// Highlight, Feed and Liquid for its templates), Check validates output, Server runs the writing loop,
// and `galley` is a thin command-line front end over all of them.
import PackageDescription

let package = Package(
    name: "Galley",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "galley", targets: ["galley"]),
        .library(name: "Highlight", targets: ["Highlight"]),
        .library(name: "Markdown", targets: ["Markdown"]),
        .library(name: "Feed", targets: ["Feed"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // System libraries, found through pkg-config (Debian: libcmark-dev, libxml2-dev).
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
        .systemLibrary(name: "CLibSass", pkgConfig: "libsass", providers: [.apt(["libsass-dev"]), .brew(["libsass"])]),
        // Graphviz's layout library (Debian: libgraphviz-dev): dot layouts for diagrams.
        .systemLibrary(name: "CGraphviz", pkgConfig: "libgvc", providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]),

        // parse + render: Markdown (cmark AST → our HTML), Highlight (pure Swift, nothing outside this package).
        .target(name: "Markdown", dependencies: ["CCmark", "TextBytes"]),
        .target(name: "Highlight", dependencies: ["TextBytes"]),
        // charts: tables of numbers drawn as SVG at build time (knows nothing of sites or Markdown).
        .target(name: "Charts", dependencies: ["TextBytes"]),
        // diagrams: ```mermaid (flowcharts, sequence diagrams) and ```dot drawn as SVG at build time; Graphviz lays out graphs.
        .target(name: "Diagram", dependencies: ["CGraphviz", "TextBytes"]),
        // image sizes: width and height of PNG, JPEG, GIF, WebP and SVG files from their first bytes (no site model).
        .target(name: "ImageSize"),
        // Byte-level text helpers the text modules share: UTF-8 to String for mostly-ASCII buffers, eight-bytes-at-a-time scans.
        .target(name: "TextBytes"),
        // search: the split index a reader's browser downloads piece by piece (no site model).
        .target(name: "Search", dependencies: ["TextBytes"]),
        // write + validate feeds (RSS, Atom, JSON Feed), parsed back with libxml2.
        .target(name: "Feed", dependencies: ["CLibXML2", "TextBytes"]),
        // check: HTML pages, internal links and feeds of a built site.
        .target(name: "Check", dependencies: ["Feed", "CLibXML2"]),
        // load → render → write: the site model and build pipeline.
        .target(name: "Site", dependencies: [
            "Markdown", "Highlight", "Feed", "Charts", "Diagram", "Search", "ImageSize", "TextBytes", "Liquid",
            .product(name: "Yams", package: "Yams"),
        ]),
        // Liquid: the template language of Jekyll sites (parse once, render many; no site model).
        .target(name: "Liquid"),
        // Sass: SCSS/Sass to CSS with Dart Sass (the `sass` executable on PATH) or libsass linked in (no site model).
        .target(name: "Sass", dependencies: ["CLibSass"]),
        // Jekyll: a Jekyll folder read as it is (_config.yml, defaults, posts, collections, _data, layouts,
        // includes), rendered with Liquid and the Markdown module, written by Site's atomic writer.
        .target(name: "Jekyll", dependencies: [
            "Liquid", "Sass", "Site", "Markdown", "Highlight", "Feed", "TextBytes",
            .product(name: "Yams", package: "Yams"),
        ]),
        // import: other generators' sites (Jekyll) turned into Galley sites, with a report of what was left behind.
        .target(name: "Import", dependencies: ["Site", "Jekyll"]),
        // serve: static file server (its own HTTP/1.1 layer on sockets), live reload, file watching.
        // Not needed by `galley build`.
        .target(name: "Server"),
        .executableTarget(name: "galley", dependencies: [
            "Site", "Jekyll", "Import", "Server", "Check", "Highlight", "Markdown", "Feed", "Charts", "Diagram",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Shared by the test targets only (not part of any product).
        .target(name: "TestSupport", dependencies: ["CLibXML2"], path: "Tests/TestSupport"),
        .testTarget(name: "TextBytesTests", dependencies: ["TextBytes", "TestSupport"]),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown", "CCmark", "TestSupport"]),
        .testTarget(name: "HighlightTests", dependencies: ["Highlight", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "ImageSizeTests", dependencies: ["ImageSize"], resources: [.copy("Fixtures")]),
        .testTarget(name: "ChartsTests", dependencies: ["Charts", "CLibXML2", "TestSupport"]),
        .testTarget(name: "DiagramTests", dependencies: ["Diagram", "CLibXML2", "TestSupport"]),
        .testTarget(name: "FeedTests", dependencies: ["Feed", "CLibXML2", "TestSupport"]),
        .testTarget(name: "CheckTests", dependencies: ["Check", "TestSupport"]),
        .testTarget(name: "SiteTests", dependencies: ["Site", "Charts", "Diagram", "CLibXML2", "TestSupport", .product(name: "Yams", package: "Yams")]),
        .testTarget(name: "ImportTests", dependencies: ["Import", "Site", "Check", "CLibXML2"], resources: [.copy("Fixtures")]),
        .testTarget(name: "ServerTests", dependencies: ["Server"]),
        .testTarget(name: "SearchTests", dependencies: ["Search", "TestSupport"]),
        .testTarget(name: "LiquidTests", dependencies: ["Liquid"]),
        .testTarget(name: "SassTests", dependencies: ["Sass"]),
        .testTarget(name: "JekyllTests", dependencies: ["Jekyll", "Liquid", "Site", "Check", "CLibXML2", "TestSupport"], resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
