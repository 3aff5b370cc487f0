#!/usr/bin/env python3
"""Functions over 80 lines outside #[cfg(test)] modules in crates/*/src."""
import re, glob, sys
root = sys.argv[1] if len(sys.argv) > 1 else '.'
res = []
for f in glob.glob(root + '/crates/*/src/**/*.rs', recursive=True):
    lines = open(f).read().split('\n')
    cut = len(lines)
    for i, l in enumerate(lines):
        if l.strip() == '#[cfg(test)]':
            cut = i
            break
    i = 0
    while i < cut:
        m = re.match(r'^(\s*)(pub(\([a-z]+\))? )?(const )?fn (\w+)', lines[i])
        if m:
            ind = m.group(1)
            j = i + 1
            while j < cut and not (lines[j].startswith(ind + '}') and len(lines[j].rstrip()) == len(ind) + 1):
                j += 1
            n = j - i + 1
            if n > 80:
                res.append((n, f.replace(root + '/', ''), m.group(5)))
            i = j
        i += 1
for r in sorted(res, reverse=True):
    print(*r)
