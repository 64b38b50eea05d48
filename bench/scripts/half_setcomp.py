# Take at most half, the faster Python: the options' values as one set comprehension.
# Usage: python3 half_setcomp.py N  -> prints the JSON list G(0..=N).
import json
import sys

N = int(sys.argv[1])
g = [0] * (N + 1)
for n in range(N + 1):
    s = {g[j] for j in range(n - n // 2, n)}
    m = 0
    while m in s:
        m += 1
    g[n] = m
print(json.dumps(g))
