package discover

// Resolution is the session's entry space after cross-layer precedence.
type Resolution struct {
	// Entries to evaluate and activate, lowest layer first and in each
	// layer's own order.
	Entries []*Entry
	// Shadowed are entries hidden by a higher layer's entry of the same
	// name (an override, not a problem), plus each layer's in-layer
	// shadows.
	Shadowed []Shadow
}

// Resolve applies local > project > user > base: an entry replaces every
// same-named entry of the layers below it, so a user can override a
// standard tool by dropping tools/read.lua into their own layer.
func Resolve(layers []*Layer) Resolution {
	winner := map[string]*Entry{}
	for _, l := range layers {
		for _, e := range l.Entries {
			winner[e.Name] = e
		}
	}
	var res Resolution
	for _, l := range layers {
		res.Shadowed = append(res.Shadowed, l.Shadowed...)
		for _, e := range l.Entries {
			if w := winner[e.Name]; w != e {
				res.Shadowed = append(res.Shadowed, Shadow{Entry: e, By: w})
				continue
			}
			res.Entries = append(res.Entries, e)
		}
	}
	return res
}

// Resolve is Resolve over the setup's layers.
func (s *Setup) Resolve() Resolution { return Resolve(s.Layers) }
