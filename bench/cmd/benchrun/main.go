// Command benchrun times the programs in bench/programs under panto
// (interpreted, and transpiled to Go), the reference lua5.4, LuaJIT and
// gopher-lua, checks that they print the same checksum, and prints tables
// of median times, ratios, peak memory and start-up.
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
// the JSON output, with the peak resident set size of each run (the
// maximum RSS that wait4 reports).
//
// "transpiled" is panto's transpiler (compiler/gogen): benchrun compiles
// every program, transpiles each chunk to Go and builds one lua command
// with them linked in (native.go), with the Go toolchain, once per run.
// Start-up is an empty script run under every implementation.
//
// A program's whole standard output is its checksum. lua5.4's output is the
// reference (gopher-lua's when lua5.4 is missing). panto (either way)
// failing or printing something else is a failure: it is reported loudly
// and the exit status is 1. LuaJIT or gopher-lua disagreeing is reported
// loudly too, but only as a warning. An implementation that is not
// installed is reported as n/a.
//
// Comment lines in a program configure it:
//
//	-- bench: quick=N     the argument -quick passes (a tiny size, for smoke tests)
//	-- bench: args=A,B    the arguments of a normal run (default: none)
//	-- bench: lua54-only  needs Lua 5.4: LuaJIT and gopher-lua (Lua 5.1) are n/a for it
//
// The tables are printed and written to results/latest.md, the JSON to
// results/latest.json; -json prints the JSON instead of the tables.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type config struct {
	panto, lua, luajit, glua string
	transpiled               bool
	startup                  string // the empty script of the start-up row (setupImpls)
	tmp                      string // benchrun's scratch folder (setupImpls)
	n                        int
	filter                   string
	quick                    bool
	metric                   string
	jsonOut                  bool
	programs                 string
	results                  string
	timeout                  time.Duration
}

func run(args []string, stdout, stderr io.Writer) int {
	var c config
	fs := flag.NewFlagSet("benchrun", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.panto, "panto", "../bin/panto", "path of the panto binary (run as `panto lua file`)")
	fs.StringVar(&c.lua, "lua", "lua5.4", "the reference interpreter; n/a when not found")
	fs.StringVar(&c.luajit, "luajit", "luajit", "LuaJIT; n/a when not found, \"none\" skips it")
	fs.BoolVar(&c.transpiled, "transpiled", true, "build and time the programs transpiled to Go (needs the go command)")
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

	impls, cleanup, err := setupImpls(&c, root, progs, stderr)
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
	rep.Startup = measureStartup(&c, impls, stderr)
	for _, p := range progs {
		pr := measure(&c, p, impls, stderr)
		if pr.Failed {
			failed = true
		}
		rep.Programs = append(rep.Programs, pr)
	}
	rep.GeomeanLua = geomean(rep.Programs, func(p progResult) *float64 { return p.RatioLua })
	rep.GeomeanGlua = geomean(rep.Programs, func(p progResult) *float64 { return p.RatioGlua })
	rep.GeomeanNativeLua = geomean(rep.Programs, func(p progResult) *float64 { return p.RatioNativeLua })
	rep.GeomeanNativePanto = geomean(rep.Programs, func(p progResult) *float64 { return p.RatioNativePanto })
	rep.GeomeanLuajitLua = geomean(rep.Programs, func(p progResult) *float64 { return p.RatioLuajitLua })

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
		fmt.Fprintln(stderr, "benchrun: FAILED: panto (interpreted or transpiled) gave a wrong answer or an error (see the check column)")
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
