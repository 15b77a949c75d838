package main

import (
	"math"
	"os"
	"path/filepath"
	"testing"
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
