import Testing
@testable import Highlight

/// JVM, .NET and web languages that share braces and keywords: each snippet (written for this test)
/// must be read as its own language, never as one of its neighbours.
@Suite struct DetectionJVMTests {
    let h = Highlighter()

    static let cases: [(String, String)] = [
        ("swift", """
        import Foundation

        final class FeedStore {
            private var posts: [String: Post] = [:]
            func add(_ post: Post) {
                guard !post.title.isEmpty else { return }
                posts[post.slug] = post
            }
            var sorted: [Post] { posts.values.sorted { $0.date > $1.date } }
        }
        """),
        ("kotlin", """
        class FeedStore {
            private val posts = mutableMapOf<String, Post>()
            fun add(post: Post) {
                if (post.title.isEmpty()) return
                posts[post.slug] = post
            }
            val sorted: List<Post> get() = posts.values.sortedByDescending { it.date }
        }
        """),
        ("java", """
        import java.util.HashMap;

        public class FeedStore {
            private final Map<String, Post> posts = new HashMap<>();
            public void add(Post post) {
                if (post.getTitle().isEmpty()) return;
                posts.put(post.getSlug(), post);
            }
        }
        """),
        ("csharp", """
        using System.Collections.Generic;

        public class FeedStore
        {
            private readonly Dictionary<string, Post> posts = new();
            public IEnumerable<Post> Sorted => posts.Values.OrderByDescending(p => p.Date);
            public void Add(Post post)
            {
                if (string.IsNullOrEmpty(post.Title)) return;
                posts[post.Slug] = post;
            }
        }
        """),
        ("dart", """
        import 'package:flutter/material.dart';

        class FeedStore {
          final Map<String, Post> _posts = {};
          void add(Post post) {
            if (post.title.isEmpty) return;
            _posts[post.slug] = post;
          }
          List<Post> get sorted => _posts.values.toList()..sort((a, b) => b.date.compareTo(a.date));
        }
        """),
        ("typescript", """
        interface Post { slug: string; title: string; date: number }

        export class FeedStore {
          private posts = new Map<string, Post>();
          add(post: Post): void {
            if (!post.title) return;
            this.posts.set(post.slug, post);
          }
          get sorted(): Post[] { return [...this.posts.values()].sort((a, b) => b.date - a.date); }
        }
        """),
        ("javascript", """
        const posts = new Map();
        function add(post) {
          if (!post.title) return;
          posts.set(post.slug, post);
        }
        module.exports = { add, sorted: () => [...posts.values()].sort((a, b) => b.date - a.date) };
        """),
        ("scala", """
        import scala.collection.mutable

        final case class Post(slug: String, title: String, date: Long)

        class FeedStore {
          private val posts = mutable.Map.empty[String, Post]
          def add(post: Post): Unit =
            if (post.title.nonEmpty) posts(post.slug) = post
          def sorted: Seq[Post] = posts.values.toSeq.sortBy(-_.date)
        }
        """),
        ("groovy", """
        class FeedStore {
            private Map<String, Post> posts = [:]

            def add(Post post) {
                if (!post.title) return
                posts[post.slug] = post
            }

            List<Post> sorted() { posts.values().sort { a, b -> b.date <=> a.date } }
        }
        """),
    ]

    @Test func braceLanguagesAreTold() {
        for (lang, code) in Self.cases {
            #expect(h.detect(code)?.language == lang, "\(lang): \(String(describing: h.detect(code)))")
        }
    }

    /// Swift quoted next to Kotlin in one post: neither is read as the other.
    @Test func swiftAndKotlinNeverSwap() {
        let swift = Self.cases[0].1, kotlin = Self.cases[1].1
        #expect(h.detect(swift)?.language != "kotlin")
        #expect(h.detect(kotlin)?.language != "swift")
    }

    /// Two shared lines say nothing about the language: abstain rather than guess.
    @Test func tooLittleEvidenceAbstains() {
        #expect(h.detect("x = 1\ny = 2\n") == nil)
        #expect(h.detect("foo(bar)\n") == nil)
    }

    /// The model's table parses, its classes map onto the hand-written languages, and its tokenizer sees
    /// words, numbers, operators, neighbouring pairs and the line's edges.
    @Test func modelTableLoads() {
        #expect(Model.table.index.count > 1000)
        #expect(Model.table.weights.count == Model.table.index.count * Model.rowStride && Model.rowStride >= Model.k)
        #expect(!Model.handIndex.contains(-1))
        #expect(Model.handIndex.count == Scorer.langs.count)
        #expect(Model.handWeights.count == (2 * Model.handIndex.count + 1) * Model.k)
        #expect(DetectModelData.thresholds.count == DetectModelData.bands.count)
        for c in Model.classes where c != "other" && c != "json" { #expect(Scorer.langs.contains { $0.name == c }, "\(c) \(Scorer.langs.map(\.name))") }
        var keys: [UInt64] = [], spans: [(Int, Int)] = []
        Array("let x := a->b[0];".utf8).withUnsafeBufferPointer { Model.lineKeys($0, spans: &spans, into: &keys) }
        for k in ["let", "^let", "let x", ":=", "x :=", "->", "[", "0", "[ 0", "0 ]", "$;", "^let$;", "$$;"] {
            #expect(keys.contains(Model.hash(k.utf8)), "\(k)")
        }
        #expect(!keys.contains(Model.hash("a->".utf8)))
        keys = []
        var carry: UInt64 = 0
        for line in ["let fooBar = MAX_SIZE", "_x = snake_case;"] {
            Array(line.utf8).withUnsafeBufferPointer { Model.lineKeys($0, spans: &spans, carry: &carry, into: &keys) }
        }
        for k in ["^^let fooBar", "#C", "#U", "#_", "#S", ">MAX_SIZE _x", "^^_x ="] {
            #expect(keys.contains(Model.hash(k.utf8)), "\(k)")
        }
        #expect(!keys.contains(Model.hash(">let fooBar".utf8)))
        #expect(Model.indentKey("\tx") == Model.hash("~t".utf8))
        #expect(Model.indentKey("    x") == Model.hash("~i4".utf8))
        #expect(Model.indentKey("x") == nil)
    }

    /// Probabilities are a distribution; Kotlin, Scala and Groovy have classes of their own, and a language
    /// the model has none for keeps its hand-written verdict (PowerShell is scored by DetectFeatures alone).
    @Test func modelProbabilitiesAndFallback() {
        let code = Self.cases[2].1
        let (lines, raws) = Detector.splitLines(code)
        let p = Model.probabilities(lines, raws: raws, hand: Scorer.effectiveScores(lines, raw: raws))
        #expect(p.count == Model.k && abs(p.reduce(0, +) - 1) < 1e-9)
        #expect(Model.classes[p.indices.max { p[$0] < p[$1] }!] == "java")
        for c in ["kotlin", "scala", "groovy"] { #expect(Model.covered.contains(c), "\(c)") }
        #expect(h.detect(Self.cases[1].1)?.language == "kotlin")
        #expect(!Model.covered.contains("powershell"))
        let script = """
        param([string]$Folder = "content")
        Get-ChildItem -Path $Folder -Filter *.md -Recurse | ForEach-Object {
            $body = Get-Content $_.FullName -Raw
            Write-Host "$($_.Name): $($body.Length) characters"
        }
        """
        #expect(h.detect(script)?.language == "powershell")
    }
}
