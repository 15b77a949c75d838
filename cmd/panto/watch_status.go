package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"panto/host"
)

// registrations is what a live state registered, one line per item, for
// the summary and for telling what a reload added or removed.
func registrations(h *host.Host) []string {
	var r []string
	for _, t := range h.Tools() {
		r = append(r, "tool "+t.Name)
	}
	for _, c := range h.Commands() {
		r = append(r, "command /"+c.Name)
	}
	for _, p := range h.Protocols() {
		r = append(r, "protocol "+p.Name)
	}
	for _, hd := range h.Handlers() {
		r = append(r, "handler "+hd.Event+" ("+hd.Source+")")
	}
	return r
}

// summary is the one-line count of what is live, with the problems.
func summary(h *host.Host) string {
	parts := []string{
		counted(len(h.Tools()), "tool", "tools"),
		counted(len(h.Commands()), "command", "commands"),
		counted(len(h.Protocols()), "protocol", "protocols"),
		counted(len(h.Handlers()), "event handler", "event handlers"),
	}
	if n := len(h.Problems()); n > 0 {
		parts = append(parts, counted(n, "problem", "problems")+" (above)")
	}
	return strings.Join(parts, ", ")
}

// printDiff shows what a reload added (+) and removed (-), so an author
// sees at a glance that a renamed command or a new tool took effect; the
// full list is printed once, when the watch starts.
func printDiff(out io.Writer, before, after []string) {
	count := map[string]int{}
	for _, r := range before {
		count[r]--
	}
	for _, r := range after {
		count[r]++
	}
	keys := make([]string, 0, len(count))
	for k, n := range count {
		if n != 0 {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		sign := "+"
		if count[k] < 0 {
			sign = "-"
		}
		fmt.Fprintf(out, "  %s %s\n", sign, k)
	}
}

// changedList names the files of a burst, relative to the watched folder,
// at most three of them, leaving out the save's temporary files.
func changedList(root string, b burst) string {
	var names []string
	for _, p := range b.paths {
		if p == "" {
			names = append(names, "(events lost; reloading anyway)")
			continue
		}
		if _, err := os.Lstat(p); err != nil && b.created[p] {
			continue
		}
		if rel, err := filepath.Rel(root, p); err == nil && !strings.HasPrefix(rel, "..") {
			p = rel
		}
		names = append(names, filepath.ToSlash(p))
	}
	if len(names) == 0 { // only temporary files: say so rather than nothing
		names = append(names, "temporary files")
	}
	if len(names) > 3 {
		names = append(names[:3], fmt.Sprintf("and %d more", len(names)-3))
	}
	return strings.Join(names, ", ")
}

// ms formats a duration for the status lines: milliseconds, with a
// decimal below 10 where it still means something.
func ms(d time.Duration) string {
	f := float64(d) / float64(time.Millisecond)
	if f < 10 {
		return fmt.Sprintf("%.1f ms", f)
	}
	return fmt.Sprintf("%.0f ms", f)
}

func counted(n int, one, many string) string {
	return fmt.Sprintf("%d %s", n, countNoun(n, one, many))
}
