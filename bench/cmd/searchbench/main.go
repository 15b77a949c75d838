// Command searchbench times panto's grep and find tools against ripgrep
// and GNU grep and find on a large tree (by default Go's own source tree,
// $(go env GOROOT)/src, some 11,000 files), in the same run:
//
//	cd bench && go run ./cmd/searchbench -panto ../bin/panto [-n 5] [-root DIR]
//
// Each case (a literal search, regex searches, a file listing) runs every
// tool N times, interleaved: round after round each tool runs once, the
// order rotating, so a change in the machine's load hits all alike. The
// median elapsed time and the median CPU time (user+system, all threads)
// are reported, with panto's ratio to ripgrep; the elapsed time is the
// one the goal speaks of, the CPU time the one a busy shared
// machine disturbs least. The number of matching lines (or files) each
// tool reports is printed beside, so a fast wrong answer shows.
//
// panto runs as `panto run EMPTY --tool grep --input JSON` from the root,
// process start included, as a user's call would. A tool that is not
// installed is n/a (apt-get install -y ripgrep).
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

type tool struct {
	name string
	argv []string
	// count extracts the number of results from the output.
	count func(out []byte) int
}

type benchCase struct {
	name  string
	tools []tool
}

var summary = regexp.MustCompile(`(?m)^(\d+) match(?:es)?(?: in \d+ files?)?\.$`)

func pantoCount(out []byte) int {
	m := summary.FindSubmatch(out)
	if m == nil {
		return -1
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

func lineCount(out []byte) int { return bytes.Count(out, []byte{'\n'}) }

// grepCount counts grep's matching lines, leaving out its "Binary file
// x matches" notes.
func grepCount(out []byte) int {
	n := 0
	for _, l := range bytes.Split(out, []byte{'\n'}) {
		if len(l) > 0 && !bytes.HasPrefix(l, []byte("Binary file ")) {
			n++
		}
	}
	return n
}

func cases(panto, empty string) []benchCase {
	grep := func(input map[string]any) []string {
		data, _ := json.Marshal(input)
		return []string{panto, "run", empty, "--tool", "grep", "--input", string(data)}
	}
	return []benchCase{
		// What every panto row includes: the process starting, reading
		// its layers and activating the standard tools.
		{"start-up", []tool{
			{"panto ls (empty folder)", []string{panto, "run", empty, "--tool", "ls", "--input", `{"path":"` + empty + `"}`}, func([]byte) int { return 0 }},
		}},
		{"literal: ErrUnexpectedEOF", []tool{
			{"panto grep", grep(map[string]any{"pattern": "ErrUnexpectedEOF", "literal": true}), pantoCount},
			{"rg", []string{"rg", "-n", "-F", "ErrUnexpectedEOF"}, lineCount},
			{"grep -rn", []string{"grep", "-rn", "-F", "ErrUnexpectedEOF", "."}, grepCount},
		}},
		{`regex: func \(\w+ \*\w+\) Close\(`, []tool{
			{"panto grep", grep(map[string]any{"pattern": `func \(\w+ \*\w+\) Close\(`}), pantoCount},
			{"rg", []string{"rg", "-n", `func \(\w+ \*\w+\) Close\(`}, lineCount},
			{"grep -rn", []string{"grep", "-rnE", `func \(\w+ \*\w+\) Close\(`, "."}, grepCount},
		}},
		{"regex -i: deadline|timeout", []tool{
			{"panto grep", grep(map[string]any{"pattern": "deadline|timeout", "ignore_case": true}), pantoCount},
			{"rg", []string{"rg", "-n", "-i", "deadline|timeout"}, lineCount},
			{"grep -rn", []string{"grep", "-rniE", "deadline|timeout", "."}, grepCount},
		}},
		{"files: *.go", []tool{
			{"panto find", []string{panto, "run", empty, "--tool", "find", "--input", `{"pattern":"*.go","type":"file"}`}, pantoCount},
			{"rg --files", []string{"rg", "--files", "-g", "*.go"}, lineCount},
			{"find -name", []string{"find", ".", "-name", "*.go", "-type", "f"}, lineCount},
		}},
	}
}

type sample struct {
	wall, cpu time.Duration
	count     int
	err       error
}

func run(root string, argv []string, count func([]byte) int) sample {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = root
	var out bytes.Buffer
	cmd.Stdout = &out
	start := time.Now()
	err := cmd.Run()
	s := sample{wall: time.Since(start)}
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 {
		err = nil // grep and rg: no match
	}
	s.err = err
	if cmd.ProcessState != nil {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			s.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		}
	}
	s.count = count(out.Bytes())
	return s
}

func median(ds []time.Duration) time.Duration {
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return ds[len(ds)/2]
}

func main() {
	goroot, _ := exec.Command("go", "env", "GOROOT").Output()
	root := flag.String("root", filepath.Join(strings.TrimSpace(string(goroot)), "src"), "the tree to search")
	panto := flag.String("panto", "../bin/panto", "the panto binary")
	n := flag.Int("n", 5, "runs of each tool per case")
	flag.Parse()
	p, err := filepath.Abs(*panto)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	empty, err := os.MkdirTemp("", "searchbench-ext")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	defer os.RemoveAll(empty)

	fmt.Printf("tree: %s; %d runs of each, interleaved; medians\n\n", *root, *n)
	fmt.Println("| case | tool | elapsed | CPU | elapsed vs rg | results |")
	fmt.Println("|---|---|---:|---:|---:|---:|")
	for _, c := range cases(p, empty) {
		walls := make([][]time.Duration, len(c.tools))
		cpus := make([][]time.Duration, len(c.tools))
		counts := make([]int, len(c.tools))
		missing := make([]bool, len(c.tools))
		for i, t := range c.tools {
			if _, err := exec.LookPath(t.argv[0]); err != nil {
				missing[i] = true
			}
		}
		for round := 0; round < *n; round++ {
			for k := range c.tools {
				i := (k + round) % len(c.tools)
				t := c.tools[i]
				if missing[i] {
					continue
				}
				s := run(*root, t.argv, t.count)
				if s.err != nil {
					fmt.Fprintf(os.Stderr, "%s: %s: %v\n", c.name, t.name, s.err)
					os.Exit(1)
				}
				walls[i] = append(walls[i], s.wall)
				cpus[i] = append(cpus[i], s.cpu)
				counts[i] = s.count
			}
		}
		var ref time.Duration
		for i, t := range c.tools {
			if t.name == "rg" || t.name == "rg --files" {
				if !missing[i] {
					ref = median(walls[i])
				}
			}
		}
		for i, t := range c.tools {
			if missing[i] {
				fmt.Printf("| %s | %s | n/a | n/a | | |\n", cell(c.name), t.name)
				continue
			}
			w, cpu := median(walls[i]), median(cpus[i])
			ratio := ""
			if ref > 0 {
				ratio = fmt.Sprintf("%.2f×", float64(w)/float64(ref))
			}
			fmt.Printf("| %s | %s | %.3f s | %.3f s | %s | %d |\n", cell(c.name), t.name, w.Seconds(), cpu.Seconds(), ratio, counts[i])
		}
	}
}

// cell escapes a Markdown table cell's pipes.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
