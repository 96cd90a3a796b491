package main

import (
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"sync"
	"time"
)

// Post is a blog entry.
type Post struct {
	Title string    `json:"title"`
	Slug  string    `json:"slug"`
	Date  time.Time `json:"date"`
	Words int       `json:"words,omitempty"`
}

type Store interface {
	Get(slug string) (*Post, bool)
	All() []Post
}

type memStore struct {
	mu    sync.RWMutex
	posts map[string]Post
}

/* newStore returns an empty store. */
func newStore() *memStore {
	return &memStore{posts: make(map[string]Post)}
}

func (s *memStore) Get(slug string) (*Post, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	p, ok := s.posts[slug]
	if !ok {
		return nil, false
	}
	return &p, true
}

func (s *memStore) All() []Post {
	out := make([]Post, 0, len(s.posts))
	for _, p := range s.posts {
		out = append(out, p)
	}
	return out
}

const maxWords = 10_000

var ratio float64 = 0.75

func handler(store Store) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		slug := r.URL.Query().Get("slug")
		post, ok := store.Get(slug)
		if !ok {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if err := json.NewEncoder(w).Encode(post); err != nil {
			log.Printf("encode %q: %v\n", slug, err)
		}
	}
}

func main() {
	store := newStore()
	store.posts["hello"] = Post{Title: "Hello", Slug: "hello", Words: 0x2A}
	ch := make(chan int, 1)
	go func() {
		select {
		case v := <-ch:
			fmt.Println(v)
		case <-time.After(2 * time.Second):
			fmt.Println('x', `raw string`)
		}
	}()
	http.HandleFunc("/post", handler(store))
	log.Fatal(http.ListenAndServe(":8080", nil))
}
