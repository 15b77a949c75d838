package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

type sample struct {
	cpu, wall time.Duration
	rss       int64 // peak resident set size, bytes (0: unknown)
	out       string
	err       error
}

// runOnce runs script with args under im, in the script's folder; with
// rss, under GNU time for its peak RSS, which adds GNU time's own start
// (about a millisecond of CPU) to the times.
func runOnce(c *config, im *impl, script string, args []string, rss bool) sample {
	argv := []string{im.path}
	argv = append(argv, im.prefix...)
	argv = append(argv, filepath.Base(script))
	argv = append(argv, args...)
	rssFile := ""
	if rss {
		rssFile = filepath.Join(c.tmp, "rss")
		os.Remove(rssFile)
		argv = wrapForRSS(argv, rssFile)
	}
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	ownGroup(cmd)
	cmd.Dir = filepath.Dir(script)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	s := sample{wall: time.Since(start), out: strings.TrimSpace(out.String())}
	if cmd.ProcessState != nil {
		s.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	if rssFile != "" {
		s.rss = readRSS(rssFile)
	}
	if ctx.Err() == context.DeadlineExceeded {
		s.err = fmt.Errorf("timed out after %v", c.timeout)
	} else if err != nil {
		msg := strings.TrimSpace(errb.String())
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i]
		}
		s.err = fmt.Errorf("%v: %s", err, msg)
	}
	return s
}

type progResult struct {
	Name      string                `json:"name"`
	Args      []string              `json:"args,omitempty"`
	Lua54Only bool                  `json:"lua54_only,omitempty"`
	Impls     map[string]*implStats `json:"impls"`
	// Ratios of median times; nil when either side is missing or wrong.
	RatioLua         *float64 `json:"ratio_panto_lua54"`
	RatioGlua        *float64 `json:"ratio_panto_gopherlua"`
	RatioNativeLua   *float64 `json:"ratio_transpiled_lua54"`
	RatioNativePanto *float64 `json:"ratio_transpiled_panto"`
	RatioLuajitLua   *float64 `json:"ratio_luajit_lua54"`
	Check            string   `json:"check"`
	Failed           bool     `json:"failed"`
}

type implStats struct {
	Available  bool      `json:"available"`
	Note       string    `json:"note,omitempty"`
	Output     string    `json:"output,omitempty"`
	Error      string    `json:"error,omitempty"`
	CPU        []float64 `json:"cpu_seconds,omitempty"`
	Wall       []float64 `json:"wall_seconds,omitempty"`
	RSS        []float64 `json:"peak_rss_mb,omitempty"`
	MedianCPU  float64   `json:"median_cpu_seconds,omitempty"`
	MedianWall float64   `json:"median_wall_seconds,omitempty"`
	MedianRSS  float64   `json:"median_peak_rss_mb,omitempty"`
	// Wrong is set when the output differs from the reference.
	Wrong bool `json:"wrong,omitempty"`
}

func (s *implStats) usable() bool {
	return s != nil && s.Available && s.Error == "" && len(s.CPU) > 0
}

func (s *implStats) median(metric string) float64 {
	if !s.usable() {
		return 0
	}
	if metric == "wall" {
		return s.MedianWall
	}
	return s.MedianCPU
}

func (s *implStats) add(x sample) {
	s.CPU = append(s.CPU, x.cpu.Seconds())
	s.Wall = append(s.Wall, x.wall.Seconds())
	if x.rss > 0 {
		s.RSS = append(s.RSS, float64(x.rss)/(1<<20))
	}
}

func (s *implStats) summarise() {
	if s.Error == "" && len(s.CPU) > 0 {
		s.MedianCPU = median(s.CPU)
		s.MedianWall = median(s.Wall)
		if len(s.RSS) > 0 {
			s.MedianRSS = median(s.RSS)
		}
	}
}

// newStats makes the per-implementation records of one program and
// returns the implementations that run it.
func newStats(impls []*impl, lua54 bool) (map[string]*implStats, []*impl) {
	stats := map[string]*implStats{}
	var active []*impl
	for _, im := range impls {
		st := &implStats{Available: im.ok, Note: im.note}
		if im.ok && im.lua51 && lua54 {
			st.Available = false
			st.Note = "needs Lua 5.4"
		}
		stats[im.name] = st
		if st.Available {
			active = append(active, im)
		}
	}
	return stats, active
}

// rounds runs script under every active implementation n times,
// interleaved, the order rotating every round.
func rounds(c *config, n int, script string, args []string, rss bool, active []*impl, stats map[string]*implStats, stderr io.Writer) {
	for round := 0; round < n; round++ {
		for k := range active {
			im := active[(k+round)%len(active)]
			st := stats[im.name]
			if st.Error != "" {
				continue // it failed once: do not time it again
			}
			s := runOnce(c, im, script, args, rss)
			if s.err != nil {
				st.Error = s.err.Error()
				continue
			}
			if len(st.CPU) == 0 {
				st.Output = s.out
			} else if s.out != st.Output {
				st.Error = fmt.Sprintf("output changed between runs: %q then %q", st.Output, s.out)
				continue
			}
			st.add(s)
		}
		fmt.Fprint(stderr, ".")
	}
	for _, st := range stats {
		st.summarise()
	}
}

