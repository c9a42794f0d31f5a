#!/usr/bin/env python3
# Where the page's code is: reads the name section of cargo's wasm (before wasm-bindgen and
# wasm-opt, which drop the names), sums each function's code size by the first DEPTH parts of
# its name (crate, module, ...), and lists the largest functions. Sizes are raw bytes before
# optimisation: confirm every gain with scripts/bundle-size.sh's gzipped figures.
#
#   python3 scripts/wasm-functions.py <target>/wasm32-unknown-unknown/release/stackplay.wasm [DEPTH] [TOP]
#
# DEPTH (default 2) groups by that many `::` parts; TOP (default 40) is how many of the
# largest functions are listed.
import sys, re, collections
data = open(sys.argv[1], 'rb').read()
def leb(b, i):
    r = s = 0
    while True:
        x = b[i]; i += 1
        r |= (x & 0x7f) << s; s += 7
        if x < 0x80: return r, i
def header(b, i):
    # A section's (or a name subsection's) id and size; returns them and where its content
    # starts and ends.
    size, j = leb(b, i + 1)
    return b[i], j, j + size
i = 8
n_imports = 0
bodies = []
names = {}
while i < len(data):
    sid, i, end = header(data, i)
    if sid == 2:
        cnt, j = leb(data, i)
        for _ in range(cnt):
            l, j = leb(data, j); j += l
            l, j = leb(data, j); j += l
            kind = data[j]; j += 1
            if kind == 0: _, j = leb(data, j); n_imports += 1
            elif kind == 1: j += 1; flags, j = leb(data, j); _, j = leb(data, j); 
            elif kind == 2:
                flags, j = leb(data, j); _, j = leb(data, j)
                if flags & 1: _, j = leb(data, j)
            elif kind == 3: j += 2
    elif sid == 10:
        cnt, j = leb(data, i)
        for k in range(cnt):
            l, j2 = leb(data, j)
            bodies.append(l + (j2 - j))
            j = j2 + l
    elif sid == 0:
        l, j = leb(data, i)
        nm = data[j:j+l].decode(); j += l
        if nm == 'name':
            while j < end:
                sub, j, send = header(data, j)
                if sub == 1:
                    cnt, j = leb(data, j)
                    for _ in range(cnt):
                        idx, j = leb(data, j)
                        l, j = leb(data, j)
                        names[idx] = data[j:j+l].decode('utf8', 'replace'); j += l
                j = send
    i = end
def demangle(s):
    # legacy mangling _ZN...E
    m = re.match(r'_ZN(.*)E$', s)
    if not m: return s
    body = m.group(1); out = []; k = 0
    while k < len(body) and body[k].isdigit():
        n = 0
        while body[k].isdigit(): n = n*10 + int(body[k]); k += 1
        out.append(body[k:k+n]); k += n
    return '::'.join(out)
agg = collections.Counter(); top = []
for k, sz in enumerate(bodies):
    nm = demangle(names.get(k + n_imports, '?'))
    nm2 = re.sub(r'::h[0-9a-f]{16}$', '', nm)
    top.append((sz, nm2))
    parts = nm2.replace('$LT$', '<').replace('$GT$', '>').split('::')
    key = '::'.join(parts[:int(sys.argv[2]) if len(sys.argv) > 2 else 2])
    agg[key] += sz
print('total code', sum(bodies))
for k, v in agg.most_common(45): print(v, k)
print('---- top functions')
for sz, nm in sorted(top, reverse=True)[:int(sys.argv[3]) if len(sys.argv) > 3 else 40]: print(sz, nm[:150])
