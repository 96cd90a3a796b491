package com.example.galley.sitemap;

import java.io.IOException;
import java.io.Writer;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Writes a sitemap.xml for the built pages. */
public class Sitemap {
    public record Url(String location, LocalDate modified, double priority) {}

    private final List<Url> urls = new ArrayList<>();
    private final String base;

    public Sitemap(String base) {
        this.base = base.endsWith("/") ? base : base + "/";
    }

    public Sitemap add(String path, LocalDate modified) {
        double priority = path.isEmpty() ? 1.0 : 0.5;
        urls.add(new Url(base + path, modified, priority));
        return this;
    }

    public List<Url> urls() {
        return Collections.unmodifiableList(urls);
    }

    public void write(Writer out) throws IOException {
        out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        out.write("<urlset>\n");
        for (Url url : urls) {
            out.write(String.format("  <url><loc>%s</loc><lastmod>%s</lastmod></url>%n", url.location(), url.modified()));
        }
        out.write("</urlset>\n");
    }

    @Deprecated
    static int count(Sitemap map) {
        int total = 0;
        for (var ignored : map.urls) total++;
        return total;
    }
}
