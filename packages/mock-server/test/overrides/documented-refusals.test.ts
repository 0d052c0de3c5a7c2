/**
 * The testing guide's "When an override is refused" table says what a refused override answers:
 * each row's override is added in process, over HTTP and on the remote handle, and the path and
 * message each gives must be the row's. A path of an override the guide names anywhere else must
 * be one of the table's, so that the prose cannot drift from what users see.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createMock, type CommFlowMock, type OverrideInput } from '../../src/index.js';
import { startMockServer, type RunningMockServer } from '../../src/surfaces/adapters/node.js';
import { connectMock, ControlError, type RemoteMock } from '../../src/surfaces/remote/index.js';

const GUIDE = readFileSync(new URL('../../../../docs/guides/testing.md', import.meta.url), 'utf8');
const HEADING = '### When an override is refused';

interface Row {
  override: unknown;
  inProcess: string;
  remote: string;
  message: string;
}

/** The rows of the table under the heading: each cell one code span. */
function documentedRows(): Row[] {
  const start = GUIDE.indexOf(HEADING);
  expect(start, `the guide has "${HEADING}"`).toBeGreaterThan(-1);
  const section = GUIDE.slice(start, GUIDE.indexOf('\n## ', start));
  const rows: Row[] = [];
  for (const line of section.split('\n')) {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells.length !== 4 || !cells.every((cell) => /^`.*`$/.test(cell))) continue;
    const [override, inProcess, remote, message] = cells.map((cell) => cell.slice(1, -1));
    rows.push({
      override: JSON.parse(override ?? ''),
      inProcess: inProcess ?? '',
      remote: remote ?? '',
      message: message ?? '',
    });
  }
  return rows;
}

let server: RunningMockServer;
let remote: RemoteMock;
let mock: CommFlowMock;

beforeAll(async () => {
  server = await startMockServer({ scenario: 'demo' });
  remote = await connectMock(server.url);
  mock = createMock('demo', { clock: { frozen: true } });
});
afterAll(async () => {
  await server.close();
  await mock.close();
});

describe('the testing guide’s refused overrides', () => {
  const rows = documentedRows();

  it('has the table, with the issue’s cases', () => {
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.map((row) => row.inProcess)).toContain('override.respond.body.data.contacts');
    expect(rows.map((row) => row.remote)).toContain('body.respond.body.data.contacts');
  });

  it.each(rows.map((row) => [JSON.stringify(row.override), row] as const))(
    '%s is refused as documented, in process, over HTTP and remote',
    async (_, row) => {
      const local = (() => {
        try {
          mock.overrides.add(row.override as OverrideInput);
        } catch (error) {
          return error;
        }
        throw new Error('mock.overrides.add accepted it');
      })();
      expect(local).toBeInstanceOf(ApiError);
      const [first] = (local as ApiError).details as { path: string[]; message: string }[];
      expect({ path: first?.path.join('.'), message: first?.message }).toEqual({
        path: row.inProcess,
        message: row.message,
      });
      expect((local as ApiError).message).toBe(`Invalid ${row.inProcess}: ${row.message}`);

      const thrown = await remote.overrides.add(row.override as OverrideInput).catch((error: unknown) => error);
      expect(thrown).toBeInstanceOf(ControlError);
      const [issue] = (thrown as ControlError).issues;
      expect({ path: issue?.path.join('.'), message: issue?.message }).toEqual({
        path: row.remote,
        message: row.message,
      });

      const response = await fetch(`${server.url}/__mock/overrides`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(row.override),
      });
      const { error } = (await response.json()) as { error: { details: { path: string[]; message: string }[] } };
      expect(response.status).toBe(400);
      expect({ path: error.details[0]?.path.join('.'), message: error.details[0]?.message }).toEqual({
        path: row.remote,
        message: row.message,
      });
      expect(mock.overrides.list()).toEqual([]);
      expect(await remote.overrides.list()).toEqual([]);
    },
  );

  it('every override path the guide names elsewhere is one of the table’s', () => {
    const documented = new Set(rows.flatMap((row) => [row.inProcess, row.remote]));
    // The snapshot section names a refused snapshot's paths (`body.tenantId`), not an override's.
    const aboutOverrides = GUIDE.replace(/\n## Tenant snapshots and forks\n[\s\S]*?(?=\n## )/, '\n');
    expect(aboutOverrides.length).toBeLessThan(GUIDE.length);
    const named = [
      ...aboutOverrides.matchAll(/\b(?:override|body)\.(?:respond|operationI[dD]|path|method|fault|tenantId)[\w.]*/g),
    ];
    expect(named.length).toBeGreaterThan(0);
    for (const [path] of named) expect(documented, path).toContain(path.replace(/\.$/, ''));
  });
});
