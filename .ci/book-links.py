#!/usr/bin/env python3
"""Checks the torchlit book offline (no network): every Rust sample is an {{#include}} of a
file cargo compiles (no sample typed into a page, where it could rot), every
{{#include FILE:ANCHOR}} names a file that exists and an anchor it holds, and every internal link and image of the built
HTML (docs/book/book) points at a file that exists and, with a #fragment, at an id in
that file. External links (http, https, mailto) are not followed. Exit code 1 on a
problem, each one printed as FILE: what is wrong."""
import html.parser
import os
import re
import sys
from urllib.parse import unquote, urlsplit

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SRC = os.path.join(ROOT, "docs", "book", "src")
OUT = os.path.join(ROOT, "docs", "book", "book")
INCLUDE = re.compile(r"(?<!\\)\{\{#(?:include|rustdoc_include)\s+([^}:\s]+)(?::([A-Za-z0-9_]+))?\s*\}\}")

RUST_FENCE = re.compile(r"^```rust[^\n]*\n(.*?)^```", re.S | re.M)


class Page(html.parser.HTMLParser):
    """The ids a page defines and the links it makes."""

    def __init__(self):
        super().__init__()
        self.ids, self.links = set(), []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("name"):
            self.ids.add(attrs["name"])
        for key in ("href", "src"):
            if attrs.get(key) and tag in ("a", "img", "link", "script", "source"):
                self.links.append(attrs[key])


def check_includes(problems):
    for dirpath, _, files in os.walk(SRC):
        for name in files:
            if not name.endswith(".md"):
                continue
            page = os.path.join(dirpath, name)
            with open(page, encoding="utf-8") as f:
                text = f.read()
            for body in RUST_FENCE.findall(text):
                lines = [l for l in body.strip().splitlines() if l.strip()]
                if not lines or not all(INCLUDE.fullmatch(l.strip()) for l in lines):
                    problems.append(f"{page}: a Rust sample not included from a compiled file")
            for path, anchor in INCLUDE.findall(text):
                target = os.path.normpath(os.path.join(dirpath, path))
                if not os.path.isfile(target):
                    problems.append(f"{page}: includes {path}, which does not exist")
                    continue
                if anchor and not anchor.isdigit():
                    with open(target, encoding="utf-8") as f:
                        body = f.read()
                    if not re.search(rf"ANCHOR:\s*{anchor}\b", body) or not re.search(
                        rf"ANCHOR_END:\s*{anchor}\b", body
                    ):
                        problems.append(f"{page}: {path} has no anchor {anchor}")


def parse(path, cache):
    if path not in cache:
        page = Page()
        with open(path, encoding="utf-8") as f:
            page.feed(f.read())
        cache[path] = page
    return cache[path]


def check_html(problems):
    if not os.path.isdir(OUT):
        problems.append(f"{OUT}: not built (run mdbook build docs/book first)")
        return 0
    cache, count = {}, 0
    for dirpath, _, files in os.walk(OUT):
        for name in files:
            if not name.endswith(".html") or name in ("print.html", "404.html", "toc.html"):
                continue
            page_path = os.path.join(dirpath, name)
            for link in parse(page_path, cache).links:
                parts = urlsplit(link)
                if parts.scheme or link.startswith("//"):
                    continue
                count += 1
                target = page_path
                if parts.path:
                    target = os.path.normpath(os.path.join(dirpath, unquote(parts.path)))
                    if os.path.isdir(target):
                        target = os.path.join(target, "index.html")
                rel = os.path.relpath(page_path, OUT)
                if not os.path.exists(target):
                    problems.append(f"{rel}: broken link {link}")
                elif parts.fragment and target.endswith(".html"):
                    if unquote(parts.fragment) not in parse(target, cache).ids:
                        problems.append(f"{rel}: link {link}: no such anchor")
    return count


def main():
    problems = []
    check_includes(problems)
    count = check_html(problems)
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print(f"book-links: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"book-links: {count} internal links ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
