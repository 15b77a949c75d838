package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
)

type implInfo struct {
	Name      string `json:"name"`
	Path      string `json:"path,omitempty"`
	Available bool   `json:"available"`
	Note      string `json:"note,omitempty"`
}

type report struct {
	Date               string         `json:"date"`
	Commit             string         `json:"commit,omitempty"`
	Machine            string         `json:"machine"`
	Metric             string         `json:"metric"`
	Runs               int            `json:"runs"`
	Quick              bool           `json:"quick,omitempty"`
	Impls              []implInfo     `json:"implementations"`
	Startup            *startupResult `json:"startup,omitempty"`
	Programs           []progResult   `json:"programs"`
	GeomeanLua         *float64       `json:"geomean_panto_lua54"`
	GeomeanGlua        *float64       `json:"geomean_panto_gopherlua"`
	GeomeanNativeLua   *float64       `json:"geomean_transpiled_lua54"`
	GeomeanNativePanto *float64       `json:"geomean_transpiled_panto"`
	GeomeanLuajitLua   *float64       `json:"geomean_luajit_lua54"`
}

// markdown renders three tables: times and ratios, peak RSS, start-up.
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
	fmt.Fprintf(&b, "; \"transpiled\" is panto with the programs transpiled to Go (compiler/gogen).\n\n")
	missing := false
	for _, im := range r.Impls {
		if !im.Available {
			fmt.Fprintf(&b, "- %s: n/a (%s)\n", im.Name, im.Note)
			missing = true
		}
	}
	if missing {
		b.WriteString("\n")
	}

	fmt.Fprintf(&b, "| program | %s | panto/lua5.4 | transpiled/lua5.4 | transpiled/panto | luajit/lua5.4 | panto/gopher-lua | check |\n", strings.Join(implOrder, " | "))
	fmt.Fprintf(&b, "|---|%s---:|---:|---:|---:|---:|---|\n", strings.Repeat("---:|", len(implOrder)))
	for _, p := range r.Programs {
		fmt.Fprintf(&b, "| %s |", p.Name)
		for _, name := range implOrder {
			fmt.Fprintf(&b, " %s |", cell(p.Impls[name], r.Metric))
		}
		fmt.Fprintf(&b, " %s | %s | %s | %s | %s | %s |\n", ratio(p.RatioLua), ratio(p.RatioNativeLua),
			ratio(p.RatioNativePanto), ratio(p.RatioLuajitLua), ratio(p.RatioGlua), p.Check)
	}
	fmt.Fprintf(&b, "| **geomean** |%s **%s** | **%s** | **%s** | %s | %s | |\n", strings.Repeat(" |", len(implOrder)),
		ratio(r.GeomeanLua), ratio(r.GeomeanNativeLua), ratio(r.GeomeanNativePanto), ratio(r.GeomeanLuajitLua), ratio(r.GeomeanGlua))

	fmt.Fprintf(&b, "\nPeak resident set size (MB, median of the runs; GNU time's maximum RSS, which counts the pages of the binary that the process touched):\n\n")
	fmt.Fprintf(&b, "| program | %s | panto/lua5.4 | transpiled/lua5.4 |\n", strings.Join(implOrder, " | "))
	fmt.Fprintf(&b, "|---|%s---:|---:|\n", strings.Repeat("---:|", len(implOrder)))
	rssRow := func(name string, impls map[string]*implStats) {
		fmt.Fprintf(&b, "| %s |", name)
		for _, im := range implOrder {
			fmt.Fprintf(&b, " %s |", rssCell(impls[im]))
		}
		fmt.Fprintf(&b, " %s | %s |\n", rssRatio(impls[implPanto], impls[implLua]), rssRatio(impls[implNative], impls[implLua]))
	}
	if r.Startup != nil {
		rssRow("(empty script)", r.Startup.Impls)
	}
	for _, p := range r.Programs {
		rssRow(p.Name, p.Impls)
	}

	if s := r.Startup; s != nil {
		fmt.Fprintf(&b, "\nStart-up: an empty script, median of %d interleaved runs each (milliseconds):\n\n", s.Runs)
		fmt.Fprintf(&b, "| | %s |\n", strings.Join(implOrder, " | "))
		fmt.Fprintf(&b, "|---|%s\n", strings.Repeat("---:|", len(implOrder)))
		for _, row := range []struct {
			name string
			get  func(*implStats) float64
		}{
			{"CPU (user+system)", func(st *implStats) float64 { return st.MedianCPU * 1000 }},
			{"elapsed", func(st *implStats) float64 { return st.MedianWall * 1000 }},
		} {
			fmt.Fprintf(&b, "| %s |", row.name)
			for _, im := range implOrder {
				st := s.Impls[im]
				if !st.usable() {
					fmt.Fprintf(&b, " n/a |")
					continue
				}
				fmt.Fprintf(&b, " %.1f |", row.get(st))
			}
			b.WriteString("\n")
		}
	}
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

func rssCell(s *implStats) string {
	if !s.usable() || s.MedianRSS == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.1f", s.MedianRSS)
}

func rssRatio(a, b *implStats) string {
	if !a.usable() || !b.usable() || a.MedianRSS == 0 || b.MedianRSS == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.1f", a.MedianRSS/b.MedianRSS)
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
	if data, err := os.ReadFile("/proc/loadavg"); err == nil {
		if f := strings.Fields(string(data)); len(f) >= 3 {
			desc += ", load average " + strings.Join(f[:3], " ") + " at the start"
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
