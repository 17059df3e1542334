import {
  complement,
  DIGITS,
  LINE_TERMINATORS,
  normalize,
  propertySet,
  SPACE,
  WORD,
  type CodePointSet,
  type Range,
} from "./code-points.js";
import {
  MAX_COUNT,
  PatternProblem,
  type Alternatives,
  type ParsedPattern,
  type Term,
} from "./js-pattern-tree.js";
import {
  ch,
  CONTROLS,
  ID_CONTINUE,
  ID_START,
  isDigit,
  isHex,
  show,
  SYNTAX_CHARS,
} from "./js-pattern-chars.js";

export * from "./js-pattern-tree.js";

/**
 * Reads `source` as a `u`-mode pattern; throws PatternProblem. `lenient` reads what Python's re
 * has no equivalent for too: `\p{…}` as the set V8 matches, counts from 2^31 - 1 as unbounded.
 */
export function parsePattern(source: string, lenient = false): ParsedPattern {
  return new Parser(source, lenient).parse();
}

class Parser {
  private readonly cps: number[];
  private pos = 0;
  private groups = 0;
  private readonly names = new Map<string, number>();
  private readonly numbered: { index: number; at: number }[] = [];
  private readonly named: { term: { index: number }; name: string }[] = [];

  constructor(
    source: string,
    private readonly lenient: boolean,
  ) {
    this.cps = [...source].map((s) => s.codePointAt(0)!);
  }

  parse(): ParsedPattern {
    const body = this.disjunction();
    if (this.pos < this.cps.length)
      this.syntax(`unmatched ${show(this.peek() ?? 0)}`);
    for (const { index } of this.numbered)
      if (index > this.groups) this.syntax(`\\${index} names no group`);
    for (const { term, name } of this.named) {
      const index = this.names.get(name);
      if (index === undefined) this.syntax(`\\k<${name}> names no group`);
      term.index = index;
    }
    return { body, groups: this.groups };
  }

  private syntax(message: string): never {
    throw new PatternProblem("syntax", `${message} at offset ${this.pos}`);
  }

  private next(): number {
    const c = this.cps[this.pos];
    if (c === undefined) return this.syntax("unexpected end of pattern");
    this.pos++;
    return c;
  }

  private peek(ahead = 0): number | undefined {
    return this.cps[this.pos + ahead];
  }

  private eat(s: string): boolean {
    if (this.peek() === ch(s)) {
      this.pos++;
      return true;
    }
    return false;
  }

  private expect(s: string): void {
    if (!this.eat(s)) this.syntax(`expected ${s}`);
  }

  private disjunction(): Alternatives {
    const alternatives: Term[][] = [this.alternative()];
    while (this.eat("|")) alternatives.push(this.alternative());
    return alternatives;
  }

  private alternative(): Term[] {
    const terms: Term[] = [];
    for (;;) {
      const c = this.peek();
      if (c === undefined || c === ch("|") || c === ch(")")) return terms;
      terms.push(this.term());
    }
  }

  private term(): Term {
    const assertion = this.assertion();
    if (assertion) {
      if (this.atQuantifier()) this.syntax("nothing to repeat");
      return assertion;
    }
    const start = this.pos;
    const atom = this.atom();
    return this.quantified(atom, start);
  }

  private assertion(): Term | null {
    const c = this.peek();
    if (c === ch("^")) return (this.pos++, { kind: "start" });
    if (c === ch("$")) return (this.pos++, { kind: "end" });
    if (
      c === ch("\\") &&
      (this.peek(1) === ch("b") || this.peek(1) === ch("B"))
    ) {
      const negated = this.peek(1) === ch("B");
      this.pos += 2;
      return { kind: "boundary", negated };
    }
    if (c !== ch("(") || this.peek(1) !== ch("?")) return null;
    const start = this.pos;
    const behind = this.peek(2) === ch("<");
    const sign = this.peek(behind ? 3 : 2);
    if (sign !== ch("=") && sign !== ch("!")) return null;
    this.pos += behind ? 4 : 3;
    const body = this.disjunction();
    this.expect(")");
    const negated = sign === ch("!");
    return { kind: "look", behind, negated, body, start, end: this.pos };
  }

  private atQuantifier(): boolean {
    const c = this.peek();
    return c === ch("*") || c === ch("+") || c === ch("?") || c === ch("{");
  }

