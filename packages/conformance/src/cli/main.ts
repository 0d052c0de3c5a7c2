/**
 * The command line: arguments and environment in, the plan, each result and the summary out,
 * and the exit code (0 all passed, 1 something failed, 2 usage error).
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { formatPlan, formatResult, formatSummary, toJUnitXml } from '../format.js';
import { ConformanceUsageError, type ConformanceOptions } from '../options.js';
import { CHECKS, runConformance } from '../run.js';
import { ConformanceTargetError } from '../target.js';

export const HELP = `commflow-conformance: check an implementation of the CommFlow API against its contract

Usage: commflow-conformance --base-url <url> --tenant <uuid> --user <email> [options]

Target:
  --base-url <url>               The implementation, e.g. http://127.0.0.1:4010
  --api-key <key>                A key with every permission on --tenant (prefer COMMFLOW_API_KEY)
  --tenant <uuid>                The tenant the checks run on
  --user <email>                 The acting user: a user of the tenant with an extension
  --user-without-extension <email>
                                 A user with no extension (NO_EXTENSION check)
  --other-tenant <uuid>          Another tenant, for the isolation checks
  --other-api-key <key>          A key on --other-tenant (prefer COMMFLOW_OTHER_API_KEY)
  --restricted-api-key <key>     A key on --tenant lacking a permission (prefer COMMFLOW_RESTRICTED_API_KEY)

Safety:
  --sandbox                      The tenant is a sandbox: checks that create data run, and an SMS
                                 send is checked to be simulated
  --allow-live                   Let checks that create data run on a tenant that is not a sandbox
                                 (never sends an SMS)
  --read-only                    Send no POST or PUT at all

Output:
  --only <pattern>               Run only these checks: ids, comma-separated, * as a wildcard
  --json                         Print the report as JSON on stdout, and nothing else
  --junit <file>                 Also write the report as JUnit XML to <file>
  --help                         Show this help

Secrets are read from COMMFLOW_API_KEY, COMMFLOW_OTHER_API_KEY and COMMFLOW_RESTRICTED_API_KEY when
the option is absent; they are never printed. Exit status: 0 when no check failed, 1 when one did,
2 on a usage error or when no CommFlow API answers at --base-url (nothing was checked). Each check
cites rules by number (R3); they are explained in RULES.md, shipped with this package.

Checks:
${CHECKS.map((check) => `  ${check.id}`).join('\n')}`;

/** Where the CLI writes; a test passes its own. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly fetch?: typeof fetch;
}

const ENV = {
  apiKey: 'COMMFLOW_API_KEY',
  otherApiKey: 'COMMFLOW_OTHER_API_KEY',
  restrictedApiKey: 'COMMFLOW_RESTRICTED_API_KEY',
} as const;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs the command; resolves with its exit code. */
export async function main(argv: readonly string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const usage = (message: string) => {
    io.stderr(`commflow-conformance: ${message}. Run with --help for usage.\n`);
    return 2;
  };
  let values;
  try {
    ({ values } = parseArgs({
      args: argv[0] === '--' ? argv.slice(1) : [...argv],
      options: {
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        tenant: { type: 'string' },
        user: { type: 'string' },
        'user-without-extension': { type: 'string' },
        'other-tenant': { type: 'string' },
        'other-api-key': { type: 'string' },
        'restricted-api-key': { type: 'string' },
        sandbox: { type: 'boolean', default: false },
        'read-only': { type: 'boolean', default: false },
        'allow-live': { type: 'boolean', default: false },
        only: { type: 'string' },
        json: { type: 'boolean', default: false },
        junit: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    // parseArgs names the option, never its value: no secret can reach this message.
    return usage(messageOf(error).split('\n')[0]?.replace(/\.$/, '') ?? 'invalid arguments');
  }
  if (values.help) {
    io.stdout(`${HELP}\n`);
    return 0;
  }
  if (values.junit === '') return usage('--junit needs a file name');
  const secret = (value: string | undefined, name: keyof typeof ENV) =>
    value ?? (env[ENV[name]] === '' ? undefined : env[ENV[name]]);
  const options: ConformanceOptions = {
    baseUrl: values['base-url'] ?? '',
    apiKey: secret(values['api-key'], 'apiKey') ?? '',
    tenantId: values.tenant ?? '',
    userEmail: values.user ?? '',
    userWithoutExtension: values['user-without-extension'],
    otherTenantId: values['other-tenant'],
    // From the environment only beside --other-tenant: a variable set for other runs is no error.
    otherApiKey:
      values['other-tenant'] === undefined ? values['other-api-key'] : secret(values['other-api-key'], 'otherApiKey'),
    restrictedApiKey: secret(values['restricted-api-key'], 'restrictedApiKey'),
    sandbox: values.sandbox,
    readOnly: values['read-only'],
    allowLive: values['allow-live'],
    only: values.only,
    fetch: io.fetch,
  };
  const text = !values.json;
  let report;
  try {
    report = await runConformance(options, (event) => {
      if (!text) return;
      if (event.type === 'plan') io.stdout(`${formatPlan(event.plan)}\n\n`);
      else io.stdout(`${formatResult(event.result)}\n`);
    });
  } catch (error) {
    if (error instanceof ConformanceUsageError) return usage(error.message);
    if (error instanceof ConformanceTargetError) {
      // Nothing was checked: one message, exit 2, no report.
      io.stderr(`commflow-conformance: ${error.message}.\n`);
      return 2;
    }
    throw error;
  }
  if (text) io.stdout(`\n${formatSummary(report)}\n`);
  else io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  if (values.junit !== undefined) {
    try {
      await writeFile(values.junit, toJUnitXml(report));
    } catch (error) {
      io.stderr(`commflow-conformance: could not write ${values.junit}: ${messageOf(error)}\n`);
      return report.ok ? 2 : 1;
    }
  }
  return report.ok ? 0 : 1;
}
