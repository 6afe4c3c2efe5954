package hooks

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// GitEnv is the environment git gives the hooks of the working tree
// workTree when started in dir: the caller's, with GIT_PREFIX (dir
// relative to the top, "" at the top), git's exec path set and put
// first in PATH, and GIT_DIR when git would export it (gitDirEnv).
func GitEnv(workTree, dir, gitDir string) []string {
	prefix := ""
	if rel, err := filepath.Rel(workTree, dir); err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
		prefix = filepath.ToSlash(rel) + "/"
	}
	env := Merge(os.Environ(), append([]string{"GIT_PREFIX=" + prefix}, gitDirEnv(workTree, gitDir)...))
	if out, err := exec.Command("git", "--exec-path").Output(); err == nil {
		execPath := strings.TrimSpace(string(out))
		env = Merge(env, []string{"GIT_EXEC_PATH=" + execPath, "PATH=" + execPath + string(os.PathListSeparator) + os.Getenv("PATH")})
	}
	return env
}

// gitDirEnv is the GIT_DIR git exports to its hooks when it found the
// git directory through a .git file (a linked worktree, a submodule):
// its real path (setup_discovered_git_dir calls set_git_dir unless the
// git directory is ".git"). A GIT_DIR of the caller's is passed on as it
// is.
func gitDirEnv(workTree, gitDir string) []string {
	if _, ok := os.LookupEnv("GIT_DIR"); ok {
		return nil
	}
	if fi, err := os.Lstat(filepath.Join(workTree, ".git")); err != nil || fi.IsDir() {
		return nil
	}
	if real, err := filepath.EvalSymlinks(gitDir); err == nil {
		gitDir = real
	}
	return []string{"GIT_DIR=" + gitDir}
}