  private quantified(body: Term, start: number): Term {
    let min: number;
    let max: number;
    if (this.eat("*")) [min, max] = [0, Infinity];
    else if (this.eat("+")) [min, max] = [1, Infinity];
    else if (this.eat("?")) [min, max] = [0, 1];
    else if (this.eat("{")) {
      min = this.count();
      max = this.eat(",")
        ? isDigit(this.peek())
          ? this.count()
          : Infinity
        : min;
      this.expect("}");
      if (min > max) this.syntax("numbers out of order in {} quantifier");
    } else return body;
    const lazy = this.eat("?");
    if (this.atQuantifier()) this.syntax("nothing to repeat");
    return { kind: "repeat", min, max, lazy, body, start, end: this.pos };
  }

  private count(): number {
    if (!isDigit(this.peek())) this.syntax("incomplete quantifier");
    let text = "";
    while (isDigit(this.peek())) text += show(this.next());
    const n = Number(text);
    if (n > MAX_COUNT && !this.lenient)
      throw new PatternProblem(
        "unsupported",
        `the repetition count ${text} is too large: JavaScript reads counts from ${MAX_COUNT + 1} on as unbounded; use * or + instead`,
      );
    return n > MAX_COUNT ? Infinity : n;
  }

  private atom(): Term {
    const c = this.peek()!;
    if (c === ch(".")) {
      this.pos++;
      return { kind: "set", set: complement(LINE_TERMINATORS) };
    }
    if (c === ch("(")) return this.group();
    if (c === ch("[")) return { kind: "set", set: this.characterClass() };
    if (c === ch("\\")) return this.atomEscape();
    if (SYNTAX_CHARS.has(show(c)))
      this.syntax(
        this.atQuantifier() ? "nothing to repeat" : `lone ${show(c)}`,
      );
    this.pos++;
    return { kind: "char", cp: c };
  }

  private group(): Term {
    this.pos++; // (
    let index: number | null = null;
    let name: string | null = null;
    if (this.eat("?")) {
      if (this.eat("<")) {
        name = this.groupName();
        if (this.names.has(name))
          this.unsupported(`the group name ${name} is used twice`);
        index = ++this.groups;
        this.names.set(name, index);
      } else if (!this.eat(":")) {
        const next = this.peek();
        if (next !== undefined && /[a-zA-Z-]/.test(show(next)))
          this.unsupported(
            "inline modifiers such as (?i:…) are not read here; spell the cases out, e.g. [Aa]",
          );
        this.syntax("invalid group");
      }
    } else index = ++this.groups;
    const body = this.disjunction();
    const end = this.pos;
    this.expect(")");
    return { kind: "group", index, name, body, end };
  }

  private unsupported(message: string): never {
    throw new PatternProblem("unsupported", message);
  }

  /** A RegExpIdentifierName up to its `>`, escapes decoded. */
  private groupName(): string {
    let name = "";
    for (;;) {
      let c = this.peek();
      if (c === ch(">") && name !== "") {
        this.pos++;
        return name;
      }
      if (c === undefined) this.syntax("unterminated group name");
      if (c === ch("\\")) {
        this.pos++;
        if (!this.eat("u")) this.syntax("invalid group name");
        c = this.unicodeEscape();
      } else this.pos++;
      const ok = (name === "" ? ID_START : ID_CONTINUE).test(show(c));
      if (!ok) this.syntax("invalid group name");
      name += show(c);
    }
  }

  private atomEscape(): Term {
    this.pos++; // \
    const c = this.peek();
    if (c === undefined) this.syntax("\\ at end of pattern");
    if (isDigit(c) && c !== ch("0")) {
      const at = this.pos - 1;
      let text = "";
      while (isDigit(this.peek())) text += show(this.next());
      const term = { kind: "backref" as const, index: Number(text), at };
      this.numbered.push(term);
      return term;
    }
    if (c === ch("k")) {
      const at = this.pos - 1;
      this.pos++;
      this.expect("<");
      const name = this.groupName();
      const term = { kind: "backref" as const, index: 0, at };
      this.named.push({ term, name });
      return term;
    }
    const set = this.classEscape();
    if (set) return { kind: "set", set };
    return { kind: "char", cp: this.characterEscape() };
  }

