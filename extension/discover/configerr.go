package discover

import (
	"errors"

	"panto/diag"
)

// ConfigError is a layer's config.toml that cannot be read as TOML. It is
// an error, not a warning: a session that ran without the providers,
// models and rules the user wrote would look as if they had no effect.
// The message reads "config: FILE:LINE:COL: what", which the command line
// prints as it is.
type ConfigError struct {
	// Diag names the file, line and column.
	Diag *diag.Diagnostic
}

func (e *ConfigError) Error() string { return "config: " + e.Diag.String() }

// NewConfigError wraps the error config.ParseLayer returned.
func NewConfigError(err error) error {
	var d *diag.Diagnostic
	if !errors.As(err, &d) {
		d = &diag.Diagnostic{Message: err.Error()}
	}
	return &ConfigError{Diag: d}
}

// configErr is the first broken config.toml among the layers, lowest
// layer first, or nil.
func (s *Setup) configErr() error {
	for _, l := range s.Layers {
		if l.ConfigErr != nil {
			return l.ConfigErr
		}
	}
	return nil
}
