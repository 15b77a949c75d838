// Command benchrun times the programs in bench/programs under panto, the
// reference lua5.4 and gopher-lua, checks that they print the same
// checksum, and prints a table of median times and ratios.
//
//	cd bench && go run ./cmd/benchrun [-n 5] [-run REGEXP] [-quick] [-json]
//
// Every program runs N times under each implementation. The runs are
// interleaved: for each program, round after round, each implementation
// runs once (the order rotating every round), so a change in the machine's
// load hits all of them alike and the ratios stay meaningful on a shared
// machine. The time of a run is, by default, the CPU time (user+system) of
// the process, which a busy neighbour disturbs far less than the elapsed
// time; -metric wall selects the elapsed time instead. Both are recorded in
// the JSON output.
//
// A program's whole standard output is its checksum. lua5.4's output is the
// reference (gopher-lua's when lua5.4 is missing). panto failing or printing
// something else is a failure: it is reported loudly and the exit status is
// 1. gopher-lua disagreeing is reported loudly too, but only as a warning.
// An implementation that is not installed is reported as n/a.
//
// Comment lines in a program configure it:
//
//	-- bench: quick=N     the argument -quick passes (a tiny size, for smoke tests)
//	-- bench: args=A,B    the arguments of a normal run (default: none)
//	-- bench: lua54-only  needs Lua 5.4: gopher-lua (Lua 5.1) is n/a for it
//
// The table is printed and written to results/latest.md, the JSON to
// results/latest.json; -json prints the JSON instead of the table.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type config struct {
	panto, lua, glua string
	n                int
	filter           string
	quick            bool
	metric           string
	jsonOut          bool
	programs         string
	results          string
	timeout          time.Duration
}

func run(args []string, stdout, stderr io.Writer) int {
	var c config
	fs := flag.NewFlagSet("benchrun", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.panto, "panto", "../bin/panto", "path of the panto binary (run as `panto lua file`)")
	fs.StringVar(&c.lua, "lua", "lua5.4", "the reference interpreter; n/a when not found")
	fs.StringVar(&c.glua, "glua", "", "a gopher-lua driver binary; empty builds ./cmd/glua; \"none\" skips gopher-lua")
	fs.IntVar(&c.n, "n", 5, "runs of each program under each implementation")
	fs.StringVar(&c.filter, "run", "", "run only the programs whose name matches this regexp")
	fs.BoolVar(&c.quick, "quick", false, "run each program at its tiny quick= size (checks checksums, times nothing useful)")
	fs.StringVar(&c.metric, "metric", "cpu", "time shown in the table: cpu (user+system of the process) or wall (elapsed)")
	fs.BoolVar(&c.jsonOut, "json", false, "print the results as JSON instead of the table")
	fs.StringVar(&c.programs, "programs", "", "directory of the programs (default: programs/ of the bench module)")
	fs.StringVar(&c.results, "results", "", "directory for latest.md and latest.json (default: results/ of the bench module; \"none\" writes nothing)")
	fs.DurationVar(&c.timeout, "timeout", 3*time.Minute, "time limit of one run")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if c.n < 1 {
		fmt.Fprintln(stderr, "benchrun: -n must be at least 1")
		return 2
	}
	if c.metric != "cpu" && c.metric != "wall" {
		fmt.Fprintln(stderr, "benchrun: -metric must be cpu or wall")
		return 2
	}
	var filter *regexp.Regexp
	if c.filter != "" {
		var err error
		if filter, err = regexp.Compile(c.filter); err != nil {
			fmt.Fprintln(stderr, "benchrun: -run:", err)
			return 2
		}
	}

	root := moduleRoot()
	if c.programs == "" {
		c.programs = filepath.Join(root, "programs")
	}
	if c.results == "" {
		c.results = filepath.Join(root, "results")
	}

	progs, err := loadPrograms(c.programs, filter)
	if err != nil {
		fmt.Fprintln(stderr, "benchrun:", err)
		return 2
	}
	if len(progs) == 0 {
		fmt.Fprintln(stderr, "benchrun: no programs to run")
		return 2
	}

	impls, cleanup, err := setupImpls(&c, root, stderr)
	defer cleanup()
	if err != nil {
		fmt.Fprintln(stderr, "benchrun:", err)
		return 2
	}

	rep := &report{
		Date:    time.Now().UTC().Format(time.RFC3339),
		Metric:  c.metric,
		Runs:    c.n,
		Quick:   c.quick,
		Machine: machineDescription(),
		Commit:  gitCommit(root),
	}
	for _, im := range impls {
		rep.Impls = append(rep.Impls, implInfo{Name: im.name, Path: im.path, Available: im.ok, Note: im.note})
	}

	failed := false
	for _, p := range progs {
		pr := measure(&c, p, impls, stderr)
		if pr.Failed {
			failed = true
		}
		rep.Programs = append(rep.Programs, pr)
	}
	rep.GeomeanLua = geomean(rep.Programs, func(p progResult) *float64 { return p.RatioLua })
	rep.GeomeanGlua = geomean(rep.Programs, func(p progResult) *float64 { return p.RatioGlua })

	table := rep.markdown()
	js, _ := json.MarshalIndent(rep, "", "  ")
	js = append(js, '\n')
	if c.jsonOut {
		stdout.Write(js)
	} else {
		fmt.Fprint(stdout, table)
	}
	if c.results != "none" {
		if err := os.MkdirAll(c.results, 0o755); err == nil {
			os.WriteFile(filepath.Join(c.results, "latest.md"), []byte(table), 0o644)
			os.WriteFile(filepath.Join(c.results, "latest.json"), js, 0o644)
		} else {
			fmt.Fprintln(stderr, "benchrun: cannot write results:", err)
		}
	}
	if failed {
		fmt.Fprintln(stderr, "benchrun: FAILED: panto gave a wrong answer or an error (see the check column)")
		return 1
	}
	return 0
}

