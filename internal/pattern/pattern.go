// Package pattern implements Lua 5.4 patterns (reference manual §6.4.1) over
// Go strings, as the basis of string.find, string.match, string.gmatch and
// string.gsub.
//
// The behaviour follows the reference interpreter (Lua 5.4.4) byte for byte:
// classes use the "C" locale (ASCII only), errors carry the reference's exact
// message text, and errors are raised lazily, only when matching actually
// reaches the malformed part of a pattern — so "a[" fails to compile nowhere
// but raises an error only against subjects containing an 'a'. Nesting is
// limited like the reference's (200 nested calls, then "pattern too
// complex"), so no pattern can exhaust the Go stack.
//
// All offsets are 0-based byte offsets into the subject; the VM converts them
// to Lua's 1-based positions.
package pattern

import (
	"strconv"
	"strings"
	"sync/atomic"
)

// Capture is one capture of a successful match.
type Capture struct {
	// Start and End are byte offsets into the subject: the capture is
	// s[Start:End]. For a position capture "()" Start == End is the 0-based
	// position (Lua reports Start+1).
	Start, End int
	// Position marks a position capture.
	Position bool
	// Unfinished marks a capture that was opened but never closed, as in
	// "(a": the reference still lets such a match succeed and raises
	// "unfinished capture" only when the capture's value is used. Find and
	// Matcher.Next already report that error (their Lua callers use every
	// capture); only Gsub's repl can see such a capture, and CaptureValue and
	// ExpandReplacement raise the error for it.
	Unfinished bool
}

// Match is a successful match.
type Match struct {
	// Start and End delimit the whole match: s[Start:End].
	Start, End int
	// Captures holds the pattern's captures in order of their '('; it is
	// empty when the pattern has none (then the whole match stands in for
	// capture 1 where Lua needs a value, see CaptureValue).
	Captures []Capture
}

// Find looks for the first match of p in s starting at byte offset init
// (0 <= init <= len(s)), honouring a leading '^' anchor (then only init is
// tried). It is what string.find (non-plain) and string.match use.
//
// An init beyond len(s) finds nothing and raises no error, like the
// reference; a negative init is treated as 0. Find never takes the plain
// search shortcut: string.find must call IndexPlain itself when plain is
// requested or !HasSpecials(p) — the results differ for patterns such as ")",
// which string.find searches for literally but string.match rejects.
func Find(s, p string, init int) (m Match, ok bool, err error) {
	return find(s, p, init, 0, nil)
}

// FindWork is Find reporting its steps to work (see Work).
func FindWork(s, p string, init int, work Work) (m Match, ok bool, err error) {
	return find(s, p, init, 0, work)
}

// FindSingle is Find for the patterns a find or gsub has learnt to be one
// single-byte item without suffix, unanchored ("[^ \t\r\n]"): it
// reports whether it knows p to be one (else the caller uses FindWork),
// and the start of the first match from init on, one byte long, or -1
// for none. It returns no Match: copying one out of find costs more than
// the scan of such a pattern.
func FindSingle(s, p string, init int) (start int, known bool) {
	if init > len(s) {
		return 0, false
	}
	if _, info := errorFreeHit(p); info != nil && info.single && p[0] != '^' {
		return singleIndex(s, max(init, 0), info.firstSet, info.firstLit), true
	}
	return 0, false
}

// GsubNothing reports whether a gsub of p over s is known to replace
// nothing without a step: p is a pattern the cache knows to be one
// single-byte item, unanchored, and s holds no byte of it (gsub's own
// first test). False says nothing; the caller runs Gsub.
func GsubNothing(s, p string) bool {
	if len(p) == 0 || p[0] == '^' {
		return false
	}
	_, info := errorFreeHit(p)
	return info != nil && info.single && singleIndex(s, 0, info.firstSet, info.firstLit) < 0
}

