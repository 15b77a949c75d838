package agent

import (
	"context"
	"testing"
	"time"
)

// TestPostSurvivesASwitch: what is posted while a switch or reload is
// about to close the loop (a key typed right after /new) runs on the
// loop that follows, in the order it was posted; nothing is dropped
// with the old loop.
func TestPostSurvivesASwitch(t *testing.T) {
	for _, c := range []struct {
		name string
		do   func(*Session, context.Context) error
	}{
		{"new", (*Session).New},
		{"reload", (*Session).Reload},
	} {
		t.Run(c.name, func(t *testing.T) {
			ts := newSession(t, map[string]string{"turns.jsonl": ""})
			// The timeout only turns a lost func into a failure.
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			var ran []string
			var switchErr error
			old := ts.loop()
			ts.Post(func() {
				ts.Post(func() { ran = append(ran, "first") }) // queued on the loop being closed
				switchErr = c.do(ts.Session, ctx)
				ts.Post(func() { ran = append(ran, "second") })
			})
			err := ts.RunLoop(ctx, func() bool { return len(ran) == 2 })
			if err != nil || switchErr != nil {
				t.Fatalf("RunLoop: %v, switch: %v", err, switchErr)
			}
			if ts.loop() == old {
				t.Fatal("the switch kept the loop; the test proves nothing")
			}
			if ran[0] != "first" || ran[1] != "second" {
				t.Errorf("ran %v", ran)
			}
		})
	}
}