// ---------------------------------------------------------------------------
// Programs

type program struct {
	name     string // file name without .lua
	path     string
	args     []string
	quick    []string
	lua54    bool // needs Lua 5.4
	describe string
}

func loadPrograms(dir string, filter *regexp.Regexp) ([]program, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.lua"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no *.lua files in %s", dir)
	}
	sort.Strings(files)
	var progs []program
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".lua")
		if filter != nil && !filter.MatchString(name) {
			continue
		}
		p, err := parseProgram(f)
		if err != nil {
			return nil, err
		}
		p.name = name
		progs = append(progs, p)
	}
	return progs, nil
}

// parseProgram reads the "-- bench:" annotations of a program.
func parseProgram(path string) (program, error) {
	p := program{path: path}
	data, err := os.ReadFile(path)
	if err != nil {
		return p, err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		rest, ok := strings.CutPrefix(line, "-- bench:")
		if !ok {
			continue
		}
		for _, field := range strings.Fields(rest) {
			key, val, _ := strings.Cut(field, "=")
			switch key {
			case "quick":
				p.quick = splitArgs(val)
			case "args":
				p.args = splitArgs(val)
			case "lua54-only":
				p.lua54 = true
			default:
				return p, fmt.Errorf("%s: unknown bench annotation %q", path, field)
			}
		}
	}
	return p, nil
}

