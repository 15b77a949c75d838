package stdext_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"panto/extension/discover"
	"panto/host"
	"panto/internal/pantobin"
	"panto/stdext"
)

// session is a host whose project root is proj, loaded the way
// `panto run LAYER` loads it: the layer folder as the only discovered
// layer, the standard tools beneath it.
type session struct {
	*host.Host
	proj     string
	reported []host.Problem
}

// newSession starts a host over an empty layer (or the given files in
// it) with proj as its working directory and project root.
func newSession(t *testing.T, layerFiles map[string]string) *session {
	t.Helper()
	proj := t.TempDir()
	layer := t.TempDir()
	for p, c := range layerFiles {
		write(t, filepath.Join(layer, p), c)
	}
	setup, err := discover.Folder(layer, discover.Options{Cwd: proj, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	setup.AddBase(stdext.FS(), "")
	s := &session{proj: proj}
	h, err := host.New(context.Background(), host.Options{
		Setup: setup, Stdout: io.Discard, Stderr: io.Discard,
		Report: func(p host.Problem) { s.reported = append(s.reported, p) },
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	s.Host = h
	if len(s.reported) > 0 {
		t.Fatalf("loading reported problems: %v", s.reported)
	}
	return s
}

// path is a file below the project root.
func (s *session) path(rel string) string { return filepath.Join(s.proj, rel) }

func (s *session) write(t *testing.T, rel, content string) string {
	t.Helper()
	return write(t, s.path(rel), content)
}

func (s *session) read(t *testing.T, rel string) string {
	t.Helper()
	b, err := os.ReadFile(s.path(rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func write(t *testing.T, p, content string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// call runs a tool with a JSON input through the whole lifecycle, as
// `panto run --tool` does.
func (s *session) call(t *testing.T, tool, input string) *host.ToolCall {
	t.Helper()
	tc, err := s.CallTool(context.Background(), tool, input)
	if err != nil {
		t.Fatalf("%s %s: %v", tool, input, err)
	}
	if len(s.reported) > 0 {
		t.Fatalf("%s %s: problems: %v", tool, input, s.reported)
	}
	return tc
}

// ok calls a tool that must succeed and returns its output.
func (s *session) ok(t *testing.T, tool, input string) string {
	t.Helper()
	tc := s.call(t, tool, input)
	if !tc.OK {
		t.Fatalf("%s %s failed: %s", tool, input, tc.Output)
	}
	return tc.Output
}

// fails calls a tool that must fail with a message containing each want.
func (s *session) fails(t *testing.T, tool, input string, want ...string) string {
	t.Helper()
	tc := s.call(t, tool, input)
	if tc.OK {
		t.Fatalf("%s %s succeeded, want an error containing %q:\n%s", tool, input, want, tc.Output)
	}
	for _, w := range want {
		if !strings.Contains(tc.Output, w) {
			t.Errorf("%s %s: error %q lacks %q", tool, input, tc.Output, w)
		}
	}
	if strings.Contains(tc.Output, "\n") {
		t.Errorf("%s %s: the error has several lines, the host keeps only the first: %q", tool, input, tc.Output)
	}
	if strings.Contains(tc.Output, ".lua:") {
		t.Errorf("%s %s: the error shows a Lua position: %q", tool, input, tc.Output)
	}
	return tc.Output
}

func contains(t *testing.T, what, got string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, got)
		}
	}
}

var standard = []string{"edit", "find", "grep", "ls", "read", "shell", "skill", "task", "todo", "web_fetch", "write"}

func TestStandardToolsRegistered(t *testing.T) {
	s := newSession(t, nil)
	var names []string
	for _, tool := range s.Tools() {
		names = append(names, tool.Name)
		if want := "base:tools/" + tool.Name + ".lua"; tool.Source != want {
			t.Errorf("%s: source %q, want %q", tool.Name, tool.Source, want)
		}
		if !strings.Contains(string(tool.SchemaJSON), `"additionalProperties":false`) {
			t.Errorf("%s: schema %s", tool.Name, tool.SchemaJSON)
		}
	}
	if strings.Join(names, ",") != strings.Join(standard, ",") {
		t.Fatalf("tools %v, want %v", names, standard)
	}
	// One shared set of lifecycle handlers, not one per tool: tool_details,
	// tool_delta, tool_call_complete, tool_dispatch_start,
	// tool_output_delta, tool_result, tool_collapse and tool_replay.
	if n := len(s.Handlers()); n != 8 {
		t.Errorf("%d event handlers, want 8", n)
	}
}

// TestEmbeddedHelpers checks that the underscore helpers made it into the
// binary: a directory embed pattern would silently leave them out.
func TestEmbeddedHelpers(t *testing.T) {
	for _, name := range []string{"_std.lua", "_fs.lua", "_path.lua", "_text.lua", "_glob.lua"} {
		if _, err := stdext.FS().Open("tools/" + name); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestUserToolOverridesBase: a layer above the base one that defines a
// tool of the same name replaces it (and only it).
func TestUserToolOverridesBase(t *testing.T) {
	s := newSession(t, map[string]string{
		"tools/read.lua": `return { name = "read", description = "mine", schema = { type = "object" },
			handler = function() return "user read" end }`,
	})
	if got := s.ok(t, "read", `{"path":"x"}`); got != "user read" {
		t.Errorf("read = %q", got)
	}
	if src := s.Tool("read").Source; strings.HasPrefix(src, "base:") {
		t.Errorf("read comes from %s", src)
	}
	if len(s.Tools()) != len(standard) {
		t.Errorf("%d tools", len(s.Tools()))
	}
	shadowed := false
	for _, sk := range s.Skipped() {
		if sk.Name == "read" && sk.Source == "base:tools/read.lua" && strings.Contains(sk.Reason, "shadowed") {
			shadowed = true
		}
	}
	if !shadowed {
		t.Errorf("the base read is not reported as shadowed: %+v", s.Skipped())
	}
	// The overriding tool keeps the default rendering: the base renderer
	// is for the base tool only.
	tc := s.call(t, "read", `{}`)
	if tc.Block.Custom() {
		t.Error("the user's read got the base renderer")
	}
	// The other standard tools still work, and still render.
	s.write(t, "f.txt", "x\n")
	tc = s.call(t, "ls", `{}`)
	contains(t, "ls", tc.Output, "f.txt")
	if !tc.Block.Custom() {
		t.Error("ls lost its renderer")
	}
}

// TestDeny: [extensions] deny and allow treat a tool and its renderer as
// one, by the tool's name.
func TestDeny(t *testing.T) {
	s := newSession(t, map[string]string{"config.toml": "[extensions]\ndeny = [\"shell\", \"e*\"]\n"})
	var names []string
	for _, tool := range s.Tools() {
		names = append(names, tool.Name)
	}
	var want []string
	for _, n := range standard {
		if n != "shell" && !strings.HasPrefix(n, "e") {
			want = append(want, n)
		}
	}
	if strings.Join(names, ",") != strings.Join(want, ",") {
		t.Errorf("tools %v, want %v", names, want)
	}
	s = newSession(t, map[string]string{"config.toml": "[extensions]\nallow = [\"read\"]\n"})
	if len(s.Tools()) != 1 || s.Tool("read") == nil {
		t.Fatalf("tools %v", s.Tools())
	}
	s.write(t, "f.txt", "x\n")
	if tc := s.call(t, "read", `{"path":"f.txt"}`); !tc.OK || !tc.Block.Custom() {
		t.Errorf("read alone: ok %v, custom %v", tc.OK, tc.Block.Custom())
	}
}

func TestInputValidation(t *testing.T) {
	s := newSession(t, nil)
	s.write(t, "f.txt", "a\nb\n")
	s.fails(t, "read", `{}`, "'path' is required")
	s.fails(t, "read", `{"file_path":"f.txt"}`, "unknown field 'file_path'", "limit, offset, path")
	s.fails(t, "read", `{"path":3}`, "'path' must be a string, got a number")
	s.fails(t, "read", `{"path":""}`, "'path' must not be empty")
	s.fails(t, "read", `{"path":"f\u0000.txt"}`, "NUL")
	s.fails(t, "read", `{"path":"f.txt","offset":0}`, "'offset' must be at least 1, got 0")
	s.fails(t, "read", `{"path":"f.txt","offset":1.5}`, "'offset' must be an integer, got a number")
	s.fails(t, "read", `{"path":"f.txt","limit":"10"}`, "'limit' must be an integer, got a string")
	s.fails(t, "edit", `{"path":"f.txt","old_string":"a","new_string":"b","replace_all":"yes"}`, "'replace_all' must be true or false")
	s.fails(t, "shell", `{"command":"true","timeout_ms":600001}`, "at most 600000")
	// Integral floats and nulls are what models send: accepted.
	contains(t, "read", s.ok(t, "read", `{"path":"f.txt","offset":2.0,"limit":null}`), "     2\tb")
}

// TestRender draws a tool block as the terminal would: the base renderer
// replaces the default component, with a header naming the input.
func TestRender(t *testing.T) {
	s := newSession(t, nil)
	s.write(t, "src/a.txt", "one\ntwo\n")
	cases := []struct{ tool, input, header, body string }{
		{"read", `{"path":"src/a.txt","offset":1,"limit":5}`, "read src/a.txt:1-5", "1  one"},
		{"ls", `{"path":"src"}`, "ls src", "src: 1 entry"},
		{"edit", `{"path":"src/a.txt","old_string":"two","new_string":"three"}`, "edit src/a.txt", "+ three"},
		{"shell", `{"command":"echo hi; exit 4"}`, "shell $ echo hi; exit 4", "[exit code: 4]"},
		{"grep", `{"pattern":"one"}`, "grep one", "src/a.txt:1:one"},
		{"find", `{"pattern":"*.txt"}`, "find *.txt", "src/a.txt"},
		{"write", `{"path":"n.lua","content":"return 1\n"}`, "write n.lua", "return 1"},
		{"read", `{"path":"missing"}`, "read missing", "missing does not exist"},
	}
	for _, c := range cases {
		t.Run(c.input, func(t *testing.T) {
			tc := s.call(t, c.tool, c.input)
			if !tc.Block.Custom() {
				t.Errorf("%s: no Lua component", c.tool)
				return
			}
			rows := plain(tc.Block.Render(context.Background(), 70))
			if len(rows) == 0 || !strings.Contains(rows[0], c.header) {
				t.Errorf("%s: header %q, want %q", c.tool, first(rows), c.header)
			}
			contains(t, c.tool+" block", strings.Join(rows, "\n"), c.body)
			for _, r := range rows {
				if strings.Contains(r, "component render failed") {
					t.Errorf("%s: %s", c.tool, r)
				}
			}
			// Collapsed, the block is shorter or as short.
			tc.SetCollapsed(context.Background(), true)
			if n := len(plain(tc.Block.Render(context.Background(), 70))); n > len(rows) {
				t.Errorf("%s: collapsed block has %d rows, expanded %d", c.tool, n, len(rows))
			}
		})
	}
	// While the arguments stream in, the header shows what arrived.
	ctx := context.Background()
	tc := s.BeginToolCall(ctx, 1)
	tc.Details(ctx, "read", "streamed")
	tc.ArgumentDelta(ctx, `{"path":"src/a`)
	if rows := plain(tc.Block.Render(ctx, 70)); first(rows) != "● read src/a" {
		t.Errorf("streaming header %q", rows)
	}
	tc.ArgumentDelta(ctx, `.txt", "limit": 1}`)
	if err := tc.Complete(ctx); err != nil {
		t.Fatal(err)
	}
	tc.Run(ctx)
	if rows := plain(tc.Block.Render(ctx, 70)); first(rows) != "● read src/a.txt:1-1" || !strings.Contains(strings.Join(rows, "\n"), "Showing lines 1-1") {
		t.Errorf("streamed call rows %q", rows)
	}

	// After a rebuild (a new Lua state), the renderer is installed again.
	s.Rebuild(context.Background(), "reload")
	if tc := s.call(t, "ls", `{}`); !tc.Block.Custom() {
		t.Error("no Lua component after a rebuild")
	}
}

var sgr = regexp.MustCompile("\x1b\\[[0-9;]*m")

func plain(rows []string) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = strings.TrimRight(sgr.ReplaceAllString(r, ""), " ")
	}
	return out
}

func first(rows []string) string {
	if len(rows) == 0 {
		return ""
	}
	return rows[0]
}

// pantoBinary is the panto binary, for the tests that run the command
// line; -short skips them.
func pantoBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("building panto takes a while; -short skips it")
	}
	return pantobin.Path(t)
}

func TestMain(m *testing.M) { os.Exit(pantobin.Run(m)) }

// TestRunList: `panto run <any folder> --list` shows the standard tools
// from the base layer, and a tool of the folder overrides its namesake.
func TestRunList(t *testing.T) {
	bin := pantoBinary(t)
	empty := t.TempDir()
	out, err := exec.Command(bin, "run", empty, "--list").CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	contains(t, "--list", string(out), fmt.Sprintf("tools (%d)", len(standard)))
	for _, name := range standard {
		if !regexp.MustCompile(`(?m)^  ` + name + `\s.*base:tools/` + name + `\.lua$`).Match(out) {
			t.Errorf("--list lacks the base %s:\n%s", name, out)
		}
	}

	layer := t.TempDir()
	write(t, filepath.Join(layer, "tools", "ls.lua"), `return { name = "ls", description = "My ls.", schema = { type = "object" },
		handler = function() return "my ls" end }`)
	out, err = exec.Command(bin, "run", layer, "--list").CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	contains(t, "--list", string(out), fmt.Sprintf("tools (%d)", len(standard)), "My ls.", "skipped (1)", "base:tools/ls.lua")
	out, err = exec.Command(bin, "run", layer, "--tool", "ls", "--input", "{}").CombinedOutput()
	if err != nil || string(out) != "my ls\n" {
		t.Errorf("ls: %v %q", err, out)
	}

	// And a standard tool runs from the command line, relative to the
	// working directory (the project root).
	proj := t.TempDir()
	write(t, filepath.Join(proj, "hello.txt"), "hello\n")
	cmd := exec.Command(bin, "run", empty, "--tool", "read", "--input", `{"path":"hello.txt"}`)
	cmd.Dir = proj
	out, err = cmd.CombinedOutput()
	if err != nil || string(out) != "     1\thello\n" {
		t.Errorf("read: %v %q", err, out)
	}
}
