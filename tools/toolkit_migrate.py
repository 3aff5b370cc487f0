#!/usr/bin/env python3
"""Moves call sites onto the game-free console toolkit (issue 30, item 4). Re-runnable.

    python3 tools/toolkit_migrate.py [--check] [STEP ...] [-- FILE_OR_DIR ...]

STEPs (all by default, in this order):
  sprites  `Sprite::MazeWall` -> `sprite::MAZE_WALL` (the game's sprites live in
           `torchlit_ui::sprite` now; `Sprite::None` -> `Sprite::NONE`), adding
           `use crate::sprite;` (`torchlit_ui::sprite` outside ui) and dropping a `Sprite`
           import nothing uses any more. (`use Sprite as S; S::Wall` is left to hand edits.)
  palette  in ui, `torchlit_console::palette` -> `crate::palette` (ui's palette re-exports
           the console's chrome colours beside the game's, which left the console).
  frame    `Frame`'s raw-number calls -> the geom-typed ones: `f.put(x, y, c)` ->
           `f.set(Point::new(x, y), c)`, `print` -> `print_at`, `print_bold` ->
           `print_bold_at`, `print_clipped` -> `print_clipped_at`, `fill`/`border` ->
           `fill_rect`/`border_rect` with `Rect::new(Point::new(x, y), Size::new(w, h))`,
           `get(x, y)` -> `cell(Point::new(x, y))`, `Frame::new(w, h)` ->
           `Frame::with_size(Size::new(w, h))`; `Point::new(p.x, p.y)` becomes `p`. Only
           receivers named `frame`, `*frame`, `f` or `game` are taken for frames (a pixel
           canvas's `fill`, a map's `get` are left alone), and only calls with the raw
           form's number of arguments. Adds the `use` of `Point`/`Rect`/`Size` the file
           lacks (from `torchlit_geom`; `torchlit_console` in the front ends; none with
           `torchlit::prelude::*`), in the test module when only tests draw.

Files: by default every `*.rs` under crates/ui, crates/cli, crates/bots, crates/torchlit,
crates/web/tests, crates/web/examples (the crates that use the game's sprites or draw
frames). Only call sites in the old form change, so running it twice changes nothing
the second time. `--check` prints what would change and exits 1 if anything would.

After it: `cargo fmt --all`, then build. What it cannot know is types: a coordinate that
is not an `i32` (a `usize` column) or a `Frame::new` side that is not a `u16` fails to
compile at the call, to be fixed by hand (`as i32`, `u32::try_from`).
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_DIRS = [
    "crates/ui",
    "crates/cli",
    "crates/bots",
    "crates/torchlit",
    "crates/web/tests",
    "crates/web/examples",
]

# --- sprites ----------------------------------------------------------------------------

# The console's former `Sprite` variants, in the ui's `sprite` module as constants.
SPRITES = """BrickFloor Lava Water Forest Grass Mountains StoneWall Floor Hallway Wall SolidRock
DoorClosed DoorOpen StairsUp StairsDown Chest ChestOpen MazeGround MazeWall Hole PortalLocked
PortalOpen Player PlayerNorth PlayerEast PlayerSouth PlayerWest Fungus Bat Zombie Rat Goblin
Troll Wraith LogSleeping LogWandering LogChasing Boss Hunter Stone Bread Apple Corpse Dagger
Sword Staff Tunic Chainmail Platemail Baguette TeddyBear Key Heart Pickaxe Boulder
BoulderCracked Treasure Potion Gold Projectile Vanish PathMark Cursor""".split()


def upper(camel):
    """`MazeWall` -> `MAZE_WALL`."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", camel).upper()


SPRITE_RE = re.compile(r"(?<![\w:])Sprite::(" + "|".join(SPRITES) + r")\b")
NONE_RE = re.compile(r"(?<![\w:])Sprite::None\b")


def module_path(path, module):
    """How `path` names the ui's `module` (`crate::sprite` inside ui, else `torchlit_ui::`)."""
    rel = os.path.relpath(path, ROOT)
    if rel.startswith("crates/ui/src"):
        return "crate::" + module
    return "torchlit_ui::" + module


