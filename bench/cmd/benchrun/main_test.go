package main

import (
	"io"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	if m := median([]float64{3, 1, 2}); m != 2 {
		t.Errorf("median odd = %v", m)
	}
	if m := median([]float64{4, 1, 3, 2}); m != 2.5 {
		t.Errorf("median even = %v", m)
	}
}

func TestGeomean(t *testing.T) {
	two, eight := 2.0, 8.0
	ps := []progResult{{RatioLua: &two}, {RatioLua: &eight}, {}}
	g := geomean(ps, func(p progResult) *float64 { return p.RatioLua })
	if g == nil || math.Abs(*g-4) > 1e-12 {
		t.Errorf("geomean = %v, want 4", g)
	}
	if g := geomean(ps[2:], func(p progResult) *float64 { return p.RatioLua }); g != nil {
		t.Errorf("geomean of nothing = %v, want nil", *g)
	}
}

func TestParseProgram(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.lua")
	src := "-- a program\n-- bench: quick=3,4 lua54-only\n-- bench: args=10\nprint(1)\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := parseProgram(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.quick) != 2 || p.quick[0] != "3" || p.quick[1] != "4" || !p.lua54 || len(p.args) != 1 || p.args[0] != "10" {
		t.Errorf("parsed %+v", p)
	}
	if err := os.WriteFile(path, []byte("-- bench: bogus\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := parseProgram(path); err == nil {
		t.Error("an unknown annotation was accepted")
	}
}

// Every program must have a quick size, so that -quick is a fast smoke
// test of the whole set.
func TestProgramsHaveQuickSizes(t *testing.T) {
	progs, err := loadPrograms(filepath.Join("..", "..", "programs"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(progs) < 12 {
		t.Errorf("only %d programs", len(progs))
	}
	for _, p := range progs {
		if len(p.quick) == 0 {
			t.Errorf("%s has no '-- bench: quick=N' line", p.name)
		}
	}
}

func TestRatioOf(t *testing.T) {
	fast := &implStats{Available: true, CPU: []float64{1}, MedianCPU: 1, Wall: []float64{4}, MedianWall: 4}
	slow := &implStats{Available: true, CPU: []float64{3}, MedianCPU: 3, Wall: []float64{2}, MedianWall: 2}
	if r := ratioOf(slow, fast, "cpu"); r == nil || *r != 3 {
		t.Errorf("cpu ratio = %v, want 3", r)
	}
	if r := ratioOf(slow, fast, "wall"); r == nil || *r != 0.5 {
		t.Errorf("wall ratio = %v, want 0.5", r)
	}
	wrong := *slow
	wrong.Wrong = true
	failed := *slow
	failed.Error = "exit status 1"
	for name, s := range map[string]*implStats{"wrong": &wrong, "failed": &failed, "missing": nil, "n/a": {}} {
		if r := ratioOf(s, fast, "cpu"); r != nil {
			t.Errorf("%s: ratio %v, want none", name, *r)
		}
		if r := ratioOf(fast, s, "cpu"); r != nil {
			t.Errorf("%s as the base: ratio %v, want none", name, *r)
		}
	}
}

func TestReadRSS(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, text string
		want       int64
	}{
		{"plain", "2600\n", 2600 * 1024},
		{"after a message", "Command exited with non-zero status 1\n41000\n", 41000 * 1024},
		{"garbage", "n/a\n", 0},
		{"empty", "", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name)
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			if got := readRSS(path); got != tc.want {
				t.Errorf("readRSS(%q) = %d, want %d", tc.text, got, tc.want)
			}
		})
	}
	if got := readRSS(filepath.Join(dir, "absent")); got != 0 {
		t.Errorf("no file: %d, want 0", got)
	}
}

// A panto implementation that prints something else fails the run; a
// Lua 5.1 implementation that does is only a warning, and the ratios
// leave out whoever was wrong.
func TestMeasureChecks(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "p.lua")
	if err := os.WriteFile(script, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	fake := func(name, out string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte("#!/bin/sh\necho "+out+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		return path
	}
	c := &config{n: 2, metric: "cpu", timeout: time.Minute, tmp: dir}
	p := program{name: "p", path: script}
	run := func(pantoOut, jitOut string) progResult {
		impls := []*impl{
			{name: implPanto, path: fake("panto", pantoOut), ok: true, panto: true},
			{name: implNative, note: "skipped"},
			{name: implLua, path: fake("lua", "42"), ok: true},
			{name: implLuajit, path: fake("luajit", jitOut), ok: true, lua51: true},
			{name: implGlua, note: "skipped"},
		}
		return measure(c, p, impls, io.Discard)
	}
	good := run("42", "41")
	if good.Failed || good.Check != "luajit mismatch" || good.RatioLua == nil || good.RatioLuajitLua != nil {
		t.Errorf("luajit wrong: failed %v, check %q, panto ratio %v, luajit ratio %v", good.Failed, good.Check, good.RatioLua, good.RatioLuajitLua)
	}
	bad := run("43", "42")
	if !bad.Failed || bad.Check != "PANTO WRONG" || bad.RatioLua != nil {
		t.Errorf("panto wrong: failed %v, check %q, ratio %v", bad.Failed, bad.Check, bad.RatioLua)
	}
	if st := bad.Impls[implNative]; st.Available {
		t.Error("a skipped implementation ran")
	}
}
