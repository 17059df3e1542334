/*
 * The client of an API without workspaces (tests/fixtures/api/tools.yaml: a default base URL and
 * a bearer token): how a TypeScript consumer configures it. Never run: type-checked by
 * types.e2e.test.ts against the packages generated from that spec. Every @ts-expect-error is a
 * mistake the generated types must catch; tsc fails if one of them stops being an error.
 */
import { createClient, createClientFromEnv } from "@acme/petstore-client";

export async function usage(): Promise<void> {
  // The spec gives a default base URL, so baseUrl may be left out; the token may not.
  const client = createClient({ auth: { bearer: "tok-123456789" } });
  createClient({
    baseUrl: "https://staging.example.com/v1",
    auth: { bearer: "tok-123456789" },
    timeoutMs: 5000,
  });
  await client.getPet({ pet_id: "p1" });
  await client.tagPets({ items: [{ id: "p1", tag: "good" }] });
  createClientFromEnv({ PETSTORE_TOKEN: "tok-123456789" });

  // @ts-expect-error the spec declares a credential that is not optional
  createClient({ baseUrl: "https://api.example.com" });
  // @ts-expect-error the credential is a bearer token, not an API key
  createClient({ auth: { apiKey: "key-123456789" } });
  const workspace = { id: "a", token: "t" };
  // @ts-expect-error an API without workspaces takes none
  createClient({ auth: { bearer: "t-123456789" }, workspace });
  // @ts-expect-error the whole body is the items array
  await client.tagPets({ items: "p1" });
}
