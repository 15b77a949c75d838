package luatest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"panto/agent"
	"panto/agent/provider"
	"panto/agent/provider/script"
	"panto/extension/config"
	"panto/extension/discover"
	"panto/host"
	"panto/runtime"
	"panto/stdext"
)

// The scripted model every test session uses: a provider of the
// session's settings (above the layer's own configuration) whose
// protocol the runner serves.
const (
	testProvider = "test"
	testProtocol = "panto-test-script"
	testModel    = "scripted"
)

// fileResult counts one file's tests.
type fileResult struct{ passed, failed, skipped int }

// fileRun is one test file's session and what the runner keeps about it.
type fileRun struct {
	o    Options
	rep  *reporter
	file string // relative to the layer
	sess *agent.Session
	st   *host.State
	mod  *runtime.Table
	op   runtime.Value // the marker of yielded operations

	mu       sync.Mutex
	out      bytes.Buffer // what Lua printed
	problems []string
	events   []agent.Event

	script *script.Protocol // the current turn's responses
	blocks []*host.Block    // blocks handed to Lua, by id-1
}

// Open delegates to the current turn's script: the session keeps one
// protocol instance, the runner swaps what it replays.
func (f *fileRun) Open(ctx context.Context, req *provider.Request) (provider.Stream, error) {
	f.mu.Lock()
	s := f.script
	f.mu.Unlock()
	if s == nil {
		return nil, &provider.Error{Kind: provider.InvalidRequest, Provider: req.Provider,
			Message: "the test session's model has no script: run model turns with t.turn { prompt = ..., script = { ... } }"}
	}
	return s.Open(ctx, req)
}

func (f *fileRun) printed() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	s := f.out.String()
	f.out.Reset()
	return s
}

func runFile(ctx context.Context, o Options, rep *reporter, file string) fileResult {
	start := time.Now()
	f := &fileRun{o: o, rep: rep, file: file}
	var res fileResult
	fail := func(note string, msgs ...string) fileResult {
		res.failed++
		rep.result(file, "(load)", "fail", strings.Join(msgs, "\n"), f.printed(), time.Since(start))
		rep.file(file, true, note, time.Since(start))
		return res
	}
	if err := f.open(ctx); err != nil {
		return fail("[setup failed]", err.Error())
	}
	defer f.sess.Close()
	if len(f.problems) > 0 {
		return fail("[the layer did not load]", f.problems...)
	}
	if err := f.load(ctx); err != nil {
		return fail("[the test file did not load]", err.Error())
	}
	tests := f.mod.GetStr("_tests").AsTable()
	for i := int64(1); i <= tests.Len(); i++ {
		t := tests.GetInt(i).AsTable()
		name := t.GetStr("name").AsString()
		if o.Run != nil && !o.Run.MatchString(name) && !o.Run.MatchString(file+"/"+name) {
			continue
		}
		rep.start(file, name)
		ts := time.Now()
		action, msg := f.runTest(ctx, t.GetStr("fn"))
		// Problems the host reported while the test ran (a failing event
		// handler, a component that did not render) fail it too.
		if ps := f.takeProblems(); len(ps) > 0 && action == "pass" {
			action, msg = "fail", "the host reported problems:\n"+strings.Join(ps, "\n")
		}
		rep.result(file, name, action, msg, f.printed(), time.Since(ts))
		switch action {
		case "pass":
			res.passed++
		case "skip":
			res.skipped++
		default:
			res.failed++
		}
	}
	note := ""
	if res.passed+res.failed+res.skipped == 0 {
		note = "[no tests to run]"
	}
	rep.file(file, res.failed > 0, note, time.Since(start))
	return res
}

func (f *fileRun) takeProblems() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	ps := f.problems
	f.problems = nil
	return ps
}

// open starts the session over the layer, the standard tools beneath it
// and the scripted model above its configuration.
func (f *fileRun) open(ctx context.Context) error {
	setup, err := discover.Folder(f.o.Dir, f.o.Discover)
	if err != nil {
		return err
	}
	setup.AddBase(stdext.FS(), "")
	setup.Settings = append(setup.Settings, &config.File{
		Path: "panto test",
		Providers: map[string]config.Provider{testProvider: {
			Protocol: testProtocol, Label: "the test script",
			Models: map[string]string{testModel: testModel},
		}},
		Models: config.Models{Default: testProvider + ":" + testModel},
	})
	s, err := agent.Open(ctx, agent.Options{
		Setup:     setup,
		NoSession: true,
		Protocols: func(name string) (provider.Protocol, bool) {
			if name == testProtocol {
				return f, true
			}
			return nil, false
		},
		OnEvent: func(e agent.Event) {
			f.mu.Lock()
			f.events = append(f.events, e)
			f.mu.Unlock()
		},
		Stdout: lockedWriter{f}, Stderr: lockedWriter{f},
		Report: func(p host.Problem) {
			f.mu.Lock()
			f.problems = append(f.problems, "panto: "+p.String())
			f.mu.Unlock()
		},
		Budget: host.CheckBudget,
	})
	if err != nil {
		return err
	}
	f.sess = s
	f.st = s.Host().State()
	return nil
}

