"""Hand-written code snippets for the benchmark corpus (see corpus.py).

Placeholders are replaced per use so that no two posts carry exactly the same code:
  @T1@  a PascalCase type name        @f1@  a camelCase function name
  @s1@  a snake_case name             @v1@  a camelCase variable name
  @w1@  a lowercase word              @n1@  a number (2..4096)
  @k1@  a kebab-case name             @U1@  an UPPER_SNAKE constant
The digit lets one snippet use several distinct names of the same kind.
No snippet may contain "{{" or "{%": Jekyll (Liquid) and Hugo (shortcodes) would read them.
"""

SNIPPETS = {
    "swift": [
        """struct @T1@: Codable, Sendable {
    let id: UUID
    var @v1@: String
    var @v2@: [String]
    var updatedAt: Date

    /// Returns a copy with `@v1@` trimmed and `@v2@` de-duplicated.
    func @f1@() -> @T1@ {
        var copy = self
        copy.@v1@ = @v1@.trimmingCharacters(in: .whitespacesAndNewlines)
        var seen = Set<String>()
        copy.@v2@ = @v2@.filter { seen.insert($0).inserted }
        return copy
    }
}
""",
        """actor @T1@Cache {
    private var entries: [String: @T2@] = [:]
    private var order: [String] = []
    private let capacity: Int

    init(capacity: Int = @n1@) {
        self.capacity = capacity
    }

    func value(for key: String) -> @T2@? {
        entries[key]
    }

    func insert(_ value: @T2@, for key: String) {
        if entries.updateValue(value, forKey: key) == nil {
            order.append(key)
        }
        while order.count > capacity {
            let evicted = order.removeFirst()
            entries[evicted] = nil
        }
    }
}
""",
        """func @f1@(_ items: [@T1@]) async throws -> [@T2@] {
    try await withThrowingTaskGroup(of: (Int, @T2@).self) { group in
        for (index, item) in items.enumerated() {
            group.addTask {
                let result = try await @f2@(item, timeout: .milliseconds(@n1@))
                return (index, result)
            }
        }
        var results = [@T2@?](repeating: nil, count: items.count)
        for try await (index, value) in group {
            results[index] = value
        }
        return results.compactMap { $0 }
    }
}
""",
        """enum @T1@: Equatable {
    case idle
    case loading(progress: Double)
    case loaded(@T2@)
    case failed(message: String)

    var isFinished: Bool {
        switch self {
        case .loaded, .failed: return true
        case .idle, .loading: return false
        }
    }
}

extension @T1@: CustomStringConvertible {
    var description: String {
        switch self {
        case .idle: return "idle"
        case .loading(let p): return "loading \\(Int(p * 100))%"
        case .loaded: return "loaded"
        case .failed(let message): return "failed: \\(message)"
        }
    }
}
""",
    ],
    "kotlin": [
        """data class @T1@(
    val id: Long,
    val @v1@: String,
    val @v2@: List<String> = emptyList(),
    val createdAt: Instant = Instant.now(),
)

class @T1@Repository(private val db: Database) {
    fun @f1@(id: Long): @T1@? =
        db.query("SELECT * FROM @s1@ WHERE id = ?", id) { row ->
            @T1@(row.getLong("id"), row.getString("@s2@"))
        }.firstOrNull()

    fun @f2@(limit: Int = @n1@): List<@T1@> =
        db.query("SELECT * FROM @s1@ ORDER BY created_at DESC LIMIT ?", limit) { row ->
            @T1@(row.getLong("id"), row.getString("@s2@"))
        }
}
""",
        """sealed interface @T1@ {
    data object Idle : @T1@
    data class Running(val progress: Float) : @T1@
    data class Done(val @v1@: Int) : @T1@
    data class Failed(val cause: Throwable) : @T1@
}

fun render(state: @T1@): String = when (state) {
    is @T1@.Idle -> "waiting"
    is @T1@.Running -> "running (${(state.progress * 100).toInt()}%)"
    is @T1@.Done -> "done: ${state.@v1@} items"
    is @T1@.Failed -> "failed: ${state.cause.message}"
}
""",
        """suspend fun @f1@(ids: List<Long>): Map<Long, @T1@> = coroutineScope {
    val semaphore = Semaphore(permits = @n1@)
    ids.map { id ->
        async {
            semaphore.withPermit {
                id to client.@f2@(id)
            }
        }
    }.awaitAll().toMap()
}

fun Flow<@T1@>.@f3@(window: Duration): Flow<List<@T1@>> = flow {
    val buffer = mutableListOf<@T1@>()
    var deadline = System.nanoTime() + window.inWholeNanoseconds
    collect { value ->
        buffer += value
        if (System.nanoTime() >= deadline) {
            emit(buffer.toList())
            buffer.clear()
            deadline = System.nanoTime() + window.inWholeNanoseconds
        }
    }
    if (buffer.isNotEmpty()) emit(buffer.toList())
}
""",
    ],
    "go": [
        """type @T1@ struct {
	mu      sync.Mutex
	@v1@    map[string]*@T2@
	limit   int
}

func New@T1@(limit int) *@T1@ {
	return &@T1@{@v1@: make(map[string]*@T2@), limit: limit}
}

func (c *@T1@) @T3@(key string) (*@T2@, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.@v1@[key]
	return v, ok
}
""",
        """func @f1@Handler(store *@T1@) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id := r.URL.Query().Get("id")
		if id == "" {
			http.Error(w, "missing id", http.StatusBadRequest)
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), @n1@*time.Millisecond)
		defer cancel()
		item, err := store.Get(ctx, id)
		if errors.Is(err, ErrNotFound) {
			http.NotFound(w, r)
			return
		} else if err != nil {
			log.Printf("@w1@: get %s: %v", id, err)
			http.Error(w, "internal error", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(item)
	}
}
""",
        """func @f1@(ctx context.Context, jobs <-chan @T1@, workers int) <-chan @T2@ {
	out := make(chan @T2@)
	var wg sync.WaitGroup
	for i := 0; i < workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for job := range jobs {
				select {
				case out <- @f2@(job):
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	return out
}
""",
        """func Test@T1@(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want int
	}{
		{name: "empty", in: "", want: 0},
		{name: "single", in: "@w1@", want: 1},
		{name: "many", in: "@w1@ @w2@ @w3@", want: 3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := @f1@(tc.in); got != tc.want {
				t.Errorf("@f1@(%q) = %d, want %d", tc.in, got, tc.want)
			}
		})
	}
}
""",
    ],
    "rust": [
        """#[derive(Debug, Clone, PartialEq)]
pub struct @T1@ {
    pub @s1@: String,
    pub @s2@: Vec<u32>,
    pub limit: usize,
}

impl @T1@ {
    pub fn new(@s1@: impl Into<String>) -> Self {
        Self { @s1@: @s1@.into(), @s2@: Vec::new(), limit: @n1@ }
    }

    pub fn @s3@(&mut self, value: u32) -> Result<(), @T2@Error> {
        if self.@s2@.len() >= self.limit {
            return Err(@T2@Error::Full(self.limit));
        }
        self.@s2@.push(value);
        Ok(())
    }
}
""",
        """#[derive(Debug)]
pub enum @T1@Error {
    Io(std::io::Error),
    Parse { line: usize, message: String },
    Full(usize),
}

impl std::fmt::Display for @T1@Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Io(e) => write!(f, "i/o error: {}", e),
            Self::Parse { line, message } => write!(f, "line {}: {}", line, message),
            Self::Full(n) => write!(f, "buffer full ({} items)", n),
        }
    }
}

impl From<std::io::Error> for @T1@Error {
    fn from(e: std::io::Error) -> Self {
        Self::Io(e)
    }
}
""",
        """pub fn @s1@(input: &str) -> HashMap<&str, usize> {
    let mut counts = HashMap::new();
    for word in input
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.len() > 2)
    {
        *counts.entry(word).or_insert(0) += 1;
    }
    counts
}

pub fn @s2@(counts: &HashMap<&str, usize>, n: usize) -> Vec<(&str, usize)> {
    let mut sorted: Vec<_> = counts.iter().map(|(k, v)| (*k, *v)).collect();
    sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    sorted.truncate(n);
    sorted
}
""",
        """pub trait @T1@ {
    fn name(&self) -> &str;
    fn @s1@(&self, buf: &mut Vec<u8>) -> std::io::Result<usize>;
}

pub struct @T2@<W: Write> {
    inner: W,
    written: u64,
}

impl<W: Write> @T2@<W> {
    pub fn flush_all(&mut self, items: &[Box<dyn @T1@>]) -> std::io::Result<u64> {
        let mut buf = Vec::with_capacity(@n1@);
        for item in items {
            buf.clear();
            let n = item.@s1@(&mut buf)?;
            self.inner.write_all(&buf[..n])?;
            self.written += n as u64;
        }
        self.inner.flush()?;
        Ok(self.written)
    }
}
""",
    ],
    "python": [
        """@dataclass(frozen=True)
class @T1@:
    @s1@: str
    @s2@: int = 0
    tags: tuple[str, ...] = ()

    @property
    def is_empty(self) -> bool:
        return self.@s2@ == 0


def @s3@(rows: Iterable[dict]) -> list[@T1@]:
    items = []
    for row in rows:
        if not row.get("@s1@"):
            continue
        items.append(@T1@(row["@s1@"], int(row.get("@s2@", 0)), tuple(row.get("tags", []))))
    return sorted(items, key=lambda i: (-i.@s2@, i.@s1@))
""",
        """def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="@w1@ the @w2@ files")
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--limit", type=int, default=@n1@)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)

    total = 0
    for path in args.paths:
        for entry in sorted(path.rglob("*.json")):
            data = json.loads(entry.read_text())
            total += len(data)
            if total > args.limit:
                print(f"stopping at {entry}: limit {args.limit} reached", file=sys.stderr)
                return 1
    print(f"{total} records in {len(args.paths)} folders")
    return 0


if __name__ == "__main__":
    sys.exit(main())
""",
        """@contextmanager
def @s1@(name: str):
    start = time.perf_counter()
    try:
        yield
    finally:
        elapsed = (time.perf_counter() - start) * 1000
        log.info("%s took %.1f ms", name, elapsed)


def @s2@(items, size=@n1@):
    batch = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch
""",
    ],
    "typescript": [
        """export interface @T1@ {
  id: string;
  @v1@: string;
  @v2@: number;
  tags?: string[];
}

export async function @f1@(id: string, signal?: AbortSignal): Promise<@T1@> {
  const res = await fetch(`/api/@w1@/${encodeURIComponent(id)}`, { signal });
  if (!res.ok) {
    throw new Error(`@f1@ ${id}: HTTP ${res.status}`);
  }
  const body = (await res.json()) as @T1@;
  return { ...body, tags: body.tags ?? [] };
}
""",
        """type @T1@ =
  | { kind: "start"; at: number }
  | { kind: "progress"; done: number; total: number }
  | { kind: "finish"; ok: boolean; message?: string };

interface @T2@ {
  running: boolean;
  percent: number;
  error: string | null;
}

export function reduce(state: @T2@, event: @T1@): @T2@ {
  switch (event.kind) {
    case "start":
      return { running: true, percent: 0, error: null };
    case "progress":
      return { ...state, percent: Math.round((event.done / event.total) * 100) };
    case "finish":
      return { running: false, percent: 100, error: event.ok ? null : event.message ?? "failed" };
  }
}
""",
        """export class @T1@<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly capacity = @n1@) {}

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) {
      const oldest = this.map.keys().next().value as K;
      this.map.delete(oldest);
    }
  }
}
""",
    ],
    "bash": [
        """#!/usr/bin/env bash
set -euo pipefail

OUT_DIR="${OUT_DIR:-build/@w1@}"
JOBS="${JOBS:-$(nproc)}"

mkdir -p "$OUT_DIR"
for src in src/@w2@/*.md; do
  name="$(basename "$src" .md)"
  echo "rendering $name"
  ./bin/@k1@ --input "$src" --output "$OUT_DIR/$name.html" &
  if (( $(jobs -r | wc -l) >= JOBS )); then
    wait -n
  fi
done
wait
echo "done: $(ls "$OUT_DIR" | wc -l) files in $OUT_DIR"
""",
        """retry() {
  local attempts=$1; shift
  local delay=1
  for ((i = 1; i <= attempts; i++)); do
    if "$@"; then
      return 0
    fi
    echo "attempt $i/$attempts failed: $*" >&2
    sleep "$delay"
    delay=$((delay * 2))
  done
  return 1
}

retry @n1@ curl -fsS "https://@w1@.example.com/health"
retry 3 pg_isready -h localhost -p 5432
""",
    ],
    "console": [
        """$ @k1@ --version
@k1@ 2.@n1@.1
$ @k1@ build --release
   Compiling @w1@ v0.4.2
   Compiling @w2@ v1.0.0
    Finished release [optimized] target(s) in 41.3s
$ ls -lh target/release/@k1@
-rwxr-xr-x 1 dev dev 8.4M Mar  3 10:12 target/release/@k1@
$ ./target/release/@k1@ --bench
running 12 benchmarks
@w1@/parse     time: [1.203 ms 1.211 ms 1.220 ms]
@w1@/render    time: [3.882 ms 3.907 ms 3.934 ms]
""",
        """$ docker compose up -d
[+] Running 3/3
 ✔ Network @w1@_default  Created
 ✔ Container @w1@-db-1   Started
 ✔ Container @w1@-api-1  Started
$ curl -s localhost:8080/health | jq .
{
  "status": "ok",
  "uptime_seconds": @n1@
}
$ docker compose logs api --tail 3
api-1  | listening on :8080
api-1  | connected to postgres
api-1  | ready in 412ms
""",
    ],
    "sql": [
        """CREATE TABLE @s1@ (
    id          BIGSERIAL PRIMARY KEY,
    @s2@_id     BIGINT NOT NULL REFERENCES @s2@(id),
    title       TEXT NOT NULL,
    status      TEXT NOT NULL DEFAULT 'draft',
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at  TIMESTAMPTZ
);

CREATE INDEX @s1@_@s2@_idx ON @s1@ (@s2@_id, created_at DESC);
CREATE INDEX @s1@_status_idx ON @s1@ (status) WHERE status <> 'archived';
""",
        """SELECT u.id,
       u.name,
       count(o.id)            AS orders,
       sum(o.total_cents) / 100.0 AS revenue
FROM users u
JOIN @s1@ o ON o.user_id = u.id
WHERE o.created_at >= now() - interval '@n1@ days'
  AND o.status = 'paid'
GROUP BY u.id, u.name
HAVING count(o.id) > 2
ORDER BY revenue DESC
LIMIT 50;
""",
        """WITH recent AS (
    SELECT @s1@_id, max(created_at) AS last_seen
    FROM @s2@
    WHERE created_at > now() - interval '30 days'
    GROUP BY @s1@_id
),
ranked AS (
    SELECT r.*, row_number() OVER (ORDER BY last_seen DESC) AS rank
    FROM recent r
)
SELECT * FROM ranked WHERE rank <= @n1@;

UPDATE @s2@ SET archived = true
WHERE created_at < now() - interval '1 year';
""",
    ],
    "yaml": [
        """name: @k1@
on:
  push:
    branches: [main]
  pull_request:

jobs:
  test:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        version: ["1.@n1@", "stable"]
    steps:
      - uses: actions/checkout@v4
      - name: Build
        run: make build VERSION=${GITHUB_SHA}
      - name: Test
        run: make test
        env:
          @U1@: "true"
""",
        """apiVersion: apps/v1
kind: Deployment
metadata:
  name: @k1@
  labels:
    app: @k1@
spec:
  replicas: 3
  selector:
    matchLabels:
      app: @k1@
  template:
    metadata:
      labels:
        app: @k1@
    spec:
      containers:
        - name: @w1@
          image: registry.example.com/@k1@:1.@n1@.0
          ports:
            - containerPort: 8080
          resources:
            limits:
              memory: 256Mi
              cpu: 500m
""",
    ],
}

# JSON is generated structurally (corpus.py) so that long blocks stay valid JSON.
LANGUAGES = list(SNIPPETS) + ["json"]
