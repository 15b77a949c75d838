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

// RunCommand runs a slash line: command_start, the handler (a driven
// entrypoint: it may await), command_end. A string result is the output;
// nil and other values give no output.
func (h *Host) RunCommand(ctx context.Context, line string) (string, error) {
	name, args, ok := ParseSlash(line)
	if !ok {
		return "", fmt.Errorf("%q: not a slash command (it must start with '/' and a name)", line)
	}
	v := h.vm
	if v == nil {
		return "", errClosed
	}
	cmd := h.lookupCommand(v.reg, name)
	if cmd == nil {
		return "", fmt.Errorf("/%s: unknown command%s", name, h.known("commands", len(h.allCommands(v.reg))))
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
		return "", fmt.Errorf("/%s: %s", name, firstLine(err.Error()))
	}
	if len(res) > 0 && res[0].IsString() {
		return res[0].AsString(), nil
	}
	return "", nil
}
