package main

import (
	"context"
	"time"
)

// change is one file event that should cause a reload.
type change struct {
	path    string // "" when the watcher lost events and cannot say which
	at      time.Time
	created bool // the event created the path
}

// burst is the changes of one save, delivered as one reload.
type burst struct {
	first time.Time // when the first change arrived: latency is measured from here
	paths []string  // distinct, in arrival order
	n     int       // events, duplicates included
	// created holds the paths whose first event created them: one that
	// is gone again was a temporary file of the save (sed -i, an
	// editor's write-then-rename), not worth naming.
	created map[string]bool
}

func (b *burst) add(c change) {
	b.n++
	for _, p := range b.paths {
		if p == c.path {
			return
		}
	}
	b.paths = append(b.paths, c.path)
	if c.created {
		if b.created == nil {
			b.created = map[string]bool{}
		}
		b.created[c.path] = true
	}
}

// debounce turns changes into bursts. Editors write a save as several
// events (a vim save is a 4913 probe, a rename, a write, a chmod), and a
// reload per event would run against half-written files; so a burst is
// delivered only after quiet has passed without another change. maxWait
// bounds that: a tool that writes without pause (a generator, a git
// checkout of many files) still gets a reload every maxWait.
//
// Changes that arrive while the receiver is busy (reloading) join the
// pending burst instead of blocking the file watcher, so no event is lost
// and a slow reload is followed by exactly one more. onChange, when set,
// sees every change as it arrives: the watch loop uses it to interrupt a
// reload that a newer save has made stale.
func debounce(ctx context.Context, in <-chan change, quiet, maxWait time.Duration, onChange func()) <-chan burst {
	out := make(chan burst)
	go func() {
		timer := time.NewTimer(time.Hour)
		timer.Stop()
		defer timer.Stop()
		var pending *burst
		ready := false
		for {
			var send chan<- burst
			var next burst
			if ready {
				send, next = out, *pending
			}
			select {
			case <-ctx.Done():
				return
			case c := <-in:
				if onChange != nil {
					onChange()
				}
				if pending == nil {
					pending = &burst{first: c.at}
				}
				pending.add(c)
				ready = false
				wait := quiet
				if left := maxWait - time.Since(pending.first); left < wait {
					wait = max(left, 0)
				}
				timer.Reset(wait)
			case <-timer.C:
				ready = pending != nil
			case send <- next:
				pending, ready = nil, false
			}
		}
	}()
	return out
}
