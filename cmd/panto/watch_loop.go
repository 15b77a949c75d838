package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"panto/build"
	"panto/extension/discover"
	"panto/host"
	"panto/stdext"
)

// Debounce defaults. 30 ms covers the events of one editor save (they
// come within a few milliseconds of each other) while leaving most of
// the 100 ms save-to-live budget for the build and the activation.
const (
	defaultQuiet   = 30 * time.Millisecond
	defaultMaxWait = 500 * time.Millisecond
)

// watchOptions configure one watch. The CLI fills them from its flags;
// tests fill them directly and drive the loop in process.
type watchOptions struct {
	Dir            string
	Stdout, Stderr io.Writer
	// Command and Tool/Input are run again after every reload.
	Command     string
	Tool, Input string
	// Bundle, when set, is written after every successful build.
	Bundle string
	Strict bool
	// Timeout bounds each evaluation, activation and handler call of a
	// reload on its own (0: none); LoadBudget is the host's (0: its
	// default).
	Timeout    time.Duration
	LoadBudget int64
	// Quiet and MaxWait tune the debouncer; 0 means the defaults.
	Quiet, MaxWait time.Duration
	// Discover is passed to discovery (tests pin Cwd and Getenv).
	Discover discover.Options

	// onCycle, when set, is called on the loop's goroutine at the end of
	// every cycle, with the host (nil until one went live): tests count
	// reloads with it and may call the host there, where it is allowed.
	onCycle func(cycleReport, *host.Host)
}

// cycleReport says what one build-and-reload cycle did.
type cycleReport struct {
	N       int      // 0 for the start, then 1, 2, ...
	Changed []string // the changed paths that caused it
	Built   bool     // the sources compiled
	Live    bool     // a new state went live
	Latency time.Duration
}

// errSuperseded cancels a cycle whose sources changed again under it.
var errSuperseded = errors.New("a newer save arrived")

// watcher is the state of the loop. Everything but mu's fields is owned by
// the loop's goroutine, as the host requires.
type watcher struct {
	opts   watchOptions
	root   string // the folder, absolute with symlinks resolved
	bundle string // the --bundle file, absolute: writing it is no change
	h      *host.Host
	live   []string // what the live state registered
	n      int

	mu          sync.Mutex
	cycleCtx    context.Context
	cancelCycle context.CancelCauseFunc
}

// watch builds and activates the folder, then does it again after every
// save until ctx ends, which is a clean exit (nil). The error is for a
// watch that cannot start: no such folder, no file watching available.
func watch(ctx context.Context, o watchOptions) error {
	if o.Dir == "" {
		o.Dir = "."
	}
	if o.Quiet <= 0 {
		o.Quiet = defaultQuiet
	}
	if o.MaxWait <= 0 {
		o.MaxWait = defaultMaxWait
	}
	abs, err := filepath.Abs(o.Dir)
	if err == nil {
		abs, err = filepath.EvalSymlinks(abs)
	}
	if err != nil {
		return fmt.Errorf("%s: %v", o.Dir, shortPathErr(err))
	}
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		return fmt.Errorf("%s: not a folder", o.Dir)
	}
	w := &watcher{opts: o, root: abs}
	if o.Bundle != "" {
		if w.bundle, err = filepath.Abs(o.Bundle); err != nil {
			return fmt.Errorf("--bundle %s: %v", o.Bundle, err)
		}
		if d, err := filepath.EvalSymlinks(filepath.Dir(w.bundle)); err == nil {
			w.bundle = filepath.Join(d, filepath.Base(w.bundle))
		}
	}

	wctx, stop := context.WithCancel(ctx)
	defer stop()
	changes := make(chan change)
	// Watching starts before the first build, so a save made while it
	// runs is not missed.
	if err := watchTree(wctx, abs, w.ignored, changes, w.watchError); err != nil {
		return fmt.Errorf("%s: cannot watch: %v", o.Dir, shortPathErr(err))
	}
	bursts := debounce(wctx, changes, o.Quiet, o.MaxWait, w.supersede)
	defer w.close()

	fmt.Fprintf(o.Stdout, "watching %s (Ctrl-C to stop)\n", o.Dir)
	w.cycle(ctx, nil)
	for {
		select {
		case <-ctx.Done():
			return nil
		case b := <-bursts:
			w.cycle(ctx, &b)
		}
	}
}

