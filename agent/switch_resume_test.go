package agent

import (
	"strings"
	"testing"

	"panto/agent/store"
)

// closedWriterStore is a file store whose Open hands out a writer that
// can no longer append, as a full disk or a failing device would leave
// it.
type closedWriterStore struct{ *store.FileStore }

func (s closedWriterStore) Open(id string) (*store.Writer, *store.Session, error) {
	w, sess, err := s.FileStore.Open(id)
	if err == nil {
		w.Close()
	}
	return w, sess, err
}

// TestResumeReportsAnUnsavedInterruptedResult: when a resumed session's
// interrupted calls cannot get their results saved, the user is told
// why instead of the failure passing unseen.
func TestResumeReportsAnUnsavedInterruptedResult(t *testing.T) {
	ts, _ := seqSession(t, map[string]string{"tools/echo.lua": echoTool}, []seqResp{callResp("c1", "echo", `{"message":"m"}`)},
		func(o *Options) { o.Store = closedWriterStore{store.NewFileStore(t.TempDir())} })
	resumeAfterKilledCall(t, ts)
	ts.mu.Lock()
	defer ts.mu.Unlock()
	reported := false
	for _, p := range ts.problems {
		reported = reported || strings.Contains(p, "the session writer is closed")
	}
	if !reported {
		t.Errorf("no problem reported for the unsaved result: %q", ts.problems)
	}
}
