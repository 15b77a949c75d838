package main

import (
	"fmt"
	"io"
	"sync"
	"time"

	"panto/runtime"
)

// slowAfter is how long a tool or command handler runs before panto run
// says where it is; tests shorten it.
var slowAfter = 3 * time.Second

// slowNotice prints, once, that what is still running after slowAfter,
// and the Lua line it is on (asked with L.Probe, which the running code
// answers at its next interrupt check; a handler waiting outside Lua,
// on a process or a read, is named without a line). stop, called when
// the handler returns, cancels the notice if it has not been printed.
func slowNotice(L *runtime.State, w io.Writer, what string) (stop func()) {
	var mu sync.Mutex
	stopped := false
	print := func(where string) {
		mu.Lock()
		defer mu.Unlock()
		if stopped {
			return
		}
		stopped = true
		at := ""
		if where != "" {
			at = ", at " + where
		}
		fmt.Fprintf(w, "panto: %s: still running after %s%s (Ctrl-C interrupts it; --timeout D bounds every call)\n", what, slowAfter, at)
	}
	t := time.AfterFunc(slowAfter, func() {
		answer := make(chan string, 1)
		L.Probe(func(where string) { answer <- where })
		select {
		case where := <-answer:
			print(where)
		case <-time.After(time.Second):
			print("")
		}
	})
	return func() {
		t.Stop()
		mu.Lock()
		stopped = true
		mu.Unlock()
	}
}
