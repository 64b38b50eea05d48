# Take at most half: a move takes 1..=n/2 tokens from a heap of n. Plain brute force, as a contest
# programmer writes it: a loop over n, a set of the options' values, a mex.
# Usage: python3 half_loop.py N  -> prints the JSON list G(0..=N).
import json
import sys

N = int(sys.argv[1])
g = [0] * (N + 1)
for n in range(N + 1):
    s = set()
    for k in range(1, n // 2 + 1):
        s.add(g[n - k])
    m = 0
    while m in s:
        m += 1
    g[n] = m
print(json.dumps(g))
