package cli

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/gitedit/gitedit/fixtures"
)

// update rewrites the golden output of the scripts: a failing "cmp X FILE"
// whose FILE is one of the script's archive files rewrites that file with
// X (stdout, stderr or a file): go test ./cli -run TestScriptsOfTheManualPass -update
var update = flag.Bool("update", false, "rewrite the scripts' golden output in testdata/script")

// TestMain registers the gitedit command for the scripts: it runs in a
// subprocess, as the real binary would.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"gitedit": func() { os.Exit(Main(os.Args, os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScriptsOfTheManualPass runs the txtar scripts of testdata/script: the CLI's manual,
// checked. Each script starts in an empty $WORK with git isolated from the
// machine's configuration (fixed identity and dates, no system or global
// config). With -update, a failing cmp rewrites the archive file it
// compares with instead of failing.
func TestScriptsOfTheManualPass(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("testdata", "script"),
		RequireExplicitExec: true,
		Setup:               isolateGit,
		UpdateScripts:       *update,
	})
}

// isolateGit gives a script the environment of fixtures.Env: a private
// HOME, no system config and a fixed identity and date.
func isolateGit(env *testscript.Env) error {
	home := filepath.Join(env.WorkDir, ".home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		return err
	}
	env.Setenv("HOME", home)
	env.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	env.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	for _, k := range []string{"AUTHOR", "COMMITTER"} {
		env.Setenv("GIT_"+k+"_NAME", fixtures.Name)
		env.Setenv("GIT_"+k+"_EMAIL", fixtures.Email)
		env.Setenv("GIT_"+k+"_DATE", "2026-01-02T03:04:05Z")
	}
	return nil
}
