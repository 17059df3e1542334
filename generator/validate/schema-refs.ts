import type { JsonObject } from "../model/types.js";
import type { Code } from "./codes.js";
import type { Problem } from "./problem.js";
import type { SchemaKind } from "./schema-kind.js";
import { refKeys, refTarget } from "../../runtime/shared/pointer.js";
import { isRecord } from "../../runtime/shared/record.js";

/**
 * `$ref` may only point inside the schema (toolgen never fetches anything), at something that
 * exists, and not round in a circle of references that never reaches a schema.
 *
 * Each ref is followed once, whatever the number of refs that lead through it: a chain of n refs
 * costs n steps, not n² (issue #34). A problem is said once, where it is written: at the ref
 * that points outside or at nothing, and at the first ref of a circle the walk meets. A ref that
 * only leads to a problem says nothing more, unless no schema the walk visits holds the faulty
 * ref (it sits in a `default`, say): then the first ref leading there says it.
 */

type Path = (string | number)[];

/** Where following a ref ends. */
type Outcome =
  | { readonly ok: true }
  | {
      readonly ok: false;
      /** Names the problem: a faulty ref's canonical key, or a circle's. */
      readonly culprit: string;
      readonly code: Code;
      /** The faulty ref; for a circle, its refs in order, starting anywhere on it. */
      readonly refs: readonly string[];
      /** A circle's refs, canonical. */
      readonly members?: ReadonlySet<string>;
    };

const OK: Outcome = { ok: true };

/** Refs shown of a circle before the rest are counted: a circle of 100,000 makes no 4 MB message. */
const SHOWN = 8;

/**
 * The most places one schema's refs may point at. ajv, which toolgen and the generated
 * TypeScript packages compile each schema with, writes code for each target it meets, and its
 * time grows faster than their number (3,000 targets: 4 s; 10,000: 150 s, then a stack
 * overflow). Real schemas point at a few hundred at most (GitHub's REST description).
 */
export const MAX_REF_TARGETS = 1_000;

/** A problem and the schemas that said it. */
interface Said {
  readonly outcome: Exclude<Outcome, { ok: true }>;
  readonly direct: Problem[];
  indirect?: Problem;
}

export class RefChecks {
  private readonly outcomes = new Map<string, Outcome>();
  private readonly said = new Map<string, Said>();
  private readonly targets = new Set<string>();
  private tooMany: Problem | undefined;

  constructor(
    private readonly root: JsonObject,
    private readonly kind: SchemaKind,
  ) {}

  /** The `$ref` of the schema at `path` (relative to the root). */
  check(ref: string, path: Path): void {
    this.targets.add(canonicalRef(ref) ?? ref);
    if (this.targets.size > MAX_REF_TARGETS)
      this.tooMany ??= {
        path: [...path, "$ref"],
        message: `the ${this.kind} schema's $refs point at more than ${MAX_REF_TARGETS} places (this one at the ${MAX_REF_TARGETS + 1}st): validators compile code for each place, in time that grows faster than their number; split the schema, or refer to fewer places`,
        code: "too-many-refs",
      };
    const outcome = this.follow(ref);
    if (outcome.ok) return;
    let said = this.said.get(outcome.culprit);
    if (said === undefined) {
      said = { outcome, direct: [] };
      this.said.set(outcome.culprit, said);
    }
    const at = [...path, "$ref"];
    if (outcome.code !== "ref-circular") {
      if (outcome.refs[0] === ref)
        said.direct.push(this.problem(outcome, at, ref));
      else said.indirect ??= this.problem(outcome, at, ref);
      return;
    }
    // On the circle when this schema is one of the schemas the circle's refs point at.
    const onCircle = outcome.members!.has(canonical(path.map(String)));
    if (onCircle && said.direct.length === 0)
      said.direct.push(this.problem(outcome, at, ref));
    else if (!onCircle) said.indirect ??= this.problem(outcome, at, ref);
  }

  /** Every problem found, each said once. */
  problems(): Problem[] {
    return [...this.said.values()].flatMap((s) =>
      s.direct.length > 0 ? s.direct : s.indirect ? [s.indirect] : [],
    );
  }

  /** The ref that points at one place more than MAX_REF_TARGETS allows, if one does. */
  tooManyTargets(): Problem | undefined {
    return this.tooMany;
  }

  private problem(
    outcome: Exclude<Outcome, { ok: true }>,
    path: Path,
    ref: string,
  ): Problem {
    const { code, refs } = outcome;
    if (code === "ref-outside-schema")
      return {
        path,
        message: `'$ref' may only point inside this ${this.kind} schema (#/…), not at '${refs[0]}'`,
        code,
      };
    if (code === "ref-dangling")
      return { path, message: `'$ref' points at nothing: '${refs[0]}'`, code };
    return {
      path,
      message: `'$ref' goes round in a circle (${circleText(refs, ref)}) and never reaches a schema`,
      code,
    };
  }

  /** Where `ref` leads, each ref on the way followed once in the life of this object. */
  private follow(ref: string): Outcome {
    const known = this.outcomes.get(ref);
    if (known !== undefined) return known;
    const chain: string[] = [];
    const onChain = new Map<string, number>();
    let outcome: Outcome | undefined;
    for (let current = ref; outcome === undefined;) {
      const before = this.outcomes.get(current);
      if (before !== undefined) {
        outcome = before;
        break;
      }
      const key = canonicalRef(current);
      const seenAt = key === undefined ? undefined : onChain.get(key);
      if (seenAt !== undefined) {
        const refs = chain.slice(seenAt);
        const members = new Set(refs.map((r) => canonicalRef(r)!));
        const culprit = `circle ${[...members].sort()[0]}`;
        outcome = { ok: false, culprit, code: "ref-circular", refs, members };
        break;
      }
      if (!current.startsWith("#")) {
        outcome = fault(current, "ref-outside-schema");
        break;
      }
      const target = refTarget(this.root, current);
      if (target === undefined) {
        outcome = fault(current, "ref-dangling");
        break;
      }
      onChain.set(key!, chain.length);
      chain.push(current);
      const next = isRecord(target) ? target.$ref : undefined;
      if (typeof next !== "string") outcome = OK;
      else current = next;
    }
    for (const r of chain) this.outcomes.set(r, outcome);
    this.outcomes.set(ref, outcome);
    return outcome;
  }
}

function fault(ref: string, code: Code): Outcome {
  return { ok: false, culprit: `ref ${ref}`, code, refs: [ref] };
}

/** A ref's steps as one string, so that `#/$defs/a~1b` and `#/$defs/a%2Fb` are one. */
function canonicalRef(ref: string): string | undefined {
  const keys = refKeys(ref);
  return keys === undefined ? undefined : canonical(keys);
}

function canonical(keys: readonly string[]): string {
  return JSON.stringify(keys);
}

/** The circle's refs from `start` round to it again, the middle left out of a long one. */
function circleText(refs: readonly string[], start: string): string {
  const from = Math.max(0, refs.indexOf(start));
  const round = [...refs.slice(from), ...refs.slice(0, from), refs[from]!];
  if (round.length <= SHOWN + 1) return round.join(" → ");
  const left = round.length - SHOWN;
  return [
    ...round.slice(0, SHOWN - 1),
    `… ${left} more …`,
    round[round.length - 1],
  ].join(" → ");
}
