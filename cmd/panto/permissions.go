package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"panto/extension/discover"
	"panto/permission"
)

// permissionFlags set the permission mode and add rules above the
// configuration's (docs/permissions.md); panto and panto run take them.
func permissionFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "permission-mode", Usage: "default, accept-edits, plan (read-only) or yolo (default: [permissions] mode, else default)"},
		&cli.StringSliceFlag{Name: "allow", Usage: "allow tool calls matching `RULE`, as in shell(git status*) or write(src/**); repeatable"},
		&cli.StringSliceFlag{Name: "deny", Usage: "deny tool calls matching `RULE`, as in shell(rm*) or read(~/.ssh/**); repeatable"},
	}
}

// sessionPolicy is the permission policy of a session over setup: the
// configuration's [permissions] tables (an untrusted project's were
// taken out by the trust gate), then --permission-mode, --allow and
// --deny. A bad mode or rule is an error, never ignored: a deny rule
// that silently did nothing would be worse than no session.
func sessionPolicy(c *cli.Context, setup *discover.Setup) (*permission.Policy, error) {
	mode := permission.Default
	var rules []permission.Rule
	add := func(d permission.Decision, source string, texts []string) error {
		rs, err := permission.ParseRules(d, source, texts)
		rules = append(rules, rs...)
		return err
	}
	for _, p := range setup.Config().Permissions {
		if p.Mode != "" {
			m, err := permission.ParseMode(p.Mode)
			if err != nil {
				return nil, fmt.Errorf("%s: [permissions] mode: %v", p.Path, err)
			}
			mode = m
		}
		for _, l := range []struct {
			d     permission.Decision
			texts []string
		}{{permission.Allow, p.Allow}, {permission.Ask, p.Ask}, {permission.Deny, p.Deny}} {
			if err := add(l.d, p.Path, l.texts); err != nil {
				return nil, err
			}
		}
	}
	if s := c.String("permission-mode"); s != "" {
		m, err := permission.ParseMode(s)
		if err != nil {
			return nil, fmt.Errorf("--permission-mode: %v", err)
		}
		mode = m
	}
	if err := add(permission.Allow, "--allow", c.StringSlice("allow")); err != nil {
		return nil, err
	}
	if err := add(permission.Deny, "--deny", c.StringSlice("deny")); err != nil {
		return nil, err
	}
	return permission.New(permission.Options{Root: setup.ProjectRoot, Home: setup.Home, Mode: mode, Rules: rules})
}
