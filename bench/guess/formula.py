"""A reference evaluator of the `grundy guess` formula syntax, for bench/guess/verify.py.

Variables n | a, b | x, y; + - * / % (C: truncating), ** power, & | ^ << >> ~, comparisons,
&& || !, if(c, a, b) (lazy), min, max, abs, popcount, ctz, bitlen, log2, isqrt, isfib,
[v0, v1, ...][i] and G(...) (the formula's own value at a smaller position).
A bit operator next to a comparison without parentheses is refused, as the new syntax does.
"""
import math
import re

TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_][A-Za-z_0-9]*)|(\*\*|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^~!<>(),\[\]]))")

BITS = {"|", "^", "&", "<<", ">>"}
CMPS = {"==", "!=", "<", "<=", ">", ">="}


def tokenize(s):
    out, pos = [], 0
    s = s.strip()
    while pos < len(s):
        m = TOKEN.match(s, pos)
        if not m or m.end() == pos:
            raise SyntaxError(f"bad character at {pos}: {s[pos:]!r}")
        num, name, op = m.groups()
        out.append(("num", int(num)) if num else ("name", name) if name else ("op", op))
        pos = m.end()
        while pos < len(s) and s[pos].isspace():
            pos += 1
    return out


class Parser:
    LEVELS = [["||"], ["&&"], list(CMPS), ["|"], ["^"], ["&"], ["<<", ">>"], ["+", "-"], ["*", "/", "%"]]

    def __init__(self, text):
        self.t = tokenize(text)
        self.i = 0

    def peek(self):
        return self.t[self.i] if self.i < len(self.t) else (None, None)

    def eat(self, op=None):
        tok = self.peek()
        if op is not None and tok != ("op", op):
            raise SyntaxError(f"expected {op!r}, got {tok}")
        self.i += 1
        return tok

    def parse(self):
        e = self.binary(0)
        if self.i != len(self.t):
            raise SyntaxError(f"trailing tokens: {self.t[self.i:]}")
        return e

    def binary(self, level):
        if level == len(self.LEVELS):
            return self.unary()
        left = self.binary(level + 1)
        while self.peek()[0] == "op" and self.peek()[1] in self.LEVELS[level]:
            op = self.eat()[1]
            right = self.binary(level + 1)
            left = ("bin", op, left, right)
        return left

    def unary(self):
        tok = self.peek()
        if tok in (("op", "-"), ("op", "!"), ("op", "~")):
            self.eat()
            return ("un", tok[1], self.unary())
        base = self.postfix()
        if self.peek() == ("op", "**"):
            self.eat()
            return ("bin", "**", base, self.unary())
        return base

    def postfix(self):
        tok = self.eat()
        kind, v = tok
        if kind == "num":
            return ("num", v)
        if kind == "name":
            if v in ("true", "false"):
                return ("num", v == "true")
            if self.peek() == ("op", "("):
                self.eat("(")
                args = [self.binary(0)]
                while self.peek() == ("op", ","):
                    self.eat(",")
                    args.append(self.binary(0))
                self.eat(")")
                return ("call", v, args)
            return ("var", v)
        if tok == ("op", "("):
            e = self.binary(0)
            self.eat(")")
            return ("paren", e)
        if tok == ("op", "["):
            vals = []
            while True:
                neg = False
                if self.peek() == ("op", "-"):
                    self.eat()
                    neg = True
                k, num = self.eat()
                if k != "num":
                    raise SyntaxError("list elements must be integer literals")
                vals.append(-num if neg else num)
                if self.peek() == ("op", ","):
                    self.eat(",")
                    continue
                break
            self.eat("]")
            self.eat("[")
            idx = self.binary(0)
            self.eat("]")
            return ("index", vals, idx)
        raise SyntaxError(f"unexpected {tok}")


def check_mixing(e):
    """Refuse a comparison with a bit operator as a direct (unparenthesized) operand, and vice versa."""
    if e[0] == "bin":
        op, l, r = e[1], e[2], e[3]
        for side in (l, r):
            if side[0] == "bin" and ((op in CMPS and side[1] in BITS) or (op in BITS and side[1] in CMPS)):
                raise SyntaxError(f"parenthesize {side[1]!r} next to {op!r}")
        check_mixing(l)
        check_mixing(r)
    elif e[0] in ("un", "paren"):
        check_mixing(e[-1])
    elif e[0] == "call":
        for a in e[2]:
            check_mixing(a)
    elif e[0] == "index":
        check_mixing(e[2])


