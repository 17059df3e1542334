import { describe, expect, it } from "vitest";
import { InputError } from "../../../runtime/client/errors.js";
import { createValidator } from "../../../runtime/client/validate.js";
import { toolFactory } from "../../../runtime/langchain/create-tools.js";
import type { ToolTable, ToolEntry } from "../../../runtime/langchain/types.js";

const local = (name: string): ToolEntry => ({
  name,
  section: "misc",
  description: `${name}.`,
  whenToUse: "Whenever.",
  local: true,
  renamedFrom: [],
  inputSchema: { type: "object", properties: {} },
});

const data: ToolTable = {
  sections: ["misc"],
  tools: [local("toString"), local("constructor")],
};
// These tools are local: the client is never called, so an object that refuses every call will do.
const client = {
  $call: async () => Promise.reject(new Error("the client must not be called")),
};
const createTools = toolFactory({
  data,
  isClientError: () => false,
  withDefaults: (_, input) => input,
  validate: createValidator(
    new Map(data.tools.map((t) => [t.name, t.inputSchema])),
  ),
  InputError,
});

describe("createTools", () => {
  it("does not take an Object method for the handler of a tool named like one", () => {
    expect(() => createTools({ client, handlers: {} })).toThrow(
      "no handler for the local tools 'toString', 'constructor'",
    );
  });

  it("calls the handler the consumer gave under that name", async () => {
    const tools = createTools({
      client,
      handlers: {
        toString: async () => "mine",
        constructor: async () => "also mine",
      },
    });
    expect(await Promise.all(tools.map((t) => t.invoke({})))).toEqual([
      "mine",
      "also mine",
    ]);
  });

  it("takes the handlers of a class instance, called as its methods", async () => {
    class Handlers {
      readonly greeting = "from the instance";
      // Shadows Object.prototype.toString on the class's prototype, as a handler.
      async toString() {
        return this.greeting;
      }
    }
    const instance = Object.assign(new Handlers(), {
      constructor: async () => "own",
    });
    const [first] = createTools({ client, handlers: instance as never });
    expect(await first!.invoke({})).toBe("from the instance");
  });

  it.each([
    [
      "no options",
      undefined,
      "createTools: pass an options object with a client",
    ],
    [
      "no client",
      { handlers: {} },
      "createTools: 'client' must be the platform client",
    ],
    [
      "a client without $call",
      { client: {} },
      "createTools: 'client' must be the platform client",
    ],
  ])("rejects %s", (_, options, message) => {
    expect(() => createTools(options as never)).toThrow(message);
  });
});
