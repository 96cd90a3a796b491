import { readFile } from "node:fs/promises";
import type { Post, Options } from "./types";

// Loads and renders posts.
export interface Page<T = unknown> {
  title: string;
  items: T[];
  readonly count?: number;
}

type Handler = (req: Request) => Promise<Response>;

enum Color { Red = "red", Green = "green" }

/** A small cache keyed by path. */
export class Cache<K extends string, V> {
  private store = new Map<K, V>();
  static readonly LIMIT: number = 256;

  constructor(private readonly name: string) {}

  get(key: K): V | undefined {
    return this.store.get(key);
  }

  set(key: K, value: V): void {
    if (this.store.size >= Cache.LIMIT) {
      this.store.clear();
    }
    this.store.set(key, value);
  }
}

export async function render(posts: Post[], opts: Options = {}): Promise<string> {
  const cache = new Cache<string, string>("html");
  let total = 0;
  const parts: string[] = [];
  for (const post of posts) {
    if (post.draft && !opts.drafts) continue;
    const html = `<h1>${post.title}</h1><p>${post.words * 2} words, ${`nested ${total}`}</p>`;
    cache.set(post.slug, html);
    parts.push(html);
    total += 1;
  }
  const re = /^[a-z]+\d*$/i;
  const ok = re.test("abc1") ? "yes" : 'no';
  const data = await readFile("posts.json", "utf8");
  const parsed = JSON.parse(data) as Record<string, number>;
  console.log(`Rendered ${total} of ${posts.length}`, parsed, ok);
  return parts.join("\n");
}

const double = (x: number): number => x * 2;
const big = 0xff + 1_000 + 3.5e-2;
let maybe: string | null = null;
maybe ??= "default";
export default function main(): void {
  try {
    render([]).then((s) => console.log(s.length));
  } catch (e) {
    throw new Error(`failed: ${e}`);
  } finally {
    console.log("done");
  }
}
