package agent

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"panto/agent/conv"
	"panto/agent/store"
)

// What Rewind restores.
const (
	RestoreCode         = "code"
	RestoreConversation = "conversation"
	RestoreBoth         = "both"
)

// UserTurn is one user message of the current branch, for the /rewind
// picker: Files counts the files its turn changed through write tools.
type UserTurn struct {
	ID, Text string
	Files    int
}

// UserTurns lists the user messages of the current branch, oldest first.
func (s *Session) UserTurns() []UserTurn {
	a := s.agent
	a.mu.Lock()
	defer a.mu.Unlock()
	files := map[string]map[string]bool{}
	for _, c := range a.checkpoints {
		if files[c.Turn] == nil {
			files[c.Turn] = map[string]bool{}
		}
		files[c.Turn][c.Path] = true
	}
	var out []UserTurn
	for _, m := range a.conv.Messages {
		if m.Role == conv.User && m.ID != "" {
			out = append(out, UserTurn{ID: m.ID, Text: PromptText(&m), Files: len(files[m.ID])})
		}
	}
	return out
}

// RewindResult says what a rewind did.
type RewindResult struct {
	// Turns is how many user turns were rewound; Text is the first
	// rewound user message (a UI puts it back in the editor).
	Turns int    `json:"turns"`
	Text  string `json:"text"`
	// Restored are the files written back to their content before the
	// turns, Removed the files the turns had created.
	Restored []string `json:"restored"`
	Removed  []string `json:"removed"`
	// Kept are files changed since the tool's change (by hand, by a
	// shell command): they were not overwritten, each with why.
	Kept []string `json:"kept"`
	// Conversation reports that the conversation was rewound.
	Conversation bool `json:"conversation"`
}

// Rewind undoes the last turns user turns: restore is RestoreCode (the
// files write tools changed in those turns go back to how they were
// before them), RestoreConversation (the conversation continues from
// before the first of those user messages) or RestoreBoth. A file that
// no longer has the content the tool left is not overwritten: it is
// listed in Kept. Changes made by shell commands are not covered.
func (s *Session) Rewind(ctx context.Context, turns int, restore string) (RewindResult, error) {
	res := RewindResult{Restored: []string{}, Removed: []string{}, Kept: []string{}}
	if restore == "" {
		restore = RestoreBoth
	}
	if restore != RestoreCode && restore != RestoreConversation && restore != RestoreBoth {
		return res, fmt.Errorf("restore %q is not one of code, conversation, both", restore)
	}
	if s.agent.Running() {
		return res, errors.New("a turn is running: cancel it first")
	}
	users := s.UserTurns()
	if turns < 1 || turns > len(users) {
		return res, fmt.Errorf("cannot rewind %d turns: the conversation has %d user messages", turns, len(users))
	}
	first := users[len(users)-turns]
	res.Turns, res.Text = turns, first.Text
	if restore != RestoreConversation {
		ids := map[string]bool{}
		for _, u := range users[len(users)-turns:] {
			ids[u.ID] = true
		}
		s.agent.mu.Lock()
		var cps []store.Checkpoint
		for _, c := range s.agent.checkpoints {
			if ids[c.Turn] {
				cps = append(cps, c)
			}
		}
		s.agent.mu.Unlock()
		restoreFiles(cps, &res)
	}
	if restore != RestoreCode {
		if err := s.rewindConversation(ctx, first.ID); err != nil {
			return res, err
		}
		res.Conversation = true
	}
	return res, nil
}

// restoreFiles puts each file back as the earliest checkpoint found it,
// when it still has the content the latest one left.
func restoreFiles(cps []store.Checkpoint, res *RewindResult) {
	var order []string
	firstOf, lastOf := map[string]store.Checkpoint{}, map[string]store.Checkpoint{}
	for _, c := range cps {
		if _, ok := firstOf[c.Path]; !ok {
			firstOf[c.Path] = c
			order = append(order, c.Path)
		}
		lastOf[c.Path] = c
	}
	for _, path := range order {
		want, err := firstOf[path].BeforeBytes()
		if err != nil {
			res.Kept = append(res.Kept, path+": its checkpoint cannot be read: "+err.Error())
			continue
		}
		cur, err := os.ReadFile(path)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			res.Kept = append(res.Kept, path+": "+err.Error())
			continue
		}
		if err != nil {
			cur = nil
		}
		existedBefore := firstOf[path].Existed
		if (cur != nil) == existedBefore && bytes.Equal(cur, want) {
			continue // already as it was
		}
		if store.Digest(cur) != lastOf[path].After {
			res.Kept = append(res.Kept, path+": changed since "+lastOf[path].Tool+" changed it (not overwritten)")
			continue
		}
		if !existedBefore {
			if err := os.Remove(path); err != nil {
				res.Kept = append(res.Kept, path+": "+err.Error())
			} else {
				res.Removed = append(res.Removed, path)
			}
			continue
		}
		mode := fs.FileMode(0o644)
		if fi, err := os.Stat(path); err == nil {
			mode = fi.Mode().Perm()
		}
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, want, mode); err != nil {
			res.Kept = append(res.Kept, path+": "+err.Error())
			continue
		}
		res.Restored = append(res.Restored, path)
	}
}

// rewindConversation moves the branch point to just before the user
// message id: the next message continues from there.
func (s *Session) rewindConversation(ctx context.Context, id string) error {
	a := s.agent
	a.mu.Lock()
	var parent string
	var kept []conv.Message
	for i, m := range a.conv.Messages {
		if m.ID == id {
			parent = m.ParentID
			kept = append(kept, a.conv.Messages[:i]...)
			break
		}
	}
	a.mu.Unlock()
	if err := s.detach(); err != nil {
		return err
	}
	ls, ok := a.rec.(leafSetter)
	if !ok {
		return errors.New("this session's store cannot move its branch point")
	}
	if err := ls.SetLeaf(parent); err != nil {
		return err
	}
	c := &conv.Conversation{}
	if sess, err := s.loadCurrent(); err == nil && parent != "" {
		c = sess.ActiveBranch(parent)
	} else {
		for _, m := range kept {
			c.Append(m)
		}
	}
	s.switchTo(ctx, "tree", a.rec, c)
	return nil
}
