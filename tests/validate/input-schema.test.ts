import { Ajv } from "ajv";
import fc from "fast-check";
import { seeded } from "../properties/settings.js";
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../generator/model/types.js";
import { checkInputSchema } from "../../generator/validate/input-schema.js";
import {
  isPlainSchema,
  scalarFits,
} from "../../generator/validate/plain-schema.js";
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
  walkObjects(schema, (node, path) => {
    if (typeof node.$ref !== "string") return;
    const seen: string[] = [];
    for (let current: string = node.$ref; ;) {
      const at = [...path, "$ref"];
      if (!current.startsWith("#"))
        return void problems.push({
          path: at,
          message: `'$ref' may only point inside this input schema (#/…), not at '${current}'`,
        });
      if (seen.includes(current))
        return void problems.push({
          path: at,
          message: `'$ref' goes round in a circle (${[...seen, current].join(" → ")}) and never reaches a schema`,
        });
      seen.push(current);
      let target: unknown = schema;
      // Each step decoded on its own (%-escapes, then ~1 and ~0), as ajv reads a ref.
      for (const raw of current === "#" ? [] : current.slice(2).split("/")) {
        const step = decodeURIComponent(raw)
          .replace(/~1/g, "/")
          .replace(/~0/g, "~");
        target =
          target !== null &&
          typeof target === "object" &&
          Object.hasOwn(target, step)
            ? (target as Node)[step]
            : undefined;
      }
      if (target === undefined)
        return void problems.push({
          path: at,
          message: `'$ref' points at nothing: '${current}'`,
        });
      const next =
        target !== null && typeof target === "object" && !Array.isArray(target)
          ? (target as Node).$ref
          : undefined;
      if (typeof next !== "string") return;
      current = next;
    }
  });
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
