# Paper cutting: a W x H sheet is cut along a grid line into two pieces, which are then played as a
# sum; a sheet with no cut (1 x 1, or an empty one) has no move. Plain brute force with lru_cache.
# Usage: python3 paper.py W H  -> prints the JSON rows[y][x] = G(x, y), 0 <= x <= W, 0 <= y <= H.
import json
import sys
from functools import lru_cache


@lru_cache(maxsize=None)
def grundy(w, h):
    if w == 0 or h == 0:
        return 0
    s = set()
    for a in range(1, w):
        s.add(grundy(a, h) ^ grundy(w - a, h))
    for b in range(1, h):
        s.add(grundy(w, b) ^ grundy(w, h - b))
    m = 0
    while m in s:
        m += 1
    return m


W, H = int(sys.argv[1]), int(sys.argv[2])
print(json.dumps([[grundy(x, y) for x in range(W + 1)] for y in range(H + 1)]))
