package hooks

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// maxOutput bounds what is kept of a hook's stdout and of its stderr.
const maxOutput = 1 << 20

// waitDelay is how long a killed hook's pipes may stay open (held by a
// child that escaped the process group) before they are closed on it.
const waitDelay = 2 * time.Second

// Result is what one hook did.
type Result struct {
	Hook     Hook
	ExitCode int
	Stdout   string
	Stderr   string
	// TimedOut: the hook ran past its timeout and was killed.
	TimedOut bool
	// Err says why the hook could not run (or, with TimedOut, that it
	// was killed).
	Err      error
	Duration time.Duration
	// Output is stdout read as JSON, when it is a JSON object and the
	// exit code is 0.
	Output *Output
	// BadJSON says why stdout that looked like JSON could not be read.
	BadJSON string
}

// Output is the JSON a hook may print, as Claude Code defines it.
type Output struct {
	Continue       *bool  `json:"continue"`
	StopReason     string `json:"stopReason"`
	SuppressOutput bool   `json:"suppressOutput"`
	SystemMessage  string `json:"systemMessage"`
	// Decision is "block" (or, for PreToolUse, the older "approve").
	Decision string `json:"decision"`
	Reason   string `json:"reason"`
	Specific *struct {
		HookEventName            string         `json:"hookEventName"`
		PermissionDecision       string         `json:"permissionDecision"`
		PermissionDecisionReason string         `json:"permissionDecisionReason"`
		AdditionalContext        string         `json:"additionalContext"`
		UpdatedInput             map[string]any `json:"updatedInput"`
	} `json:"hookSpecificOutput"`
}

// run runs one hook: `sh -c command` in the project folder, the input
// on stdin, killed with its process group after its timeout.
func (s *Set) run(ctx context.Context, h Hook, input map[string]any) Result {
	r := Result{Hook: h}
	data, err := json.Marshal(input)
	if err != nil {
		r.Err = err
		return r
	}
	ctx, cancel := context.WithTimeout(ctx, h.Timeout)
	defer cancel()
	cmd := shellCommand(ctx, h.Command)
	cmd.Dir = s.Dir
	cmd.Env = append(os.Environ(), "CLAUDE_PROJECT_DIR="+s.Dir, "PANTO_PROJECT_DIR="+s.Dir)
	cmd.Stdin = bytes.NewReader(data)
	var out, errOut capped
	cmd.Stdout, cmd.Stderr = &out, &errOut
	cmd.WaitDelay = waitDelay
	start := time.Now()
	err = cmd.Run()
	r.Duration = time.Since(start)
	r.Stdout, r.Stderr = out.String(), errOut.String()
	var exit *exec.ExitError
	switch {
	case ctx.Err() == context.DeadlineExceeded:
		r.TimedOut, r.ExitCode = true, -1
		r.Err = fmt.Errorf("timed out after %s and was killed", h.Timeout)
	case ctx.Err() != nil:
		r.ExitCode = -1
		r.Err = errors.New("cancelled")
	case errors.As(err, &exit):
		r.ExitCode = exit.ExitCode()
	case err != nil:
		r.ExitCode = -1
		r.Err = err
	}
	if r.ExitCode == 0 && r.Err == nil {
		r.Output, r.BadJSON = parseOutput(r.Stdout)
	}
	return r
}

// parseOutput reads stdout as the hook's JSON answer when it is a JSON
// object; plain text is no answer (and no error).
func parseOutput(stdout string) (*Output, string) {
	t := strings.TrimSpace(stdout)
	if !strings.HasPrefix(t, "{") {
		return nil, ""
	}
	var o Output
	if err := json.Unmarshal([]byte(t), &o); err != nil {
		return nil, "its output is not valid hook JSON: " + err.Error()
	}
	return &o, ""
}

// capped is a buffer that keeps the first maxOutput bytes written to it.
type capped struct {
	mu  sync.Mutex
	buf bytes.Buffer
	cut bool
}

func (c *capped) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if room := maxOutput - c.buf.Len(); room < len(p) {
		c.buf.Write(p[:max(room, 0)])
		c.cut = true
	} else {
		c.buf.Write(p)
	}
	return len(p), nil
}

func (c *capped) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cut {
		return c.buf.String() + "\n[output cut at 1 MiB]"
	}
	return c.buf.String()
}
