package permission

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// Call is one tool call as the decision sees it.
type Call struct {
	// Tool is the tool's name, ID the call's id.
	Tool, ID string
	// Effects are what the tool declared. nil (it did not say) is judged
	// as Execute: an extension tool that does not say what it does may do
	// anything. An empty, non-nil list declares a tool that touches
	// nothing (it computes from its input), which every mode allows.
	Effects []Effect
	// Path is the path the call acts on when the tool declares a path
	// field (HasPath); "" (the field absent) is the project root, where
	// the standard tools start.
	Path    string
	HasPath bool
	// Command is the command line a tool that declares a command field
	// runs (HasCommand).
	Command    string
	HasCommand bool
	// Input is the call's input as JSON, for voters that pass it on
	// (hooks).
	Input string
}

// effects are the call's effects, Execute when it did not declare any.
func (c Call) effects() []Effect {
	if c.Effects == nil {
		return []Effect{Execute}
	}
	return c.Effects
}

// has reports whether the call has effect e.
func (c Call) has(e Effect) bool {
	for _, x := range c.effects() {
		if x == e {
			return true
		}
	}
	return false
}

// Verdict is a decision and why.
type Verdict struct {
	Decision Decision
	// Reason is what the model (on a denial) and the user (on a
	// question) read.
	Reason string
	// Rule is the rule that decided, as written ("" when a mode or a
	// voter decided); Source is where it came from.
	Rule, Source string
	// By names the decider: "rule", "mode", or a voter's name.
	By string
	// Binding verdicts cannot be loosened by a later vote (see the
	// package doc).
	Binding bool
	// Mode is the mode the call was judged in.
	Mode Mode
	// Suggest is a rule that would allow the call ("" when none can:
	// a deny rule or plan mode decided).
	Suggest string
	// Inside reports whether the call's path is inside the project.
	Inside bool
}

// Vote is a voter's say on a call.
type Vote struct {
	Decision Decision
	Reason   string
	// By names the voter ("sandbox", "hook", "extension").
	By string
}

// Voter is a decider after the rules and the mode: it sees the call and
// the verdict so far, and votes or abstains (ok false).
type Voter interface {
	Vote(ctx context.Context, c Call, so Verdict) (v Vote, ok bool)
}

// VoterFunc is a function as a Voter.
type VoterFunc func(ctx context.Context, c Call, so Verdict) (Vote, bool)

// Vote calls f.
func (f VoterFunc) Vote(ctx context.Context, c Call, so Verdict) (Vote, bool) { return f(ctx, c, so) }

// With applies a vote to the verdict: it tightens always and loosens only
// a verdict that is not binding. A vote that asks or denies is binding
// from then on. In yolo mode what would ask is allowed.
func (v Verdict) With(vote Vote) Verdict {
	switch {
	case vote.Decision > v.Decision:
		v.Decision, v.Reason, v.By, v.Binding = vote.Decision, vote.Reason, vote.By, true
		v.Rule, v.Source = "", ""
	case vote.Decision < v.Decision && !v.Binding:
		v.Decision, v.Reason, v.By = vote.Decision, vote.Reason, vote.By
		v.Rule, v.Source = "", ""
	case vote.Decision == v.Decision && vote.Decision != Allow && !v.Binding:
		// An ask or deny the mode gave, confirmed by a voter: now the
		// voter's, and binding.
		v.Reason, v.By, v.Binding = vote.Reason, vote.By, true
		v.Rule, v.Source = "", ""
	}
	return v.yolo()
}

// yolo turns an ask into an allow in yolo mode.
func (v Verdict) yolo() Verdict {
	if v.Mode == Yolo && v.Decision == Ask {
		v.Decision, v.By, v.Rule, v.Source, v.Binding = Allow, "mode", "", "", false
		v.Reason = "yolo mode allows what would ask (" + v.Reason + ")"
	}
	return v
}

// Options configure a Policy.
type Options struct {
	// Root is the project root; relative paths and patterns are below it.
	Root string
	// Home expands "~" ("" refuses it: bundle runs have no home).
	Home string
	Mode Mode
	// Rules are the allow, ask and deny rules, in any order.
	Rules []Rule
	// Voters vote after the rules and the mode, in order.
	Voters []Voter
	// CaseInsensitive compares paths ignoring case; nil probes the file
	// system of Root.
	CaseInsensitive *bool
}

// Policy decides tool calls for one session. Its methods may be called
// from any goroutine: the UI changes the mode while a turn decides.
type Policy struct {
	root, home string
	fold       bool

	mu     sync.Mutex
	mode   Mode
	rules  []Rule
	voters []Voter
}

// New makes a policy. The root is resolved through its symbolic links,
// so that paths resolved the same way compare with it.
func New(o Options) (*Policy, error) {
	if o.Mode == "" {
		o.Mode = Default
	}
	if _, err := ParseMode(string(o.Mode)); err != nil {
		return nil, err
	}
	root := o.Root
	if root == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		root = wd
	}
	root, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	root = realPath(filepath.Clean(root))
	p := &Policy{root: root, home: o.Home, mode: o.Mode, rules: append([]Rule(nil), o.Rules...), voters: append([]Voter(nil), o.Voters...)}
	if o.CaseInsensitive != nil {
		p.fold = *o.CaseInsensitive
	} else {
		p.fold = caseInsensitive(root)
	}
	return p, nil
}

