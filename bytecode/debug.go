package bytecode

// Deferred debug information. A prototype from a lazy Decoder keeps its
// encoded debug section (a substring of the chunk, no copy) and decodes it
// the first time something asks for a line, a local or an upvalue name.
// Loading a bundle thereby skips about a third of its bytes, which most
// sessions never read: only errors, tracebacks, hooks and the debug
// library do.
//
// Decoding happens once per prototype (sync.Once), so prototypes shared by
// several Lua states on several goroutines stay safe. The section gets the
// checks the verifier gives debug information (debugProblem); if it fails
// them, the prototype behaves as stripped: no lines, no names. That keeps
// the verifier's promise (whatever the bytes, what runs cannot crash),
// and a bundle's digests already ensure its sections are the ones the
// compiler wrote; `panto verify` decodes them eagerly to say so.

// LoadDebug decodes the prototype's deferred debug information, if any,
// into LineInfo, LocVars and the upvalue names. Nested prototypes keep
// theirs until asked. It is safe for concurrent use.
func (p *Proto) LoadDebug() {
	if p.debugRaw != "" {
		p.debugOnce.Do(p.decodeDebug)
	}
}

// Lines returns the line of each instruction, nil when unknown.
func (p *Proto) Lines() []int32 {
	p.LoadDebug()
	return p.LineInfo
}

// Locals returns the local variables, in the order of their start pcs.
func (p *Proto) Locals() []LocVar {
	p.LoadDebug()
	return p.LocVars
}

// UpvalueName returns the name of upvalue i, "" when unknown.
func (p *Proto) UpvalueName(i int) string {
	p.LoadDebug()
	if i < 0 || i >= len(p.Upvalues) {
		return ""
	}
	return p.Upvalues[i].Name
}

func (p *Proto) decodeDebug() {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(decodeFailure); !ok {
				panic(r)
			}
			p.dropDebug()
		}
	}()
	d := decoder{cur: p}
	d.debug(p, p.debugRaw)
	var delta []int
	if debugProblem(p, &delta) != "" {
		p.dropDebug()
	}
}

// dropDebug leaves p as if stripped.
func (p *Proto) dropDebug() {
	p.LineInfo, p.LocVars = nil, nil
	for i := range p.Upvalues {
		p.Upvalues[i].Name = ""
	}
}

// CheckDebug decodes and checks the deferred debug information of p and
// of every prototype nested in it, and reports the first problem as a
// *FormatError; nil when all of it is sound (or there is none).
func CheckDebug(p *Proto) error {
	return checkDebug(p, 0)
}

func checkDebug(p *Proto, depth int) (err error) {
	if depth > MaxNesting {
		return nil // the verifier refused such a chunk already
	}
	if p.debugRaw != "" {
		var probe Proto
		probe.Code, probe.MaxStackSize, probe.LineDefined = p.Code, p.MaxStackSize, p.LineDefined
		probe.Upvalues = make([]UpvalDesc, len(p.Upvalues))
		func() {
			defer func() {
				if r := recover(); r != nil {
					fe, ok := r.(decodeFailure)
					if !ok {
						panic(r)
					}
					err = &FormatError{Msg: string(fe)}
				}
			}()
			d := decoder{cur: &probe}
			if depth == 0 {
				d.main = &probe
			}
			d.debug(&probe, p.debugRaw)
			var delta []int
			if msg := debugProblem(&probe, &delta); msg != "" {
				err = &FormatError{Msg: funcName(p.LineDefined, depth == 0) + ": " + msg}
			}
		}()
		if err != nil {
			return err
		}
	}
	for _, sub := range p.Protos {
		if err := checkDebug(sub, depth+1); err != nil {
			return err
		}
	}
	return nil
}
