package agent

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"panto/extension/config"
	"panto/host"
	"panto/runtime"
)

var boneSectionOnce struct {
	sync.Once
	v *regexp.Regexp
}

// boneSection matches the names of bone's config sections: a section
// is a file name under ~/.bone-rust/config/, so it must not carry a path.
func boneSection() *regexp.Regexp {
	boneSectionOnce.Do(func() { boneSectionOnce.v = regexp.MustCompile(`^[A-Za-z0-9_-]+$`) })
	return boneSectionOnce.v
}

// boneConfigFile is config/<section>.yaml below bone's folder.
func (b *bindings) boneConfigFile(L *runtime.State, fn, section string) string {
	if !boneSection().MatchString(section) {
		L.Errorf("%s: section %q must be a name of letters, digits, _ or - (it is config/<section>.yaml)", fn, section)
	}
	if b.s.setup.Home == "" {
		L.Errorf("%s: bone's config folder is ~/.bone-rust/config, and $HOME is not set", fn)
	}
	return filepath.Join(b.s.setup.Home, ".bone-rust", "config", section+".yaml")
}

// boneConfigRead is config_read(section) -> table | nil: bone's YAML
// section as Lua data (through JSON, so the shapes are json.decode's).
func (b *bindings) boneConfigRead(L *runtime.State) int {
	file := b.boneConfigFile(L, "ctx.config.get_table", L.CheckString(1))
	data, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		L.Push(runtime.Nil)
		return 1
	}
	if err != nil {
		L.Errorf("ctx.config: %v", err)
	}
	js, err := yamlToJSON(data)
	if err != nil {
		L.Errorf("ctx.config: %s: %v", file, err)
	}
	v, err := b.st.JSON().Decode(js)
	if err != nil {
		L.Errorf("ctx.config: %s: %v", file, err)
	}
	L.Push(v)
	return 1
}

// boneConfigWrite is config_write(section, key, value): it sets key (a
// dotted path) in the section's YAML file, creating it when needed.
func (b *bindings) boneConfigWrite(L *runtime.State) int {
	file := b.boneConfigFile(L, "ctx.config.set_value", L.CheckString(1))
	key := L.CheckString(2)
	enc, err := b.st.JSON().Encode(L.Arg(3))
	if err != nil {
		L.Errorf("ctx.config.set_value: the value must be JSON data: %v", err)
	}
	var val any
	if err := json.Unmarshal([]byte(enc), &val); err != nil {
		L.Errorf("ctx.config.set_value: %v", err)
	}
	doc := map[string]any{}
	if data, err := os.ReadFile(file); err == nil {
		if err := yaml.Unmarshal(data, &doc); err != nil {
			L.Errorf("ctx.config.set_value: %s: %v", file, err)
		}
		if doc == nil {
			doc = map[string]any{}
		}
	}
	if err := setPath(doc, strings.Split(key, "."), val); err != nil {
		L.Errorf("ctx.config.set_value: %s: %v", key, err)
	}
	out, err := yaml.Marshal(doc)
	if err != nil {
		L.Errorf("ctx.config.set_value: %v", err)
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		L.Errorf("ctx.config.set_value: %v", err)
	}
	if err := os.WriteFile(file, out, 0o644); err != nil {
		L.Errorf("ctx.config.set_value: %v", err)
	}
	return 0
}

// setPath sets doc[p0][p1]... = v, making maps on the way.
func setPath(doc map[string]any, path []string, v any) error {
	for i, k := range path {
		if k == "" {
			return errors.New("empty key part")
		}
		if i == len(path)-1 {
			doc[k] = v
			return nil
		}
		next, ok := doc[k].(map[string]any)
		if !ok {
			if doc[k] != nil {
				return fmt.Errorf("'%s' is not a table", strings.Join(path[:i+1], "."))
			}
			next = map[string]any{}
			doc[k] = next
		}
		doc = next
	}
	return nil
}

// yamlToJSON converts a YAML document to JSON text. Mapping keys become
// strings (YAML allows others, JSON and bone's Lua tables of sections
// do not need them).
func yamlToJSON(data []byte) (string, error) {
	var v any
	if err := yaml.Unmarshal(data, &v); err != nil {
		return "", err
	}
	out, err := json.Marshal(jsonable(v, 0))
	if err != nil {
		return "", err
	}
	return string(out), nil
}

// maxYAMLDepth bounds nesting, so a hostile document cannot exhaust the
// stack while converting.
const maxYAMLDepth = 64

func jsonable(v any, depth int) any {
	if depth > maxYAMLDepth {
		return nil
	}
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = jsonable(e, depth+1)
		}
		return x
	case map[any]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[fmt.Sprint(k)] = jsonable(e, depth+1)
		}
		return m
	case []any:
		for i, e := range x {
			x[i] = jsonable(e, depth+1)
		}
		return x
	case float64:
		if x != x || x > 1e308 || x < -1e308 {
			return nil // NaN and infinities have no JSON form
		}
	}
	return v
}

// boneMaxTokens is with_max_tokens(config, n) -> config: a copy of
// resolve_model's configuration whose responses are bounded by n tokens
// (bone's max_tokens option of ctx.agent.run and spawn). The bound is
// the model's own, as a [providers] model table's max_tokens would be.
func (b *bindings) boneMaxTokens(L *runtime.State) int {
	ud := L.Arg(1).AsUserdata()
	var cfg *host.ModelConfig
	if ud != nil {
		cfg, _ = ud.Value.(*host.ModelConfig)
	}
	if cfg == nil {
		L.Errorf("with_max_tokens: expected a model configuration, got %s", L.Arg(1).TypeName())
	}
	n, ok := L.Arg(2).ToInteger()
	if !ok || n <= 0 || n > math.MaxInt32 {
		L.Errorf("max_tokens must be a positive integer, got %s", L.Arg(2).TypeName())
	}
	c := *cfg
	opts := make(map[string]config.ModelOptions, len(c.Ref.Config.ModelOptions)+1)
	for k, v := range c.Ref.Config.ModelOptions {
		opts[k] = v
	}
	o := opts[c.Ref.Alias]
	o.MaxTokens = int(n)
	opts[c.Ref.Alias] = o
	c.Ref.Config.ModelOptions = opts
	L.Push(runtime.UserdataValue(runtime.NewUserdata(&c, ud.Metatable())))
	return 1
}
