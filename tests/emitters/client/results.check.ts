/*
 * Typed results (issue 24): how a TypeScript consumer reads what a tool with `output` returns.
 * Never run: type-checked by types.e2e.test.ts against the packages generated from
 * tests/fixtures/valid/results/tools.yaml. Every @ts-expect-error is a mistake the generated
 * types must catch; tsc fails if one of them stops being an error.
 */
import {
  createClient,
  validateOutput,
  type GetOrderOutput,
  type LocalHandlers,
  type SummarizeCartOutput,
  type ToolOutputs,
} from "@shop/client";

export async function usage(): Promise<void> {
  const client = createClient({
    baseUrl: "https://shop.example.com",
    workspaces: [{ id: "a", token: "t" }],
  });

  // A tool with output: its method returns the type generated from the schema.
  const order = await client.getOrder({ order_id: "o-1" });
  const total: number = order.total;
  const sku: string = order.items[0]!.sku;
  const status: "open" | "paid" | "cancelled" | undefined = order.status;
  const same: GetOrderOutput = order;
  // @ts-expect-error total is a number
  const wrong: string = order.total;
  // @ts-expect-error the schema has no such field
  void order.customer;

  // $call returns the named tool's result type.
  const found = await client.$call("search_orders", { text: "tea" });
  const ids: string[] = found.ids;
  // @ts-expect-error ids are strings
  const numbers: number[] = found.ids;

  // A tool without output stays unknown: it must be narrowed before use.
  const placed = await client.placeOrder({ sku: "tea" });
  // @ts-expect-error unknown is not an object
  void placed.id;
  const untyped: ToolOutputs["place_order"] = placed;

  validateOutput("get_order", order);
  // @ts-expect-error a tool name is checked
  validateOutput("get_ordr", order);

  void [total, sku, status, same, wrong, ids, numbers, untyped];
}

// A local tool with output: its handler must return that type.
export const handlers: LocalHandlers = {
  summarize_cart: async (): Promise<SummarizeCartOutput> => ({
    summary: "2 items",
  }),
};

export const wrongHandlers: LocalHandlers = {
  // @ts-expect-error summary is required
  summarize_cart: async () => ({ total: 2 }),
};
