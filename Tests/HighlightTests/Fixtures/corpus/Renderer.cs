using System;
using System.Collections.Generic;
using System.Linq;

namespace Galley.Render
{
    /// <summary>Renders posts to HTML.</summary>
    public sealed class Renderer : IDisposable
    {
        private readonly Dictionary<string, string> _cache = new();
        public int Count { get; private set; }

        public string Render(Post post)
        {
            if (_cache.TryGetValue(post.Slug, out var html))
            {
                return html;
            }
            html = $"<h1>{post.Title}</h1>";
            _cache[post.Slug] = html;
            Count++;
            return html;
        }

        public IEnumerable<string> RenderAll(IEnumerable<Post> posts) =>
            posts.Where(p => !p.Draft).Select(Render);

        public void Dispose() => _cache.Clear();
    }

    public record Post(string Slug, string Title, bool Draft = false);

    internal static class Program
    {
        private static async System.Threading.Tasks.Task Main(string[] args)
        {
            using var renderer = new Renderer();
            var post = new Post("hello", "Hello", false);
            Console.WriteLine(renderer.Render(post));
            double ratio = 0.5;
            await System.Threading.Tasks.Task.Delay(10);
            Console.WriteLine($"count {renderer.Count}, ratio {ratio}");
        }
    }
}
