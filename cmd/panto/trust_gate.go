package main

import (
	"fmt"
	"io"
	"time"

	"panto/diag"
	"panto/extension/discover"
	"panto/extension/trust"
)

// askTrust shows a project's layer to the user and returns whether they
// trust it; nil is a run that cannot ask (headless).
type askTrust func(p *trust.Project) (bool, error)

// gateProject applies workspace trust to a discovered setup before
// anything of it runs: a project layer (and the project's settings) that
// the user has trusted with its current contents stays; otherwise the
// user is asked when ask is not nil, and an answer of yes is recorded.
// An untrusted project is restricted (trust.Project.Restrict): its code
// and credential-bearing settings are taken out, and note receives the
// one line that says so and how to trust it.
func gateProject(setup *discover.Setup, ask askTrust, note func(string)) error {
	p, err := trust.Find(setup)
	if p == nil && err == nil {
		return nil
	}
	store := trust.NewStore(setup.DataHome)
	if err == nil {
		ok, serr := store.Trusted(p.Root, p.Digest)
		if serr != nil {
			return serr // a broken store: say so rather than ask again
		}
		if ok {
			return nil
		}
		if ask != nil {
			yes, aerr := ask(p)
			if aerr != nil {
				return aerr
			}
			if yes {
				return store.Trust(p.Root, p.Digest, time.Now())
			}
		}
	}
	p.Restrict()
	msg := p.Note()
	if err != nil {
		msg = fmt.Sprintf("%s cannot be trusted (%v): its extensions, tools, MCP servers, hooks and provider settings were skipped", p.DotPanto(), err)
	}
	if note != nil {
		note(msg)
	}
	return nil
}

// stderrNote is a headless run's note: one line on its error stream.
func stderrNote(w io.Writer) func(string) {
	return func(msg string) { fmt.Fprintln(w, "panto: "+msg) }
}

// setupNote is a session's note: a warning among the setup's problems,
// which the terminal UI shows with the others.
func setupNote(setup *discover.Setup) func(string) {
	return func(msg string) {
		setup.Warn(diag.Diagnostic{File: setup.ProjectRoot, Message: msg, Severity: diag.Warning})
	}
}

// gatedRediscover wraps a session's rediscovery (/reload) in the same
// gate without asking again: a project changed since the user trusted
// it is restricted, with the note among the problems.
func gatedRediscover(rediscover func() (*discover.Setup, error)) func() (*discover.Setup, error) {
	return func() (*discover.Setup, error) {
		s, err := rediscover()
		if err != nil {
			return nil, err
		}
		if err := gateProject(s, nil, setupNote(s)); err != nil {
			return nil, err
		}
		return s, nil
	}
}