func find(s, p string, init, budget int, work Work) (Match, bool, error) {
	if init > len(s) {
		return Match{}, false, nil
	}
	init = max(init, 0)
	anchor := len(p) > 0 && p[0] == '^'
	if anchor {
		p = p[1:]
	}
	slot, info := errorFreeHit(p) // knownErrorFree, its look-up inlined
	if budget <= 0 && info != nil && info.single && !anchor {
		// attemptsSingle without the state: its one step is never
		// reported, a quantum being many.
		if i := singleIndex(s, init, info.firstSet, info.firstLit); i >= 0 {
			return Match{Start: i, End: i + 1}, true, nil
		}
		return Match{}, false, nil
	}
	ms := &state{src: s, pat: p, limited: budget > 0, budget: budget, work: work}
	var start, end int
	var err error
	if budget <= 0 && info != nil {
		ms.usePrefilter(info)
		start, end = ms.attempts(init, anchor, -1) // no recovery needed
	} else if budget <= 0 && learnErrorFree(slot, p) {
		start, end = ms.attempts(init, anchor, -1) // no recovery needed
	} else {
		start, end, err = ms.scan(init, anchor, -1)
	}
	if err != nil || start == noMatch {
		return Match{}, false, err
	}
	if ms.level == 0 {
		// No captures (most finds): none can be unfinished.
		return Match{Start: start, End: end}, true, nil
	}
	m := ms.result(start, end)
	if err := checkFinished(m); err != nil {
		return Match{}, false, err
	}
	return m, true, nil
}

// checkFinished raises "unfinished capture" for a match whose captures will
// all be pushed (find, match, gmatch).
func checkFinished(m Match) error {
	for _, c := range m.Captures {
		if c.Unfinished {
			return Error("unfinished capture")
		}
	}
	return nil
}

// Matcher iterates over successive matches with the 5.4 gmatch/gsub rules:
// after an empty match the next search starts one byte later, and a match may
// not end where the previous one ended (the "lastmatch" rule of Lua 5.4, so
// ("abc"):gmatch("x*") yields four empty matches, not more).
//
// Matcher has string.gmatch's semantics, which in 5.4.4 include treating a
// leading '^' as an ordinary byte (gmatch never anchors: ("^a^a"):gmatch("^a")
// yields "^a" twice). Gsub does honour the anchor.
type Matcher struct {
	ms        state
	pos       int       // next offset to try; > len(src) when exhausted
	lastMatch int       // end of the previous match, or -1
	caps      []Capture // the captures of the last match (resultIn)
	free      bool      // the pattern is errorFree: no recovery needed
}

// NewMatcher starts iterating over the matches of p in s from byte offset
// init; an init beyond len(s) yields nothing (string.gmatch with an init past
// the end), a negative one is treated as 0.
func NewMatcher(s, p string, init int) *Matcher {
	m := &Matcher{
		ms:        state{src: s, pat: p},
		pos:       max(init, 0),
		lastMatch: -1,
	}
	// gmatch never anchors: a leading '^' is a literal here, and the
	// pattern is looked up whole (find and gsub look up what follows
	// an anchor, another string).
	if slot, info := errorFreeHit(p); info != nil {
		m.ms.usePrefilter(info)
		m.free = true
	} else {
		m.free = learnErrorFree(slot, p)
	}
	return m
}

// SetWork makes the matcher report its steps to work (see Work).
func (m *Matcher) SetWork(work Work) { m.ms.work = work }

// Next returns the next match, ok == false when there are no more, or the
// error the reference would raise from the iterator. After an error the
// iterator is left where it was (calling Next again repeats the attempt, as
// calling a failed gmatch iterator again does). The match's Captures are
// the Matcher's, valid until the next call.
func (m *Matcher) Next() (Match, bool, error) {
	ms := &m.ms
	if m.pos > len(ms.src) {
		return Match{}, false, nil
	}
	var start, end int
	var err error
	if m.free {
		start, end = ms.attempts(m.pos, false, m.lastMatch)
	} else if start, end, err = ms.scan(m.pos, false, m.lastMatch); err != nil {
		return Match{}, false, err
	}
	if start == noMatch {
		m.pos = len(ms.src) + 1
		return Match{}, false, nil
	}
	res := ms.resultIn(start, end, &m.caps)
	if err := checkFinished(res); err != nil {
		return Match{}, false, err
	}
	m.pos, m.lastMatch = end, end
	return res, true, nil
}

