package config

import (
	"reflect"
	"strings"

	"github.com/BurntSushi/toml"

	"panto/diag"
)

// suggestKey returns the known key closest to the unknown key k, the last
// segment compared with the keys its table takes, or "": "alow" under
// [extensions] is "allow". The known keys are the toml tags of the types
// the file is decoded into (schema is the decode target's type), so the
// list cannot drift from what the reader accepts.
func suggestKey(schema reflect.Type, k toml.Key) string {
	if len(k) == 0 {
		return ""
	}
	t := schema
	for _, seg := range k[:len(k)-1] {
		t = keyType(t, seg)
		if t == nil {
			return ""
		}
	}
	return diag.Suggest(k[len(k)-1], tomlKeys(t))
}

// keyType is the type a segment under t decodes into: a struct's field,
// or a map's element whatever the segment (a provider's name), or nil.
func keyType(t reflect.Type, seg string) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Map:
		return t.Elem()
	case reflect.Struct:
		for _, f := range fields(t) {
			if tagName(f) == seg {
				return f.Type
			}
		}
	}
	return nil
}

// tomlKeys lists the keys a struct type takes ("" for other types).
func tomlKeys(t reflect.Type) []string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	var keys []string
	for _, f := range fields(t) {
		if name := tagName(f); name != "" && name != "-" {
			keys = append(keys, name)
		}
	}
	return keys
}

// fields lists t's fields with embedded structs' fields in line, an
// outer field hiding an inner one of the same key (providerTOML's models
// hides Provider's).
func fields(t reflect.Type) []reflect.StructField {
	var out []reflect.StructField
	seen := map[string]bool{}
	var inner []reflect.StructField
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			inner = append(inner, fields(f.Type)...)
			continue
		}
		if !f.IsExported() {
			continue
		}
		out = append(out, f)
		seen[tagName(f)] = true
	}
	for _, f := range inner {
		if name := tagName(f); !seen[name] {
			out = append(out, f)
			seen[name] = true
		}
	}
	return out
}

// tagName is the key a field decodes from.
func tagName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
	if name == "" {
		return f.Name
	}
	return name
}
