package com.example.galley;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Renders posts to HTML.
 */
@SuppressWarnings("unchecked")
public final class Renderer implements AutoCloseable {
    private static final int MAX_DEPTH = 16;
    private final Map<String, String> cache;
    protected long count = 0L;
    private double ratio = 0.5;

    public Renderer(Map<String, String> cache) {
        this.cache = cache;
    }

    @Override
    public void close() throws Exception {
        cache.clear();
    }

    // Render each post, skipping drafts.
    public List<String> render(List<Post> posts) {
        List<String> out = new ArrayList<>();
        for (Post post : posts) {
            if (post.isDraft()) {
                continue;
            }
            String html = cache.computeIfAbsent(post.id(), k -> "<h1>" + post.title() + "</h1>\n");
            out.add(html);
        }
        return out.stream().filter(s -> !s.isEmpty()).collect(Collectors.toList());
    }

    /* Counts characters. */
    static int length(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\n' && c != ' ') {
                n += 1;
            }
        }
        return n;
    }

    public static void main(String[] args) throws InterruptedException {
        var renderer = new Renderer(new java.util.HashMap<>());
        boolean verbose = args.length > 0 && args[0].equals("-v");
        int hex = 0x1F;
        float f = 3.14f;
        Object o = null;
        switch (hex) {
            case 1 -> System.out.println("one");
            default -> System.out.println("other: " + hex);
        }
        synchronized (renderer) {
            System.out.printf("%d %b%n", MAX_DEPTH, verbose);
        }
        try {
            renderer.close();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}

record Post(String id, String title, boolean isDraft) {}

interface Plugin<T extends Comparable<T>> {
    T apply(T input);
    default String name() { return getClass().getSimpleName(); }
}

enum Level { LOW, HIGH }