// Gsub implements string.gsub's loop: for each match (at most maxN; maxN < 0
// = unlimited) it calls repl, which returns the replacement text and whether
// to keep the original match instead (false/nil results in Lua); it returns
// the new string and the number of matches.
//
// A leading '^' anchors the pattern (at most one match, at offset 0). Matches
// follow the same empty-match and lastmatch rules as Matcher. The count
// includes matches whose original text was kept. Note that Lua's optional
// fourth argument maps differently: a negative Lua count means no
// replacements, so the VM passes max(n, 0) for an explicit count and -1 when
// it is absent. An error from repl stops the loop and is returned as is.
//
// The match passed to repl may contain an Unfinished capture (the reference
// only complains when the capture's value is used); use CaptureValue or
// ExpandReplacement, which raise the reference's error for it. Its
// Captures are valid during the call only: the next match reuses them.
func Gsub(s, p string, maxN int, repl func(m Match) (replacement string, keepOriginal bool, err error)) (string, int, error) {
	return gsub(s, p, maxN, repl, 0, nil)
}

// GsubWork is Gsub reporting its steps to work, and the bytes of its result
// before it allocates them (see Work).
func GsubWork(s, p string, maxN int, repl func(m Match) (replacement string, keepOriginal bool, err error), work Work) (string, int, error) {
	return gsub(s, p, maxN, repl, 0, work)
}

func gsub(s, p string, maxN int, repl func(m Match) (string, bool, error), budget int, work Work) (string, int, error) {
	anchor := len(p) > 0 && p[0] == '^'
	if anchor {
		p = p[1:]
	}
	free := false
	var slot *atomic.Pointer[patInfo]
	var info *patInfo
	if budget <= 0 {
		slot, info = errorFreeHit(p) // knownErrorFree, its look-up inlined
		if info != nil && info.single && !anchor && singleIndex(s, 0, info.firstSet, info.firstLit) < 0 {
			// No byte to replace (json's escapes, mostly): the loop
			// would make no attempt, so count no step, and return s.
			return s, 0, nil
		}
	}
	ms := &state{src: s, pat: p, limited: budget > 0, budget: budget, work: work}
	if budget <= 0 {
		if info != nil {
			ms.usePrefilter(info)
			free = true
		} else {
			free = learnErrorFree(slot, p)
		}
	}
	var b strings.Builder
	var caps []Capture // the matches' captures (resultIn)
	copied := 0        // s[:copied] has been dealt with
	charged := 0       // bytes of b given to work.ChargeAlloc
	n := 0
	lastMatch := -1
	for si := 0; maxN < 0 || n < maxN; {
		var start, end int
		var err error
		if free {
			start, end = ms.attempts(si, anchor, lastMatch) // no recovery needed
		} else {
			start, end, err = ms.scan(si, anchor, lastMatch)
		}
		if err != nil {
			return "", n, err
		}
		if start == noMatch {
			break
		}
		n++
		r, keep, err := repl(ms.resultIn(start, end, &caps))
		if err != nil {
			return "", n, err
		}
		if !keep {
			if need := b.Len() + start - copied + len(r); need-charged >= 64<<10 && ms.work != nil {
				ms.work.ChargeAlloc(need - charged)
				charged = need
			}
			b.WriteString(s[copied:start])
			b.WriteString(r)
			copied = end
		}
		si, lastMatch = end, end
		if anchor {
			break
		}
	}
	if copied == 0 && b.Len() == 0 {
		return s, n, nil // nothing replaced
	}
	if ms.work != nil {
		ms.work.ChargeAlloc(b.Len() + len(s) - copied - charged)
	}
	b.WriteString(s[copied:])
	return b.String(), n, nil
}

