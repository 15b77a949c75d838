package main

import (
	"io"
	"os"
	"regexp"
	"sync"

	"github.com/urfave/cli/v2"

	"panto/tui/term"
	"panto/tui/theme"
)

// colorFlag is --color for the commands that print styled text.
var colorFlag = &cli.StringFlag{Name: "color", Value: "auto", Usage: "auto: colour only on a terminal without NO_COLOR or TERM=dumb; always; never"}

// useColor decides whether styled output keeps its escape sequences:
// --color always or never wins; auto gives colour only when out is a
// terminal, NO_COLOR is unset or empty (https://no-color.org) and TERM
// is not dumb.
func useColor(c *cli.Context, out io.Writer) (bool, error) {
	switch c.String("color") {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto", "":
	default:
		return false, userError("--color must be auto, always or never, got %q", c.String("color"))
	}
	if !term.ColorAllowed(os.Getenv) {
		return false, nil
	}
	f, ok := out.(*os.File)
	return ok && isTerminal(f), nil
}

// themesFor is the theme registry of a host whose output goes to out:
// plain (panto.ext.style, highlight and the native components give no
// escape sequences) unless useColor says out takes colour.
func themesFor(c *cli.Context, out io.Writer) (*theme.Registry, error) {
	color, err := useColor(c, out)
	if err != nil {
		return nil, err
	}
	reg := theme.NewRegistry()
	reg.SetPlain(!color)
	return reg, nil
}

var sgrSequenceOnce struct {
	sync.Once
	v *regexp.Regexp
}

func sgrSequence() *regexp.Regexp {
	sgrSequenceOnce.Do(func() { sgrSequenceOnce.v = regexp.MustCompile("\x1b\\[[0-9;:]*m") })
	return sgrSequenceOnce.v
}

// plain removes SGR sequences (and the padding's trailing spaces stay,
// so columns still line up).
func plain(s string) string { return sgrSequence().ReplaceAllString(s, "") }
