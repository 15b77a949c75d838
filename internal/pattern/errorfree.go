package pattern

import (
	"sync/atomic"
	"unsafe"
)

// errorFree reports whether matching p (without its leading '^') can raise
// none of the matcher's errors, whatever the subject: p is well formed
// (no trailing '%', every '[' closed as classEnd finds it), has no
// back references, %b or %f, its captures are at most maxCaptures, each
// ')' closes one and none is left open (so neither "invalid pattern
// capture" nor find's "unfinished capture" can come), and it is too
// short for its nesting of '?', '*', '+' and '-' items and of captures
// (one level of match each, two bytes or more each) to reach maxCalls.
func errorFree(p string) bool {
	if len(p) >= maxCalls/2 {
		return false
	}
	open, captures := 0, 0 // captures open, and opened (as match parses them)
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '(':
			if captures++; captures > maxCaptures {
				return false
			}
			if i+1 < len(p) && p[i+1] == ')' {
				i++ // a position capture, never open
			} else {
				open++
			}
		case ')':
			if open == 0 {
				return false
			}
			open--
		case '%':
			i++
			if i >= len(p) {
				return false
			}
			if c := p[i]; c == 'b' || c == 'f' || '0' <= c && c <= '9' {
				return false
			}
		case '[':
			// classEnd's parse: the first byte (after a '^') is never
			// the end, '%' escapes the byte after it.
			i++
			if i < len(p) && p[i] == '^' {
				i++
			}
			for {
				if i >= len(p) {
					return false
				}
				c := p[i]
				i++
				if c == '%' && i < len(p) {
					i++
				}
				if i < len(p) && p[i] == ']' {
					break // the loop's i++ steps over it
				}
			}
		}
	}
	return open == 0
}

// errorFreePats remembers patterns found errorFree, by the address of their
// bytes: a Lua constant pattern reaches find as the same Go string at every
// call, so the check is made once rather than at each (it is longer than
// the recovery it saves). An entry holds its string, so the bytes cannot be
// freed and their address reused by another pattern while it is there; a
// slot keeps the first pattern stored in it (patterns built at run time
// would otherwise evict the constants), and a pattern whose slot is taken
// is matched with the recovery, as before. Shared by all States.
var errorFreePats [128]atomic.Pointer[patInfo]

// patInfo is what errorFreePats holds for an errorFree pattern: the
// pattern, and its prefilter (preparePrefilter's results, which depend
// on the pattern alone), so that finds start with it rather than making
// it after their first attempt.
type patInfo struct {
	p        string
	firstAt  int
	firstEnd int
	firstLit int
	firstSet *classSet
	// The bracket class the pattern starts with, as classEnd leaves it
	// in the state (setEnd, set) after parsing it; setEnd 0: none.
	setEnd int
	set    *classSet
	// single: the pattern is its first item alone, a byte of firstSet or
	// firstLit (no suffix: the prefilter takes none), for attemptsSingle.
	single bool
}

// errorFreeHit returns p's slot in errorFreePats and what it holds for p,
// or nil: then learnErrorFree(slot, p) tells whether p is errorFree. Small
// enough to be inlined (the call of learnErrorFree would not be).
func errorFreeHit(p string) (slot *atomic.Pointer[patInfo], info *patInfo) {
	// Fibonacci hashing of the address: neighbouring constants (a few
	// bytes apart) fall in different slots.
	slot = &errorFreePats[uint64(uintptr(unsafe.Pointer(unsafe.StringData(p))))*0x9E3779B97F4A7C15>>57]
	if e := slot.Load(); e != nil && unsafe.StringData(e.p) == unsafe.StringData(p) && len(e.p) == len(p) {
		return slot, e
	}
	return slot, nil
}

// knownErrorFree reports whether p is errorFree, remembering the answer
// when p's slot is free.
func knownErrorFree(p string) bool {
	slot, info := errorFreeHit(p)
	return info != nil || learnErrorFree(slot, p)
}

// learnErrorFree is knownErrorFree for a pattern not in its slot.
func learnErrorFree(slot *atomic.Pointer[patInfo], p string) bool {
	if slot.Load() != nil || !errorFree(p) {
		return false
	}
	ms := state{pat: p}
	ms.preparePrefilter() // raises nothing: p is errorFree
	info := &patInfo{p: p, firstAt: ms.firstAt, firstEnd: ms.firstEnd, firstLit: ms.firstLit, firstSet: ms.firstSet}
	info.single = ms.firstAt == 0 && ms.firstEnd == len(p) && (ms.firstSet != nil || ms.firstLit >= 0)
	if ms.setAt == 1 && ms.setEnd != 0 {
		info.setEnd, info.set = ms.setEnd, ms.set
		if info.set == nil {
			info.set = ms.firstSet
		}
	}
	slot.CompareAndSwap(nil, info)
	return true
}

// usePrefilter sets ms's prefilter and its first bracket class from info,
// sparing the first attempt classEnd's look-up of the class.
func (ms *state) usePrefilter(info *patInfo) {
	ms.prefiltered = true
	ms.firstAt, ms.firstEnd, ms.firstLit, ms.firstSet = info.firstAt, info.firstEnd, info.firstLit, info.firstSet
	ms.single = info.single
	if info.setEnd != 0 {
		ms.setAt, ms.setEnd, ms.set = 1, info.setEnd, info.set
	}
}
