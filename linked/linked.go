// Package linked holds the extension layers linked into a panto binary as
// native code by `panto build DIR --target go --binary -o mypanto`, the
// way xcaddy links plugins into Caddy.
//
// Such a binary carries, for each linked layer, the Go package that
// `panto build --target go` writes: the bundle itself (embedded) and its
// chunks transpiled to Go, registered with the runtime by the digest of
// their bytecode. A file the build adds to cmd/panto calls Register with
// the embedded bundle from an init function, before main runs.
//
// Nothing is trusted because it is linked in: Layers reads each bundle as
// `panto run BUNDLE` reads a file (manifest, digests, signature, the ABI
// version against this binary's, every chunk's bytecode verified) and
// checks that every chunk has its native twin, so a binary built from a
// panto source of another ABI, or from a mismatched package, fails with a
// clear message when a session starts instead of running something else.
//
// A linked layer sits just above the base layer (panto's standard tools)
// and below every layer on disk: it behaves like an installed bundle,
// which the user's, the project's and a run's own folder or bundle
// override by name.
package linked

import (
	"fmt"
	"sync"

	"panto/bundle"
	"panto/bytecode"
	"panto/extension/discover"
	"panto/host"
	"panto/runtime"
)

// LayerName is the name of a linked layer in a session (panto.ext.dirs,
// the layer of its entries): every linked layer has it.
const LayerName = "linked"

var registry struct {
	sync.Mutex
	bundles []registered
	checked []*bundle.Bundle
	err     error
	done    bool
}

// registered is one Register call.
type registered struct {
	data   []byte
	digest string
}

// Register links a layer in: data is the bundle that `panto build
// --target go` embedded in its package (Bundle), digest that package's
// BundleDigest. The generated cmd/panto file of a --binary build calls it
// from init; layers keep the order of the calls.
func Register(data []byte, digest string) {
	registry.Lock()
	defer registry.Unlock()
	registry.bundles = append(registry.bundles, registered{data: data, digest: digest})
	registry.done = false
}

// Linked reports whether the binary has a linked layer.
func Linked() bool {
	registry.Lock()
	defer registry.Unlock()
	return len(registry.bundles) > 0
}

// Bundles returns the linked bundles, read and checked (see Check), in
// registration order. The check runs once per process.
func Bundles() ([]*bundle.Bundle, error) {
	registry.Lock()
	defer registry.Unlock()
	if !registry.done {
		registry.checked, registry.err = nil, nil
		for _, r := range registry.bundles {
			b, err := Check(r.data, r.digest, bundle.Options{})
			if err != nil {
				registry.err = err
				break
			}
			registry.checked = append(registry.checked, b)
		}
		registry.done = true
	}
	return registry.checked, registry.err
}

// Check reads one linked bundle as a bundle file is read (bundle.Read:
// format, digests, signature, ABI version against o.HostABI or this
// binary's, bytecode) and checks that it is the bundle the package was
// generated for (digest, the package's BundleDigest) and that each of its
// chunks has native code registered. Errors start with "linked layer" and
// name the bundle when its manifest could be read.
func Check(data []byte, digest string, o bundle.Options) (*bundle.Bundle, error) {
	b, err := bundle.Read(data, o)
	if err != nil {
		what := "linked layer"
		if m, merr := bundle.ReadManifest(data); merr == nil {
			what += " " + m.Name + " " + m.Version
		}
		return nil, fmt.Errorf("%s: %v (rebuild the binary with panto build --binary from this panto's source)", what, err)
	}
	what := "linked layer " + b.Name + " " + b.Version
	if b.DigestHex() != digest {
		return nil, fmt.Errorf("%s: the bundle's digest %s is not the %s its package was generated for", what, b.DigestHex(), digest)
	}
	fsys := b.ChunkFS()
	for _, blob := range b.Blobs {
		if blob.Kind != bundle.KindChunk {
			continue
		}
		// The runtime digests what it decodes from the bytes the host
		// loads (the ChunkFS serves a stripped chunk re-encoded with its
		// name): do the same.
		data, err := fsys.ReadFile(blob.Path)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", what, err)
		}
		p, err := bytecode.Decode(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %v", what, blob.Path, err)
		}
		if runtime.LookupNative(bytecode.Digest(p)) == nil {
			return nil, fmt.Errorf("%s: %s has no native code in this binary (a stale or mismatched build; rebuild it with panto build --binary)", what, blob.Path)
		}
	}
	return b, nil
}

// Layers returns a session layer for each linked bundle, lowest
// precedence first: the bundle's entries, reading their chunks from the
// bundle (whose native twins then run), its config.toml, and its resources
// extracted into the cache folder (bundle.Extract, as for panto run
// BUNDLE), which is the layer's dir. o is the session's discovery options.
func Layers(o discover.Options) ([]*discover.Layer, error) {
	bs, err := Bundles()
	if err != nil {
		return nil, err
	}
	var ls []*discover.Layer
	for _, b := range bs {
		l, err := Layer(b, o)
		if err != nil {
			return nil, err
		}
		ls = append(ls, l)
	}
	return ls, nil
}

// Layer makes the session layer of one checked bundle (see Layers).
func Layer(b *bundle.Bundle, o discover.Options) (*discover.Layer, error) {
	dir, err := b.Extract("")
	if err != nil {
		return nil, fmt.Errorf("linked layer %s %s: %v", b.Name, b.Version, err)
	}
	s, err := host.BundleSetup(b, dir, o)
	if err != nil {
		return nil, fmt.Errorf("linked layer %s %s: %v", b.Name, b.Version, err)
	}
	l := s.Layers[0]
	l.Name = LayerName
	for _, e := range l.Entries {
		e.Layer = LayerName
	}
	return l, nil
}

// Insert puts layers into s just above its base layer (at the bottom
// when s has none), where a linked layer belongs.
func Insert(s *discover.Setup, layers []*discover.Layer) {
	if len(layers) == 0 {
		return
	}
	at := 0
	for i, l := range s.Layers {
		if l.Name == discover.Base {
			at = i + 1
			break
		}
	}
	s.Layers = append(s.Layers[:at], append(append([]*discover.Layer(nil), layers...), s.Layers[at:]...)...)
}
