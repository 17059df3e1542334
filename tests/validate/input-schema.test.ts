import { Ajv } from "ajv";
import fc from "fast-check";
import { seeded } from "../properties/settings.js";
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../generator/model/types.js";
import { checkInputSchema } from "../../generator/validate/input-schema.js";
import { isPlainSchema } from "../../generator/validate/plain-schema.js";
import { scalarFits } from "../../generator/validate/scalar-fits.js";
import type { Problem } from "../../generator/validate/problem.js";

type Path = (string | number)[];
type Node = Record<string, unknown>;

/**
 * The checks as they were written before the single walk: one walk per check, a path copied per
 * node. Slow and plain, so the one walk is held to it. Covers what the walk finds ('required',
 * '$ref', '__proto__') and the values of plain schemas; what ajv says of the others is ajv's.
 */
function slowProblems(schema: JsonObject): Found[] | "not plain" {
  const problems: Found[] = [];
  walkObjects(schema, (node, path) => {
    const props = node.properties;
    const required = node.required;
    if (!Array.isArray(required)) return;
    const names =
      props !== null && typeof props === "object" && !Array.isArray(props)
        ? Object.keys(props)
        : [];
    required.forEach((name, i) => {
      if (typeof name === "string" && !names.includes(name))
        problems.push({
          path: [...path, "required", i],
          message: `'required' names '${name}', which is not one of the properties${names.length ? ` (${names.join(", ")})` : ""}`,
        });
    });
  });
  problems.push(...refProblems(schema));
  const proto = protoProperties(schema).map((path): Found => ({
    path,
    key: true,
    message: PROTO,
  }));
  if (problems.length > 0) return [...problems, ...proto];
  if (!isPlainSchema(schema)) return "not plain";
  walkObjects(schema, (node, path) => {
    if (
      !("default" in node || "enum" in node || "const" in node) ||
      JSON.stringify(node).includes('"$ref"')
    )
      return;
    const { default: fallback, enum: values, ...rest } = node;
    const check = (
      value: unknown,
      against: Node,
      where: Path,
      label: string,
    ) => {
      const validate = lenient.compile(against);
      lenient.removeSchema(against);
      if (!validate(value)) problems.push({ path: where, message: label });
    };
    if (Array.isArray(values))
      values.forEach((v, i) =>
        check(v, rest, [...path, "enum", i], "enum value"),
      );
    if ("default" in node)
      check(
        fallback,
        Array.isArray(values) ? { ...rest, enum: values } : rest,
        [...path, "default"],
        "the default",
      );
  });
  return [...problems, ...proto];
}

/** A ref's decoded steps, as one string; undefined when it does not decode. */
function stepsOf(ref: string): string | undefined {
  if (ref === "#") return "[]";
  if (!ref.startsWith("#/")) return undefined;
  try {
    return JSON.stringify(
      ref
        .slice(2)
        .split("/")
        .map((raw) =>
          decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~"),
        ),
    );
  } catch {
    return undefined;
  }
}

function targetOf(schema: unknown, ref: string): unknown {
  const steps = stepsOf(ref);
  if (steps === undefined) return undefined;
  let target: unknown = schema;
  for (const step of JSON.parse(steps) as string[])
    target =
      target !== null &&
      typeof target === "object" &&
      Object.hasOwn(target, step) &&
      !(Array.isArray(target) && !/^(0|[1-9]\d*)$/.test(step))
        ? (target as Node)[step]
        : undefined;
  return target;
}

/**
 * Each ref followed from scratch, and the problem said once: at each ref that is itself faulty,
 * at the first ref of a circle met (schemas after their subschemas, as the walk meets them), or,
 * when no visited schema holds the fault, at the first ref leading to it.
 */