func splitArgs(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// ---------------------------------------------------------------------------
// Implementations

type impl struct {
	name   string
	path   string
	prefix []string // arguments before the script
	ok     bool
	note   string // why it is n/a
	lua51  bool   // cannot run lua54-only programs
}

const (
	implPanto = "panto"
	implLua   = "lua5.4"
	implGlua  = "gopher-lua"
)

func setupImpls(c *config, root string, stderr io.Writer) ([]*impl, func(), error) {
	cleanup := func() {}
	panto := &impl{name: implPanto, prefix: []string{"lua"}}
	if p, err := exec.LookPath(c.panto); err == nil {
		panto.path, panto.ok = p, true
		if abs, err := filepath.Abs(p); err == nil {
			panto.path = abs
		}
	} else {
		return nil, cleanup, fmt.Errorf("panto binary not found at %s (run `make build` at the repository root, or pass -panto)", c.panto)
	}

	lua := &impl{name: implLua}
	if p, err := exec.LookPath(c.lua); err == nil {
		lua.path, lua.ok = p, true
		if abs, err := filepath.Abs(p); err == nil {
			lua.path = abs
		}
	} else {
		lua.note = c.lua + " not found"
		fmt.Fprintf(stderr, "benchrun: %s not found: lua5.4 is n/a (apt-get install -y lua5.4)\n", c.lua)
	}

	glua := &impl{name: implGlua, lua51: true}
	switch c.glua {
	case "none":
		glua.note = "skipped (-glua none)"
	case "":
		dir, err := os.MkdirTemp("", "benchrun")
		if err != nil {
			return nil, cleanup, err
		}
		cleanup = func() { os.RemoveAll(dir) }
		out := filepath.Join(dir, "glua")
		cmd := exec.Command("go", "build", "-o", out, "./cmd/glua")
		cmd.Dir = root
		if msg, err := cmd.CombinedOutput(); err != nil {
			glua.note = "cannot build ./cmd/glua"
			fmt.Fprintf(stderr, "benchrun: building the gopher-lua driver failed: gopher-lua is n/a\n%s", msg)
		} else {
			glua.path, glua.ok = out, true
		}
	default:
		if p, err := exec.LookPath(c.glua); err == nil {
			glua.path, glua.ok = p, true
			if abs, err := filepath.Abs(p); err == nil {
				glua.path = abs
			}
		} else {
			glua.note = c.glua + " not found"
			fmt.Fprintf(stderr, "benchrun: %s not found: gopher-lua is n/a\n", c.glua)
		}
	}
	return []*impl{panto, lua, glua}, cleanup, nil
}

// moduleRoot finds the bench module's directory: the nearest directory up
// from the working directory whose go.mod declares panto/bench, or
// bench/ below the working directory.
func moduleRoot() string {
	wd, err := os.Getwd()
	if err != nil {
		return "."
	}
	isBench := func(dir string) bool {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		return err == nil && bytes.Contains(data, []byte("module panto/bench\n"))
	}
	for dir := wd; ; {
		if isBench(dir) {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	if isBench(filepath.Join(wd, "bench")) {
		return filepath.Join(wd, "bench")
	}
	return wd
}

// ---------------------------------------------------------------------------
// Measuring

type sample struct {
	cpu, wall time.Duration
	out       string
	err       error
}

func runOnce(c *config, im *impl, p program) sample {
	args := append([]string{}, im.prefix...)
	args = append(args, filepath.Base(p.path))
	if c.quick {
		args = append(args, p.quick...)
	} else {
		args = append(args, p.args...)
	}
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, im.path, args...)
	cmd.Dir = filepath.Dir(p.path)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	s := sample{wall: time.Since(start), out: strings.TrimSpace(out.String())}
	if cmd.ProcessState != nil {
		s.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
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
	RatioLua  *float64              `json:"ratio_panto_lua54"`
	RatioGlua *float64              `json:"ratio_panto_gopherlua"`
	Check     string                `json:"check"`
	Failed    bool                  `json:"failed"`
}

type implStats struct {
	Available  bool      `json:"available"`
	Note       string    `json:"note,omitempty"`
	Output     string    `json:"output,omitempty"`
	Error      string    `json:"error,omitempty"`
	CPU        []float64 `json:"cpu_seconds,omitempty"`
	Wall       []float64 `json:"wall_seconds,omitempty"`
	MedianCPU  float64   `json:"median_cpu_seconds,omitempty"`
	MedianWall float64   `json:"median_wall_seconds,omitempty"`
	// Wrong is set when the output differs from the reference.
	Wrong bool `json:"wrong,omitempty"`
}

func (s *implStats) median(metric string) float64 {
	if s == nil || !s.Available || s.Error != "" || len(s.CPU) == 0 {
		return 0
	}
	if metric == "wall" {
		return s.MedianWall
	}
	return s.MedianCPU
}

func measure(c *config, p program, impls []*impl, stderr io.Writer) progResult {
	pr := progResult{Name: p.name, Lua54Only: p.lua54, Impls: map[string]*implStats{}}
	if c.quick {
		pr.Args = p.quick
	} else {
		pr.Args = p.args
	}
	var active []*impl
	for _, im := range impls {
		st := &implStats{Available: im.ok, Note: im.note}
		if im.ok && im.lua51 && p.lua54 {
			st.Available = false
			st.Note = "needs Lua 5.4"
		}
		pr.Impls[im.name] = st
		if st.Available {
			active = append(active, im)
		}
	}

	fmt.Fprintf(stderr, "%-16s", p.name)
	for round := 0; round < c.n; round++ {
		for k := range active {
			im := active[(k+round)%len(active)]
			st := pr.Impls[im.name]
			if st.Error != "" {
				continue // it failed once: do not time it again
			}
			s := runOnce(c, im, p)
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
			st.CPU = append(st.CPU, s.cpu.Seconds())
			st.Wall = append(st.Wall, s.wall.Seconds())
		}
		fmt.Fprint(stderr, ".")
	}
	for _, st := range pr.Impls {
		if st.Error == "" && len(st.CPU) > 0 {
			st.MedianCPU = median(st.CPU)
			st.MedianWall = median(st.Wall)
		}
	}

	// Checksums: lua5.4 is the reference, gopher-lua the fallback.
	pt, lu, gl := pr.Impls[implPanto], pr.Impls[implLua], pr.Impls[implGlua]
	ref, refName := "", ""
	switch {
	case lu.Available && lu.Error == "":
		ref, refName = lu.Output, implLua
	case gl.Available && gl.Error == "":
		ref, refName = gl.Output, implGlua
	}
	var problems []string
	if refName == implLua && gl.Available && gl.Error == "" && gl.Output != ref {
		gl.Wrong = true
		problems = append(problems, "gopher-lua mismatch")
		fmt.Fprintf(stderr, "\n!!! %s: gopher-lua printed %q, lua5.4 printed %q\n", p.name, gl.Output, ref)
	}
	switch {
	case pt.Error != "":
		pr.Failed = true
		problems = append([]string{"PANTO ERROR"}, problems...)
		fmt.Fprintf(stderr, "\n!!! %s: panto failed: %s\n", p.name, pt.Error)
	case refName != "" && pt.Output != ref:
		pr.Failed = true
		pt.Wrong = true
		problems = append([]string{"PANTO WRONG"}, problems...)
		fmt.Fprintf(stderr, "\n!!! %s: panto printed %q, %s printed %q\n", p.name, pt.Output, refName, ref)
	case refName == "":
		problems = append(problems, "unchecked")
	}
	for _, name := range []string{implLua, implGlua} {
		if st := pr.Impls[name]; st.Available && st.Error != "" {
			problems = append(problems, name+" error")
			fmt.Fprintf(stderr, "\n!!! %s: %s failed: %s\n", p.name, name, st.Error)
		}
	}
	if len(problems) == 0 {
		pr.Check = "ok"
	} else {
		pr.Check = strings.Join(problems, ", ")
	}

	if tp := pt.median(c.metric); tp > 0 && !pt.Wrong {
		if tl := lu.median(c.metric); tl > 0 {
			r := tp / tl
			pr.RatioLua = &r
		}
		if tg := gl.median(c.metric); tg > 0 && !gl.Wrong {
			r := tp / tg
			pr.RatioGlua = &r
		}
	}
	fmt.Fprintf(stderr, " %s", pr.Check)
	if pr.RatioLua != nil {
		fmt.Fprintf(stderr, "  panto/lua5.4 %.2f", *pr.RatioLua)
	}
	fmt.Fprintln(stderr)
	return pr
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

// ---------------------------------------------------------------------------
// Report

type implInfo struct {
	Name      string `json:"name"`
	Path      string `json:"path,omitempty"`
	Available bool   `json:"available"`
	Note      string `json:"note,omitempty"`
}

type report struct {
	Date        string       `json:"date"`
	Commit      string       `json:"commit,omitempty"`
	Machine     string       `json:"machine"`
	Metric      string       `json:"metric"`
	Runs        int          `json:"runs"`
	Quick       bool         `json:"quick,omitempty"`
	Impls       []implInfo   `json:"implementations"`
	Programs    []progResult `json:"programs"`
	GeomeanLua  *float64     `json:"geomean_panto_lua54"`
	GeomeanGlua *float64     `json:"geomean_panto_gopherlua"`
}

func (r *report) markdown() string {
	var b strings.Builder
	what := "CPU time (user+system) of the process"
	if r.Metric == "wall" {
		what = "elapsed (wall-clock) time"
	}
	fmt.Fprintf(&b, "# panto benchmarks\n\n")
	fmt.Fprintf(&b, "%s, %s", r.Date, r.Machine)
	if r.Commit != "" {
		fmt.Fprintf(&b, ", commit %s", r.Commit)
	}
	fmt.Fprintf(&b, ".\nMedian %s in seconds over %d interleaved runs each", what, r.Runs)
	if r.Quick {
		fmt.Fprintf(&b, " (-quick: tiny sizes, the times mean nothing)")
	}
	fmt.Fprintf(&b, ".\n\n")
	for _, im := range r.Impls {
		if !im.Available {
			fmt.Fprintf(&b, "- %s: n/a (%s)\n", im.Name, im.Note)
		}
	}
	fmt.Fprintf(&b, "| program | panto | lua5.4 | gopher-lua | panto/lua5.4 | panto/gopher-lua | check |\n")
	fmt.Fprintf(&b, "|---|---:|---:|---:|---:|---:|---|\n")
	for _, p := range r.Programs {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n", p.Name,
			cell(p.Impls[implPanto], r.Metric), cell(p.Impls[implLua], r.Metric), cell(p.Impls[implGlua], r.Metric),
			ratio(p.RatioLua), ratio(p.RatioGlua), p.Check)
	}
	fmt.Fprintf(&b, "| **geomean** | | | | **%s** | %s | |\n", ratio(r.GeomeanLua), ratio(r.GeomeanGlua))
	return b.String()
}

func cell(s *implStats, metric string) string {
	switch {
	case s == nil || !s.Available:
		return "n/a"
	case s.Error != "":
		return "error"
	}
	t := fmt.Sprintf("%.3f", s.median(metric))
	if s.Wrong {
		t += " (wrong)"
	}
	return t
}

func ratio(r *float64) string {
	if r == nil {
		return "n/a"
	}
	return fmt.Sprintf("%.2f", *r)
}

func machineDescription() string {
	desc := fmt.Sprintf("%s/%s, %d CPUs", runtime.GOOS, runtime.GOARCH, runtime.NumCPU())
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				desc += ", " + strings.TrimSpace(v)
				break
			}
		}
	}
	return desc
}

// gitCommit returns the short commit of the checkout (read-only), or "".
func gitCommit(dir string) string {
	out, err := exec.Command("git", "-C", dir, "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}