  /** \d \D \s \S \w \W as sets; \p and \P refused; null for any other escape. */
  private classEscape(): CodePointSet | null {
    const c = show(this.peek()!);
    const sets: Record<string, CodePointSet> = { d: DIGITS, s: SPACE, w: WORD };
    const base = sets[c.toLowerCase()];
    if (base) {
      this.pos++;
      return c === c.toLowerCase() ? base : complement(base);
    }
    if ((c === "p" || c === "P") && this.lenient) {
      const start = this.pos;
      while (this.next() !== ch("}"));
      return propertySet(this.cps.slice(start, this.pos).map(show).join(""));
    }
    if (c === "p" || c === "P")
      this.unsupported(
        `\\${c}{…} Unicode property escapes have no equivalent in Python's re; list the characters in a class instead, e.g. [A-Za-z]`,
      );
    return null;
  }

  /** A CharacterEscape after its `\`: the code point it stands for. */
  private characterEscape(): number {
    const c = show(this.next());
    const control = CONTROLS.get(c);
    if (control !== undefined) return control;
    if (c === "c") {
      const letter = this.peek();
      if (letter === undefined || !/[A-Za-z]/.test(show(letter)))
        this.syntax("invalid \\c escape");
      this.pos++;
      return letter % 32;
    }
    if (c === "0") {
      if (isDigit(this.peek())) this.syntax("invalid decimal escape");
      return 0;
    }
    if (c === "x") {
      if (!isHex(this.peek()) || !isHex(this.peek(1)))
        this.syntax("invalid \\x escape");
      return this.hex(2);
    }
    if (c === "u") return this.unicodeEscape();
    if (SYNTAX_CHARS.has(c) || c === "/") return ch(c);
    this.pos--;
    return this.syntax(`invalid escape \\${c}`);
  }

  private hex(digits: number): number {
    let text = "";
    for (let i = 0; i < digits; i++) text += show(this.next());
    return parseInt(text, 16);
  }

  /** After `\u`: `{H…}` or `HHHH`, a lead surrogate joined with a `\uHHHH` trail surrogate after it. */
  private unicodeEscape(): number {
    if (this.eat("{")) {
      let text = "";
      while (isHex(this.peek())) text += show(this.next());
      const cp = parseInt(text, 16);
      if (text === "" || !this.eat("}") || cp > 0x10ffff)
        this.syntax("invalid Unicode escape");
      return cp;
    }
    for (let i = 0; i < 4; i++)
      if (!isHex(this.peek(i))) this.syntax("invalid Unicode escape");
    const cp = this.hex(4);
    if (
      cp >= 0xd800 &&
      cp <= 0xdbff &&
      this.peek() === ch("\\") &&
      this.peek(1) === ch("u")
    ) {
      const save = this.pos;
      this.pos += 2;
      if ([0, 1, 2, 3].every((i) => isHex(this.peek(i)))) {
        const trail = this.hex(4);
        if (trail >= 0xdc00 && trail <= 0xdfff)
          return (cp - 0xd800) * 0x400 + (trail - 0xdc00) + 0x10000;
      }
      this.pos = save;
    }
    return cp;
  }

  private characterClass(): CodePointSet {
    this.pos++; // [
    const negated = this.eat("^");
    const ranges: Range[] = [];
    while (!this.eat("]")) {
      if (this.peek() === undefined)
        this.syntax("unterminated character class");
      const from = this.classAtom();
      if (
        this.peek() === ch("-") &&
        this.peek(1) !== undefined &&
        this.peek(1) !== ch("]")
      ) {
        this.pos++;
        const to = this.classAtom();
        if (typeof from !== "number" || typeof to !== "number")
          this.syntax("a class escape cannot bound a range");
        if (from > to) this.syntax("range out of order in character class");
        ranges.push([from, to]);
      } else if (typeof from === "number") ranges.push([from, from]);
      else ranges.push(...from);
    }
    const set = normalize(ranges);
    return negated ? complement(set) : set;
  }

  /** One ClassAtom: a code point, or the set of a class escape. */
  private classAtom(): number | CodePointSet {
    const c = this.next();
    if (c !== ch("\\")) return c;
    if (this.peek() === undefined) this.syntax("\\ at end of pattern");
    if (this.eat("b")) return 8;
    if (this.eat("-")) return ch("-");
    return this.classEscape() ?? this.characterEscape();
  }
}