function refProblems(schema: JsonObject): Found[] {
  const said = new Map<string, { direct: Found[]; indirect?: Found }>();
  const visit = (node: unknown, path: Path): void => {
    if (node === null || typeof node !== "object") return;
    for (const [k, v] of Object.entries(node))
      visit(v, [...path, Array.isArray(node) ? Number(k) : k]);
    if (Array.isArray(node) || typeof (node as Node).$ref !== "string") return;
    if (
      path.some((s) =>
        ["enum", "default", "const", "examples"].includes(s as string),
      )
    )
      return;
    const ref = (node as Node).$ref as string;
    const at = [...path, "$ref"];
    const seen: string[] = [];
    for (let current = ref; ;) {
      const fault = !current.startsWith("#")
        ? `'$ref' may only point inside this input schema (#/…), not at '${current}'`
        : targetOf(schema, current) === undefined
          ? `'$ref' points at nothing: '${current}'`
          : undefined;
      const circleAt = seen.findIndex((r) => stepsOf(r) === stepsOf(current));
      if (circleAt >= 0) {
        const circle = seen.slice(circleAt);
        const members = circle.map((r) => stepsOf(r)!);
        const entry = said.get(`circle ${[...members].sort()[0]}`) ?? {
          direct: [],
        };
        said.set(`circle ${[...members].sort()[0]}`, entry);
        const from = Math.max(0, circle.indexOf(ref));
        const round = [
          ...circle.slice(from),
          ...circle.slice(0, from),
          circle[from],
        ];
        const problem = {
          path: at,
          message: `'$ref' goes round in a circle (${round.join(" → ")}) and never reaches a schema`,
        };
        const on = members.includes(JSON.stringify(path.map(String)));
        if (on && entry.direct.length === 0) entry.direct.push(problem);
        else if (!on) entry.indirect ??= problem;
        return;
      }
      if (fault !== undefined) {
        const entry = said.get(`ref ${current}`) ?? { direct: [] };
        said.set(`ref ${current}`, entry);
        if (current === ref) entry.direct.push({ path: at, message: fault });
        else entry.indirect ??= { path: at, message: fault };
        return;
      }
      seen.push(current);
      const target = targetOf(schema, current);
      const next =
        target !== null && typeof target === "object" && !Array.isArray(target)
          ? (target as Node).$ref
          : undefined;
      if (typeof next !== "string") return;
      current = next;
    }
  };
  visit(schema, []);
  return [...said.values()].flatMap((s) =>
    s.direct.length > 0 ? s.direct : s.indirect ? [s.indirect] : [],
  );
}

const PROTO =
  "'__proto__' cannot be an input name: JavaScript clients, the MCP SDK's among them, drop it or take it for the object's prototype";
const lenient = new Ajv({
  strict: false,
  allErrors: false,
  addUsedSchema: false,
});

function walkObjects(
  root: unknown,
  visit: (node: Node, path: Path) => void,
): void {
  const stack: { node: unknown; path: Path }[] = [{ node: root, path: [] }];
  while (stack.length) {
    const { node, path } = stack.pop()!;
    if (Array.isArray(node))
      node.forEach((v, i) => stack.push({ node: v, path: [...path, i] }));
    else if (node !== null && typeof node === "object") {
      if (
        !path.some(
          (step) =>
            step === "enum" ||
            step === "default" ||
            step === "const" ||
            step === "examples",
        )
      )
        visit(node as Node, path);
      for (const [k, v] of Object.entries(node))
        if (typeof v === "object") stack.push({ node: v, path: [...path, k] });
    }
  }
}

