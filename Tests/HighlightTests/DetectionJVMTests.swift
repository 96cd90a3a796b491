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

    /// The learned table parses and its tokenizer sees words, operators and the line's edges.
    @Test func learnedTableLoads() {
        #expect(Learned.columns.count == DetectLearnedData.languages.count)
        #expect(!Learned.columns.contains(-1))
        #expect(Learned.table.index.count > 1000)
        var hashes: [UInt64] = []
        Learned.tokens(Array("let x := a->b;".utf8), into: &hashes)
        #expect(hashes.contains(Learned.hash(Array("^let".utf8)[...])))
        #expect(hashes.contains(Learned.hash(Array(":=".utf8)[...])))
        #expect(hashes.contains(Learned.hash(Array("->".utf8)[...])))
        #expect(hashes.contains(Learned.hash(Array("$;".utf8)[...])))
    }
}