// ExpandReplacement appends to dst the expansion of a gsub replacement string
// for match m of subject s: "%0" is the whole match, "%1".."%9" the captures
// (with "%1" meaning the whole match when there are no captures; a position
// capture expands to its 1-based position in decimal), "%%" is '%'. Any other
// use of '%' (including a trailing one) is the error
// "invalid use of '%' in replacement string"; an absent capture is
// "invalid capture index %N" and an unfinished one "unfinished capture"
// (Lua 5.4.4's texts). Errors are raised in the order the reference reaches
// them, left to right.
func ExpandReplacement(dst []byte, repl, s string, m Match) ([]byte, error) {
	for {
		i := strings.IndexByte(repl, '%')
		if i < 0 {
			return append(dst, repl...), nil
		}
		dst = append(dst, repl[:i]...)
		var c byte
		if i+1 < len(repl) {
			c = repl[i+1]
		}
		switch {
		case c == '%':
			dst = append(dst, '%')
		case c == '0':
			dst = append(dst, s[m.Start:m.End]...)
		case c >= '1' && c <= '9':
			sub, pos, isPos, err := CaptureValue(s, m, int(c-'1'))
			if err != nil {
				return dst, err
			}
			if isPos {
				dst = strconv.AppendInt(dst, int64(pos), 10)
			} else {
				dst = append(dst, sub...)
			}
		default:
			return dst, Error("invalid use of '%' in replacement string")
		}
		repl = repl[min(i+2, len(repl)):]
	}
}

// CaptureValue returns capture i (0-based) of match m on subject s as Lua
// pushes it: either the captured substring, or for a position capture its
// 1-based position with isPos set. When the pattern has no captures, i == 0
// yields the whole match — the rule behind string.match/gmatch returning the
// whole match, a gsub table being indexed by it, and "%1" in a replacement.
// Any other absent capture is the error "invalid capture index %N" (N = i+1),
// and an unfinished capture is "unfinished capture".
//
// Callers push len(m.Captures) values for find (none when there are no
// captures) and max(1, len(m.Captures)) values for match, gmatch and a gsub
// function.
func CaptureValue(s string, m Match, i int) (sub string, pos int, isPos bool, err error) {
	if i < 0 || i >= len(m.Captures) {
		if i != 0 {
			return "", 0, false, Error("invalid capture index %" + strconv.Itoa(i+1))
		}
		return s[m.Start:m.End], 0, false, nil
	}
	c := m.Captures[i]
	switch {
	case c.Unfinished:
		return "", 0, false, Error("unfinished capture")
	case c.Position:
		return "", c.Start + 1, true, nil
	}
	return s[c.Start:c.End], 0, false, nil
}

// specials are the bytes whose presence makes string.find do a pattern search
// rather than a plain one (lstrlib's nospecials check).
const specials = "^$*+?.([%-"

// HasSpecials reports whether p contains any pattern special byte. When it
// does not, string.find (without plain) searches for p literally, with
// IndexPlain.
//
// A loop over a constant set rather than strings.ContainsAny, which
// builds its set of bytes at every call: json's finds, whose patterns
// start with a special byte, spent about 48 instructions a call there.
func HasSpecials(p string) bool {
	for i := 0; i < len(p); i++ {
		if c := p[i]; specialSet[c>>6]&(1<<(c&63)) != 0 {
			return true
		}
	}
	return false
}

// specialSet is specials as a set of bytes.
var specialSet = func() (set [4]uint64) {
	for i := 0; i < len(specials); i++ {
		c := specials[i]
		set[c>>6] |= 1 << (c & 63)
	}
	return set
}()

// IndexPlain returns the offset of the first occurrence of p in s at or after
// init, or -1: string.find's plain search. An empty p is found at init
// (including init == len(s)); an init beyond len(s) finds nothing.
func IndexPlain(s, p string, init int) int {
	if init > len(s) {
		return -1
	}
	init = max(init, 0)
	i := strings.Index(s[init:], p)
	if i < 0 {
		return -1
	}
	return init + i
}
