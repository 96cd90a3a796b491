<?php

declare(strict_types=1);

namespace Galley;

use InvalidArgumentException;

/**
 * Renders a list of posts.
 */
final class Renderer
{
    private array $cache = [];

    public function __construct(private string $root = 'content')
    {
    }

    public function render(array $post): string
    {
        if (!isset($post['title'])) {
            throw new InvalidArgumentException("missing title");
        }
        $slug = strtolower(str_replace(' ', '-', $post['title']));
        // Cache by slug.
        return $this->cache[$slug] ??= "<h1>{$post['title']}</h1>";
    }
}

$renderer = new Renderer();
$posts = [['title' => 'Hello World'], ['title' => 'Second']];
foreach ($posts as $i => $post) {
    echo $renderer->render($post) . "\n";
}
$ratio = 0.5 * 3;
printf("%d posts, ratio %.1f\n", count($posts), $ratio);
