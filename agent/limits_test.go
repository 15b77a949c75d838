package agent

import (
	"context"
	"strings"
	"testing"

	"panto/extension/config"
	"panto/host"
)

// TestRequestLimitPrecedence: the agent's own bound, else the model's
// provider setting, else the session's, else the default; zero means
// unset at every level.
func TestRequestLimitPrecedence(t *testing.T) {
	model := func(n int) *Model {
		return &Model{ModelRef: host.ModelRef{Config: config.Provider{MaxRequests: n}}}
	}
	sess := func(n int) *Session { return &Session{opts: Options{MaxRequests: n}} }
	for _, c := range []struct {
		name string
		a    *Agent
		want int
	}{
		{"agent", &Agent{maxRequests: 2, model: model(5), sess: sess(7)}, 2},
		{"model", &Agent{model: model(5), sess: sess(7)}, 5},
		{"session", &Agent{model: model(0), sess: sess(7)}, 7},
		{"default, no model or session", &Agent{}, DefaultMaxRequests},
		{"default, all zero", &Agent{model: model(0), sess: sess(0)}, DefaultMaxRequests},
		{"one", &Agent{maxRequests: 1}, 1},
	} {
		if got := c.a.requestLimit(); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

// TestBranchBeforeAnythingStored: /tree in a session with no file yet
// is an error that says so, not a crash.
func TestBranchBeforeAnythingStored(t *testing.T) {
	ts := newSession(t, map[string]string{})
	err := ts.Branch(context.Background(), "abc")
	if err == nil || !strings.Contains(err.Error(), "nothing stored yet") {
		t.Errorf("Branch = %v", err)
	}
}
