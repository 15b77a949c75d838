package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"panto/agent/conv"
	"panto/host"
)

// A prompt that starts with "!" is a command the user runs themselves
// (Claude Code's bash mode, pi's !): it runs through the shell tool, so
// the permission rules, the approval question, the sandbox and the
// output caps are the model's own, and its output streams into the
// transcript as a tool block does. The command and what it printed then
// join the conversation as a user message of their own, which the model
// reads at the next turn and a resumed session draws again.

// shellCapBytes caps the output kept in the conversation (the shell tool
// keeps less already: its head and tail).
const shellCapBytes = 50 * 1024

// ShellResult is how a user's command ended: Output as the conversation
// keeps it (partial when cancelled), OK false when it failed or was
// cancelled.
type ShellResult struct {
	Command   string
	Output    string
	OK        bool
	Cancelled bool
}

// RunShell runs a command the user typed after "!" through the shell
// tool and records it and its output in the conversation. While it runs
// no turn can start, and Cancel stops it (what it printed is kept). A
// refusal (a deny rule, the user's answer, no shell tool) is the error,
// and nothing is recorded. It must not run on the owner.
func (s *Session) RunShell(ctx context.Context, command string) (ShellResult, error) {
	a := s.agent
	ctx, err := a.begin(ctx)
	if err != nil {
		return ShellResult{}, err
	}
	defer a.end()
	var tool *host.Tool
	if err := s.owner.do(ctx, func() {
		if s.host.State() != nil {
			tool = s.host.Tool("shell")
		}
	}); err != nil {
		return ShellResult{}, err
	}
	if tool == nil {
		return ShellResult{}, errors.New("no shell tool is registered (the standard tools are off)")
	}
	input, _ := json.Marshal(map[string]string{"command": command})
	id := fmt.Sprintf("user-shell-%d", time.Now().UnixNano())
	c := &pendingCall{id: id, name: "shell", input: string(input)}
	if err := s.authorize(ctx, callOf(tool, c)); err != nil {
		return ShellResult{}, err
	}
	res := ShellResult{Command: command}
	var tc *host.ToolCall
	werr := s.owner.await(ctx, func(signal func()) {
		if s.host.State() == nil {
			signal()
			return
		}
		tc = s.host.BeginToolCall(ctx, 0)
		s.emit(Event{Type: "tool", Fields: map[string]any{"index": 0}, Call: tc})
		tc.Details(ctx, "shell", id)
		s.emit(Event{Type: "tool_details", Fields: map[string]any{"index": 0, "tool_name": "shell", "id": id}, Call: tc})
		if err := tc.ReplaceInput(string(input)); err != nil {
			tc.Fail(err.Error())
		}
		tc.Bind(tool)
		s.emit(Event{Type: "tool_dispatch_start", Fields: map[string]any{"index": 0, "tool_name": "shell", "id": id}, Call: tc})
		tc.OnOutput = func(delta string) {
			s.emit(Event{Type: "tool_output_delta", Fields: map[string]any{"index": 0, "tool_name": "shell", "id": id, "delta": delta, "partial": true}, Call: tc})
		}
		tc.Dispatch(ctx, a)
		tc.OnFinished(signal)
	})
	if werr != nil && ctx.Err() == nil {
		return ShellResult{}, werr
	}
	res.Cancelled = ctx.Err() != nil
	done := context.WithoutCancel(ctx)
	s.owner.do(done, func() {
		if tc == nil {
			return
		}
		if s.host.State() != nil {
			tc.Await(ctx)
		}
		res.Output, res.OK = tc.Output, tc.OK && !res.Cancelled
		if !tc.Done() {
			res.Output = tc.Streamed()
		}
		s.emit(Event{Type: "tool_output_delta", Fields: map[string]any{"index": 0, "tool_name": "shell", "id": id,
			"delta": tc.ResultDelta(), "output": res.Output, "partial": false}, Call: tc})
		s.emit(Event{Type: "tool_result", Fields: map[string]any{"index": 0, "tool_name": "shell", "id": id,
			"output": res.Output, "result_ok": res.OK}, Call: tc})
	})
	if len(res.Output) > shellCapBytes {
		cut := res.Output[:shellCapBytes]
		for len(cut) > 0 && !isRuneStart(res.Output[len(cut)]) {
			cut = cut[:len(cut)-1]
		}
		res.Output = cut + fmt.Sprintf("\n[cut: the first %s of %s of output are kept]", sizeText(int64(len(cut))), sizeText(int64(len(res.Output))))
	}
	if res.Cancelled {
		res.Output = strings.TrimRight(res.Output, "\n") + "\n[cancelled by the user]"
	}
	m := conv.Message{Role: conv.User, Blocks: []conv.Block{conv.TextBlock(shellTag(res))}, Time: time.Now()}
	if _, err := a.appendMessage(m); err != nil {
		return res, err
	}
	a.sync()
	return res, nil
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// shellTag is the user message that keeps a command and its output.
func shellTag(r ShellResult) string {
	return fmt.Sprintf("<shell-command command=%q ok=\"%t\">\nThe user ran this command in the project's shell; its output:\n%s\n</shell-command>",
		r.Command, r.OK, strings.TrimRight(r.Output, "\n"))
}

// shellHead reads a recorded command back; compiled on first use, not in
// every process's init (cmd/panto's start-up test).
var shellHeadOnce struct {
	sync.Once
	v *regexp.Regexp
}

func shellHead() *regexp.Regexp {
	shellHeadOnce.Do(func() {
		shellHeadOnce.v = regexp.MustCompile(`^<shell-command command=("(?:[^"\\]|\\.)*") ok="(true|false)">\nThe user ran this command in the project's shell; its output:\n`)
	})
	return shellHeadOnce.v
}

// ShellCommandOf reads back a user message RunShell recorded; false for
// any other message.
func ShellCommandOf(m *conv.Message) (ShellResult, bool) {
	if m.Role != conv.User || len(m.Blocks) != 1 || m.Blocks[0].Type != conv.Text {
		return ShellResult{}, false
	}
	text := m.Blocks[0].Text
	h := shellHead().FindStringSubmatch(text)
	if h == nil || !strings.HasSuffix(text, "\n</shell-command>") {
		return ShellResult{}, false
	}
	cmd, err := strconv.Unquote(h[1])
	if err != nil {
		return ShellResult{}, false
	}
	out := strings.TrimSuffix(text[len(h[0]):], "\n</shell-command>")
	return ShellResult{Command: cmd, Output: out, OK: h[2] == "true"}, true
}
