/**
 * A world snapshot without one tenant: every list of its `state` without the entries that name
 * the tenant. Two of these compare every byte of the other tenants' parts of the world.
 */
export function othersOf(world: { state: Record<string, unknown> } & Record<string, unknown>, tenantId: string) {
  // The tenant's own keys' hashes name its rate-limit windows.
  const keys = Array.isArray(world.state['keys']) ? world.state['keys'] : [];
  const marks = [
    tenantId,
    ...keys.flatMap((key: { hash: string; tenantIds: string[] }) =>
      key.tenantIds.length === 1 && key.tenantIds[0] === tenantId ? [key.hash] : [],
    ),
  ];
  const state = Object.fromEntries(Object.entries(world.state).map(([name, value]) => [name, without(value, marks)]));
  return { ...world, state };
}

function without(value: unknown, marks: readonly string[]): unknown {
  if (Array.isArray(value)) {
    return value.filter((entry) => {
      const text = JSON.stringify(entry);
      return !marks.some((mark) => text.includes(mark));
    });
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, without(inner, marks)]));
  }
  return value;
}