// Root is the project root, resolved.
func (p *Policy) Root() string { return p.root }

// Mode is the current mode.
func (p *Policy) Mode() Mode {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.mode
}

// SetMode changes the mode for the calls decided from now on.
func (p *Policy) SetMode(m Mode) {
	p.mu.Lock()
	p.mode = m
	p.mu.Unlock()
}

// AddRule adds a rule (an "allow for this session" answer).
func (p *Policy) AddRule(r Rule) {
	p.mu.Lock()
	p.rules = append(p.rules, r)
	p.mu.Unlock()
}

// Rules are the policy's rules.
func (p *Policy) Rules() []Rule {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]Rule(nil), p.rules...)
}

// AddVoter appends a voter; it votes after the ones added before.
func (p *Policy) AddVoter(v Voter) {
	p.mu.Lock()
	p.voters = append(p.voters, v)
	p.mu.Unlock()
}

// Decide judges a call: rules, mode, then the voters (see the package
// doc for the order).
func (p *Policy) Decide(ctx context.Context, c Call) Verdict {
	p.mu.Lock()
	mode, rules, voters := p.mode, p.rules, p.voters
	p.mu.Unlock()
	s := p.subjectOf(c)
	v := p.base(c, s, mode, rules)
	v.Mode = mode
	v.Inside = s.inside
	if v.Decision != Deny && v.Suggest == "" && !(mode == Plan && (c.has(Write) || c.has(Execute))) {
		v.Suggest = p.suggest(c, s)
	}
	v = v.yolo()
	for _, voter := range voters {
		if vote, ok := voter.Vote(ctx, c, v); ok {
			v = v.With(vote)
		}
	}
	return v
}

// subject is a call's path or command, prepared for matching.
type subject struct {
	path     resolvedPath
	hasPath  bool
	badPath  string // why the path cannot be judged ("~" without home)
	inside   bool
	command  string
	parts    []string
	hasCmd   bool
	substCmd bool
}

func (p *Policy) subjectOf(c Call) subject {
	var s subject
	if c.HasPath {
		given := c.Path
		if given == "" {
			given = "."
		}
		rp, ok := p.resolve(given)
		if !ok {
			s.badPath = fmt.Sprintf("%s: there is no home folder to expand '~' with", given)
		} else {
			s.path, s.hasPath = rp, true
			s.inside = within(rp.real, p.root, p.fold)
		}
	} else {
		// A tool without a path acts where the session is.
		s.inside = true
	}
	if c.HasCommand {
		s.command, s.hasCmd = strings.TrimSpace(c.Command), true
		s.parts, s.substCmd = splitCommand(s.command)
	}
	return s
}

// base is the verdict of the rules and the mode, before the voters.
func (p *Policy) base(c Call, s subject, mode Mode, rules []Rule) Verdict {
	if r, ok := p.firstMatch(rules, Deny, c, s); ok {
		return Verdict{Decision: Deny, Binding: true, By: "rule", Rule: r.String(), Source: r.Source,
			Reason: fmt.Sprintf("denied by the rule %s (%s)", r, r.Source)}
	}
	if mode == Plan && (c.has(Write) || c.has(Execute)) {
		return Verdict{Decision: Deny, Binding: true, By: "mode",
			Reason: fmt.Sprintf("plan mode is read-only: %s %s, which is denied until the mode changes", c.Tool, effectWords(c))}
	}
	if r, ok := p.firstMatch(rules, Ask, c, s); ok {
		return Verdict{Decision: Ask, Binding: true, By: "rule", Rule: r.String(), Source: r.Source,
			Reason: fmt.Sprintf("the rule %s (%s) asks first", r, r.Source)}
	}
	if r, ok := p.allowed(rules, c, s); ok {
		return Verdict{Decision: Allow, By: "rule", Rule: r.String(), Source: r.Source,
			Reason: fmt.Sprintf("allowed by the rule %s (%s)", r, r.Source)}
	}
	return p.modeDefault(c, s, mode)
}

