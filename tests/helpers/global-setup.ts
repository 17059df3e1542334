/** Tests run the generator from source, but emitters copy the compiled runtime from dist/: keep it fresh. */
export default async function setup(): Promise<void> {
  // @ts-expect-error: a plain .mjs build script without declarations.
  const { isStale, build } = await import("../../scripts/build.mjs");
  if (isStale()) await build();
}
