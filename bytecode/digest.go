package bytecode

import (
	"crypto/sha256"
	"encoding/hex"
)

// Digest identifies a compiled chunk: the hex SHA-256 of its encoding with
// debug information (Encode(p, false)). Code generated from a prototype
// records it, and the runtime attaches that code only to a prototype with
// the same digest, so native code never runs for bytecode it was not
// generated from.
func Digest(p *Proto) string {
	sum := sha256.Sum256(Encode(p, false))
	return hex.EncodeToString(sum[:])
}

// CountProtos returns the number of prototypes in p's tree, p included:
// the length of the pre-order list (p first, then each nested function's
// tree in order) that generated code numbers its functions by.
func CountProtos(p *Proto) int {
	n := 1
	for _, q := range p.Protos {
		n += CountProtos(q)
	}
	return n
}
