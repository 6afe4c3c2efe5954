package ledger

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Prefix is the namespace of the ledger refs: refs/gitedit/sessions/<id>.
const Prefix = "refs/gitedit/sessions/"

// MaxIDLen bounds a session id, in bytes: the ref's file name and its
// "<id>.lock" must fit a file name (255 bytes on most file systems).
const MaxIDLen = 200

// ErrInvalidID is wrapped by CheckID's errors.
var ErrInvalidID = errors.New("invalid session id")

// CheckID accepts a session id that is one ref name component git
// check-ref-format accepts (no "/", no component starting with "." or
// ending with ".lock" or ".", no "..", "@{", space, control byte, DEL,
// or any of ~^:?*[\), that does not start with "-", and that is
// at most MaxIDLen bytes of printable UTF-8 without white space (the id
// is printed in trailers and JSON, where other bytes would not read
// back as they were written), and that can be a file name on Windows,
// where a ledger pushed with git push may be fetched: none of < > " |,
// and no device name (see windowsDevice).
func CheckID(id string) error {
	if reason := badID(id); reason != "" {
		return fmt.Errorf("%w %q: %s", ErrInvalidID, id, reason)
	}
	return nil
}

// badID says what makes id invalid ("" when nothing does).
func badID(id string) string {
	switch {
	case id == "":
		return "it is empty"
	case len(id) > MaxIDLen:
		return fmt.Sprintf("it is longer than %d bytes", MaxIDLen)
	case strings.HasPrefix(id, "-"), strings.HasPrefix(id, "."):
		return `it starts with "-" or "."`
	case strings.HasSuffix(id, "."), strings.HasSuffix(id, ".lock"):
		return `it ends with "." or ".lock"`
	case strings.Contains(id, ".."), strings.Contains(id, "@{"):
		return `it holds ".." or "@{"`
	case strings.ContainsAny(id, "/~^:?*[\\"):
		return `it holds one of / ~ ^ : ? * [ \`
	case !utf8.ValidString(id):
		return "it is not UTF-8"
	}
	for _, r := range id {
		if !unicode.IsPrint(r) || unicode.IsSpace(r) {
			return "it holds white space or a control character"
		}
	}
	switch {
	case strings.ContainsAny(id, `<>"|`):
		return `it holds one of < > " |, which a file name on Windows cannot hold (a ledger ref is a file, and ledgers are shared with git push)`
	case windowsDevice(id):
		return "it is a device name on Windows (CON, PRN, AUX, NUL, CONIN$, CONOUT$, COM1 to COM9, LPT1 to LPT9, in any case, with or without an extension), which cannot be a file there (a ledger ref is a file, and ledgers are shared with git push)"
	}
	return ""
}

// windowsDevices are the names Windows takes for devices, as git's
// is_valid_win32_path (core.protectNTFS) lists them.
var windowsDevices = []string{"con", "prn", "aux", "nul", "conin$", "conout$",
	"com1", "com2", "com3", "com4", "com5", "com6", "com7", "com8", "com9",
	"lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9"}

// windowsDevice reports whether id names a Windows device as git's
// is_valid_win32_path reads a path component: a device name in any case,
// alone or followed by an extension (git also takes trailing spaces and
// a ":" stream, which an id cannot hold).
func windowsDevice(id string) bool {
	base, _, _ := strings.Cut(id, ".")
	for _, d := range windowsDevices {
		if strings.EqualFold(base, d) {
			return true
		}
	}
	return false
}

// Ref is the ledger ref of session id (which CheckID accepts).
func Ref(id string) string { return Prefix + id }
