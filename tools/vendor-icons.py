#!/usr/bin/env python3
"""Write pnp/icons/game-icons.json: the game-icons.net icons the bundled cards name, and no other.

    npm pack @iconify-json/game-icons && tar xzf iconify-json-game-icons-*.tgz
    git clone --depth 1 https://github.com/game-icons/icons game-icons
    python tools/vendor-icons.py package/icons.json game-icons

The icons' outlines come from the npm package (each icon one SVG path on a 512 x 512 view box);
each icon's author from the folder that holds it in the game-icons repository (AUTHOR/NAME.svg), and
the authors' names from its license.txt, for the CC BY 3.0 credit (pnp/icons/README.md). Run it
again after a card names a new icon: tests/test_icons.py fails until the file holds exactly the
icons the bundled cards name.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from pnp.render.icons import named_in  # noqa: E402  (the checkout's pnp, not an installed one)

OUT = ROOT / "pnp" / "icons" / "game-icons.json"


def authors_of(repo: Path) -> dict[str, list[str]]:
    """icon name -> the author folders of the game-icons repository holding NAME.svg."""
    out: dict[str, list[str]] = {}
    for dirpath, _, files in os.walk(repo):
        rel = Path(dirpath).relative_to(repo)
        if not rel.parts or rel.parts[0].startswith("."):
            continue
        for f in files:
            if f.endswith(".svg"):
                out.setdefault(f[:-4], []).append(rel.parts[0])
    return out


def author_names(repo: Path, folders: set[str]) -> dict[str, dict[str, str]]:
    """author folder -> {"name", "url"}, from the repository's license.txt lines
    ("- Lorc, http://lorcblog.blogspot.com", "- PriorBlue"); its folders are the names in lower case
    with or without hyphens ("heavenly-dog" for HeavenlyDog, "lucasms" for Lucas)."""
    def key(s: str) -> str:
        return re.sub(r"[^a-z0-9]", "", s.lower())

    text = (repo / "license.txt").read_text(encoding="utf-8", errors="replace")
    out: dict[str, dict[str, str]] = {}
    for m in re.finditer(r"^- ([^,\n]+?)(?:, (https?://\S+))?(?: - CC0)?\s*$", text, re.M):
        name, url = m.group(1).strip(), m.group(2) or "https://game-icons.net"
        match = [f for f in folders if key(f) == key(name)] or [f for f in folders if key(f).startswith(key(name))]
        if len(match) == 1:
            out[match[0]] = {"name": name, "url": url}
    return out


def same_drawing(d: str, files: list[Path]) -> Path:
    """Of the SVG ``files``, the one whose icon's bounding box is nearest the path ``d``'s."""
    from svgelements import SVG, Path as SvgPath, Shape

    def box_of_file(f: Path) -> tuple[float, ...]:
        shapes = [SvgPath(e) for e in SVG.parse(str(f), reify=True).elements()
                  if isinstance(e, Shape) and not isinstance(e, SVG)]
        boxes = [b for b in (sh.bbox() for sh in shapes) if b and not (b[0] <= 0.5 and b[2] >= 511.5)]
        return tuple(f(v) for f, v in zip((min, min, max, max), zip(*boxes)))

    target = SvgPath(d).bbox()
    return min(files, key=lambda f: sum(abs(a - b) for a, b in zip(box_of_file(f), target)))


def credits_text(data: dict) -> str:
    by_author: dict[str, list[str]] = {}
    for name, icon in data["icons"].items():
        by_author.setdefault(icon["author"], []).append(name)
    lines = ["# The icons pnp carries", "",
             "The art windows of the bundled cards show icons from [game-icons.net](https://game-icons.net),",
             f"licensed under [{data['licence']}]({data['licence_url']}): anyone may share and adapt them, also",
             "commercially, crediting their authors. pnp draws them as vector paths in each game's colours",
             "(a change: the originals are white on black) and prints the credit on each game's reference card.",
             "`game-icons.json` holds only the icons the bundled cards name; tools/vendor-icons.py writes it",
             "and this file. By author (the folder of github.com/game-icons/icons that holds each icon):", ""]
    for folder in sorted(by_author):
        author = data["authors"][folder]
        lines.append(f"- **{author['name']}** ({folder}, {author['url']}): {', '.join(sorted(by_author[folder]))}")
    return "\n".join(lines) + "\n"


def write(path: Path, text: str) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def main(icons_json: Path, repo: Path) -> int:
    iconify = json.loads(icons_json.read_text(encoding="utf-8"))["icons"]
    wanted = {name: sorted(games) for name, games in sorted(named_in(ROOT / "cards").items())}
    by_name = authors_of(repo)
    names = author_names(repo, {f for fs in by_name.values() for f in fs})
    missing = [n for n in wanted if n not in iconify]
    if missing:
        print(f"not in {icons_json}: {', '.join(missing)}", file=sys.stderr)
        return 1
    icons, authors = {}, {}
    for name, games in wanted.items():
        d = re.search(r' d="([^"]+)"', iconify[name]["body"])
        if d is None:
            print(f"{name}: not a single path ({iconify[name]['body'][:60]}...)", file=sys.stderr)
            return 1
        folders = by_name.get(name, [])
        if len(folders) > 1:  # two authors drew a "fairy": the package keeps one; its outline tells which
            folders = [same_drawing(d.group(1), [repo / f / f"{name}.svg" for f in folders]).parent.name]
        if len(folders) != 1:
            print(f"{name}: author unclear from {repo} ({folders or 'no file'})", file=sys.stderr)
            return 1
        icons[name] = {"d": d.group(1), "author": folders[0], "games": games}
        authors[folders[0]] = names.get(folders[0], {"name": folders[0].replace("-", " ").title(),
                                                     "url": "https://game-icons.net"})
    data = {"source": "game-icons.net, from the npm package @iconify-json/game-icons; authors from "
                      "github.com/game-icons/icons (written by tools/vendor-icons.py)",
            "licence": "CC BY 3.0", "licence_url": "https://creativecommons.org/licenses/by/3.0/",
            "authors": dict(sorted(authors.items())), "icons": icons}
    write(OUT.with_name("README.md"), credits_text(data))
    tmp = OUT.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(OUT)
    print(f"{OUT.relative_to(ROOT)}: {len(icons)} icons by {len(authors)} authors")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2])))
