package host

import (
	"fmt"
	"strings"

	"panto/extension/config"
	"panto/runtime"
)

// The Lua side of models: panto.models, resolve_model, session_info. What
// a model reference is and how it resolves is models.go.

const (
	defaultModelLimit = 10
	maxModelLimit     = 50
)

// luaModels is models {} (describe providers), models { provider?,
// query?, limit? } (list references) and models { model } (resolve one).
func (v *vm) luaModels(L *runtime.State) int {
	q := optTable(L, "models", 1)
	h := v.h
	if m := q.GetStr("model"); !m.IsNil() {
		if !m.IsString() {
			L.Errorf("models: 'model' must be a string, got %s", m.TypeName())
		}
		ref, err := h.ResolveModel(m.AsString())
		if err != nil {
			L.Push(runtime.Nil, str(err.Error()))
			return 2
		}
		L.Push(modelTable(ref))
		return 1
	}
	provider := stringField(L, q, "models", "provider", false)
	query := strings.ToLower(stringField(L, q, "models", "query", false))
	limit := int64(defaultModelLimit)
	if lv := q.GetStr("limit"); !lv.IsNil() {
		n, ok := lv.ToInteger()
		if !lv.IsNumber() || !ok || n < 1 {
			L.Errorf("models: 'limit' must be a positive integer")
		}
		limit = min(n, maxModelLimit)
	}
	if provider == "" && query == "" && q.GetStr("limit").IsNil() {
		L.Push(describeProviders(h.cfg.Providers))
		return 1
	}
	if provider != "" {
		if _, ok := h.cfg.Providers[provider]; !ok {
			L.Push(runtime.Nil, str(fmt.Sprintf("unknown provider '%s'%s", provider, hintNames(h.cfg.Providers))))
			return 2
		}
	}
	var refs []string
	for _, pname := range sortedKeys(h.cfg.Providers) {
		if provider != "" && pname != provider {
			continue
		}
		p := h.cfg.Providers[pname]
		for _, alias := range sortedKeys(p.Models) {
			if query == "" || strings.Contains(strings.ToLower(alias), query) || strings.Contains(strings.ToLower(p.Models[alias]), query) {
				refs = append(refs, pname+":"+alias)
			}
		}
	}
	if int64(len(refs)) > limit {
		refs = refs[:limit]
	}
	L.Push(stringList(refs))
	return 1
}

func describeProviders(provs map[string]config.Provider) runtime.Value {
	t := runtime.NewTable(len(provs), 0)
	for i, name := range sortedKeys(provs) {
		p := provs[name]
		pt := runtime.NewTable(0, 6)
		pt.SetStr("name", str(name))
		pt.SetStr("protocol", str(p.Protocol))
		if p.Label != "" {
			pt.SetStr("label", str(p.Label))
		}
		if p.BaseURL != "" {
			pt.SetStr("base_url", str(p.BaseURL))
		}
		pt.SetStr("models", stringList(sortedKeys(p.Models)))
		pt.SetStr("reasoning", stringList(p.Reasoning))
		t.SetInt(int64(i+1), runtime.TableValue(pt))
	}
	return runtime.TableValue(t)
}

func modelTable(r ModelRef) runtime.Value {
	t := runtime.NewTable(0, 5)
	t.SetStr("reference", str(r.Reference()))
	t.SetStr("provider", str(r.Provider))
	t.SetStr("model", str(r.Alias))
	t.SetStr("id", str(r.ID))
	t.SetStr("protocol", str(r.Config.Protocol))
	return runtime.TableValue(t)
}

func (v *vm) luaResolveModel(L *runtime.State) int {
	const what = "resolve_model"
	q := optTable(L, what, 1)
	h := v.h
	model := stringField(L, q, what, "model", false)
	if model == "" {
		model = h.cfg.Models.Default
	}
	fail := func(format string, a ...any) int {
		L.Push(runtime.Nil, str(fmt.Sprintf(format, a...)))
		return 2
	}
	if model == "" {
		return fail("no model given and [models] default is not configured")
	}
	ref, err := h.ResolveModel(model)
	if err != nil {
		return fail("%v", err)
	}
	reasoning := stringField(L, q, what, "reasoning", false)
	if reasoning == "" {
		reasoning = h.cfg.Models.Reasoning
	}
	if reasoning != "" {
		if allowed := v.reasoningLabels(ref); len(allowed) > 0 && !contains(allowed, reasoning) {
			return fail("model '%s' does not accept reasoning '%s' (accepted: %s)", ref.Reference(), reasoning, strings.Join(allowed, ", "))
		}
	}
	choice, err := toolChoice(q.GetStr("tool_choice"))
	if err != nil {
		return fail("%v", err)
	}
	cfg := &ModelConfig{Ref: ref, Reasoning: reasoning, ToolChoice: choice}
	L.Push(runtime.UserdataValue(runtime.NewUserdata(cfg, v.metas.modelConfig)))
	return 1
}

// reasoningLabels are the labels a model accepts: the provider's
// configured list, else the effort levels of the extension protocol it
// routes to; empty means anything goes.
func (v *vm) reasoningLabels(ref ModelRef) []string {
	if len(ref.Config.Reasoning) > 0 {
		return ref.Config.Reasoning
	}
	var labels []string
	if p := v.reg.protocols[ref.Config.Protocol]; p != nil {
		for _, e := range p.EffortLevels {
			labels = append(labels, e.Label)
		}
	}
	return labels
}

// toolChoice validates "auto", "none", "required" or { name = "tool" }.
func toolChoice(v runtime.Value) (string, error) {
	switch {
	case v.IsNil():
		return "auto", nil
	case v.IsString():
		switch s := v.AsString(); s {
		case "auto", "none", "required":
			return s, nil
		}
		return "", fmt.Errorf(`tool_choice must be "auto", "none", "required" or { name = "tool" }, got %q`, v.AsString())
	case v.Type() == runtime.TypeTable:
		n := v.AsTable().GetStr("name")
		if n.IsString() && n.AsString() != "" {
			return "tool:" + n.AsString(), nil
		}
	}
	return "", fmt.Errorf(`tool_choice must be "auto", "none", "required" or { name = "tool" }`)
}

func modelConfigToString(L *runtime.State) int {
	cfg, ok := udValue[*ModelConfig](L.Arg(1).AsUserdata())
	if !ok {
		typeError(L, "tostring", 1, "panto.model_config")
	}
	L.PushString("panto.model_config: " + cfg.Ref.Reference())
	return 1
}

func (v *vm) luaSessionInfo(L *runtime.State) int {
	s := v.h.opts.Session
	if s == nil {
		L.Push(runtime.Nil, str("no session host is available"))
		return 2
	}
	t := runtime.NewTable(0, 4)
	t.SetStr("id", str(s.ID))
	t.SetStr("directory", str(s.Directory))
	t.SetStr("model", optString(s.Model))
	t.SetStr("reasoning", optString(s.Reasoning))
	t.SetStr("api_style", optString(s.APIStyle))
	t.SetStr("base_url", optString(s.BaseURL))
	L.Push(runtime.TableValue(t))
	return 1
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
