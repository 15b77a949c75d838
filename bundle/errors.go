package bundle

import (
	"fmt"
	"strconv"
)

// Check names the check a bundle failed. Callers that act on the kind of
// failure (a host that offers to rebuild on an ABI mismatch, a test that
// wants "tampered" and not "truncated") switch on it; people read Error.
type Check int

const (
	// CheckIO: the file could not be read.
	CheckIO Check = iota
	// CheckTruncated: the file is shorter than its header says.
	CheckTruncated
	// CheckMagic: not a panto bundle at all.
	CheckMagic
	// CheckFormat: a format version or flag this reader does not know.
	CheckFormat
	// CheckTampered: a digest does not match the bytes it covers, or bytes
	// follow the end of the bundle.
	CheckTampered
	// CheckManifest: the digests match but the manifest is not one a
	// correct writer produces (a crafted file, or a writer bug).
	CheckManifest
	// CheckSignature: a bad signature, a missing one when a key is
	// trusted, or a signature by another key.
	CheckSignature
	// CheckABI: the bundle needs an ABI this host does not implement.
	CheckABI
	// CheckBytecode: a chunk fails to decode or verify.
	CheckBytecode
)

func (c Check) String() string {
	switch c {
	case CheckIO:
		return "io"
	case CheckTruncated:
		return "truncated"
	case CheckMagic:
		return "magic"
	case CheckFormat:
		return "format"
	case CheckTampered:
		return "tampered"
	case CheckManifest:
		return "manifest"
	case CheckSignature:
		return "signature"
	case CheckABI:
		return "abi"
	case CheckBytecode:
		return "bytecode"
	}
	return "check " + strconv.Itoa(int(c))
}

// Error is why a bundle was refused. Msg starts with what failed and says
// where: "truncated: ...", "tampered: blob extensions/x.lua hash
// mismatch", "unknown format version 7 ...", "bytecode verification
// failed in extensions/x.lua: ...".
type Error struct {
	Check Check
	Msg   string
}

func (e *Error) Error() string { return e.Msg }

func errorf(c Check, format string, a ...any) *Error {
	return &Error{Check: c, Msg: fmt.Sprintf(format, a...)}
}