def add_use(text, use_line):
    """Adds `use_line` beside the file's first `use` of the same root (`crate::`,
    `torchlit_ui::`), else after its last top-level `use` item, else at the top."""
    if use_line in text:
        return text
    lines = text.split("\n")
    root = use_line.split()[1].split("::")[0]
    for i, line in enumerate(lines):
        if line.startswith("use " + root + "::"):
            lines.insert(i, use_line)
            return "\n".join(lines)
    last = None
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("use "):
            j = i
            while not lines[j].rstrip().endswith(";"):
                j += 1
            last = j
            i = j
        elif line.startswith(("fn ", "pub fn ", "impl", "struct", "pub struct", "enum",
                              "pub enum", "const", "pub const", "#[cfg(test)]", "mod ",
                              "pub mod ", "pub(crate)", "static", "type", "trait")):
            break
        i += 1
    if last is None:
        # After the leading doc comments and attributes.
        k = 0
        while k < len(lines) and (lines[k].startswith("//") or lines[k].startswith("#!")
                                  or not lines[k].strip()):
            k += 1
        lines.insert(k, use_line)
        lines.insert(k + 1, "")
    else:
        lines.insert(last + 1, use_line)
    return "\n".join(lines)


def drop_unused_import(text, name):
    """Removes `name` from the file's `use` items when nothing else in it names it."""
    uses = list(re.finditer(r"(?m)^(?:pub(?:\(crate\))? )?use [^;]*;", text))
    rest = text
    for u in reversed(uses):
        rest = rest[:u.start()] + rest[u.end():]
    if re.search(r"\b" + name + r"\b", rest):
        return text
    for u in reversed(uses):
        item = u.group(0)
        if not re.search(r"\b" + name + r"\b", item) or item.lstrip().startswith("pub"):
            continue
        m = re.match(r"(use [\w:]*::)\{(.*)\};$", item, re.S)
        if m:
            parts = [x.strip() for x in m.group(2).split(",") if x.strip() and x.strip() != name]
            if len(parts) == 1 and "::" not in parts[0] and "{" not in parts[0]:
                repl = m.group(1) + parts[0] + ";"
            elif parts:
                repl = m.group(1) + "{" + ", ".join(parts) + "};"
            else:
                repl = ""
        elif re.fullmatch(r"use [\w:]*::" + name + ";", item):
            repl = ""
        else:
            continue
        text = text[:u.start()] + repl + text[u.end():]
        if repl == "" and text[u.start():u.start() + 1] == "\n":
            text = text[:u.start()] + text[u.start() + 1:]
    return text


def step_sprites(path, text):
    new = SPRITE_RE.sub(lambda m: "sprite::" + upper(m.group(1)), text)
    new = NONE_RE.sub("Sprite::NONE", new)
    if new != text:
        new = drop_unused_import(new, "Sprite")
    # `use Sprite as S; S::Wall` (the tileset generator) is left to hand edits.
    if new != text and re.search(r"(?<![\w:])sprite::[A-Z]", new):
        new = add_use(new, "use " + module_path(path, "sprite") + ";")
    return new


# --- palette ----------------------------------------------------------------------------

# The colours the console keeps (generic chrome); every other `palette::NAME` is the game's.
CONSOLE_PALETTE = set("""TEXT HINT BACKGROUND HEADING HIGHLIGHT SELECTION STATUS_BAR PANEL
PANEL_DARK BANNER SELECTED_ROW WARNING NOTE VICTORY DEATH DANGER GOOD_NEWS BAR_PLAYER
BAR_ENEMY BAR_EMPTY VOID""".split())


def step_palette(path, text):
    rel = os.path.relpath(path, ROOT)
    if not rel.startswith("crates/ui/src") or rel.endswith("crates/ui/src/palette.rs"):
        return text
    # The ui's palette re-exports the console's colours, so one import serves both.
    new = re.sub(r"torchlit_console::palette\b", "crate::palette", text)
    new = re.sub(r"\buse torchlit_console::\{([^}]*)\bpalette\b,?\s*([^}]*)\};",
                 lambda m: fix_group(m), new)
    return new


def fix_group(m):
    """`use torchlit_console::{Cell, palette, Rgb};` -> the group without `palette` and
    `use crate::palette;`."""
    items = [i.strip() for i in (m.group(1) + "," + m.group(2)).split(",") if i.strip()]
    if not items:
        return "use crate::palette;"
    if len(items) == 1:
        return "use crate::palette;\nuse torchlit_console::" + items[0] + ";"
    return "use crate::palette;\nuse torchlit_console::{" + ", ".join(items) + "};"


# --- frame ------------------------------------------------------------------------------

