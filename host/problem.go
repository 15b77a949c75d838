package host

import "strings"

// Stage says when a problem happened.
type Stage string

const (
	StageConfig   Stage = "config"   // a config.toml or discovery warning
	StageEvaluate Stage = "evaluate" // running a source file
	StageActivate Stage = "activate" // running activate() or registering a declaration
	StageHandler  Stage = "handler"  // an event handler failed during dispatch
	StageRender   Stage = "render"   // a component failed to render
	StageTeardown Stage = "teardown" // a protocol's close callback failed
)

// Problem is something that went wrong without taking the session down:
// the host reports it and carries on with the other extensions.
type Problem struct {
	Stage Stage
	// Source is the file the problem belongs to (display path), when
	// known.
	Source string
	// Subject names what failed inside the source ("entry 'x'", "tool
	// 'echo'"), when there is more than one thing there.
	Subject string
	// Message already carries file:line when Lua gave a position.
	Message string
}

// String reads "stage: file:line: message (subject)"; the file is added
// when the message does not start with it already.
func (p Problem) String() string {
	msg := p.Message
	if p.Source != "" && !strings.HasPrefix(msg, p.Source) {
		msg = p.Source + ": " + msg
	}
	if p.Subject != "" {
		msg += " (" + p.Subject + ")"
	}
	return string(p.Stage) + ": " + msg
}

// firstLine keeps the message of a Lua error and drops any traceback that
// follows it; tracebacks go to logs, not to one-line reports.
func firstLine(msg string) string {
	if i := strings.Index(msg, "\nstack traceback:"); i >= 0 {
		msg = msg[:i]
	}
	return strings.TrimRight(msg, "\n")
}
