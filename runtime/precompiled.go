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
// as usual: the key is the text itself, so a stale registration is never
// used for a different source. The bytecode's native twin, if any, is
// bound by digest as for any chunk (native.go).

// PrecompiledChunk is the compiled form of one text chunk.
type PrecompiledChunk struct {
	// Name is the chunk name the source is loaded under ("@base:tools/ls.lua").
	Name string
	// Key is PrecompiledKey(Name, source).
	Key [32]byte
	// Bytecode is the chunk as bytecode.Encode writes it, compiled from
	// the source under Name.
	Bytecode string

	once   sync.Once
	proto  *bc.Proto
	digest string // bytecode.Digest of proto: the hash of Bytecode
	err    error
}

// PrecompiledKey is the registry key of a source loaded under chunkname.
func PrecompiledKey(chunkname, src string) [32]byte {
	h := sha256.New()
	h.Write([]byte(chunkname))
	h.Write([]byte{0})
	h.Write([]byte(src))
	var k [32]byte
	h.Sum(k[:0])
	return k
}

var precompiled struct {
	sync.RWMutex
	n      atomic.Int32
	chunks map[[32]byte]*PrecompiledChunk
}

// compilations counts the text chunks compiled, for tests that a start
// compiles nothing (Compilations).
var compilations atomic.Int64

// Compilations returns how many text chunks the process has compiled.
func Compilations() int64 { return compilations.Load() }

// RegisterPrecompiled makes c's bytecode stand for its source in every
// later Load. Generated packages call it from an init function, which
// stores only the pointer: the bytecode is decoded on first use.
func RegisterPrecompiled(c *PrecompiledChunk) {
	precompiled.Lock()
	defer precompiled.Unlock()
	if precompiled.chunks == nil {
		precompiled.chunks = make(map[[32]byte]*PrecompiledChunk)
	}
	if _, ok := precompiled.chunks[c.Key]; !ok {
		precompiled.n.Add(1)
	}
	precompiled.chunks[c.Key] = c
}

// IsPrecompiled reports whether loading src under chunkname would use
// registered bytecode rather than compile.
func IsPrecompiled(chunkname, src string) bool {
	return lookupPrecompiled(chunkname, src) != nil
}

// lookupPrecompiled returns the decoded prototype registered for src
// under chunkname, or nil. Nothing is hashed while nothing is registered.
// Bytecode that fails to decode (only a hand-made registration) counts as
// not registered: the text is compiled.
func lookupPrecompiled(chunkname, src string) *PrecompiledChunk {
	if precompiled.n.Load() == 0 {
		return nil
	}
	key := PrecompiledKey(chunkname, src)
	precompiled.RLock()
	c := precompiled.chunks[key]
	precompiled.RUnlock()
	if c == nil {
		return nil
	}
	c.once.Do(func() {
		c.proto, c.err = bc.DecodeString(c.Bytecode)
		// bytecode.Digest hashes Encode(p, false), which is what
		// Bytecode holds: hashing it spares encoding the chunk again
		// (a tenth of a tool run's start). Bytes that another encoding
		// would write differently only miss their native twin.
		sum := sha256.Sum256([]byte(c.Bytecode))
		c.digest = hex.EncodeToString(sum[:])
	})
	if c.err != nil {
		return nil
	}
	return c
}
