package watch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"time"
)

// ErrClosed is returned after Close.
var ErrClosed = errors.New("watch: closed")

// Event describes a changed file.
type Event struct {
	Path    string
	ModTime time.Time
}

// Poller finds changed files by polling modification times.
type Poller struct {
	root     string
	interval time.Duration
	seen     map[string]time.Time
	events   chan Event
	closed   bool
}

func NewPoller(root string, interval time.Duration) *Poller {
	if interval <= 0 {
		interval = 500 * time.Millisecond
	}
	return &Poller{root: root, interval: interval, seen: map[string]time.Time{}, events: make(chan Event, 64)}
}

func (p *Poller) Events() <-chan Event { return p.events }

func (p *Poller) Run(ctx context.Context) error {
	ticker := time.NewTicker(p.interval)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			close(p.events)
			return ctx.Err()
		case <-ticker.C:
			if err := p.scan(); err != nil {
				return err
			}
		}
	}
}

func (p *Poller) scan() error {
	if p.closed {
		return ErrClosed
	}
	return filepath.WalkDir(p.root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		if prev, ok := p.seen[path]; !ok || info.ModTime().After(prev) {
			p.seen[path] = info.ModTime()
			p.events <- Event{Path: path, ModTime: info.ModTime()}
		}
		return nil
	})
}
