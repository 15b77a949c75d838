package build_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"panto/build"
	"panto/bundle"
	"panto/extension/discover"
	"panto/host"
)

// runBundle builds dir, reads the bundle back and activates it in a host,
// as `panto run BUNDLE` does.
func runBundle(t *testing.T, dir string, strip bool) (*host.Host, *bytes.Buffer) {
	t.Helper()
	env := discover.Options{Cwd: dir, Getenv: func(string) string { return "" }}
	res, err := build.Build(build.Options{Dirs: []string{dir}, Strip: strip, Discover: env})
	if err != nil {
		t.Fatal(err)
	}
	b, err := bundle.Read(res.Data, bundle.Options{})
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	t.Cleanup(func() { // the extracted folder is read-only
		filepath.Walk(root, func(p string, fi os.FileInfo, err error) error {
			if err == nil && fi.IsDir() {
				os.Chmod(p, 0o755)
			}
			return nil
		})
	})
	resDir, err := b.Extract(root)
	if err != nil {
		t.Fatal(err)
	}
	setup, err := host.BundleSetup(b, resDir, discover.Options{Cwd: t.TempDir(), Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	var problems []string
	h, err := host.New(context.Background(), host.Options{Setup: setup, Stdout: &out, Stderr: &out,
		Report: func(p host.Problem) { problems = append(problems, p.String()) }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	if len(problems) > 0 {
		t.Fatalf("problems:\n%s", strings.Join(problems, "\n"))
	}
	return h, &out
}

func TestHostRunsTheDemoBundle(t *testing.T) {
	for _, strip := range []bool{false, true} {
		h, _ := runBundle(t, "testdata/demo", strip)
		ctx := context.Background()
		for line, want := range map[string]string{
			"/greet Ada":    "[greet] hello, Ada!",
			"/skills":       "bundle: # review: read a diff and point out what could break",
			"/note buy tea": "noted (1)",
		} {
			t.Run(line, func(t *testing.T) {
				got, err := h.RunCommand(ctx, line)
				if err != nil || got != want {
					t.Errorf("strip=%v %s: %q %v, want %q", strip, line, got, err, want)
				}
			})
		}
		tc, err := h.CallTool(ctx, "word_count", `{"text":"one two three"}`)
		if err != nil || !tc.OK || tc.Output != "3 words" {
			t.Errorf("strip=%v word_count: %+v %v", strip, tc, err)
		}
	}
}

// TestRuntimeErrorsNameTheFile: a bundle's chunks keep their debug
// information, so an error names the file and line as it would from the
// folder.
func TestRuntimeErrorsNameTheFile(t *testing.T) {
	dir := t.TempDir()
	src := "local std = require('_std')\nreturn { name = 'boom', description = 'd', schema = {}, handler = function()\n  return std.explode()\nend }\n"
	os.MkdirAll(filepath.Join(dir, "tools"), 0o755)
	os.WriteFile(filepath.Join(dir, "tools", "boom.lua"), []byte(src), 0o644)
	os.WriteFile(filepath.Join(dir, "tools", "_std.lua"), []byte("local M = {}\nfunction M.explode()\n  error('kaboom')\nend\nreturn M\n"), 0o644)
	h, _ := runBundle(t, dir, false)
	tc, err := h.CallTool(context.Background(), "boom", `{}`)
	if err != nil || tc.OK || !strings.Contains(tc.Output, "tools/_std.lua:3: kaboom") {
		t.Errorf("tool error %q (%v), want it to name tools/_std.lua:3", tc.Output, err)
	}
}

// registrations lists what a host registered, with where from.
func registrations(h *host.Host) []string {
	var out []string
	for _, t := range h.Tools() {
		out = append(out, "tool "+t.Name+" "+t.SchemaJSON+" "+t.Source)
	}
	for _, c := range h.Commands() {
		out = append(out, "command "+c.Name+" "+c.Source)
	}
	for _, hd := range h.Handlers() {
		out = append(out, "on "+hd.Event+" "+hd.Source)
	}
	return out
}

// TestBundleRunsLikeTheFolder activates each example tree from its
// folder and from its bundle: the same things must be registered, from
// the same files.
func TestBundleRunsLikeTheFolder(t *testing.T) {
	for _, dir := range []string{"../examples/demo", "testdata/demo"} {
		if _, err := os.Stat(dir); err != nil {
			continue
		}
		abs, _ := filepath.Abs(dir)
		setup, err := discover.Folder(abs, discover.Options{Cwd: abs, Getenv: func(string) string { return "" }})
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		fromFolder, err := host.New(context.Background(), host.Options{Setup: setup, Stdout: &out, Stderr: &out})
		if err != nil {
			t.Fatal(err)
		}
		defer fromFolder.Close()
		fromBundle, _ := runBundle(t, abs, false)
		want, got := registrations(fromFolder), registrations(fromBundle)
		if len(want) == 0 || strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s:\nfrom the bundle:\n  %s\nfrom the folder:\n  %s", dir, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
		}
	}
}