// cycle is one build and reload: check the sources as `panto build`
// does, and only when they compile replace the live state with a fresh
// one, as `panto run DIR` would make it. A save with a syntax error thus
// leaves the last good state running, the way a dev server keeps serving
// the last good build.
func (w *watcher) cycle(ctx context.Context, b *burst) {
	o := w.opts
	rep := cycleReport{N: w.n}
	w.n++
	start := time.Now()
	since := start
	if b != nil {
		since = b.first
		rep.Changed = b.paths
		fmt.Fprintf(o.Stdout, "[%s] changed: %s\n", start.Format("15:04:05"), changedList(w.root, *b))
	}
	defer func() {
		if o.onCycle != nil {
			o.onCycle(rep, w.h)
		}
	}()
	cctx := w.begin(ctx)
	defer w.end()

	if !w.build() {
		state := "nothing is live yet; waiting for changes"
		if w.h != nil {
			state = "the previous state stays live"
		}
		fmt.Fprintf(o.Stdout, "build failed in %s; %s\n", ms(time.Since(start)), state)
		return
	}
	rep.Built = true
	built := time.Now()
	if superseded(cctx) {
		// The sources changed while they compiled: keep the live state
		// rather than load sources already stale; the next cycle follows.
		fmt.Fprintln(o.Stdout, "reload skipped: a newer save arrived")
		return
	}

	setup, err := discover.Folder(o.Dir, o.Discover)
	if err != nil {
		fmt.Fprintf(o.Stderr, "panto: watch: %s: %v\n", o.Dir, shortPathErr(err))
		return
	}
	setup.AddBase(stdext.FS(), "")
	if err := addLinkedLayers(setup); err != nil {
		fmt.Fprintf(o.Stderr, "panto: watch: %v\n", err)
		return
	}
	first := w.h == nil
	if first {
		cfg := setup.Config()
		h, err := host.New(cctx, host.Options{
			Setup:   setup,
			Session: &host.SessionInfo{ID: sessionID(), Directory: setup.Cwd, Model: cfg.Models.Default, Reasoning: cfg.Models.Reasoning},
			Stdout:  o.Stdout, Stderr: o.Stderr,
			Report:      w.report,
			CallTimeout: o.Timeout,
			TimeoutName: "--timeout",
			LoadBudget:  o.LoadBudget,
		})
		if err != nil {
			fmt.Fprintf(o.Stderr, "panto: watch: %v\n", err)
			return
		}
		w.h = h
	} else {
		w.h.Reload(cctx, setup, "reload")
	}
	if superseded(cctx) {
		fmt.Fprintln(o.Stdout, "reload interrupted: a newer save arrived")
		return
	}
	if ctx.Err() != nil { // Ctrl-C during the reload: the watch is ending
		return
	}
	rep.Live = true
	rep.Latency = time.Since(since)
	regs := registrations(w.h)
	if first {
		printRegistrations(o.Stdout, w.h)
		fmt.Fprintf(o.Stdout, "ready in %s: %s\n", ms(rep.Latency), summary(w.h))
	} else {
		printDiff(o.Stdout, w.live, regs)
		fmt.Fprintf(o.Stdout, "live again in %s (wait %s, build %s, load %s): %s\n",
			ms(rep.Latency), ms(start.Sub(since)), ms(built.Sub(start)), ms(time.Since(built)), summary(w.h))
	}
	w.live = regs
	w.exercise(cctx)
}

// build compiles the folder exactly as `panto build` does, printing its
// diagnostics, and writes the bundle when asked. It reports whether the
// sources compiled.
func (w *watcher) build() bool {
	o := w.opts
	res, err := build.Build(build.Options{
		Dirs:     []string{o.Dir},
		Output:   o.Bundle,
		Strict:   o.Strict,
		Compiler: "panto " + version,
		Discover: o.Discover,
		Base:     stdext.FS(),
		Check:    checkTree(context.Background()),
	})
	if err != nil {
		var be *build.BuildError
		if !errors.As(err, &be) {
			fmt.Fprintf(o.Stderr, "panto: build: %v\n", err)
			return false
		}
		for _, d := range be.Diagnostics {
			fmt.Fprintln(o.Stderr, "panto: build: "+d.String())
		}
		n := be.Errors()
		fmt.Fprintf(o.Stderr, "panto: build: %d %s\n", n, countNoun(n, "error", "errors"))
		return false
	}
	for _, d := range res.Warnings {
		fmt.Fprintln(o.Stderr, "panto: build: "+d.String())
	}
	if o.Bundle != "" {
		if err := build.WriteFile(o.Bundle, res.Data); err != nil {
			fmt.Fprintf(o.Stderr, "panto: build: %s: %v\n", o.Bundle, err)
		} else {
			fmt.Fprintf(o.Stdout, "wrote %s (%d bytes)\n", o.Bundle, len(res.Data))
		}
	}
	return true
}

