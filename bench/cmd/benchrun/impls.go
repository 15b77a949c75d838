package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
)

// An impl is one implementation under test: a command and the arguments
// before the script.
type impl struct {
	name   string
	path   string
	prefix []string // arguments before the script
	ok     bool
	note   string // why it is n/a
	lua51  bool   // cannot run lua54-only programs
	panto  bool   // ours: a wrong answer is a failure, not a warning
}

const (
	implPanto  = "panto"
	implNative = "transpiled"
	implLua    = "lua5.4"
	implLuajit = "luajit"
	implGlua   = "gopher-lua"
)

// implOrder is the order of the columns.
var implOrder = []string{implPanto, implNative, implLua, implLuajit, implGlua}

// lookImpl finds an installed command by name or path; a missing one is
// n/a with a note on stderr.
func lookImpl(im *impl, cmd, hint string, stderr io.Writer) {
	if cmd == "none" {
		im.note = "skipped (none)"
		return
	}
	p, err := exec.LookPath(cmd)
	if err != nil {
		im.note = cmd + " not found"
		fmt.Fprintf(stderr, "benchrun: %s not found: %s is n/a%s\n", cmd, im.name, hint)
		return
	}
	im.path, im.ok = p, true
	if abs, err := filepath.Abs(p); err == nil {
		im.path = abs
	}
}

// setupImpls finds or builds every implementation. The empty start-up
// script is written into a temporary folder (startupScript) and
// transpiled with the programs.
func setupImpls(c *config, root string, progs []program, stderr io.Writer) ([]*impl, func(), error) {
	var cleanups []func()
	cleanup := func() {
		for _, f := range cleanups {
			f()
		}
	}
	tmp, err := os.MkdirTemp("", "benchrun")
	if err != nil {
		return nil, cleanup, err
	}
	cleanups = append(cleanups, func() { os.RemoveAll(tmp) })
	c.tmp = tmp
	c.startup = filepath.Join(tmp, "empty.lua")
	if err := os.WriteFile(c.startup, nil, 0o644); err != nil {
		return nil, cleanup, err
	}

	panto := &impl{name: implPanto, prefix: []string{"lua"}, panto: true}
	lookImpl(panto, c.panto, "", stderr)
	if !panto.ok {
		return nil, cleanup, fmt.Errorf("panto binary not found at %s (run `make build` at the repository root, or pass -panto)", c.panto)
	}

	native := &impl{name: implNative, panto: true}
	if !c.transpiled {
		native.note = "skipped (-transpiled=false)"
	} else {
		scripts := []string{c.startup}
		for _, p := range progs {
			scripts = append(scripts, p.path)
		}
		fmt.Fprintf(stderr, "benchrun: transpiling %d programs and building them\n", len(progs))
		bin, clean, err := buildNative(root, scripts)
		cleanups = append(cleanups, clean)
		if err != nil {
			native.note = "cannot build the transpiled programs"
			fmt.Fprintf(stderr, "benchrun: building the transpiled programs failed: transpiled is n/a\n%v\n", err)
		} else {
			native.path, native.ok = bin, true
		}
	}

	lua := &impl{name: implLua}
	lookImpl(lua, c.lua, " (apt-get install -y lua5.4)", stderr)

	luajit := &impl{name: implLuajit, lua51: true}
	lookImpl(luajit, c.luajit, " (apt-get install -y luajit)", stderr)

	glua := &impl{name: implGlua, lua51: true}
	switch c.glua {
	case "none":
		glua.note = "skipped (-glua none)"
	case "":
		out := filepath.Join(tmp, "glua")
		cmd := exec.Command("go", "build", "-o", out, "./cmd/glua")
		cmd.Dir = root
		if msg, err := cmd.CombinedOutput(); err != nil {
			glua.note = "cannot build ./cmd/glua"
			fmt.Fprintf(stderr, "benchrun: building the gopher-lua driver failed: gopher-lua is n/a\n%s", msg)
		} else {
			glua.path, glua.ok = out, true
		}
	default:
		lookImpl(glua, c.glua, "", stderr)
	}
	return []*impl{panto, native, lua, luajit, glua}, cleanup, nil
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
