package runtime

import (
	"strings"
	"testing"
)

// TestProbe: a probe from another goroutine is answered by the running
// code with the line it is on, once, without stopping it; here the
// answer then interrupts the loop so the test ends.
func TestProbe(t *testing.T) {
	L := NewState()
	answers := make(chan string, 2)
	started := make(chan struct{})
	L.SetGlobal("started", NewFunction("started", func(*State) int { close(started); return 0 }))
	go func() {
		<-started
		L.Probe(func(where string) {
			answers <- where
			L.Interrupt("probed")
		})
	}()
	_, err := L.PCall(mustLoad(t, L, "started()\nlocal n = 0\nwhile true do\n  n = n + 1\nend\n"))
	if err == nil || !strings.Contains(err.Error(), "probed") {
		t.Fatalf("got %v", err)
	}
	if got := <-answers; got != "test:4" {
		t.Errorf("probe answered %q, want test:4", got)
	}
	if len(answers) != 0 {
		t.Error("probe answered twice")
	}
}
