package mcp

import (
	"context"
	"fmt"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"panto/host"
)

// makePrompts turns a server's prompts into slash commands
// /mcp__NAME__PROMPT. Running one gets the prompt with the arguments the
// user typed, sends its text to the model as a user message (when the
// manager has Options.Submit), and prints it.
func (s *server) makePrompts(listed []*sdk.Prompt) []*host.Command {
	var cmds []*host.Command
	for _, p := range listed {
		name := ToolName(s.name, p.Name)
		prompt := p
		desc := p.Description
		if desc == "" {
			desc = p.Title
		}
		if u := promptUsage(p); u != "" {
			desc = strings.TrimSpace(desc + " (" + u + ")")
		}
		cmds = append(cmds, host.NewNativeCommand(name, desc, "mcp:"+s.name, func(ctx context.Context, args string) (string, error) {
			text, err := s.getPrompt(ctx, "/"+name, prompt, args)
			if err != nil {
				return "", err
			}
			if submit := s.m.opts.Submit; submit != nil {
				submit(text)
			}
			return text, nil
		}))
	}
	return cmds
}

// promptUsage lists a prompt's arguments, optional ones in brackets.
func promptUsage(p *sdk.Prompt) string {
	var parts []string
	for _, a := range p.Arguments {
		if a.Required {
			parts = append(parts, a.Name)
		} else {
			parts = append(parts, "["+a.Name+"]")
		}
	}
	return strings.Join(parts, " ")
}

// getPrompt gets a prompt and renders its messages as one text.
func (s *server) getPrompt(ctx context.Context, what string, p *sdk.Prompt, args string) (string, error) {
	values, err := promptArgs(p, args)
	if err != nil {
		return "", fmt.Errorf("%s: %v", what, err)
	}
	var res *sdk.GetPromptResult
	err = s.call(ctx, what, func(ctx context.Context, cs *sdk.ClientSession) error {
		var err error
		res, err = cs.GetPrompt(ctx, &sdk.GetPromptParams{Name: p.Name, Arguments: values})
		return err
	})
	if err != nil {
		return "", err
	}
	return promptText(res), nil
}

// promptArgs maps what the user typed after the command to the prompt's
// arguments: NAME=VALUE words set arguments by name; otherwise the words
// fill the arguments in order, the last one taking the rest of the line
// (so a prompt with one argument takes the whole line, spaces and all).
func promptArgs(p *sdk.Prompt, line string) (map[string]string, error) {
	values := map[string]string{}
	words := strings.Fields(line)
	byName := len(words) > 0
	for _, w := range words {
		k, _, ok := strings.Cut(w, "=")
		if !ok || !hasArgument(p, k) {
			byName = false
			break
		}
	}
	switch {
	case byName:
		for _, w := range words {
			k, v, _ := strings.Cut(w, "=")
			values[k] = v
		}
	case len(words) > 0 && len(p.Arguments) == 0:
		return nil, fmt.Errorf("the prompt takes no arguments")
	default:
		rest := strings.TrimSpace(line)
		for i, a := range p.Arguments {
			if rest == "" {
				break
			}
			if i == len(p.Arguments)-1 {
				values[a.Name] = rest
				break
			}
			w, r, _ := strings.Cut(rest, " ")
			values[a.Name], rest = w, strings.TrimSpace(r)
		}
	}
	var missing []string
	for _, a := range p.Arguments {
		if _, ok := values[a.Name]; a.Required && !ok {
			missing = append(missing, a.Name)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("missing %s (usage: %s)", strings.Join(missing, ", "), promptUsage(p))
	}
	return values, nil
}

func hasArgument(p *sdk.Prompt, name string) bool {
	for _, a := range p.Arguments {
		if a.Name == name {
			return true
		}
	}
	return false
}

// promptText joins a prompt's messages: their text, and a line for
// content that is not text.
func promptText(r *sdk.GetPromptResult) string {
	var parts []string
	for _, m := range r.Messages {
		if m == nil || m.Content == nil {
			continue
		}
		text, att := contentOf(m.Content)
		if att != nil && text == "" {
			text = fmt.Sprintf("[%s attachment, not sent]", orUnknown(att.MediaType))
		}
		if text != "" {
			parts = append(parts, text)
		}
	}
	return strings.Join(parts, "\n\n")
}

// GetPrompt gets prompt name of server with arguments given by name, and
// renders its messages as text (what /mcp__SERVER__PROMPT sends).
func (m *Manager) GetPrompt(ctx context.Context, server, name string, args map[string]string) (string, error) {
	s := m.server(server)
	if s == nil {
		return "", m.unknownServer(server)
	}
	var res *sdk.GetPromptResult
	err := s.call(ctx, "prompt "+name, func(ctx context.Context, cs *sdk.ClientSession) error {
		var err error
		res, err = cs.GetPrompt(ctx, &sdk.GetPromptParams{Name: name, Arguments: args})
		return err
	})
	if err != nil {
		return "", err
	}
	return promptText(res), nil
}
