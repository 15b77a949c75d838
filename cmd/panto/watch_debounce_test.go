package main

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

func nextBurst(t *testing.T, out <-chan burst) burst {
	t.Helper()
	select {
	case b := <-out:
		return b
	case <-time.After(cycleTimeout):
		t.Fatal("no burst came")
	}
	return burst{}
}

func TestDebounceCollapsesBurst(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	in := make(chan change)
	var seen atomic.Int32
	out := debounce(ctx, in, 300*time.Millisecond, time.Minute, func() { seen.Add(1) })
	t0 := time.Now()
	for _, p := range []string{"a", "b", "a", "tmp", "a"} {
		in <- change{path: p, at: time.Now(), created: p == "tmp"}
	}
	b := nextBurst(t, out)
	if b.n != 5 || len(b.paths) != 3 || b.paths[0] != "a" || b.paths[2] != "tmp" || !b.created["tmp"] || b.first.Before(t0) {
		t.Errorf("burst %+v", b)
	}
	if seen.Load() != 5 {
		t.Errorf("onChange saw %d changes", seen.Load())
	}
	in <- change{path: "c", at: time.Now()}
	if b := nextBurst(t, out); b.n != 1 || b.paths[0] != "c" {
		t.Errorf("second burst %+v", b)
	}
}

// Changes that keep coming still get delivered every maxWait.
func TestDebounceMaxWait(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	in := make(chan change)
	out := debounce(ctx, in, time.Hour, 20*time.Millisecond, nil)
	stop := make(chan struct{})
	go func() {
		for {
			select {
			case in <- change{path: "x", at: time.Now()}:
			case <-stop:
				return
			}
			time.Sleep(time.Millisecond)
		}
	}()
	defer close(stop)
	if b := nextBurst(t, out); b.n == 0 {
		t.Errorf("empty burst")
	}
}

// A receiver busy with a reload does not block the sender: changes
// join the pending burst.
func TestDebounceBusyReceiver(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	in := make(chan change)
	out := debounce(ctx, in, time.Millisecond, time.Minute, nil)
	for i := 0; i < 100; i++ {
		select {
		case in <- change{path: "x", at: time.Now()}:
		case <-time.After(cycleTimeout):
			t.Fatal("the debouncer blocked its sender")
		}
	}
	total := 0
	for total < 100 {
		total += nextBurst(t, out).n
	}
	if total != 100 {
		t.Errorf("%d events delivered, want 100", total)
	}
}
