import { useMemo } from "react";

interface Props {
  posts: { slug: string; title: string }[];
  limit?: number;
}

// Renders the newest posts.
export default function PostList({ posts, limit = 5 }: Props): JSX.Element {
  const items = useMemo(() => posts.slice(0, limit), [posts, limit]);
  return (
    <ul className="posts">
      {items.map((p) => (
        <li key={p.slug}>{p.title}</li>
      ))}
    </ul>
  );
}
