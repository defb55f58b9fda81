// Package sheets turns GDL rule sheets into registered games: a file
// named on the command line, the bundled sheets that are not native
// games, the sheets in the user's games folder and the folder an
// operator serves. Once registered, a sheet's game is found by name like
// any other variant, so the menu, rooms and commands need nothing else.
package sheets

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl"
	"github.com/tabletop/tabletop/games"
)

// MaxFileBytes bounds the size of a rule sheet read from disk; the
// largest published sheets are a few hundred kilobytes.
const MaxFileBytes = 4 << 20

// menuOrder places games read from sheets after the native ones.
const menuOrder = 1000

// registerMu makes looking up a free name and registering it one step.
var registerMu sync.Mutex

// IsSheetPath reports whether a game argument names a rule sheet file
// rather than a registered game.
func IsSheetPath(arg string) bool {
	return strings.HasSuffix(strings.ToLower(arg), ".kif")
}

// LoadFile reads and compiles the rule sheet at path and registers its
// game. A sheet file is its own game whatever its name: the name is the
// file's base name without .kif ("gdl:" and the base name when a native
// game has that name), and when another sheet already has that name, the
// name and the start of the sheet's hash (tictactoe-3fa2c1). A sheet
// already registered from the same text is reused. The game remembers
// the file (see Origin), so that a save of it can be reopened.
func LoadFile(path string) (*game.Variant, error) {
	return LoadFileIf(path, nil)
}

// LoadFileIf is LoadFile for a game accept takes (see RegisterIf).
func LoadFileIf(path string, accept func(*game.Variant) bool) (*game.Variant, error) {
	src, err := readLimited(path)
	if err != nil {
		return nil, err
	}
	return registerFile(path, src, accept)
}

// registerFile registers the sheet src read from path, remembering the
// file.
func registerFile(path string, src []byte, accept func(*game.Variant) bool) (*game.Variant, error) {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	base := strings.ToLower(strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)))
	v, err := register(base, src, accept, true)
	if err == nil {
		registerMu.Lock()
		if _, known := origins[v.Name]; !known {
			origins[v.Name] = path
		}
		registerMu.Unlock()
	}
	return v, err
}

// readLimited reads a file of at most MaxFileBytes.
func readLimited(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	if len(src) > MaxFileBytes {
		return nil, fmt.Errorf("%s: a rule sheet larger than %d bytes is refused", path, MaxFileBytes)
	}
	return src, nil
}

// sources remembers the text each registered sheet was read from, so a
// second load of the same sheet reuses the game; hashes are their
// hashes (see Hash), and origins the files they were read from.
var (
	sources = map[string]string{}
	hashes  = map[string]string{}
	origins = map[string]string{}
)

// Hash is the hash that names a sheet's text in saves: "sha256:" and the
// hex SHA-256 of its bytes.
func Hash(src []byte) string {
	sum := sha256.Sum256(src)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// Origin is the file a registered game's sheet was read from (an
// absolute path) and the hash of its text; ok is false for a game that
// was not read from a file (a native game, a bundled sheet, a sheet a
// record carried).
func Origin(name string) (path, hash string, ok bool) {
	registerMu.Lock()
	defer registerMu.Unlock()
	path, ok = origins[name]
	return path, hashes[name], ok
}

// ByHash returns the registered game read from the sheet whose text has
// the hash (see Hash).
func ByHash(hash string) (*game.Variant, bool) {
	registerMu.Lock()
	name := ""
	for n, h := range hashes {
		if h == hash && (name == "" || n < name) {
			name = n
		}
	}
	registerMu.Unlock()
	if name == "" {
		return nil, false
	}
	v, err := game.Lookup(name)
	return v, err == nil
}

// Register compiles src and registers it under name (or "gdl:"+name when
// a game that is not a sheet has that name). The title comes from the
// sheet's title comment, or the name.
func Register(name string, src []byte) (*game.Variant, error) {
	return RegisterIf(name, src, nil)
}

// RegisterIf is Register for a game accept takes (nil takes every game);
// a game it refuses is returned with ErrRefused and not registered.
func RegisterIf(name string, src []byte, accept func(*game.Variant) bool) (*game.Variant, error) {
	return register(name, src, accept, false)
}

// register compiles and registers a sheet under name. A name another
// sheet has is an error, unless rename is set (a sheet file is its own
// game whatever its name): the sheet then takes the name and the start
// of its hash.
func register(name string, src []byte, accept func(*game.Variant) bool, rename bool) (*game.Variant, error) {
	registerMu.Lock()
	defer registerMu.Unlock()
	name = strings.ToLower(name)
	if isNative(name) {
		name = "gdl:" + name
	}
	title, hash := name, Hash(src)
	if old, ok := sources[name]; ok && old != string(src) {
		if !rename {
			return nil, fmt.Errorf("another rule sheet named %s is already loaded", name)
		}
		name += "-" + strings.TrimPrefix(hash, "sha256:")[:6]
	}
	if old, ok := sources[name]; ok {
		if old == string(src) {
			return game.Lookup(name)
		}
		return nil, fmt.Errorf("another rule sheet named %s is already loaded", name)
	}
	v, err := gdl.Load(name, src)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", title, err)
	}
	v.Title = games.TitleOf(src, title)
	v.Summary = summary(v)
	v.Order = menuOrder
	if accept != nil && !accept(v) {
		return v, ErrRefused
	}
	game.Register(v)
	sources[name], hashes[name] = string(src), hash
	return v, nil
}

