package spec

import (
	"errors"
	"testing"
)

// TestForRequestJoinsDryRunAndPrefersTheOptionsMessage: a dry run asked by
// either side wins, and the request's message only fills an empty one.
func TestForRequestJoinsDryRunAndPrefersTheOptionsMessage(t *testing.T) {
	for _, c := range []struct {
		opt      Options
		dry      bool
		msg      string
		wantDry  bool
		wantText string
	}{
		{Options{}, false, "", false, ""},
		{Options{}, true, "req", true, "req"},
		{Options{DryRun: true, Message: "opt"}, false, "req", true, "opt"},
		{Options{Message: "opt"}, true, "", true, "opt"},
	} {
		got := c.opt.ForRequest(c.dry, c.msg)
		if got.DryRun != c.wantDry || got.Message != c.wantText {
			t.Errorf("%+v.ForRequest(%v, %q) = dry %v message %q, want %v %q", c.opt, c.dry, c.msg, got.DryRun, got.Message, c.wantDry, c.wantText)
		}
	}
}

// TestCheckRefusesNoStageWithCommit: the library refuses the contradiction
// the CLI resolves with WorktreeOnly.
func TestCheckRefusesNoStageWithCommit(t *testing.T) {
	err := Options{Commit: true, NoStage: true}.Check()
	if !errors.Is(err, &Error{Code: CodeInvalidInput}) {
		t.Fatalf("Check() = %v, want invalid_input", err)
	}
	if err := (Options{Commit: true, NoStage: true}).WorktreeOnly().Check(); err != nil {
		t.Fatalf("WorktreeOnly().Check() = %v, want nil", err)
	}
	if o := (Options{Commit: true}).WorktreeOnly(); o.Commit || !o.NoStage {
		t.Fatalf("WorktreeOnly() = %+v, want NoStage without Commit", o)
	}
}
