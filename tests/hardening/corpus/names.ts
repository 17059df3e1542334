import { renameTool, vary, type CorpusCase } from "./base.js";

/** Names that are legal in the spec but dangerous in generated code, or that must be refused. */
export const nameCases: CorpusCase[] = [
  { name: "reserved-words-as-tools", spec: renameTool("get_note", "default").split("add_note").join("delete").split("ping").join("package"), exit: 0 },
  { name: "builtins-as-tools", spec: renameTool("get_note", "Error").split("add_note").join("Object").split("ping").join("Promise"), exit: 0 },
  // An HTTP tool's name is the client's method: one that every object has would break the client.
  { name: "prototype-names-as-tools", spec: renameTool("get_note", "constructor").split("add_note").join("toString").split("ping").join("hasOwnProperty"), exit: 2, says: "would be the client's method toString()" },
  { name: "prototype-names-as-local-tools", spec: renameTool("ping", "hasOwnProperty"), exit: 0 },
  { name: "proto-as-tool", spec: renameTool("get_note", "__proto__"), exit: 2, says: "must start with a letter" },
  {
    name: "prototype-names-as-properties",
    spec: vary(
      ["        id: { type: string }\n", "        id: { type: string }\n        constructor: { type: number }\n        toString: { type: boolean }\n        hasOwnProperty: { type: string }\n"],
      ["      headers: { X-Workspace: $workspace }", "      headers: { X-Workspace: $workspace }\n      query: [constructor, toString, hasOwnProperty]"],
      // A required one with no type: only an own property may satisfy it (prototype-inputs.test.ts calls these tools).
      ["        workspace: { type: string }\n", "        workspace: { type: string }\n        valueOf: { description: Anything at all. }\n        constructor: { type: string }\n"],
      ["      required: [text]", "      required: [text, valueOf]"],
      ["body: [text, tag]", "body: [text, tag, valueOf, constructor]"],
    ),
    exit: 0,
  },
  {
    // The MCP SDK's client rebuilds listed schemas by assignment, so this key turns into a prototype.
    name: "proto-as-property",
    spec: vary(
      ["        id: { type: string }\n", "        id: { type: string }\n        __proto__: { type: string }\n"],
      ["      headers: { X-Workspace: $workspace }", "      headers: { X-Workspace: $workspace }\n      query: [__proto__]"],
    ),
    exit: 2,
    says: "'__proto__' cannot be an input name",
  },
  {
    name: "proto-as-nested-property",
    spec: vary(["        id: { type: string }\n", '        id: { type: string }\n        filter: { type: object, properties: { "__proto__": { type: object, properties: { polluted: { type: boolean } } } } }\n'], ["      headers: { X-Workspace: $workspace }", "      headers: { X-Workspace: $workspace }\n      query: [filter]"]),
    exit: 2,
    says: "'__proto__' cannot be an input name",
  },
  {
    name: "odd-property-names",
    spec: vary(
      ["        id: { type: string }\n", '        id: { type: string }\n        "a.b": { type: string }\n        "with space": { type: string }\n        "naïve": { type: string }\n        "0lead": { type: string }\n        "$dollar": { type: string }\n'],
      ["      headers: { X-Workspace: $workspace }", '      headers: { X-Workspace: $workspace }\n      query: ["a.b", "with space", "naïve", "0lead", "$dollar"]'],
    ),
    exit: 0,
  },
  { name: "collide-after-case-conversion", spec: renameTool("get_note", "add-note"), exit: 2, says: "both become 'addNote'" },
  { name: "collide-camel-and-snake", spec: renameTool("get_note", "addNote"), exit: 2, says: "both become 'addNote'" },
  { name: "clash-with-generated-type", spec: renameTool("get_note", "tool_name"), exit: 2, says: "clashes with a name the generated code defines" },
  { name: "clash-with-generated-error", spec: renameTool("get_note", "platform_error"), exit: 2, says: "clashes with a name the generated code defines" },
  {
    name: "options-collide-after-kebab-case",
    spec: vary(["        workspace: { type: string }\n", "        workspace: { type: string }\n        tag_name: { type: string }\n        tagName: { type: string }\n"], ["body: [text, tag]", "body: [text, tag, tag_name, tagName]"]),
    exit: 2,
    says: "both become the CLI option --tag-name",
  },
  { name: "name-over-64-characters", spec: renameTool("get_note", `g${"e".repeat(64)}`), exit: 2, says: "at most 64 characters" },
  { name: "name-of-64-characters", spec: renameTool("get_note", `g${"e".repeat(63)}`), exit: 0 },
  { name: "name-with-dot", spec: renameTool("get_note", "get.note"), exit: 2, says: "must start with a letter" },
  { name: "name-with-space", spec: renameTool("get_note", "'get note'"), exit: 2, says: "must start with a letter" },
  { name: "name-non-ascii", spec: renameTool("get_note", "gét_note"), exit: 2, says: "must start with a letter" },
  { name: "name-starting-with-digit", spec: renameTool("get_note", "'2get'"), exit: 2, says: "must start with a letter" },
  { name: "section-id-with-dollar", spec: vary(["id: misc", "id: $misc"], ["section: misc", "section: $misc"]), exit: 2, says: "must start with a letter" },
  // Each section's prompt docs are a file: Notes and notes would be one on macOS and Windows.
  { name: "section-ids-differing-in-case", spec: vary(["  - id: misc\n", "  - id: Notes\n    heading: More notes\n    label: More\n  - id: misc\n"]), exit: 2, says: "section 'Notes' and section 'notes' differ only in case" },
  // Cyrillic с (U+0441) beside Latin c: a warning naming both, with the code point, and a mixed-script warning.
  { name: "confusable-property-names", spec: vary(["input: { type: object, properties: {} }", "input: { type: object, properties: { content: { type: string }, \u0441ontent: { type: string } } }"]), exit: 0, says: "warning: tool 'ping', input '\u0441ontent': '\u0441ontent' looks like input 'content' but is another name ('\u0441ontent' holds U+0441 '\u0441')" },
  // Nested a level down (under items), among ASCII names at the top: located at the nested key.
  { name: "confusable-nested-property-names", spec: vary(["input: { type: object, properties: {} }", "input: { type: object, properties: { notes: { type: array, items: { type: object, properties: { content: { type: string }, \u0441ontent: { type: string } } } } } }"]), exit: 0, says: "tools.yaml:61:128: warning: tool 'ping', input 'notes.\u0441ontent': '\u0441ontent' looks like input 'content'" },
  { name: "mixed-script-property-name", spec: vary(["input: { type: object, properties: {} }", "input: { type: object, properties: { \u0441ontent: { type: string } } }"]), exit: 0, says: "the name mixes Cyrillic and Latin letters (U+0441 '\u0441' is Cyrillic, U+006F 'o' is Latin)" },
  // One script, or Latin with Japanese: no warning.
  { name: "one-script-property-names", spec: vary(["input: { type: object, properties: {} }", "input: { type: object, properties: { \u0441\u043e\u0434\u0435\u0440\u0436\u0430\u043d\u0438\u0435: { type: string }, id\u756a\u53f7: { type: string }, turn: { type: string }, tum: { type: string } } }"]), exit: 0 },
];
