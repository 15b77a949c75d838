package host

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"panto/diag"
	"panto/extension/abi"
)

// Stage says when a problem happened.
type Stage string

const (
	StageConfig   Stage = "config"   // a config.toml or discovery warning
	StageEvaluate Stage = "evaluate" // running a source file
	StageActivate Stage = "activate" // running activate() or registering a declaration
	StageHandler  Stage = "handler"  // an event handler failed during dispatch
	StageRender   Stage = "render"   // a component failed to render
	StageTeardown Stage = "teardown" // a protocol's close callback failed
	StageSession  Stage = "session"  // a stored session that did not load whole
)

// Problem is something that went wrong without taking the session down:
// the host reports it and carries on with the other extensions. Where it
// happened is its Diagnostic: the file (display path), and the line and
// column when known. A syntax error keeps the compiler's line and column;
// a Lua error raised in the problem's own file has its "file:line: "
// prefix moved from the message into the position.
type Problem struct {
	Stage Stage
	// Subject names what failed inside the file ("entry 'x'", "tool
	// 'echo'"), when there is more than one thing there.
	Subject string
	diag.Diagnostic
}

// String reads "stage: file:line:col: message (subject)", with the parts
// of the position that are known.
func (p Problem) String() string {
	d := p.Diagnostic
	d.Severity = diag.Error // every problem is reported alike
	msg := d.String()
	if p.Subject != "" {
		msg += " (" + p.Subject + ")"
	}
	return string(p.Stage) + ": " + msg
}

// problemAt is a problem in file with message msg, where msg may be a Lua
// error message: one that starts with "file:line: " (how Lua positions
// an error raised in that file) gives the problem that line, and one that
// starts with "file: " loses that prefix, so the message is not
// positioned twice.
func problemAt(stage Stage, file, subject, msg string) Problem {
	msg += callHint(msg)
	p := Problem{Stage: stage, Subject: subject, Diagnostic: diag.Diagnostic{File: file, Message: msg}}
	src := chunkPrefix(file, msg)
	if src == "" {
		return p
	}
	rest := msg[len(src)+1:]
	if strings.HasPrefix(rest, " ") { // "file: message": no line
		p.Message = rest[1:]
		return p
	}
	i := 0
	for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
		i++
	}
	if i == 0 || !strings.HasPrefix(rest[i:], ": ") {
		return p
	}
	line, err := strconv.Atoi(rest[:i])
	if err != nil {
		return p
	}
	p.Line, p.Message = line, rest[i+2:]
	return p
}

// chunkPrefix is how msg names file at its start, followed by ':': the
// file itself, or Lua's shortened source name ("..." and the file's last
// characters) when the path is longer than a chunk id holds; "" when msg
// does not start with file.
func chunkPrefix(file, msg string) string {
	if file == "" {
		return ""
	}
	if strings.HasPrefix(msg, file+":") {
		return file
	}
	if !strings.HasPrefix(msg, "...") {
		return ""
	}
	for i := 3; i < len(msg); i++ {
		if msg[i] == ':' && i > 3 && strings.HasSuffix(file, msg[3:i]) {
			return msg[:i]
		}
		if msg[i] == '\n' {
			break
		}
	}
	return ""
}

// loadProblem is the problem of a file that failed to load: a syntax error
// keeps the compiler's position, column included, under the file's name.
func loadProblem(file string, err error) Problem {
	var d *diag.Diagnostic
	if errors.As(err, &d) {
		p := Problem{Stage: StageEvaluate, Diagnostic: *d}
		p.File = file
		return p
	}
	return problemAt(StageEvaluate, file, "", err.Error())
}

// firstLine keeps the message of a Lua error and drops any traceback that
// follows it; tracebacks go to logs, not to one-line reports.
func firstLine(msg string) string {
	if i := strings.Index(msg, "\nstack traceback:"); i >= 0 {
		msg = msg[:i]
	}
	return strings.TrimRight(msg, "\n")
}

// NewProblem is a problem in file (display path, "" when none) with a
// message that may carry Lua's "file:line: " prefix: Go code reporting
// for the host (a session running a protocol's callbacks) positions its
// problems the way the host does.
func NewProblem(stage Stage, file, subject, msg string) Problem {
	return problemAt(stage, file, subject, msg)
}

// callHint adds "did you mean" to Lua's message for a call of a missing
// field whose name is close to a function of the panto module
// (panto.ext.register_tol { ... }): the VM knows only the field's name,
// the ABI knows what exists.
func callHint(msg string) string {
	if strings.Contains(msg, "(global 'bone')") || strings.Contains(msg, "(global 'cjson')") {
		// bone's Lua dropped among panto's extensions: it runs as it is
		// from where the bone layer loads it.
		return "; this is bone's Lua API: panto runs bone code unchanged from ~/.bone-rust/init.lua or a layer's bone/init.lua, not from extensions/ or tools/ (docs/bone.md)"
	}
	const pre = "attempt to call a nil value (field '"
	i := strings.Index(msg, pre)
	if i < 0 {
		return ""
	}
	rest := msg[i+len(pre):]
	j := strings.IndexByte(rest, '\'')
	if j <= 0 {
		return ""
	}
	name := rest[:j]
	spec := abi.Get()
	for _, t := range spec.Module.Tables {
		if t.Kind == "class" {
			continue
		}
		if sug := diag.Suggest(name, t.Names()); sug != "" {
			return fmt.Sprintf("; %s has no '%s': did you mean %s.%s?", t.Name, name, t.Name, sug)
		}
	}
	for _, f := range spec.ForeignFunctions {
		if f.Name == name && f.Use != "" {
			return fmt.Sprintf("; panto.ext has no '%s': did you mean panto.ext.%s?", name, f.Use)
		}
	}
	return ""
}