// summary is the first line of the sheet's leading comments that reads
// as words, skipping an editor's mode line (-*-Lisp-*-) and rules of
// asterisks, else the engine's own summary.
func summary(v *game.Variant) string {
	for _, raw := range strings.Split(v.Rules, "\n") {
		line := strings.TrimSpace(strings.Trim(raw, "*;=-#/ \t"))
		letters := 0
		for _, r := range line {
			if unicode.IsLetter(r) {
				letters++
			}
		}
		if letters >= 3 && !strings.Contains(raw, "-*-") {
			return line
		}
	}
	return v.Summary
}

// Source returns the rule sheet a registered game was read from, and
// whether the game came from one (GGP players are sent it).
func Source(name string) ([]byte, bool) {
	registerMu.Lock()
	defer registerMu.Unlock()
	src, ok := sources[name]
	return []byte(src), ok
}

// ErrRefused says a sheet's game was not registered because the caller
// does not take games of its kind (see TurnTaking).
var ErrRefused = errors.New("not a game of the kind wanted here")

// TurnTaking reports whether v starts with one role in control (or is
// over at once): the client and rooms play turns one move at a time, so
// they take only such games. A game whose roles choose at once later on
// is not caught here.
func TurnTaking(v *game.Variant) bool {
	s := v.New()
	return s.Terminal() || s.ToMove() != game.NoRole
}

// isNative reports whether a game that is not a sheet has the name;
// registerMu is held.
func isNative(name string) bool {
	_, err := game.Lookup(name)
	_, mine := sources[name]
	return err == nil && !mine
}

// RegisterBundled registers the bundled sheets whose name is not a native
// game's (those sheets exist to check the engine against the native
// games and are reachable by their file). It returns the games in name
// order.
func RegisterBundled(accept func(*game.Variant) bool) ([]*game.Variant, error) {
	var out []*game.Variant
	var errs []error
	for _, f := range games.Files() {
		registerMu.Lock()
		native := isNative(f.Name)
		registerMu.Unlock()
		if native {
			continue
		}
		v, err := RegisterIf(f.Name, f.Source, accept)
		if errors.Is(err, ErrRefused) {
			continue
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, v)
	}
	return out, errors.Join(errs...)
}

// UserDir is the folder of the user's own rule sheets:
// os.UserConfigDir()/tabletop/games.
func UserDir() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "tabletop", "games"), nil
}

// RegisterDir registers every *.kif in dir whose game accept takes (nil:
// all). A sheet that does not load or is refused is skipped and its error
// joined into the result; a missing folder is not an error.
func RegisterDir(dir string, accept func(*game.Variant) bool) ([]*game.Variant, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
	var out []*game.Variant
	var errs []error
	for _, e := range entries {
		if e.IsDir() || !IsSheetPath(e.Name()) {
			continue
		}
		v, err := LoadFileIf(filepath.Join(dir, e.Name()), accept)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", e.Name(), err))
			continue
		}
		out = append(out, v)
	}
	return out, errors.Join(errs...)
}

// Why Reopen cannot give a save's game back.
var (
	// ErrSheetGone: the file is not there any more (or cannot be read).
	ErrSheetGone = errors.New("the rule sheet is gone")
	// ErrSheetChanged: the file's text is not the one the game was
	// played with.
	ErrSheetChanged = errors.New("the rule sheet has changed since")
)

// Reopen returns the game of the sheet whose text had the hash and was
// read from path: the game registered from such a text, else the file at
// path, loaded and registered, if its text still has the hash. The error
// wraps ErrSheetGone or ErrSheetChanged, or says why the sheet does not
// load.
func Reopen(path, hash string) (*game.Variant, error) {
	if v, ok := ByHash(hash); ok {
		return v, nil
	}
	src, err := readSame(path, hash)
	if err != nil {
		return nil, err
	}
	return registerFile(path, src, nil)
}

// Check says whether Reopen can find the sheet without loading it: nil
// when a registered game has the hash or the file at path still has it,
// else an error wrapping ErrSheetGone or ErrSheetChanged. It reads the
// file but compiles nothing, so it is quick.
func Check(path, hash string) error {
	if _, ok := ByHash(hash); ok {
		return nil
	}
	_, err := readSame(path, hash)
	return err
}

// readSame reads the sheet at path if its text has the hash.
func readSame(path, hash string) ([]byte, error) {
	src, err := readLimited(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrSheetGone, err)
	}
	if Hash(src) != hash {
		return nil, fmt.Errorf("%w: %s", ErrSheetChanged, path)
	}
	return src, nil
}
