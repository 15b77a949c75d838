package host

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"panto/runtime"
)

// What a call keeps of the output its handler streams (context.output):
// its start and its end, as the shell tool keeps a command's output, so
// a command that prints a gigabyte costs a few kilobytes and a cancelled
// call's result still shows how the output began and where it stopped.
const (
	streamHead = 8 << 10
	streamTail = 24 << 10
)

// streamed is the output a handler streamed so far, its first streamHead
// and last streamTail bytes, with the count of the bytes between.
type streamed struct {
	head, tail []byte
	total      int
}

func (s *streamed) add(p string) {
	s.total += len(p)
	if n := min(len(p), streamHead-len(s.head)); n > 0 {
		s.head = append(s.head, p[:n]...)
		p = p[n:]
	}
	if p == "" {
		return
	}
	s.tail = append(s.tail, p...)
	if extra := len(s.tail) - streamTail; extra > 0 {
		// Shift rather than reslice, so the array does not grow forever.
		s.tail = append(s.tail[:0], s.tail[extra:]...)
	}
}

// text is what was kept, as valid UTF-8, with a marker where bytes were
// left out.
func (s *streamed) text() string {
	omitted := s.total - len(s.head) - len(s.tail)
	if omitted == 0 {
		return strings.ToValidUTF8(string(s.head)+string(s.tail), "\uFFFD")
	}
	// Cut at character boundaries: the bytes left out may split one.
	head, tail := trimPartialEnd(string(s.head)), string(s.tail)
	for tail != "" && !utf8.RuneStart(tail[0]) {
		tail = tail[1:]
	}
	omitted = s.total - len(head) - len(tail)
	return strings.ToValidUTF8(head, "\uFFFD") + fmt.Sprintf("\n… [%d bytes omitted] …\n", omitted) + strings.ToValidUTF8(tail, "\uFFFD")
}

// trimPartialEnd drops a character cut short at the end of s.
func trimPartialEnd(s string) string {
	for i := len(s) - 1; i >= 0 && i >= len(s)-utf8.UTFMax; i-- {
		if utf8.RuneStart(s[i]) {
			if !utf8.FullRuneInString(s[i:]) {
				return s[:i]
			}
			return s
		}
	}
	return s
}

// Streamed is the output the handler streamed so far ("" when none).
func (tc *ToolCall) Streamed() string { return tc.stream.text() }

// streamOutput is context.output(text): the handler's output so far,
// shown while it runs (tool_output_delta with partial true) and kept as
// the result's start when the call is cancelled or fails.
func (tc *ToolCall) streamOutput(L *runtime.State) int {
	text := checkString(L, "output", 1)
	if text == "" || tc.done {
		return 0
	}
	tc.stream.add(text)
	tc.Block.touch()
	if tc.OnOutput != nil {
		tc.OnOutput(text)
	}
	if !tc.quiet {
		out := tc.stream.text()
		tc.h.fire(tc.h.vm.context(), "tool_output_delta", tc.Block, tc.fields(fieldValues{"delta": str(text), "output": str(out), "partial": runtime.True}))
	}
	return 0
}

// keepStreamed puts what a failed call streamed before its error: a
// cancelled command's output is what the user saw, and the model reads
// it too.
func (tc *ToolCall) keepStreamed() {
	if tc.OK || tc.stream.total == 0 {
		return
	}
	out := strings.TrimRight(tc.stream.text(), "\n")
	tc.Output = out + "\n[" + tc.Output + "]"
}

// ResultDelta is the delta of the last tool_output_delta: what the result
// adds to the streamed output when it continues it, else the whole
// result (which then replaces what was streamed; partial is false).
func (tc *ToolCall) ResultDelta() string {
	if tc.stream.total == 0 {
		return tc.Output
	}
	if s := tc.stream.text(); strings.HasPrefix(tc.Output, s) {
		return tc.Output[len(s):]
	}
	return tc.Output
}
