-- Posts and tags
CREATE TABLE posts (
    id INTEGER PRIMARY KEY,
    slug VARCHAR(200) NOT NULL UNIQUE,
    title TEXT NOT NULL,
    published_at TIMESTAMP,
    words INTEGER DEFAULT 0
);

CREATE INDEX posts_published ON posts (published_at DESC);

INSERT INTO posts (slug, title, words) VALUES ('hello', 'Hello, world', 120);

/* Recent posts with their tag count */
SELECT p.title, COUNT(t.tag) AS tags
FROM posts p
LEFT JOIN post_tags t ON t.post_id = p.id
WHERE p.published_at IS NOT NULL AND p.words > 100
GROUP BY p.id
ORDER BY p.published_at DESC
LIMIT 10;

UPDATE posts SET words = words + 1 WHERE slug = 'hello';
DELETE FROM posts WHERE published_at < '2020-01-01';
