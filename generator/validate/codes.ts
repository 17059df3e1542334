/**
 * Every kind of problem toolgen finds in a spec and its templates, by its stable code
 * (Diagnostic.code): one code a kind, kebab-case, never reworded once released. The table of
 * codes in docs/spec.md is this one.
 */
export const CODES = {
  // Reading the spec (read/): found before any check runs, and alone.
  "not-utf8": "the spec's bytes are not UTF-8",
  "yaml-syntax": "YAML the reader cannot read (the first such error only)",
  "unclosed-quote": "a quoted string that is never closed",
  "duplicate-key": "a key written twice in one mapping",
  "tab-indent": "a tab used for indentation",
  "multiple-documents": "more than one YAML document (a --- line)",
  "non-string-key": "a key that is a list or a mapping",
  "unknown-tag": "a tag beyond plain values (!!binary, !include)",
  "alias-before-anchor": "an alias used before its anchor, or without one",
  "alias-expansion": "aliases expanding to too many nodes",
  "nesting-too-deep": "nesting deeper than 64 levels",
  "empty-spec": "an empty spec",
  "large-spec-yaml":
    "a spec over 2 MiB written with more than plain YAML (anchors, tags, tabs…)",
  // The structure of the spec (tools.schema.json), by the rule broken.
  "unknown-key": "a key the spec format does not have, often a misspelling",
  "missing-key":
    "a required key is missing (the caret is on the mapping's key)",
  "wrong-type": "a value of the wrong type (a number where text is meant…)",
  "not-allowed":
    "a value outside the allowed ones (an HTTP method, input.type)",
  "bad-format":
    "text of the wrong form (a name, package, bin, env variable, a line)",
  "too-few-items": "an empty list where at least one item is needed",
  "empty-mapping":
    "an empty mapping where at least one key is needed (targets)",
  "empty-text": "an empty text",
  "duplicate-item": "a list names one value twice",
  "out-of-range": "a number out of its range (targets.docs.budget)",
  "too-long": "a text over its length limit (a package name)",
  "invalid-value": "any other value the spec format refuses",
  // Targets.
  "target-needs-client":
    "mcp, langchain, cli, ai_sdk or function_calling declared without client",
  "duplicate-package-name": "two targets with one package name",
  "duplicate-bin": "the MCP and CLI bins with one name",
  "python-needs-env":
    "the Python target without env, in a spec without the client target",
  "python-keyword-module":
    "a Python module path (targets.python.module or runtime) with a keyword as a part",
  "python-pattern":
    "a schema pattern Python's re cannot check as JavaScript does (a Unicode property escape, a lookbehind of varying width), with the Python target",
  "python-format":
    "a schema format Python cannot check as JavaScript does (format: regex), with the Python target",
  "python-version":
    "a version whose pre-release PEP 440 cannot spell (1.0.0-nightly)",
  "duplicate-env-name":
    "two client settings read from one environment variable",
  "partial-workspaces":
    "a client env naming some of workspace_id, token and workspaces but not all three",
  "auth-with-workspaces": "auth given to a client with workspaces",
  "auth-kind":
    "auth with none or several of bearer, api_key and basic, or an api_key with neither or both of header and query",
  "bad-base-url":
    "a default base_url that is not an absolute http(s) URL (or holds a user, query or fragment)",
  // Names and places.
  "duplicate-section-id": "a section id declared twice",
  "section-id-case-collision":
    "two section ids differing only in case (one file on macOS and Windows)",
  "duplicate-tool-name": "a tool name declared twice",
  "tool-name-collision":
    "two tool names that become one name in generated code",
  "reserved-tool-name":
    "a tool name the generated code or every object takes itself (PlatformError, then, toString)",
  "unknown-section": "a tool in a section the spec does not declare",
  "http-and-local": "a tool with both an http binding and local: true",
  "no-binding": "a tool with neither an http binding nor local: true",
  "cli-decision-missing":
    "a tool in a CLI section without a cli block or cli: null",
  "cli-off-section": "a cli block on a tool whose section is not on the CLI",
  // HTTP bindings.
  "unknown-input": "a placeholder, field or route naming no input of the tool",
  "optional-path-placeholder": "a path placeholder naming an optional input",
  "malformed-path": "a path holding ?, # or an unmatched brace",
  "dot-segment": "a path with a . or .. segment, raw or percent-encoded",
  "body-not-allowed": "a body on a GET or DELETE binding",
  "authorization-header": "a binding setting the Authorization header",
  "workspace-without-workspaces":
    "{$workspace}, a $workspace value or route in a spec whose client has no workspaces",
  "credential-in-binding":
    "a binding setting the header or query parameter that carries the API key",
  "bad-header-name": "a header name HTTP does not allow",
  "idempotency-key-header":
    "an idempotency_key header also set under http.headers",
  "input-never-sent": "an input no part of the request carries",
  // CLI usages and options.
  "duplicate-placeholder": "a usage naming one <input> twice",
  "usage-word-order": "a usage keyword after a placeholder",
  "bad-usage-word": "a usage word that is no keyword, --flag or <input>",
  "usage-without-keyword": "a usage that does not start with a command keyword",
  "duplicate-command": "two tools with one CLI command",
  "cli-option-collision": "two inputs that become one --option",
  "reserved-flag-word":
    "a usage flag the CLI keeps for itself (--json, --help)",
  "optional-positional": "a usage placeholder naming an optional input",
  "option-is-negation": "an input whose --option is a boolean's --no- form",
  "reserved-option": "an input whose --option the CLI keeps for itself",
  "option-selects-command": "an input whose --option selects another command",
  "command-prefix":
    "a command beginning like another that takes an argument (warning)",
  "variadic-not-last": "a <name...> placeholder that is not the usage's last",
  "variadic-not-string":
    "a <name...> placeholder naming an input that is no string",
  "cli-order-unknown": "a cli.order entry naming no CLI command of the section",
  "cli-order-incomplete":
    "a cli.order that leaves out a CLI command of the section, or names one twice",
  // Per-target views (mcp:, langchain:, cli:).
  "hidden-unknown-input": "a hide entry naming no input of the tool",
  "hidden-required-input": "a hidden required input without a schema default",
  "hidden-positional":
    "a CLI hide entry naming one of the usage's placeholders",
  // Renames and texts.
  "renamed-from-itself": "a tool renamed from its own name",
  "renamed-name-in-use": "an old name that is still another tool's name",
  "old-name-reused": "one old name given to two tools",
  "stale-name": "an old name in a text of the prompt docs",
  "hidden-character": "an invisible or control character in a text",
  "unknown-tool-mention": "a snake_case word in the docs no tool has (warning)",
  "confusable-names":
    "two names of one kind that look alike, one not plain ASCII (warning)",
  "mixed-script-name":
    "a name mixing letters of several scripts, Latin and Cyrillic (warning)",
  // Input schemas.
  "required-not-a-property": "'required' naming no property",
  "ref-outside-schema": "a $ref pointing outside the input schema",
  "ref-circular": "$refs going round in a circle",
  "ref-dangling": "a $ref pointing at nothing",
  "too-many-refs":
    "an input schema whose $refs point at more than 1,000 places",
  "too-many-compiled-refs":
    "schemas toolgen compiles holding more than 20,000 $refs in all",
  "ref-too-deep":
    "an input schema nesting deeper than 64 levels counted through its $refs",
  "ref-expansion": "$refs expanding to more than 100,000 schema nodes",
  "proto-input-name": "an input named __proto__",
  "control-character-in-name":
    "an input name holding a line break, a tab or another control character",
  "invalid-json-schema": "an input schema that is not valid JSON Schema",
  "unknown-schema-keyword": "a JSON Schema keyword that does not exist",
  "unknown-format": "a format ajv does not know",
  "pattern-backtracking":
    "a schema pattern a backtracking validator can take exponential or polynomial time on (nested or overlapping repeats)",
  "default-not-in-schema": "a default its own schema refuses",
  "enum-value-not-in-schema": "an enum value its own schema refuses",
  "non-finite-number":
    "a number JSON cannot hold (.inf, -.inf, .nan, 1e400), anywhere in the spec",
  // What a tool tells MCP clients besides its input (title, annotations, output).
  "contradictory-annotations":
    "annotations saying both read_only and destructive",
  "task-support-unsupported":
    "an mcp.execution.task_support other than forbidden (MCP tasks are not served yet)",
  "icon-src-scheme":
    "an mcp.icons src that is not an https:, http: or data: URI",
  "annotation-misspelt":
    "an annotation key that is a hint under MCP's name or a near miss of one (readOnlyHint, titel)",
  // What npm reads from the generated package.json files.
  "bad-version": "a version that is not semver 2.0.0 (MAJOR.MINOR.PATCH)",
  "bad-version-range": "a runtime_version that is not an npm version range",
  "runtime-version-without-runtime":
    "a runtime_version on a target that names no runtime package",
  // The prompt docs' templates and rendered texts.
  "template-folder-unreadable":
    "the templates folder does not exist or cannot be read",
  "template-unreadable": "a template file that cannot be read",
  "template-error": "a template that does not compile or render",
  "unused-template": "a .hbs file toolgen does not read (warning)",
  "unknown-helper": "a template calls a helper toolgen does not have",
  "unknown-partial": "a template calls a partial no file of partials/ defines",
  "computed-partial": "a partial chosen while rendering ({{> (expression)}})",
  "unknown-decorator": "a decorator other than {{#*inline}}",
  "over-budget": "a section's rendered text over targets.docs.budget (warning)",
  "docs-missing-tool":
    "a section's rendered MCP text that does not name one of its tools",
  "docs-missing-command":
    "a section's rendered CLI text without one of its commands as <program> <words>",
  // Prompts and resources the MCP server serves.
  "prompt-source":
    "a prompt with neither a template nor runtime: true, or with both",
  "duplicate-prompt":
    "two prompts with one name, or a prompt named as one of the docs' (prompt, prompt.<section>)",
  "duplicate-argument": "a prompt or template naming one argument twice",
  "unknown-placeholder":
    "a prompt template's {{placeholder}} naming no argument of the prompt",
  "duplicate-resource":
    "two resources with one uri, two templates alike but for their variables' names, or one name twice",
  "bad-uri-template":
    "a uri template that does not parse as RFC 6570 of level 1 or 2",
  "unknown-parameter": "a template parameter naming no variable of its uri",
  "needs-runtime":
    "a prompt or resource the runtime answers, without targets.mcp.runtime",
  "unserved-catalog":
    "prompts, resources or resource templates in a spec without the mcp target, which alone serves them (warning)",
  // Acknowledged breaks (toolgen diff).
  "unknown-change":
    "an acknowledged break naming no breaking change of toolgen diff",
  "duplicate-acknowledgement": "one tool and change acknowledged twice",
  "unmatched-acknowledgement":
    "an acknowledged break toolgen diff finds no change for (warning)",
} as const;

export type Code = keyof typeof CODES;
