// Walks over a parsed spec's plain value (objects, arrays, scalars), none recursive: the value
// may be nested deeper than the stack allows until its depth has been checked.

/**
 * How deep the value goes (the longest path's length), or -1 when a key is refused or an object
 * is reached twice (an alias). Every object is looked into, so every key is offered to
 * `refuseKey`. One walk, with no path kept.
 */
export function checkedDepth(
  root: unknown,
  refuseKey: (key: string) => boolean,
): number {
  const seen = new Set<object>();
  // Two stacks in step, the objects still to look into and their depths, rather than a pair per object.
  const objects: object[] = [];
  const depths: number[] = [];
  if (isObject(root)) {
    objects.push(root);
    depths.push(0);
  }
  let deepest = 0;
  while (objects.length > 0) {
    const node = objects.pop()!;
    const childDepth = depths.pop()! + 1;
    if (seen.has(node)) return -1;
    seen.add(node);
    // Indexed loops: for...of runs the iterator protocol, slow before the optimizer has seen it.
    if (Array.isArray(node)) {
      if (node.length > 0 && childDepth > deepest) deepest = childDepth;
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (item !== null && typeof item === "object") {
          objects.push(item);
          depths.push(childDepth);
        }
      }
    } else {
      const keys = Object.keys(node);
      if (keys.length > 0 && childDepth > deepest) deepest = childDepth;
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        if (refuseKey(key)) return -1;
        const item = (node as Record<string, unknown>)[key];
        if (item !== null && typeof item === "object") {
          objects.push(item);
          depths.push(childDepth);
        }
      }
    }
  }
  return deepest;
}

/**
 * Whether some value lies more than `limit` steps from the root, without looking into values
 * past that depth (aliases may repeat a deep value many times).
 */
export function deeperThan(root: unknown, limit: number): boolean {
  const objects: object[] = [];
  const depths: number[] = [];
  if (isObject(root)) {
    objects.push(root);
    depths.push(0);
  }
  while (objects.length > 0) {
    const node = objects.pop()!;
    const childDepth = depths.pop()! + 1;
    const children = Array.isArray(node) ? node : Object.values(node);
    if (children.length > 0 && childDepth > limit) return true;
    for (let i = 0; i < children.length; i++) {
      const child: unknown = children[i];
      if (isObject(child)) {
        objects.push(child);
        depths.push(childDepth);
      }
    }
  }
  return false;
}

/**
 * The path to one of the deepest values, looking no deeper than one step past `limit`; a nesting
 * error reports it, so which one (the last in the text) must not change.
 */
export function deepestPath(root: unknown, limit: number): (string | number)[] {
  let best: (string | number)[] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [
    { value: root, path: [] },
  ];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (path.length > best.length) best = path;
    if (path.length > limit) continue;
    if (Array.isArray(value))
      value.forEach((v, i) => stack.push({ value: v, path: [...path, i] }));
    else if (value !== null && typeof value === "object")
      for (const [k, v] of Object.entries(value))
        stack.push({ value: v, path: [...path, k] });
  }
  return best;
}

function isObject(value: unknown): value is object {
  return value !== null && typeof value === "object";
}
