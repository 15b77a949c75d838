package host

import (
	"panto/runtime"
	"panto/runtime/luafs"
	"panto/runtime/luaregex"
	"panto/runtime/luaweb"
)

// pantoModule builds require("panto") for this state: panto.ext,
// panto.text, panto.regex, panto.fs and panto.web. There is deliberately no global panto.
func (v *vm) pantoModule() runtime.Value {
	ext := runtime.NewTable(0, 16)
	for name, fn := range map[string]func(*runtime.State) int{
		"register_tool":     v.luaRegisterTool,
		"register_command":  v.luaRegisterCommand,
		"register_protocol": v.luaRegisterProtocol,
		"on":                v.luaOn,
		"emit":              v.luaEmit,
		"run_foreground":    v.luaRunForeground,
		"highlight":         v.luaHighlight,
		"style":             v.luaStyle,
		"session_info":      v.luaSessionInfo,
		"models":            v.luaModels,
		"resolve_model":     v.luaResolveModel,
	} {
		ext.SetName(name, runtime.NewFunction(name, fn))
	}
	ext.SetName("json", runtime.TableValue(v.json.Module()))
	ext.SetName("dirs", v.dirs())

	text := runtime.NewTable(0, 3)
	text.SetName("width", runtime.NewFunction("width", textWidth))
	text.SetName("truncate", runtime.NewFunction("truncate", textTruncate))
	text.SetName("wrap", runtime.NewFunction("wrap", textWrap))

	mod := runtime.NewTable(0, 8)
	mod.SetName("ext", runtime.TableValue(ext))
	mod.SetName("text", runtime.TableValue(text))
	mod.SetName("regex", runtime.TableValue(luaregex.Module(v.L)))
	mod.SetName("fs", runtime.TableValue(luafs.Module(v.loop)))
	mod.SetName("web", runtime.TableValue(luaweb.Module(v.loop, luaweb.Options{Network: v.h.networkAllowed})))
	if f := v.h.opts.Module; f != nil {
		f(v.state, mod, ext)
	}
	return runtime.TableValue(mod)
}

// dirs is panto.ext.dirs: home when known (never in bundle runs),
// project_root, and the layers that have a folder, lowest precedence
// first.
func (v *vm) dirs() runtime.Value {
	s := v.h.setup
	d := runtime.NewTable(0, 3)
	if s.Home != "" {
		d.SetStr("home", str(s.Home))
	}
	d.SetStr("project_root", str(s.ProjectRoot))
	layers := runtime.NewTable(len(s.Layers), 0)
	n := int64(0)
	for _, l := range s.Layers {
		if l.Dir == "" {
			continue // unresolvable: omitted, as the spec says
		}
		lt := runtime.NewTable(0, 2)
		lt.SetStr("name", str(l.Name))
		lt.SetStr("dir", str(l.Dir))
		n++
		layers.SetInt(n, runtime.TableValue(lt))
	}
	d.SetStr("layers", runtime.TableValue(layers))
	return runtime.TableValue(d)
}