def split_args(s, start):
    """The top-level comma-separated arguments of the call whose `(` is at `start`, and
    the index just after its `)`; None when the parentheses don't balance."""
    depth, i = 0, start
    args, cur = [], []
    while i < len(s):
        c = s[i]
        if c == '"':
            j = i + 1
            while j < len(s) and s[j] != '"':
                j += 2 if s[j] == "\\" else 1
            cur.append(s[i:j + 1])
            i = j + 1
            continue
        if c == "'":
            m = re.match(r"'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'", s[i:])
            if m:
                cur.append(m.group(0))
                i += len(m.group(0))
                continue
        if c in "([{":
            depth += 1
            if depth == 1:
                i += 1
                continue
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                last = "".join(cur).strip()
                if last:
                    args.append(last)
                return args, i + 1
        elif c == "," and depth == 1:
            args.append("".join(cur).strip())
            cur = []
            i += 1
            continue
        cur.append(c)
        i += 1
    return None


LITERAL = re.compile(r"^\d+$")
CAST = re.compile(r"^(.*\S)\s+as\s+(u8|u16|u32|u64|usize|i16|i32|i64|isize)$", re.S)


def as_i32(e):
    """`e` (a raw `u16` coordinate) as an `i32` expression: `x as u16` was an `i32` made
    a `u16` for the raw form (screens draw in `i32`), so the cast goes."""
    if LITERAL.match(e):
        return e
    m = CAST.match(e)
    if m and m.group(2) == "u16" and re.match(r"^[\w.]+$", m.group(1)):
        return m.group(1)
    if m:
        return m.group(1) + " as i32"
    return "i32::from(" + e + ")"


def as_u32(e):
    """`e` (a raw `u16` side) as a `u32` expression."""
    if LITERAL.match(e):
        return e
    m = CAST.match(e)
    if m:
        return m.group(1) + " as u32"
    return "u32::from(" + e + ")"


def side_u32(e):
    """`e` (a raw `i32` side, empty when not positive) as a `u32` expression."""
    if LITERAL.match(e):
        return e
    m = re.match(r"^i32::from\((.*)\)$", e, re.S)
    if m and split_args("(" + m.group(1) + ")", 0) == ([m.group(1).strip()], len(m.group(1)) + 2):
        return "u32::from(" + m.group(1) + ")"
    if re.match(r"^[\w.]+(\(\))?$", e):
        return e + ".max(0) as u32"
    return "(" + e + ").max(0) as u32"


def point(x, y):
    """`Point::new(x, y)`, or `p` itself for `p.x, p.y`."""
    mx, my = re.match(r"^([\w.]+)\.x$", x), re.match(r"^([\w.]+)\.y$", y)
    if mx and my and mx.group(1) == my.group(1):
        return mx.group(1)
    return "Point::new(" + x + ", " + y + ")"


def rect(x, y, w, h):
    return "Rect::new(" + point(x, y) + ", Size::new(" + side_u32(w) + ", " + side_u32(h) + "))"


# raw method -> (argument count, geom method, how its first arguments become one)
FRAME_METHODS = {
    "put": (3, "set", lambda a: [point(a[0], a[1])] + a[2:], {"Point"}),
    "print": (5, "print_at", lambda a: [point(a[0], a[1])] + a[2:], {"Point"}),
    "print_bold": (4, "print_bold_at", lambda a: [point(a[0], a[1])] + a[2:], {"Point"}),
    "print_clipped": (6, "print_clipped_at", lambda a: [point(a[0], a[1])] + a[2:], {"Point"}),
    "fill": (5, "fill_rect", lambda a: [rect(*a[:4])] + a[4:], {"Point", "Rect", "Size"}),
    "border": (5, "border_rect", lambda a: [rect(*a[:4])] + a[4:], {"Point", "Rect", "Size"}),
    "get": (2, "cell", lambda a: [point(as_i32(a[0]), as_i32(a[1]))], {"Point"}),
}

# The receivers taken for frames: a name ending in `frame` (`frame`, `self.frame`,
# `game_frame`), `f` and `game` (the replay's frame of the game). Others (a pixel
# canvas's `fill`, a map's `get`) are left alone.
CALL_RE = re.compile(
    r"(?<![\w.])((?:[A-Za-z_]\w*\.)*(?:\w*frame|f|game))\s*\.\s*("
    + "|".join(FRAME_METHODS)
    + r")\s*\("
)
NEW_RE = re.compile(r"(?<![\w:])Frame::new\s*\(")