// modeDefault is what the mode does with a call no rule matched: the
// strictest answer over the call's effects.
func (p *Policy) modeDefault(c Call, s subject, mode Mode) Verdict {
	v := Verdict{Decision: Allow, By: "mode", Reason: fmt.Sprintf("%s mode allows it", mode)}
	if s.badPath != "" {
		return Verdict{Decision: Ask, By: "mode", Reason: s.badPath}
	}
	where := ""
	if s.hasPath && !s.inside {
		where = " outside the project (" + s.path.real + ")"
	}
	for _, e := range c.effects() {
		d, why := Allow, ""
		switch e {
		case Read:
			if !s.inside {
				d, why = Ask, fmt.Sprintf("%s mode asks before reading%s", mode, where)
			}
		case Write:
			if mode != AcceptEdits || !s.inside {
				d, why = Ask, fmt.Sprintf("%s mode asks before writing%s", mode, where)
				if mode == Default && s.inside && s.hasPath {
					why = fmt.Sprintf("%s mode asks before writing %s", mode, s.path.real)
				}
			}
		case Execute:
			d, why = Ask, fmt.Sprintf("%s mode asks before running commands", mode)
			if c.Effects == nil {
				why = fmt.Sprintf("%s does not declare its effects, so %s mode asks before it runs", c.Tool, mode)
			}
		case Network:
			d, why = Ask, fmt.Sprintf("%s mode asks before network access", mode)
		}
		if mode == Yolo && d == Ask {
			d = Allow
		}
		if d > v.Decision {
			v.Decision, v.Reason = d, why
		}
	}
	return v
}

// firstMatch is the first rule of decision d that matches the call.
func (p *Policy) firstMatch(rules []Rule, d Decision, c Call, s subject) (Rule, bool) {
	for _, r := range rules {
		if r.Decision == d && r.MatchesTool(c.Tool) && p.matches(r, s, false) {
			return r, true
		}
	}
	return Rule{}, false
}

// allowed finds the allow rule that allows the call. A compound command
// needs every part allowed (by one rule or several; the first is
// reported), unless one rule names the whole line exactly.
func (p *Policy) allowed(rules []Rule, c Call, s subject) (Rule, bool) {
	var mine []Rule
	for _, r := range rules {
		if r.Decision == Allow && r.MatchesTool(c.Tool) {
			if !r.HasPattern {
				return r, true
			}
			mine = append(mine, r)
		}
	}
	if !s.hasCmd {
		for _, r := range mine {
			if p.matches(r, s, true) {
				return r, true
			}
		}
		return Rule{}, false
	}
	for _, r := range mine {
		if r.Pattern == s.command {
			return r, true
		}
	}
	if s.substCmd || len(s.parts) == 0 {
		return Rule{}, false
	}
	var first Rule
	for i, part := range s.parts {
		found := false
		for _, r := range mine {
			if matchCommand(r.Pattern, part) {
				if i == 0 {
					first = r
				}
				found = true
				break
			}
		}
		if !found {
			return Rule{}, false
		}
	}
	return first, true
}

// matches reports whether a deny or ask rule (strict false) or an allow
// rule's path (strict true) matches the subject. Commands: the whole
// line or any part of it, for deny and ask.
func (p *Policy) matches(r Rule, s subject, strict bool) bool {
	if !r.HasPattern {
		return true
	}
	switch {
	case s.hasCmd:
		if matchCommand(r.Pattern, s.command) {
			return true
		}
		for _, part := range s.parts {
			if matchCommand(r.Pattern, part) {
				return true
			}
		}
		return false
	case s.hasPath:
		pats := p.pathPatterns(r.Pattern)
		paths := []string{s.path.real}
		if !strict {
			paths = append(paths, s.path.lexical)
		}
		for _, pat := range pats {
			for _, path := range paths {
				if p.matchPath(pat, path) {
					return true
				}
			}
		}
	}
	return false
}

// pathPatterns expands a path pattern: made absolute (below root, or ~),
// in its lexical form and with its literal leading folders' links
// resolved; a pattern without wildcards also covers what is below it.
func (p *Policy) pathPatterns(pat string) []string {
	abs, ok := expand(pat, p.root, p.home)
	if !ok {
		return nil
	}
	segs := strings.Split(filepath.ToSlash(abs), "/")
	lit := len(segs)
	for i, s := range segs {
		if hasMeta(s) {
			lit = i
			break
		}
	}
	prefix := filepath.FromSlash(strings.Join(segs[:lit], "/"))
	if prefix == "" {
		prefix = string(filepath.Separator)
	}
	real := filepath.ToSlash(realPath(prefix))
	rest := strings.Join(segs[lit:], "/")
	forms := []string{filepath.ToSlash(abs)}
	if r := strings.TrimSuffix(real, "/") + "/" + rest; rest != "" {
		forms = append(forms, r)
	} else {
		forms = append(forms, real)
	}
	if lit == len(segs) {
		for _, f := range forms[:2] {
			forms = append(forms, strings.TrimSuffix(f, "/")+"/**")
		}
	}
	return forms
}

// matchPath matches one absolute slash pattern against a path.
func (p *Policy) matchPath(pat, path string) bool {
	path = filepath.ToSlash(path)
	if p.fold {
		pat, path = strings.ToLower(pat), strings.ToLower(path)
	}
	return matchSegments(splitSlash(pat), splitSlash(path))
}

// effectWords says what a call does, for reasons.
func effectWords(c Call) string {
	var w []string
	for _, e := range c.effects() {
		switch e {
		case Read:
			w = append(w, "reads")
		case Write:
			w = append(w, "writes")
		case Execute:
			w = append(w, "executes")
		case Network:
			w = append(w, "uses the network")
		}
	}
	return strings.Join(w, " and ")
}
