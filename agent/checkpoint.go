package agent

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"panto/agent/conv"
	"panto/agent/store"
	"panto/permission"
)

// maxCheckpoint bounds the files checkpointed: a larger one is changed
// without a checkpoint (docs/sessions.md says so).
const maxCheckpoint = 8 << 20

// fileSnap is a file as it was before a call that writes it.
type fileSnap struct {
	path   string
	before []byte // nil: the file did not exist
}

// snapshot reads, before a call runs, the file it will change, when its
// tool declares the write effect and a path field (write, edit). It
// runs on the owner, where the tool is looked up.
func (t *turn) snapshot(c *pendingCall) *fileSnap {
	if c.invalid != "" || c.denied != "" {
		return nil
	}
	tool := t.s.toolFor(t.a, c.name)
	if tool == nil {
		return nil
	}
	call := callOf(tool, c)
	writes := false
	for _, e := range call.Effects {
		writes = writes || e == permission.Write
	}
	if !writes || !call.HasPath || call.Path == "" {
		return nil
	}
	path := t.s.toolPath(call.Path)
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &fileSnap{path: path}
	case err != nil || len(data) > maxCheckpoint:
		return nil
	}
	return &fileSnap{path: path, before: data}
}

// toolPath resolves a path as the standard tools do: relative to the
// project root, ~/ in the home folder.
func (s *Session) toolPath(p string) string {
	switch {
	case filepath.IsAbs(p):
	case (p == "~" || strings.HasPrefix(p, "~/")) && s.setup.Home != "":
		p = filepath.Join(s.setup.Home, strings.TrimPrefix(p[1:], "/"))
	default:
		p = filepath.Join(s.cwd, p)
	}
	return filepath.Clean(p)
}

// checkpoint records the change a finished call made to the file snap
// read before it: nothing when the file is as it was.
func (t *turn) checkpoint(c *pendingCall, snap *fileSnap) error {
	after, err := os.ReadFile(snap.path)
	if err != nil {
		after = nil
	}
	if store.Digest(after) == store.Digest(snap.before) && (after == nil) == (snap.before == nil) {
		return nil
	}
	cp := store.NewCheckpoint(t.a.lastUserID(), c.name, snap.path, snap.before, after)
	e, err := cp.Entry()
	if err != nil {
		return err
	}
	a := t.a
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.rec != nil {
		if err := a.rec.Append(e); err != nil {
			return err
		}
	}
	a.checkpoints = append(a.checkpoints, cp)
	return nil
}

// lastUserID is the id of the conversation's last user message: the
// turn a change belongs to.
func (a *Agent) lastUserID() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	for i := len(a.conv.Messages) - 1; i >= 0; i-- {
		if a.conv.Messages[i].Role == conv.User {
			return a.conv.Messages[i].ID
		}
	}
	return ""
}
