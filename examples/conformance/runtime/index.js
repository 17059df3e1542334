// @ts-check
// The runtime of examples/conformance/tools.yaml: one handler per tool, prompt and resource that
// the conformance suite's scenarios call, each written to its scenario's text. Plain ESM, typed
// against the generated client (tsconfig.json checks it).
import {
  audioContent,
  embeddedResource,
  imageContent,
  textContent,
  toolResult,
} from "@conformance/client";

/** @typedef {import("@conformance/client").LocalHandlers} LocalHandlers */
/** @typedef {import("@conformance/client/runtime/mcp").Surface.CatalogOptions} CatalogOptions */
/** @typedef {{ readonly handlers: LocalHandlers } & CatalogOptions} Runtime */

/** A 1x1 red PNG. */
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";

/** A WAV file of 8 silent samples (8 kHz, 16-bit mono), as base64. */
function wav() {
  const samples = 8;
  const b = Buffer.alloc(44 + samples * 2);
  b.write("RIFF", 0);
  b.writeUInt32LE(36 + samples * 2, 4);
  b.write("WAVE", 8);
  b.write("fmt ", 12);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(16000, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write("data", 36);
  b.writeUInt32LE(samples * 2, 40);
  return b.toString("base64");
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @type {LocalHandlers} */
const handlers = {
  async test_simple_text() {
    return "This is a simple text response for testing.";
  },
  async test_image_content() {
    return toolResult({ content: [imageContent(PNG, "image/png")] });
  },
  async test_audio_content() {
    return toolResult({ content: [audioContent(wav(), "audio/wav")] });
  },
  async test_embedded_resource() {
    const resource = {
      uri: "test://embedded-resource",
      mimeType: "text/plain",
      text: "This is an embedded resource content.",
    };
    return toolResult({ content: [embeddedResource(resource)] });
  },
  async test_multiple_content_types() {
    const data = JSON.stringify({ test: "data", value: 123 });
    return toolResult({
      content: [
        textContent("Multiple content types test:"),
        imageContent(PNG, "image/png"),
        embeddedResource({
          uri: "test://mixed-content-resource",
          mimeType: "application/json",
          text: data,
        }),
      ],
    });
  },
  async test_error_handling() {
    throw new Error("This tool intentionally returns an error for testing");
  },
  async test_tool_with_logging(_input, ctx) {
    await ctx.log("info", "Tool execution started");
    await sleep(50);
    await ctx.log("info", "Tool processing data");
    await sleep(50);
    await ctx.log("info", "Tool execution completed");
    return "Logging test completed";
  },
  async test_tool_with_progress(_input, ctx) {
    // As the scenario says: 0, 50 and 100 of 100, about 50 ms apart. The runtime sends at most
    // one progress notification every 100 ms: it holds 50 and sends it when the interval ends.
    await ctx.progress(0, 100);
    await sleep(50);
    await ctx.progress(50, 100);
    await sleep(50);
    await ctx.progress(100, 100);
    return "Progress test completed";
  },
  async test_sampling({ prompt }, ctx) {
    const reply = await ctx.sample({
      messages: [{ role: "user", content: { type: "text", text: prompt } }],
      maxTokens: 100,
    });
    const text =
      reply.content.type === "text"
        ? reply.content.text
        : JSON.stringify(reply.content);
    return `LLM response: ${text}`;
  },
  async test_elicitation({ message }, ctx) {
    const answer = await ctx.elicit(message, {
      type: "object",
      properties: {
        username: { type: "string", description: "User's response" },
        email: { type: "string", description: "User's email address" },
      },
      required: ["username", "email"],
    });
    return `User response: ${JSON.stringify(answer)}`;
  },
  async test_elicitation_sep1034_defaults(_input, ctx) {
    const answer = await ctx.elicit("Please review the defaults", {
      type: "object",
      properties: {
        name: { type: "string", default: "John Doe" },
        age: { type: "integer", default: 30 },
        score: { type: "number", default: 95.5 },
        status: {
          type: "string",
          enum: ["active", "inactive", "pending"],
          default: "active",
        },
        verified: { type: "boolean", default: true },
      },
    });
    return completed(answer);
  },
  async test_elicitation_sep1330_enums(_input, ctx) {
    const answer = await ctx.elicit("Please choose", {
      type: "object",
      properties: {
        untitledSingle: {
          type: "string",
          enum: ["option1", "option2", "option3"],
        },
        titledSingle: {
          type: "string",
          oneOf: [
            { const: "value1", title: "First Option" },
            { const: "value2", title: "Second Option" },
            { const: "value3", title: "Third Option" },
          ],
        },
        legacyEnum: {
          type: "string",
          enum: ["opt1", "opt2", "opt3"],
          enumNames: ["Option One", "Option Two", "Option Three"],
        },
        untitledMulti: {
          type: "array",
          items: { type: "string", enum: ["option1", "option2", "option3"] },
        },
        titledMulti: {
          type: "array",
          items: {
            anyOf: [
              { const: "value1", title: "First Choice" },
              { const: "value2", title: "Second Choice" },
              { const: "value3", title: "Third Choice" },
            ],
          },
        },
      },
    });
    return completed(answer);
  },
  async test_reconnection() {
    await sleep(100);
    return "Reconnection test completed";
  },
  async json_schema_2020_12_tool(input) {
    return JSON.stringify(input);
  },
};

/** @param {import("@conformance/client").ElicitResult} answer */
function completed(answer) {
  const content = answer.action === "accept" ? answer.content : {};
  return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(content)}`;
}

/** @type {NonNullable<CatalogOptions["prompts"]>} */
const prompts = {
  async test_prompt_with_embedded_resource({ resourceUri = "" }) {
    const resource = {
      uri: resourceUri,
      mimeType: "text/plain",
      text: "Embedded resource content for testing.",
    };
    return {
      messages: [
        { role: "user", content: { type: "resource", resource } },
        {
          role: "user",
          content: {
            type: "text",
            text: "Please process the embedded resource above.",
          },
        },
      ],
    };
  },
  async test_prompt_with_image() {
    return {
      messages: [
        {
          role: "user",
          content: { type: "image", data: PNG, mimeType: "image/png" },
        },
        {
          role: "user",
          content: { type: "text", text: "Please analyze the image above." },
        },
      ],
    };
  },
};

/** @type {NonNullable<CatalogOptions["resources"]>} */
const resources = {
  async read({ uri, template, params }) {
    if (uri === "test://static-binary") return Buffer.from(PNG, "base64");
    if (template === "test://template/{id}/data") {
      const id = params.id ?? "";
      return JSON.stringify({
        id,
        templateTest: true,
        data: `Data for ID: ${id}`,
      });
    }
    throw new Error(`no such resource: ${uri}`);
  },
  // test://watched-resource never changes: a subscription is accepted and nothing is sent.
  watch() {
    return () => {};
  },
};

/** What the generated bin calls (tools.yaml's targets.mcp.runtime). @returns {Runtime} */
export function createRuntime() {
  return { handlers, prompts, resources };
}
