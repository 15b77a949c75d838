package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
)

// PantoSrcEnv names a clone of panto's source for panto build --binary,
// when --panto-src is not given.
const PantoSrcEnv = "PANTO_SRC"

// pantoSource is the panto module source a --binary build compiles: the
// binary it writes is this source's panto with a layer linked in.
type pantoSource struct {
	dir string // the module root, holding go.mod
	// how says where it was found, for the build's report and errors.
	how string
	// cached: dir is in Go's module cache, where go build takes no
	// overlay, so the build works on a copy.
	cached bool
}

// sourceLookup is what findPantoSource consults, in this order: the
// flag, the environment, the clone this binary was compiled from, and
// the module cache for the module version this binary was built as.
type sourceLookup struct {
	flag   string              // --panto-src
	getenv func(string) string // PANTO_SRC
	// builtFrom is the module root this binary was compiled in, "" when
	// unknown (a -trimpath build records no file paths).
	builtFrom string
	// version is the panto module version in the binary's build
	// information: "" or "(devel)" for a build from a clone.
	version string
	// download fetches panto@version into the module cache and returns
	// its folder (go mod download).
	download func(version string) (string, error)
}

// defaultSourceLookup describes this process: its environment, where it
// was compiled (the path of this very file, recorded by the compiler),
// and its build information.
func defaultSourceLookup(flag string) sourceLookup {
	l := sourceLookup{flag: flag, getenv: os.Getenv, download: goModDownload}
	if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
		// file is <root>/cmd/panto/pantosrc.go.
		l.builtFrom = filepath.Dir(filepath.Dir(filepath.Dir(file)))
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		l.version = bi.Main.Version
	}
	return l
}

// findPantoSource finds the source to build from (see sourceLookup) and
// checks that it is panto's module and knows linked layers.
func findPantoSource(l sourceLookup) (pantoSource, error) {
	if l.flag != "" {
		return checkPantoSource(pantoSource{dir: l.flag, how: "--panto-src"})
	}
	if d := l.getenv(PantoSrcEnv); d != "" {
		return checkPantoSource(pantoSource{dir: d, how: PantoSrcEnv})
	}
	if l.builtFrom != "" {
		src, err := checkPantoSource(pantoSource{dir: l.builtFrom, how: "the clone this panto was built from"})
		if err == nil {
			return src, nil
		}
	}
	if l.version != "" && l.version != "(devel)" {
		dir, err := l.download(l.version)
		if err != nil {
			return pantoSource{}, fmt.Errorf("cannot find panto's source: go mod download panto@%s: %v (give --panto-src DIR or set %s to a clone of panto)", l.version, err, PantoSrcEnv)
		}
		return checkPantoSource(pantoSource{dir: dir, how: "the module cache (panto@" + l.version + ")", cached: true})
	}
	return pantoSource{}, fmt.Errorf("cannot find panto's source: this panto was built without a recorded source folder or module version; give --panto-src DIR or set %s to a clone of panto", PantoSrcEnv)
}

// checkPantoSource makes src.dir absolute and checks that it holds the
// panto module with the linked-layer hook (package linked).
func checkPantoSource(src pantoSource) (pantoSource, error) {
	abs, err := filepath.Abs(src.dir)
	if err != nil {
		return src, err
	}
	src.dir = abs
	if _, err := os.Stat(abs); err != nil {
		return src, fmt.Errorf("panto source %s (%s): %v", abs, src.how, shortPathErr(err))
	}
	mod, err := os.ReadFile(filepath.Join(abs, "go.mod"))
	if err != nil {
		return src, fmt.Errorf("panto source %s (%s): no go.mod: it is not a Go module's folder", abs, src.how)
	}
	if modulePath(mod) != "panto" {
		return src, fmt.Errorf("panto source %s (%s): go.mod is not panto's module", abs, src.how)
	}
	if _, err := os.Stat(filepath.Join(abs, "linked", "linked.go")); err != nil {
		return src, fmt.Errorf("panto source %s (%s): it predates linked layers (no package linked); use a newer panto source", abs, src.how)
	}
	return src, nil
}

// modulePath returns the path of go.mod's module directive, "" if none.
func modulePath(gomod []byte) string {
	sc := bufio.NewScanner(bytes.NewReader(gomod))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 2 && f[0] == "module" {
			return strings.Trim(f[1], `"`)
		}
	}
	return ""
}

// goModDownload runs go mod download for panto at version and returns
// the module's folder in the module cache (GOPROXY, GOFLAGS and the rest
// of the go command's environment apply).
func goModDownload(version string) (string, error) {
	cmd := exec.Command("go", "mod", "download", "-json", "panto@"+version)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var res struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &res); jerr == nil && res.Error != "" {
		return "", errors.New(res.Error)
	}
	if err != nil {
		return "", fmt.Errorf("%v: %s", err, strings.TrimSpace(stderr.String()))
	}
	if res.Dir == "" {
		return "", errors.New("go mod download named no folder")
	}
	return res.Dir, nil
}
