// Package luatest is `panto test`: it runs the Lua tests of an extension
// layer in a host built from that layer, the way a session loads it.
//
// Test files are the layer's *_test.lua files (beside the code they
// test, in extensions/ or tools/) and the .lua files of its tests/
// folder; discovery leaves all of them out of entries, modules and
// resources, so a bundle never carries them. Each file runs in a session
// of its own (package agent, no session kept on disk) over the layer and
// the standard tools, with a scripted model (the script protocol of
// package agent/provider/script) as the session's model. The file
// registers tests with require("panto.test").test(name, fn); each test
// runs as a coroutine the runner drives: the operations that drive the
// host — a tool call, a slash command, an event, a render, a model turn
// — are yielded to the runner, which performs them at the top of the
// owner goroutine with the host's own API (CallTool, RunCommand,
// FireEvent, Block.Render, Session.Prompt), exactly as a session or
// `panto run` would, and resumes the test with the result. Nothing is
// re-entered, so a turn's tools and handlers run as in a real session.
//
// Output follows `go test`: failures with their messages, a line per
// file, and a closing PASS or FAIL with the counts; -v shows every test
// and what it printed, and JSON gives one event per line as
// `go test -json` does. docs/testing.md is the author's documentation.
package luatest

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"panto/extension/discover"
)

//go:embed test.lua
var moduleSource string

//go:embed panto-test.lua
var stubs string

// Stubs returns the LuaLS definitions of require("panto.test"), which
// `panto stubs` writes beside the ABI's.
func Stubs() string { return stubs }

// Options say what to run and how to report it.
type Options struct {
	// Dir is the layer folder.
	Dir string
	// Run keeps only the tests whose name (or "file/name") it matches.
	Run *regexp.Regexp
	// JSON writes one JSON object per event instead of text.
	JSON bool
	// Verbose shows every test and what it printed.
	Verbose bool
	// Out receives the report.
	Out io.Writer
	// Discover is passed to discovery (tests pass their own environment).
	Discover discover.Options
}

// Summary counts what ran.
type Summary struct {
	Files, Passed, Failed, Skipped int
}

// Files lists a layer's test files, relative to dir, sorted.
func Files(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if p != dir && strings.HasPrefix(name, ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		inTests := strings.HasPrefix(rel, discover.TestsFolder+"/") && strings.HasSuffix(name, ".lua") && !strings.HasPrefix(name, "_")
		if discover.IsTestFile(name) || inTests {
			out = append(out, rel)
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// Run runs every test file of the layer and reports as it goes. The
// error is for a layer that cannot be tested at all (no folder, no test
// files); failing tests are counted in the summary.
func Run(ctx context.Context, o Options) (Summary, error) {
	var sum Summary
	fi, err := os.Stat(o.Dir)
	if err != nil {
		return sum, err
	}
	if !fi.IsDir() {
		return sum, fmt.Errorf("%s is not a folder", o.Dir)
	}
	files, err := Files(o.Dir)
	if err != nil {
		return sum, err
	}
	if len(files) == 0 {
		return sum, fmt.Errorf("no tests in %s: name test files *_test.lua, or put them in %s/", o.Dir, discover.TestsFolder)
	}
	rep := &reporter{o: o}
	start := time.Now()
	for _, f := range files {
		fr := runFile(ctx, o, rep, f)
		sum.Files++
		sum.Passed += fr.passed
		sum.Failed += fr.failed
		sum.Skipped += fr.skipped
	}
	rep.done(sum, time.Since(start))
	return sum, nil
}

// reporter writes the report, as text or JSON lines.
type reporter struct {
	o Options
}

type jsonEvent struct {
	Time    time.Time `json:"Time"`
	Action  string    `json:"Action"`
	File    string    `json:"File,omitempty"`
	Test    string    `json:"Test,omitempty"`
	Elapsed float64   `json:"Elapsed,omitempty"`
	Output  string    `json:"Output,omitempty"`
}

func (r *reporter) json(e jsonEvent) {
	e.Time = time.Now()
	b, _ := json.Marshal(e)
	fmt.Fprintf(r.o.Out, "%s\n", b)
}

func (r *reporter) start(file, test string) {
	if r.o.JSON {
		r.json(jsonEvent{Action: "run", File: file, Test: test})
	} else if r.o.Verbose {
		fmt.Fprintf(r.o.Out, "=== RUN   %s\n", test)
	}
}

// result reports one test: action is pass, fail or skip; msg is the
// failure (or skip reason) and out what it printed.
func (r *reporter) result(file, test, action, msg, out string, d time.Duration) {
	if r.o.JSON {
		if out != "" {
			r.json(jsonEvent{Action: "output", File: file, Test: test, Output: out})
		}
		if msg != "" {
			r.json(jsonEvent{Action: "output", File: file, Test: test, Output: msg + "\n"})
		}
		r.json(jsonEvent{Action: action, File: file, Test: test, Elapsed: d.Seconds()})
		return
	}
	if action == "pass" && !r.o.Verbose {
		return
	}
	if action == "skip" && !r.o.Verbose {
		return
	}
	fmt.Fprintf(r.o.Out, "--- %s: %s (%.2fs)\n", strings.ToUpper(action), test, d.Seconds())
	for _, text := range []string{msg, out} {
		if text == "" {
			continue
		}
		for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
			fmt.Fprintf(r.o.Out, "    %s\n", l)
		}
	}
}

func (r *reporter) file(file string, failed bool, note string, d time.Duration) {
	status := "ok  "
	if failed {
		status = "FAIL"
	}
	if r.o.JSON {
		action := "pass"
		if failed {
			action = "fail"
		}
		r.json(jsonEvent{Action: action, File: file, Elapsed: d.Seconds(), Output: note})
		return
	}
	if note != "" {
		note = " " + note
	}
	fmt.Fprintf(r.o.Out, "%s\t%s\t%.3fs%s\n", status, file, d.Seconds(), note)
}

func (r *reporter) done(s Summary, d time.Duration) {
	if r.o.JSON {
		return
	}
	if s.Failed > 0 {
		fmt.Fprintln(r.o.Out, "FAIL")
	} else {
		fmt.Fprintln(r.o.Out, "PASS")
	}
	line := fmt.Sprintf("%d passed, %d failed", s.Passed, s.Failed)
	if s.Skipped > 0 {
		line += fmt.Sprintf(", %d skipped", s.Skipped)
	}
	fmt.Fprintln(r.o.Out, line)
}