// exercise runs --command and --tool against the new state, so that the
// loop is edit, save, read the output.
func (w *watcher) exercise(ctx context.Context) {
	o := w.opts
	fail := func(err error) {
		switch {
		case superseded(ctx):
			fmt.Fprintln(o.Stdout, "interrupted: a newer save arrived")
		case !stopped(ctx):
			fmt.Fprintf(o.Stderr, "panto: %v\n", err)
		}
	}
	if o.Command != "" {
		res, err := w.h.RunCommand(ctx, o.Command)
		if err != nil {
			fail(err)
		} else if res != "" {
			fmt.Fprintln(o.Stdout, strings.TrimSuffix(res, "\n"))
		}
	}
	if o.Tool != "" {
		tc, err := w.h.CallTool(ctx, o.Tool, o.Input)
		if err == nil {
			err = writeToolResult(o.Stdout, o.Tool, tc)
		} else {
			err = fmt.Errorf("tool %s: %v", o.Tool, err)
		}
		if err != nil {
			fail(err)
		}
	}
}

// begin makes the context of one cycle: cancelled by ctx and by a newer
// save (supersede), so a save that fixes an endless loop takes effect
// without restarting the watch. --timeout bounds each evaluation,
// activation and handler call of the cycle on its own (the host's
// CallTimeout), not the cycle.
func (w *watcher) begin(ctx context.Context) context.Context {
	cctx, cancel := context.WithCancelCause(ctx)
	w.mu.Lock()
	w.cycleCtx = cctx
	w.cancelCycle = cancel
	w.mu.Unlock()
	return cctx
}

func (w *watcher) end() {
	w.mu.Lock()
	w.cancelCycle(context.Canceled)
	w.cycleCtx, w.cancelCycle = nil, nil
	w.mu.Unlock()
}

// supersede is the debouncer's onChange: the files changed again, so the
// cycle running now (if any) works on stale sources.
func (w *watcher) supersede() {
	w.mu.Lock()
	if w.cancelCycle != nil {
		w.cancelCycle(errSuperseded)
	}
	w.mu.Unlock()
}

func superseded(ctx context.Context) bool {
	return errors.Is(context.Cause(ctx), errSuperseded)
}

// stopped is true when the cycle was cancelled by a newer save or by
// Ctrl-C, not by --timeout (whose interruptions the user wants to see).
func stopped(ctx context.Context) bool {
	return ctx.Err() != nil && !errors.Is(context.Cause(ctx), context.DeadlineExceeded)
}

// report prints the host's problems as `panto run` does, except those of
// a cycle that a newer save or Ctrl-C interrupted: they describe a state
// about to be replaced or left, and would only bury what follows.
// --timeout interruptions are shown: the user asked for that limit.
func (w *watcher) report(p host.Problem) {
	w.mu.Lock()
	c := w.cycleCtx
	w.mu.Unlock()
	if c != nil && stopped(c) {
		return
	}
	fmt.Fprintln(w.opts.Stderr, "panto: "+p.String())
}

// ignored says which events cause no reload: editor scratch files,
// dotfiles (discovery skips them too) and the bundle this watch writes.
func (w *watcher) ignored(path string) bool {
	return hiddenName(filepath.Base(path)) || (w.bundle != "" && path == w.bundle)
}

func (w *watcher) watchError(err error) {
	fmt.Fprintf(w.opts.Stderr, "panto: watch: %v\n", shortPathErr(err))
}

func (w *watcher) close() {
	if w.h != nil {
		w.h.Close()
	}
}
