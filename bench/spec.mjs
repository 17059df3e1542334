// Synthetic tools.yaml specs of any size for the benchmark: deterministic (a seeded
// generator, so every run and every machine measures the same text), valid for the
// current validator, and varied the way a grown platform is: nested schemas, enums,
// formats, defaults, every kind of HTTP binding, local tools, CLI commands and
// paragraphs of prose.
import { stringify } from "yaml";

const VERBS = [
  "list",
  "get",
  "create",
  "update",
  "delete",
  "search",
  "archive",
  "restore",
  "assign",
  "export",
];
const NOUNS = [
  "project",
  "ticket",
  "document",
  "dataset",
  "invoice",
  "contact",
  "pipeline",
  "report",
  "channel",
  "secret",
  "runner",
  "deployment",
];
const WORDS = (
  "the platform agent workspace task peer memory result value request answer team user record field query page item " +
  "limit order owner status event change history summary detail context reason policy schedule window budget quota"
).split(" ");

/** mulberry32: a tiny seeded generator, enough to vary shapes reproducibly. */
function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
}

function sentence(r, min, max) {
  const words = Array.from({ length: r.int(min, max) }, () => r.pick(WORDS));
  const text = words.join(" ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function paragraph(r, sentences) {
  return Array.from({ length: sentences }, () => sentence(r, 6, 16)).join(" ");
}

/** One property schema; `depth` bounds nesting so objects stay readable. */
function property(r, depth) {
  const description = sentence(r, 4, 14);
  switch (r.int(0, depth > 0 ? 7 : 5)) {
    case 0:
      return { type: "string", description };
    case 1:
      return {
        type: "string",
        enum: ["low", "normal", "high", "urgent"].slice(0, r.int(2, 4)),
        default: "low",
        description,
      };
    case 2:
      return {
        type: "integer",
        minimum: 0,
        maximum: r.int(10, 1000),
        description,
      };
    case 3:
      return {
        type: "string",
        format: r.pick(["date-time", "email", "uri", "uuid", "date"]),
        description,
      };
    case 4:
      return { type: "boolean", description };
    case 5:
      return { type: "number", exclusiveMinimum: 0, description };
    case 6:
      return {
        type: "array",
        items: property(r, depth - 1),
        maxItems: r.int(5, 100),
        description,
      };
    default: {
      const inner = {};
      const count = r.int(1, 4);
      for (let i = 0; i < count; i++)
        inner[`${r.pick(WORDS)}_${i}`] = property(r, depth - 1);
      const keys = Object.keys(inner);
      return {
        type: "object",
        properties: inner,
        required: keys.slice(0, 1),
        additionalProperties: false,
        description,
      };
    }
  }
}

function inputSchema(r, names) {
  const properties = {};
  for (const name of names) properties[name] = property(r, 1);
  return properties;
}

/** An HTTP binding that sends every input somewhere, as the validator demands. */
function httpBinding(r, noun, id, inputs, required, routeInput) {
  const method = r.pick(["GET", "POST", "PUT", "PATCH", "DELETE"]);
  const pathInputs = required.filter(() => r.chance(0.3)).slice(0, 2);
  const segments = [
    "",
    `${noun}s`,
    "{$workspace}",
    noun,
    ...pathInputs.map((n) => `{${n}}`),
    ...(r.chance(0.5) ? [`v${id % 3}`] : []),
  ];
  const rest = inputs.filter(
    (n) => !pathInputs.includes(n) && n !== routeInput,
  );
  const http = { method, path: segments.join("/") };
  if (routeInput) http.route = routeInput;
  const headers = r.chance(0.3)
    ? { "X-Request-Source": { const: "agent" }, "X-Workspace-ID": "$workspace" }
    : undefined;
  const toQuery =
    method === "GET" || method === "DELETE"
      ? rest
      : rest.filter(() => r.chance(0.3));
  const toBody = rest.filter((n) => !toQuery.includes(n));
  if (toQuery.length)
    http.query = r.chance(0.5)
      ? toQuery
      : Object.fromEntries(toQuery.map((n) => [`q_${n}`, n]));
  if (toBody.length) {
    http.body = r.chance(0.5)
      ? toBody
      : Object.fromEntries([
          ...toBody.map((n) => [n.replace(/_/g, "-"), n]),
          ["workspace", "$workspace"],
        ]);
  }
  if (headers) http.headers = headers;
  return http;
}

/**
 * A valid spec of `count` tools, as YAML text. `targets` keeps only the named targets (all seven
 * by default); the tools and sections are the same whichever are kept.
 */
/** The seven npm packages' targets: the peer comparison's "every target" (the Python target is measured on its own, bench/python.mjs). */
export const NPM_TARGETS = [
  "client",
  "mcp",
  "langchain",
  "cli",
  "ai_sdk",
  "function_calling",
  "docs",
];

export function syntheticSpec(count, seed = 1, { targets } = {}) {
  const r = random(seed * 7919 + count);
  const sectionCount = Math.max(1, Math.ceil(count / 40));
  const sections = Array.from({ length: sectionCount }, (_, i) => {
    const section = {
      id: `area_${i}`,
      heading: `Area ${i}: ${sentence(r, 2, 5).slice(0, -1)}`,
      label: `Area ${i}`,
      footer: paragraph(r, r.int(1, 3)),
    };
    if (i % 2 === 0)
      section.cli = {
        intro: `Commands of area ${i}:`,
        closing: paragraph(r, 1),
      };
    return section;
  });

  const tools = Array.from({ length: count }, (_, i) => {
    const verb = VERBS[i % VERBS.length];
    const noun = NOUNS[Math.floor(i / VERBS.length) % NOUNS.length];
    const name = `${verb}_${noun}_${i}`;
    const sectionIndex = Math.floor((i * sectionCount) / count);
    const section = sections[sectionIndex];
    const inputCount = r.int(0, 6);
    const inputs = Array.from(
      { length: inputCount },
      (_, k) => `${r.pick(WORDS)}_${k}`,
    );
    const properties = inputSchema(r, inputs);
    const required = inputs.filter((_, k) => k === 0 || r.chance(0.3));
    // The last tool is always local, so even the smallest spec has one for the MCP part's calls.
    const local = r.chance(0.15) || i === count - 1;
    const routeInput =
      !local && r.chance(0.4) ? "source_workspace_id" : undefined;
    if (routeInput)
      properties[routeInput] = {
        type: "string",
        description:
          "The workspace to act from, when you are registered in several.",
      };
    const tool = {
      name,
      section: section.id,
      ...(i % 17 === 5 ? { renamed_from: [`old_${name}`] } : {}),
      short: sentence(r, 5, 14),
      when_to_use: paragraph(r, r.int(2, 5)),
      input: {
        type: "object",
        properties,
        ...(required.length ? { required } : {}),
      },
    };
    if (local) tool.local = true;
    else tool.http = httpBinding(r, noun, i, inputs, required, routeInput);
    if (section.cli) {
      if (r.chance(0.25)) tool.cli = null;
      else {
        const positionals = required.slice(
          0,
          r.int(0, Math.min(2, required.length)),
        );
        const words = [
          `${noun}-${i}`,
          verb,
          ...(r.chance(0.3) ? ["--all"] : []),
          ...positionals.map((p) => `<${p}>`),
        ];
        tool.cli = {
          usage: words.join(" "),
          summary: sentence(r, 3, 8).slice(0, -1),
        };
      }
    }
    return tool;
  });

  const allTargets = {
    client: {
      package: "@bench/platform-client",
      env: {
        base_url: "PLATFORM_URL",
        workspace_id: "WORKSPACE_ID",
        token: "PLATFORM_TOKEN",
        workspaces: "PLATFORM_WORKSPACES",
      },
    },
    mcp: {
      package: "@bench/platform-mcp",
      bin: "bench-mcp",
      server_name: "bench-platform",
    },
    langchain: { package: "@bench/platform-langchain" },
    cli: { package: "@bench/platform-cli", bin: "bench" },
    ai_sdk: { package: "@bench/platform-ai-sdk" },
    function_calling: { package: "@bench/platform-function-calling" },
    docs: { package: "@bench/platform-prompts", preamble: paragraph(r, 3) },
    python: { package: "bench-platform-tools", module: "bench_platform_tools" },
  };
  const spec = {
    targets: targets
      ? Object.fromEntries(targets.map((t) => [t, allTargets[t]]))
      : allTargets,
    sections,
    tools,
  };
  return `# A synthetic spec of ${count} tools for toolgen's benchmark (bench/spec.mjs).\n\n${stringify(spec, { lineWidth: 100 })}`;
}
