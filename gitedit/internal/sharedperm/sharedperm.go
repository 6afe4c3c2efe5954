// Package sharedperm gives the files and folders a repository's git
// directory gains the permissions core.sharedRepository asks for, as git's
// adjust_shared_perm does: in a repository shared by a group, an object,
// an objects/xx/ folder or an index written with the writer's umask alone
// (077, 022) could not be read, or added to, by the group's other members.
package sharedperm

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/gitedit/gitedit/gitedit/internal/gitconfig"
)

// Mode is the value of core.sharedRepository as git keeps it
// (get_shared_repository): 0 leaves the umask's modes alone, a positive
// mode adds its bits (0660 for "group", 0664 for "all"), a negative one
// replaces the permission bits with its opposite (an octal "0xxx").
type Mode int

const (
	umask     Mode = 0
	group     Mode = 0o660
	everybody Mode = 0o664
)

// Parse reads the value of core.sharedRepository (set reports whether it
// is set) as git's git_config_perm does: a name, an octal number (0, 1
// and 2 stand for umask, group and everybody), else a boolean.
func Parse(v gitconfig.Value, set bool) (Mode, error) {
	switch {
	case !set:
		return umask, nil
	case v.NoValue:
		return group, nil
	case v.Text == "umask":
		return umask, nil
	case v.Text == "group":
		return group, nil
	case v.Text == "all" || v.Text == "world" || v.Text == "everybody":
		return everybody, nil
	}
	n, err := strconv.ParseInt(v.Text, 8, 32)
	if err != nil {
		b, err := gitconfig.ParseBool(v)
		if err != nil {
			return umask, fmt.Errorf("core.sharedRepository: %w", err)
		}
		if b {
			return group, nil
		}
		return umask, nil
	}
	switch {
	case n == 0:
		return umask, nil
	case n == 1:
		return group, nil
	case n == 2:
		return everybody, nil
	case n&0o600 != 0o600:
		return umask, fmt.Errorf("core.sharedRepository: problem with filemode value (0%03o): the owner of files must always have read and write permissions", n)
	}
	return -Mode(n & 0o666), nil
}

// Adjust gives the file or folder at path the permissions m asks for, as
// git's adjust_shared_perm: a folder also gets execute bits where it has
// read bits, and the set-group-ID bit when its group may read or write it
// (git 2.39: "g+s matters only if any extra access is granted based on
// group membership", so core.sharedRepository=0600 sets none). It does
// nothing for umask.
func (m Mode) Adjust(path string) error {
	if m == umask {
		return nil
	}
	fi, err := os.Lstat(path)
	if err != nil {
		return err
	}
	old := fi.Mode() & (os.ModePerm | os.ModeSetuid | os.ModeSetgid | os.ModeSticky)
	perm := m.perm(old.Perm())
	special := old &^ os.ModePerm
	if fi.IsDir() {
		perm |= (perm & 0o444) >> 2
		if perm&0o060 != 0 {
			special |= os.ModeSetgid
		}
	}
	if want := os.FileMode(perm) | special; want != old {
		return os.Chmod(path, want)
	}
	return nil
}

// perm is git's calc_shared_perm for permission bits mode.
func (m Mode) perm(mode os.FileMode) uint32 {
	tweak := uint32(m)
	if m < 0 {
		tweak = uint32(-m)
	}
	if mode&0o200 == 0 {
		tweak &^= 0o222
	}
	if mode&0o100 != 0 {
		tweak |= (tweak & 0o444) >> 2
	}
	if m < 0 {
		return tweak
	}
	return uint32(mode) | tweak
}

// MkdirAll creates the folder path and its missing parents, as
// os.MkdirAll, and gives each folder it creates the permissions m asks
// for (git's safe_create_leading_directories). The folder is made first
// as if its parent existed, the usual case (a new objects/xx/ folder): one
// system call, where os.MkdirAll stats the folder and its parent first.
func (m Mode) MkdirAll(path string) error {
	if err := os.Mkdir(path, 0o777); err == nil {
		return m.Adjust(path)
	}
	if m == umask {
		return os.MkdirAll(path, 0o777)
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return nil
	}
	if parent := filepath.Dir(path); parent != path {
		if err := m.MkdirAll(parent); err != nil {
			return err
		}
	}
	if err := os.Mkdir(path, 0o777); err != nil {
		if fi, serr := os.Stat(path); serr == nil && fi.IsDir() {
			return nil // made meanwhile
		}
		return err
	}
	return m.Adjust(path)
}
