#!/usr/bin/env python3
"""Where the page's wasm bytes are: code size by Rust symbol, and what grew between two builds.

The file to read is the one before wasm-bindgen and wasm-opt, which keeps its function names:
target/wasm32-unknown-unknown/release/stackplay.wasm (after `trunk build --release`). Copy it
aside before building again to compare two states of the code.

  python3 scripts/wasm-sizes.py A.wasm            code bytes by area (game, yew, core...), biggest functions
  python3 scripts/wasm-sizes.py A.wasm B.wasm     what changed from A to B, function by function

Sizes are raw code bytes before wasm-opt; gzipped, the page's wasm is about 35-40% of them.
"""
import collections
import re
import sys


def leb(b, i):
    r = s = 0
    while True:
        x = b[i]
        i += 1
        r |= (x & 0x7F) << s
        s += 7
        if x < 0x80:
            return r, i


def functions(path):
    """Code body size of every function, by (demangled, hash-less) name."""
    b = open(path, 'rb').read()
    i, imports, bodies, names = 8, 0, [], {}
    while i < len(b):
        sid = b[i]
        size, i = leb(b, i + 1)
        end = i + size
        if sid == 2:  # imports: functions among them shift the indices
            n, j = leb(b, i)
            for _ in range(n):
                for _ in range(2):
                    l, j = leb(b, j)
                    j += l
                kind = b[j]
                j += 1
                if kind == 0:
                    _, j = leb(b, j)
                    imports += 1
                elif kind in (1, 2):
                    if kind == 1:
                        j += 1
                    flags, j = leb(b, j)
                    _, j = leb(b, j)
                    if flags & 1:
                        _, j = leb(b, j)
                elif kind == 3:
                    j += 2
        elif sid == 10:
            n, j = leb(b, i)
            for _ in range(n):
                l, j = leb(b, j)
                bodies.append(l)
                j += l
        elif sid == 0:
            l, j = leb(b, i)
            if b[j:j + l] == b'name':
                j += l
                while j < end:
                    sub = b[j]
                    sl, j = leb(b, j + 1)
                    if sub == 1:
                        n, k = leb(b, j)
                        for _ in range(n):
                            idx, k = leb(b, k)
                            l2, k = leb(b, k)
                            names[idx] = b[k:k + l2].decode('utf8', 'replace')
                            k += l2
                    j += sl
        i = end
    out = collections.Counter()
    for k, size in enumerate(bodies):
        out[re.sub(r'17h[0-9a-f]{16}E$', '', names.get(k + imports, f'f{k}'))] += size
    return out


AREAS = r'(stack_control|stacks|stax|evade|evacuate|kit|session|move_list|pages|storage|record|registry|yew|serde|alloc|core)'


def main():
    a = functions(sys.argv[1])
    if len(sys.argv) == 2:
        areas = collections.Counter()
        for name, size in a.items():
            m = re.search(AREAS, name)
            areas[m.group(1) if m else 'other'] += size
        print(f'{sum(a.values())} bytes of code in {len(a)} functions')
        for area, size in areas.most_common():
            print(f'{size:8d} {area}')
        for name, size in a.most_common(40):
            print(f'{size:8d} {name[:150]}')
        return
    b = functions(sys.argv[2])
    diff = sorted((b[k] - a[k], k) for k in set(a) | set(b) if a[k] != b[k])
    print(f'{sum(b.values()) - sum(a.values()):+d} bytes of code')
    for d, name in diff[:15] + [(0, '...')] + diff[-40:]:
        print(f'{d:+8d} {name[:150]}')


if __name__ == '__main__':
    main()
