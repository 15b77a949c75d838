package runtime

import (
	"crypto/sha256"
	"encoding/hex"
	"sync"
	"sync/atomic"

	bc "panto/bytecode"
)

// Precompiled text chunks: a source compiled ahead of time, at panto's
// own build (the base layer, stdext), so that loading it runs no compiler.
// Load looks a text chunk up by its name and text together; a hit decodes
// (and so verifies) the registered bytecode once and uses it in place of
// compiling the text. Anything else, an edited file included, is compiled
// as usual: a registration holds the text it was compiled from and
// matches only that text, byte for byte, so a stale registration is never
// used for a different source. The bytecode's native twin, if any, is
// bound by digest as for any chunk (native.go).
//
// The lookup compares texts rather than hashing them: every start of a
// session loads each base-layer module, and hashing their sources (and
// then the bytecode, for its digest) was a twelfth of `panto run DIR
// --list` (docs/benchmarks.md, "Start-up, fourth pass").

// PrecompiledChunk is the compiled form of one text chunk.
type PrecompiledChunk struct {
	// Name is the chunk name the source is loaded under ("@base:tools/ls.lua").
	Name string
	// Source is the text the chunk was compiled from, exactly as Load
	// receives it (after SkipComment).
	Source string
	// Bytecode is the chunk as bytecode.Encode writes it, compiled from
	// Source under Name.
	Bytecode string
	// Digest is bytecode.Digest of the decoded chunk: the hex SHA-256 of
	// Bytecode, which a generator computes once at build time. Empty: it
	// is computed on first use.
	Digest string

	once  sync.Once
	proto *bc.Proto
	err   error
}

// precompiled is the registry of precompiled chunks by name. As for
// native chunks (natives), registrations queue in pending and go into the
// map at the first lookup: `panto lua` looks none up.
var precompiled struct {
	sync.RWMutex
	n       atomic.Int32 // registrations so far; 0: nothing to look up
	pending []*PrecompiledChunk
	byName  map[string][]*PrecompiledChunk
}

// compilations counts the text chunks compiled, for tests that a start
// compiles nothing (Compilations).
var compilations atomic.Int64

// Compilations returns how many text chunks the process has compiled.
func Compilations() int64 { return compilations.Load() }

// RegisterPrecompiled makes c's bytecode stand for its source in every
// later Load. Generated packages call it from an init function, which
// stores only the pointer: the bytecode is decoded on first use. A
// registration for the same name and text replaces the earlier one.
func RegisterPrecompiled(c *PrecompiledChunk) {
	precompiled.Lock()
	defer precompiled.Unlock()
	precompiled.pending = append(precompiled.pending, c)
	precompiled.n.Add(1)
}

// precompiledByName returns the chunks registered under name, moving the
// pending registrations into the map first.
func precompiledByName(name string) []*PrecompiledChunk {
	precompiled.RLock()
	if len(precompiled.pending) == 0 {
		defer precompiled.RUnlock()
		return precompiled.byName[name]
	}
	precompiled.RUnlock()
	precompiled.Lock()
	defer precompiled.Unlock()
	if precompiled.byName == nil {
		precompiled.byName = make(map[string][]*PrecompiledChunk, len(precompiled.pending))
	}
	// In registration order: a registration for the same name and text
	// replaces the earlier one.
next:
	for _, c := range precompiled.pending {
		cs := precompiled.byName[c.Name]
		for i, old := range cs {
			if old.Source == c.Source {
				cs[i] = c
				continue next
			}
		}
		precompiled.byName[c.Name] = append(cs, c)
	}
	precompiled.pending = nil
	return precompiled.byName[name]
}

// PrecompiledSources returns the texts registered under chunkname, in
// no particular order (none when nothing is registered). A loader whose
// file is one of them can pass that very string to Load, which then
// finds its bytecode without the text being copied: the comparison of
// two strings that share their bytes stops at the pointers.
func PrecompiledSources(chunkname string) []string {
	if precompiled.n.Load() == 0 {
		return nil
	}
	cs := precompiledByName(chunkname)
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Source
	}
	return out
}

// IsPrecompiled reports whether loading src under chunkname would use
// registered bytecode rather than compile.
func IsPrecompiled(chunkname, src string) bool {
	return lookupPrecompiled(chunkname, src) != nil
}

// lookupPrecompiled returns the decoded prototype registered for src
// under chunkname, or nil. Bytecode that fails to decode (only a
// hand-made registration) counts as not registered: the text is compiled.
func lookupPrecompiled(chunkname, src string) *PrecompiledChunk {
	if precompiled.n.Load() == 0 {
		return nil
	}
	for _, c := range precompiledByName(chunkname) {
		if c.Source != src {
			continue
		}
		c.once.Do(func() {
			c.proto, c.err = bc.DecodeString(c.Bytecode)
			if c.Digest == "" {
				// bytecode.Digest hashes Encode(p, false), which is
				// what Bytecode holds: hashing it spares encoding the
				// chunk again. Bytes that another encoding would write
				// differently only miss their native twin.
				sum := sha256.Sum256([]byte(c.Bytecode))
				c.Digest = hex.EncodeToString(sum[:])
			}
		})
		if c.err != nil {
			return nil
		}
		return c
	}
	return nil
}
