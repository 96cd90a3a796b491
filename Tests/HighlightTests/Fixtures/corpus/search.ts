import type { Post } from "./types";

/** A tiny full-text index over post titles and bodies. */
export class SearchIndex {
  private readonly terms = new Map<string, Set<number>>();
  private docs: Post[] = [];

  add(post: Post): number {
    const id = this.docs.push(post) - 1;
    for (const term of SearchIndex.tokenize(`${post.title} ${post.body}`)) {
      let ids = this.terms.get(term);
      if (!ids) {
        ids = new Set();
        this.terms.set(term, ids);
      }
      ids.add(id);
    }
    return id;
  }

  search(query: string, limit = 10): Post[] {
    const scores = new Map<number, number>();
    for (const term of SearchIndex.tokenize(query)) {
      this.terms.get(term)?.forEach((id) => scores.set(id, (scores.get(id) ?? 0) + 1));
    }
    return [...scores.entries()]
      .sort(([, a], [, b]) => b - a)
      .slice(0, limit)
      .map(([id]) => this.docs[id]);
  }

  static tokenize(text: string): string[] {
    return text.toLowerCase().split(/[^a-z0-9]+/).filter((t) => t.length > 1);
  }
}

export type Ranked<T> = { item: T; score: number };

export function rank<T extends { title: string }>(items: T[], query: string): Ranked<T>[] {
  const q = query.trim().toLowerCase();
  return items
    .map((item) => ({ item, score: item.title.toLowerCase().includes(q) ? 1 : 0.25 }))
    .filter(({ score }) => score > 0);
}

const index = new SearchIndex();
index.add({ title: "Hello", body: "First post", slug: "hello" } as Post);
console.info(index.search("hello").length, typeof index, 42 as number);
