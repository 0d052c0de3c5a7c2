/**
 * A world snapshot without one tenant: every list of its `state` without the entries that name
 * the tenant. Two of these compare every byte of the other tenants' parts of the world.
 */
export function othersOf(world: object, tenantId: string): object {
  const whole: Record<string, unknown> = { ...world };
  const { state: found } = whole;
  const state: Record<string, unknown> = typeof found === 'object' && found !== null ? { ...found } : {};
  // The tenant's own keys' hashes name its rate-limit windows.
  const keys: unknown = state.keys;
  const marks = [
    tenantId,
    ...(Array.isArray(keys) ? keys : []).flatMap((key: { hash: string; tenantIds: string[] }) =>
      key.tenantIds.length === 1 && key.tenantIds[0] === tenantId ? [key.hash] : [],
    ),
  ];
  return {
    ...whole,
    state: Object.fromEntries(Object.entries(state).map(([name, value]) => [name, without(value, marks)])),
  };
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
