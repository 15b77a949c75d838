package host

import (
	"context"
	"fmt"
	"strings"

	"panto/runtime"
)

// ParseSlash splits "/name rest" into the command name and the trimmed
// remainder the handler receives.
func ParseSlash(line string) (name, args string, ok bool) {
	line = strings.TrimSpace(line)
	if !strings.HasPrefix(line, "/") || len(line) < 2 {
		return "", "", false
	}
	line = line[1:]
	if i := strings.IndexFunc(line, isSpace); i >= 0 {
		return line[:i], strings.TrimSpace(line[i:]), true
	}
	return line, "", true
}

func isSpace(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' }

// CommandOutput is what a command's handler gave back to show.
type CommandOutput struct {
	// Text is the output ("" for none).
	Text string
	// Markdown marks Text as markdown (a handler returned { text,
	// markdown = true }, ABI 1.5): the terminal UI renders it as it
	// renders an assistant message; a front-end that prints to a pipe or
	// a file prints the text as it is.
	Markdown bool
}

// RunCommand runs a slash line and returns its output's text (see
// RunCommandOutput).
func (h *Host) RunCommand(ctx context.Context, line string) (string, error) {
	out, err := h.RunCommandOutput(ctx, line)
	return out.Text, err
}

// RunCommandOutput runs a slash line: command_start, the handler (a
// driven entrypoint: it may await), command_end. A string result is the
// output; a table { text, markdown? } is text marked as markdown or not;
// nil and other values give no output.
func (h *Host) RunCommandOutput(ctx context.Context, line string) (CommandOutput, error) {
	name, args, ok := ParseSlash(line)
	if !ok {
		return CommandOutput{}, fmt.Errorf("%q: not a slash command (it must start with '/' and a name)", line)
	}
	v := h.vm
	if v == nil {
		return CommandOutput{}, errClosed
	}
	cmd := h.lookupCommand(v.reg, name)
	if cmd == nil {
		return CommandOutput{}, fmt.Errorf("/%s: unknown command%s", name, h.known("commands", len(h.allCommands(v.reg))))
	}
	handler := cmd.Handler
	if cmd.Run != nil {
		handler = v.nativeCommandHandler(cmd)
	}
	h.fire(ctx, "command_start", nil, fieldValues{"command": str(name), "args": str(args)})
	v.inCommand = true
	leave := v.enter(ctx)
	res, err := v.loop.CallDriven(ctx, handler, runtime.String(args))
	v.inCommand = false
	leave()
	end := fieldValues{"command": str(name), "args": str(args), "ok": runtime.Bool(err == nil)}
	if err != nil {
		end["error"] = str(firstLine(err.Error()))
	}
	h.fire(ctx, "command_end", nil, end)
	if err != nil {
		return CommandOutput{}, fmt.Errorf("/%s: %s", name, firstLine(err.Error()))
	}
	if len(res) == 0 {
		return CommandOutput{}, nil
	}
	out, err := commandOutput(res[0])
	if err != nil {
		return CommandOutput{}, fmt.Errorf("/%s: %v", name, err)
	}
	return out, nil
}

// commandOutput reads a handler's result: a string, or a table with a
// string text and an optional boolean markdown. Any other value, a table
// without either field included, is no output, as before ABI 1.5.
func commandOutput(v runtime.Value) (CommandOutput, error) {
	if v.IsString() {
		return CommandOutput{Text: v.AsString()}, nil
	}
	t := v.AsTable()
	if t == nil {
		return CommandOutput{}, nil
	}
	text, md := t.GetStr("text"), t.GetStr("markdown")
	if text.IsNil() && md.IsNil() {
		return CommandOutput{}, nil
	}
	if !text.IsString() {
		return CommandOutput{}, fmt.Errorf("the result's text must be a string, got %s; a command handler returns a string or { text, markdown? }", text.TypeName())
	}
	if !md.IsNil() && md.Type() != runtime.TypeBoolean {
		return CommandOutput{}, fmt.Errorf("the result's markdown must be a boolean, got %s", md.TypeName())
	}
	return CommandOutput{Text: text.AsString(), Markdown: md.AsBool()}, nil
}