def convert_calls(text):
    """Rewrites raw-coordinate `Frame` calls; returns (text, geom names used)."""
    used = set()
    out, pos = [], 0
    while True:
        found = [m for m in (CALL_RE.search(text, pos), NEW_RE.search(text, pos)) if m]
        if not found:
            break
        m = min(found, key=lambda m: m.start())
        paren = m.end() - 1
        got = split_args(text, paren)
        repl = None
        if got is not None:
            args, end = got
            args = [convert_calls(a)[0] for a in args]
            inner_used = set()
            for a in args:
                inner_used |= convert_calls(a)[1]
            if m.re is NEW_RE and len(args) == 2:
                repl = "Frame::with_size(Size::new(" + as_u32(args[0]) + ", " + as_u32(args[1]) + "))"
                used |= {"Size"} | inner_used
            elif m.re is CALL_RE:
                want, name, regroup, names = FRAME_METHODS[m.group(2)]
                if len(args) == want:
                    repl = m.group(1) + "." + name + "(" + ", ".join(regroup(args)) + ")"
                    used |= names | inner_used
        if repl is None:
            out.append(text[pos:m.end()])
            pos = m.end()
            continue
        out.append(text[pos:m.start()])
        out.append(repl)
        pos = end
    out.append(text[pos:])
    return "".join(out), used


TEST_MOD = re.compile(r"(?m)^#\[cfg\(test\)\]\n(?:#.*\n)*mod \w+ \{\n((?:    use [^\n]*\n)*)")


def step_frame(path, text):
    tests = TEST_MOD.search(text)
    if tests and convert_calls(text[:tests.start()])[0] == text[:tests.start()]:
        # Only the file's test module draws: its `use` lines get the names.
        body, used = convert_calls(text[tests.end():])
        if not used:
            return text
        head = text[:tests.end()]
        have = tests.group(1)
        missing = [n for n in sorted(used) if not re.search(r"\b" + n + r"\b", have)
                   and not re.search(r"(?m)^use [^;]*\b" + n + r"\b[^;]*;", text)]
        if missing:
            names = missing[0] if len(missing) == 1 else "{" + ", ".join(missing) + "}"
            head += "    use " + geom_root(path) + "::" + names + ";\n"
        return head + body
    new, _ = convert_calls(text)
    if new == text:
        return text
    if re.search(r"(?m)^use [\w:]*prelude::\*;", text):
        return new  # the prelude has `Point`, `Rect` and `Size`
    # Doc comments' examples are rewritten too, but only code needs the `use`.
    code = re.sub(r"(?m)^\s*//.*$", "", text)
    _, used = convert_calls(code)
    root = geom_root(path)
    missing = [n for n in sorted(used)
               if not re.search(r"(?m)^\s*(pub )?use [^;]*\b" + n + r"\b[^;]*;", new)]
    if len(missing) == 1:
        new = add_use(new, "use " + root + "::" + missing[0] + ";")
    elif missing:
        new = add_use(new, "use " + root + "::{" + ", ".join(missing) + "};")
    return new


def geom_root(path):
    """Where a file takes `Point`, `Rect` and `Size` from."""
    rel = os.path.relpath(path, ROOT)
    if rel.startswith("crates/console/src"):
        return "crate"
    if rel.startswith(("crates/web/", "crates/term/", "crates/window/")):
        return "torchlit_console"  # front ends depend on the console only
    return "torchlit_geom"


# --- driver -----------------------------------------------------------------------------

STEPS = {"sprites": step_sprites, "palette": step_palette, "frame": step_frame}


def files(targets):
    for t in targets:
        t = os.path.join(ROOT, t) if not os.path.isabs(t) else t
        if os.path.isfile(t):
            yield t
            continue
        for dirpath, dirnames, filenames in os.walk(t):
            dirnames[:] = [d for d in dirnames if d not in ("target", "snapshots")]
            for f in sorted(filenames):
                if f.endswith(".rs"):
                    yield os.path.join(dirpath, f)


def main(argv):
    check = "--check" in argv
    argv = [a for a in argv if a != "--check"]
    if "--" in argv:
        k = argv.index("--")
        steps, targets = argv[:k], argv[k + 1:]
    else:
        steps, targets = argv, []
    steps = steps or list(STEPS)
    for s in steps:
        if s not in STEPS:
            sys.exit(f"unknown step {s!r}; steps: {', '.join(STEPS)}")
    changed = []
    for path in files(targets or DEFAULT_DIRS):
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        new = text
        for s in steps:
            new = STEPS[s](path, new)
        if new != text:
            changed.append(os.path.relpath(path, ROOT))
            if not check:
                with open(path, "w", encoding="utf-8") as fh:
                    fh.write(new)
    for c in changed:
        print(("would change " if check else "changed ") + c)
    if check and changed:
        sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1:])