def isfib(v):
    if v < 0:
        return False
    for s in (5 * v * v + 4, 5 * v * v - 4):
        if s >= 0 and math.isqrt(s) ** 2 == s:
            return True
    return False


def tdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


class Formula:
    def __init__(self, text):
        self.text = text
        self.ast = Parser(text).parse()
        check_mixing(self.ast)
        self.memo = {}

    def __call__(self, env):
        self.env_vars = tuple(sorted(env))
        return self.ev(self.ast, env)

    def G(self, args, env):
        key = tuple(args)
        names = [k for k in ("n", "a", "b", "x", "y") if k in env]
        if len(args) != len(names):
            raise ValueError("G takes one argument per variable")
        if not (sum(args) < sum(env[k] for k in names) and all(v >= 0 for v in args)):
            raise ValueError(f"G({args}) is not smaller than the position")
        if key not in self.memo:
            self.memo[key] = self.ev(self.ast, dict(zip(names, args)))
        return self.memo[key]

    def ev(self, e, env):
        k = e[0]
        if k == "num":
            return e[1]
        if k == "var":
            return env[e[1]]
        if k == "paren":
            return self.ev(e[1], env)
        if k == "un":
            v = self.ev(e[2], env)
            return {"-": lambda: -v, "!": lambda: not v, "~": lambda: ~v}[e[1]]()
        if k == "index":
            i = self.ev(e[2], env)
            if not 0 <= i < len(e[1]):
                raise IndexError(f"list index {i} out of range")
            return e[1][i]
        if k == "call":
            f, args = e[1], e[2]
            if f == "if":
                return self.ev(args[1], env) if self.ev(args[0], env) else self.ev(args[2], env)
            vals = [self.ev(a, env) for a in args]
            if f == "G":
                return self.G(vals, env)
            v = vals[0]
            if f == "min":
                return min(vals)
            if f == "max":
                return max(vals)
            if f == "abs":
                return abs(v)
            if f == "popcount":
                assert v >= 0, "popcount of a negative number"
                return bin(v).count("1")
            if f == "ctz":
                assert v > 0, "ctz(0)"
                return (v & -v).bit_length() - 1
            if f == "bitlen":
                assert v >= 0
                return v.bit_length()
            if f == "log2":
                assert v > 0
                return v.bit_length() - 1
            if f == "isqrt":
                return math.isqrt(v)
            if f == "isfib":
                return isfib(v)
            raise ValueError(f"unknown function {f}")
        op, l = e[1], self.ev(e[2], env)
        if op == "&&":
            return bool(l) and bool(self.ev(e[3], env))
        if op == "||":
            return bool(l) or bool(self.ev(e[3], env))
        r = self.ev(e[3], env)
        if op == "+": return l + r
        if op == "-": return l - r
        if op == "*": return l * r
        if op == "/": return tdiv(l, r)
        if op == "%": return l - r * tdiv(l, r)
        if op == "**": return l ** r
        if op == "&": return l & r
        if op == "|": return l | r
        if op == "^": return l ^ r
        if op == "<<": return l << r
        if op == ">>": return l >> r
        if op == "==": return l == r
        if op == "!=": return l != r
        if op == "<": return l < r
        if op == "<=": return l <= r
        if op == ">": return l > r
        if op == ">=": return l >= r
        raise ValueError(op)


if __name__ == "__main__":
    assert Formula("n ^ 1")({"n": 2}) == 3
    assert Formula("2 ** 3 ** 2")({"n": 0}) == 512
    assert Formula("-7 / 2")({"n": 0}) == -3 and Formula("-7 % 2")({"n": 0}) == -1
    assert Formula("[4, 5, 6][n % 3]")({"n": 4}) == 5
    f = Formula("if(n % 2 == 0, n / 2, G(n / 2))")
    assert [f({"n": i}) for i in range(8)] == [0, 0, 1, 0, 2, 1, 3, 0]
    for bad in ("n & 1 == 0", "n == 1 & n"):
        try:
            Formula(bad)
            raise AssertionError(bad)
        except SyntaxError:
            pass
    print("ok")