function protoProperties(schema: unknown): Path[] {
  const found: Path[] = [];
  const stack: { value: unknown; path: Path }[] = [{ value: schema, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (value === null || typeof value !== "object") continue;
    const props = Array.isArray(value) ? undefined : (value as Node).properties;
    if (
      props !== null &&
      typeof props === "object" &&
      Object.hasOwn(props, "__proto__")
    )
      found.push([...path, "properties", "__proto__"]);
    for (const [k, v] of Object.entries(value))
      stack.push({
        value: v,
        path: [...path, Array.isArray(value) ? Number(k) : k],
      });
  }
  return found;
}

/** Problems in a comparable order, with value messages cut to their label (the wording is ajv's). */
/** A problem as this reference finds it: what is compared, the code aside. */
type Found = Omit<Problem, "code">;

function normalised(problems: readonly Found[]): string[] {
  return problems
    .map((p) =>
      JSON.stringify({
        path: p.path,
        key: p.key ?? false,
        message: p.message.replace(/^(enum value|the default) .*/s, "$1"),
      }),
    )
    .sort();
}

/** A property map that may name '__proto__' (as YAML readers define it: an own property). */
function withProto(entries: [string, unknown][]): Node {
  const map: Node = {};
  for (const [name, value] of entries)
    Object.defineProperty(map, name, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return map;
}

const names = fc.constantFrom("a", "b", "default", "enum", "__proto__");
const scalar = fc.oneof(
  fc.constantFrom("x", "y", "$ref", 'a"$ref'),
  fc.integer({ min: -2, max: 3 }),
  fc.boolean(),
  fc.constant(null),
);
const { schema: schemaArb } = fc.letrec<{ schema: Node }>((tie) => ({
  schema: fc.oneof(
    { maxDepth: 3, depthSize: "small" },
    fc.constantFrom<Node>({ type: "string" }, {}),
    // A plain schema whose values may not fit: the case the values are checked for.
    fc.record(
      {
        type: fc.constant("string"),
        enum: fc.uniqueArray(fc.constantFrom("x", "y", 1), {
          minLength: 1,
          maxLength: 2,
        }),
        default: fc.constantFrom("x", "y", "z", 2),
      },
      { requiredKeys: ["type"] },
    ),
    fc.record(
      {
        type: fc.constantFrom("string", "integer", "object", "array"),
        properties: fc
          .array(fc.tuple(names, tie("schema")), { maxLength: 3 })
          .map(withProto),
        required: fc.uniqueArray(names, { maxLength: 3 }),
        enum: fc.uniqueArray(scalar, { minLength: 1, maxLength: 3 }),
        default: fc.oneof(scalar, tie("schema")),
        const: scalar,
        items: tie("schema"),
        $ref: fc.constantFrom(
          "#",
          "#/properties/a",
          "#/nowhere",
          "http://x",
          "#/properties/a/$ref",
        ),
        minimum: fc.integer({ min: 0, max: 2 }),
        examples: fc.array(tie("schema"), { maxLength: 1 }),
      },
      { requiredKeys: [] },
    ) as fc.Arbitrary<Node>,
  ),
}));

describe("checkInputSchema's one walk", () => {
  it("finds what one walk per check found, at the same paths", () => {
    fc.assert(
      fc.property(
        schemaArb.filter((s) => Object.keys(s).length > 0),
        (schema) => {
          const slow = slowProblems(schema as JsonObject);
          const fast = checkInputSchema(schema as JsonObject);
          if (slow === "not plain") {
            const walked = fast.filter(
              (p) =>
                p.message === PROTO || /^'(required|\$ref)'/.test(p.message),
            );
            expect(normalised(walked)).toEqual(
              normalised(
                protoProperties(schema).map((path) => ({
                  path,
                  key: true,
                  message: PROTO,
                })),
              ),
            );
          } else {
            expect(normalised(fast)).toEqual(normalised(slow));
          }
        },
      ),
      seeded(400),
    );
  });
});

describe("scalarFits with keys left out", () => {
  it("answers as it does for a copy of the schema without them", () => {
    const value = fc.oneof(
      fc.constantFrom("a", "b", "abc"),
      fc.integer({ min: -1, max: 3 }),
      fc.constant(null),
    );
    const schema = fc.record(
      {
        type: fc.constantFrom("string", "integer", "null"),
        enum: fc.array(value, { maxLength: 3 }),
        const: value,
        minimum: fc.integer({ min: 0, max: 2 }),
        maxLength: fc.integer({ min: 0, max: 2 }),
        default: value,
      },
      { requiredKeys: [] },
    );
    const leaveOut = fc.uniqueArray(
      fc.constantFrom("enum", "const", "type", "minimum"),
      { maxLength: 2 },
    );
    fc.assert(
      fc.property(value, schema, leaveOut, (v, s, keys) => {
        const copy = Object.fromEntries(
          Object.entries(s).filter(([k]) => !(keys as string[]).includes(k)),
        );
        expect(scalarFits(v, s, new Set(keys))).toBe(scalarFits(v, copy));
      }),
      seeded(2000),
    );
  });
});