type lockedWriter struct{ f *fileRun }

func (w lockedWriter) Write(p []byte) (int, error) {
	w.f.mu.Lock()
	defer w.f.mu.Unlock()
	return w.f.out.Write(p)
}

// load installs panto.test and evaluates the test file, which registers
// its tests.
func (f *fileRun) load(ctx context.Context) error {
	L, lp := f.st.Lua(), f.st.Loop()
	f.op = f.st.Anchor(runtime.TableValue(runtime.NewTable(0, 0)))
	chunk, err := L.Load(moduleSource, "=panto.test", "t")
	if err != nil {
		return fmt.Errorf("panto.test: %v", err)
	}
	res, err := lp.CallSync(ctx, chunk, f.op)
	if err != nil || len(res) == 0 || res[0].AsTable() == nil {
		return fmt.Errorf("panto.test: %v", err)
	}
	f.mod = res[0].AsTable()
	f.st.Anchor(res[0])
	L.Loaded().SetStr("panto.test", res[0])
	// Test files can share helpers: tests/_name.lua is require("_name").
	pkg := L.Loaded().GetStr("package").AsTable()
	helpers := filepath.Join(f.o.Dir, discover.TestsFolder, "?.lua")
	pkg.SetStr("path", runtime.String(helpers+";"+pkg.GetStr("path").AsString()))
	path := filepath.Join(f.o.Dir, filepath.FromSlash(f.file))
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	fn, err := L.Load(runtime.SkipComment(string(src)), "@"+f.file, "t")
	if err != nil {
		return err
	}
	if _, err := lp.CallDriven(ctx, fn); err != nil {
		return errors.New(firstLine(err.Error()))
	}
	return nil
}

// helpers of the module, written in Lua: a test runs as a coroutine the
// runner resumes.
const driverSource = `
local M = ...
function M._start(fn) return coroutine.create(function() return fn(M) end) end
function M._resume(co, reply) return coroutine.resume(co, reply) end
`

// runTest drives one test to its end: each yielded operation is done
// here, outside Lua, and the test resumed with its result.
func (f *fileRun) runTest(ctx context.Context, fn runtime.Value) (action, msg string) {
	L, lp := f.st.Lua(), f.st.Loop()
	if f.mod.GetStr("_start").IsNil() {
		d, err := L.Load(driverSource, "=panto.test", "t")
		if err != nil {
			return "fail", err.Error()
		}
		if _, err := lp.CallSync(ctx, d, runtime.TableValue(f.mod)); err != nil {
			return "fail", err.Error()
		}
	}
	res, err := lp.CallSync(ctx, f.mod.GetStr("_start"), fn)
	if err != nil {
		return "fail", err.Error()
	}
	co := res[0]
	reply := runtime.Nil
	for {
		res, err := lp.CallDriven(ctx, f.mod.GetStr("_resume"), co, reply)
		if err != nil {
			return "fail", firstLine(err.Error())
		}
		if len(res) == 0 || !res[0].Truthy() {
			v := runtime.Nil
			if len(res) > 1 {
				v = res[1]
			}
			if t := v.AsTable(); t != nil && t.GetStr("skip").IsString() {
				return "skip", t.GetStr("skip").AsString()
			}
			return "fail", firstLine(L.ToString(v))
		}
		if L.CoroutineStatus(co.AsThread()) == "dead" {
			return "pass", ""
		}
		if len(res) < 4 || !runtime.RawEqual(res[1], f.op) {
			return "fail", "the test yielded outside the test API (it awaited luv directly?): call luv from a tool or a command, and drive those with t.tool and t.command"
		}
		reply = f.perform(ctx, res[2].AsString(), res[3])
	}
}

func firstLine(s string) string {
	if i := strings.Index(s, "\nstack traceback:"); i >= 0 {
		s = s[:i]
	}
	return strings.TrimRight(s, "\n")
}
