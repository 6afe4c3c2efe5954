package sharedperm

import (
	"testing"

	"github.com/gitedit/gitedit/gitedit/internal/gitconfig"
)

// TestParseAsGitConfigPerm reads core.sharedRepository values as git's
// git_config_perm does: names, the compatibility numbers 0, 1 and 2,
// booleans, and octal modes (masked to 0666, refused without the owner's
// read and write bits).
func TestParseAsGitConfigPerm(t *testing.T) {
	for _, c := range []struct {
		text    string
		noValue bool
		want    Mode
		bad     bool
	}{
		{noValue: true, want: group},
		{text: "umask", want: umask}, {text: "group", want: group},
		{text: "all", want: everybody}, {text: "world", want: everybody}, {text: "everybody", want: everybody},
		{text: "0", want: umask}, {text: "1", want: group}, {text: "2", want: everybody},
		{text: "true", want: group}, {text: "Yes", want: group}, {text: "false", want: umask}, {text: "off", want: umask},
		{text: "0640", want: -0o640}, {text: "0777", want: -0o666}, {text: "600", want: -0o600},
		{text: "0460", bad: true}, {text: "GROUP", bad: true}, {text: "sometimes", bad: true},
	} {
		got, err := Parse(gitconfig.Value{Text: c.text, NoValue: c.noValue}, true)
		if (err != nil) != c.bad || (!c.bad && got != c.want) {
			t.Errorf("Parse(%q, no value %v) = %#o, %v; want %#o (error %v)", c.text, c.noValue, got, err, c.want, c.bad)
		}
	}
	if got, err := Parse(gitconfig.Value{}, false); got != umask || err != nil {
		t.Errorf("unset: %#o, %v", got, err)
	}
}