func measure(c *config, p program, impls []*impl, stderr io.Writer) progResult {
	pr := progResult{Name: p.name, Lua54Only: p.lua54}
	args := p.args
	if c.quick {
		args = p.quick
	}
	pr.Args = args
	var active []*impl
	pr.Impls, active = newStats(impls, p.lua54)

	fmt.Fprintf(stderr, "%-16s", p.name)
	rounds(c, c.n, p.path, args, true, active, pr.Impls, stderr)

	// Checksums: lua5.4 is the reference, gopher-lua then LuaJIT the
	// fallbacks.
	ref, refName := "", ""
	for _, name := range []string{implLua, implGlua, implLuajit} {
		if st := pr.Impls[name]; st.Available && st.Error == "" {
			ref, refName = st.Output, name
			break
		}
	}
	var failures, warnings []string
	for _, im := range impls {
		st := pr.Impls[im.name]
		if !st.Available {
			continue
		}
		switch {
		case st.Error != "" && im.panto:
			failures = append(failures, strings.ToUpper(im.name)+" ERROR")
			fmt.Fprintf(stderr, "\n!!! %s: %s failed: %s\n", p.name, im.name, st.Error)
		case st.Error != "":
			warnings = append(warnings, im.name+" error")
			fmt.Fprintf(stderr, "\n!!! %s: %s failed: %s\n", p.name, im.name, st.Error)
		case refName != "" && st.Output != ref:
			st.Wrong = true
			if im.panto {
				failures = append(failures, strings.ToUpper(im.name)+" WRONG")
			} else {
				warnings = append(warnings, im.name+" mismatch")
			}
			fmt.Fprintf(stderr, "\n!!! %s: %s printed %q, %s printed %q\n", p.name, im.name, st.Output, refName, ref)
		}
	}
	if refName == "" {
		warnings = append(warnings, "unchecked")
	}
	pr.Failed = len(failures) > 0
	if problems := append(failures, warnings...); len(problems) > 0 {
		pr.Check = strings.Join(problems, ", ")
	} else {
		pr.Check = "ok"
	}

	pr.RatioLua = ratioOf(pr.Impls[implPanto], pr.Impls[implLua], c.metric)
	pr.RatioGlua = ratioOf(pr.Impls[implPanto], pr.Impls[implGlua], c.metric)
	pr.RatioNativeLua = ratioOf(pr.Impls[implNative], pr.Impls[implLua], c.metric)
	pr.RatioNativePanto = ratioOf(pr.Impls[implNative], pr.Impls[implPanto], c.metric)
	pr.RatioLuajitLua = ratioOf(pr.Impls[implLuajit], pr.Impls[implLua], c.metric)

	fmt.Fprintf(stderr, " %s", pr.Check)
	if pr.RatioLua != nil {
		fmt.Fprintf(stderr, "  panto/lua5.4 %.2f", *pr.RatioLua)
	}
	if pr.RatioNativeLua != nil {
		fmt.Fprintf(stderr, "  transpiled/lua5.4 %.2f", *pr.RatioNativeLua)
	}
	fmt.Fprintln(stderr)
	return pr
}

// ratioOf is a's median time over b's, nil unless both ran and agreed
// with the reference.
func ratioOf(a, b *implStats, metric string) *float64 {
	if a == nil || b == nil || a.Wrong || b.Wrong {
		return nil
	}
	ta, tb := a.median(metric), b.median(metric)
	if ta <= 0 || tb <= 0 {
		return nil
	}
	r := ta / tb
	return &r
}

// startupResult is the start-up row: an empty script under each
// implementation.
type startupResult struct {
	Runs  int                   `json:"runs"`
	Impls map[string]*implStats `json:"impls"`
}

// startupRuns is how many times the empty script runs: it is cheap, and
// its times are small enough for noise to matter.
func startupRuns(n int) int { return max(2*n, 6) }

func measureStartup(c *config, impls []*impl, stderr io.Writer) *startupResult {
	sr := &startupResult{Runs: startupRuns(c.n)}
	var active []*impl
	sr.Impls, active = newStats(impls, false)
	fmt.Fprintf(stderr, "%-16s", "(start-up)")
	// Timed without GNU time, whose own start would be a visible part of
	// these times; then one more round under it for the peak RSS.
	rounds(c, sr.Runs, c.startup, nil, false, active, sr.Impls, stderr)
	for _, im := range active {
		st := sr.Impls[im.name]
		if st.Error != "" {
			continue
		}
		if s := runOnce(c, im, c.startup, nil, true); s.err == nil && s.rss > 0 {
			st.RSS = []float64{float64(s.rss) / (1 << 20)}
			st.MedianRSS = st.RSS[0]
		}
	}
	for _, name := range implOrder {
		if st := sr.Impls[name]; st.Available && st.Error != "" {
			fmt.Fprintf(stderr, "\n!!! start-up: %s failed: %s", name, st.Error)
		}
	}
	fmt.Fprintln(stderr)
	return sr
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func geomean(ps []progResult, ratio func(progResult) *float64) *float64 {
	sum, n := 0.0, 0
	for _, p := range ps {
		if r := ratio(p); r != nil && *r > 0 {
			sum += math.Log(*r)
			n++
		}
	}
	if n == 0 {
		return nil
	}
	g := math.Exp(sum / float64(n))
	return &g
}
