package agent

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"panto/agent/store"
)

// failingCheckpoints is the session's own recorder except that saving a
// checkpoint fails, as a full disk would fail it after the tool's result
// was written.
type failingCheckpoints struct{ recorder }

func (f failingCheckpoints) Append(e *store.Entry) error {
	if e.Type == store.TypePantoCheckpoint {
		return errors.New("disk full")
	}
	return f.recorder.Append(e)
}

// TestCheckpointSaveFailureFailsTheTurn: when a file change cannot be
// saved as a checkpoint, the turn fails with the reason instead of going
// on as if the change could be rewound after a restart.
func TestCheckpointSaveFailureFailsTheTurn(t *testing.T) {
	ts := newSession(t, map[string]string{"tools/put.lua": putTool, "turns.jsonl": putReply("a.txt", "one") + doneReply})
	a := ts.Agent()
	a.mu.Lock()
	if a.rec == nil {
		a.mu.Unlock()
		t.Fatal("the session agent has no recorder")
	}
	a.rec = failingCheckpoints{a.rec}
	a.mu.Unlock()
	res := ts.prompt("write it")
	if readFile(t, filepath.Join(ts.dir, "a.txt")) != "one" {
		t.Fatalf("the tool did not write: %+v", res)
	}
	if res.Status != "failed" || res.Err == nil || !strings.Contains(res.Err.Error(), "disk full") {
		t.Errorf("result %s (%v), want failed with the save error", res.Status, res.Err)
	}
}
