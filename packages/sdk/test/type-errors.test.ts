/**
 * What a type error says: a misspelt field of a call's parameters names the parameter type
 * (`ContactCreateParams`), not an expansion of its fields.
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const file = `${packageDir}test/__type_errors__.ts`;

/** The diagnostics of `source`, compiled as a file of this package with its tsconfig. */
function diagnosticsOf(source: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    `${packageDir}tsconfig.json`,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (config === undefined) throw new Error('no tsconfig');
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (name) => (name === file ? source : readFile(name));
  host.fileExists = (name) => name === file || fileExists(name);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language) =>
    name === file ? ts.createSourceFile(name, source, language) : getSourceFile(name, language);
  const program = ts.createProgram([file], config.options, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

// Each test compiles a whole program with the TypeScript API: seconds on an idle machine, and
// more than the suite's 30 s default on a busy one.
describe('type errors name the parameter types', { timeout: 180_000 }, () => {
  it('a misspelt field of contacts.create names ContactCreateParams', () => {
    const [message, ...others] = diagnosticsOf(`import type { CommFlow } from '../src/index.js';
declare const client: CommFlow;
export const created = client.contacts.create({ firstname: 'Ann' });
`);
    expect(others).toEqual([]);
    expect(message).toContain("'firstname' does not exist in type 'ContactCreateParams'");
  });

  it('a misspelt field of a list query names its type too', () => {
    const messages = diagnosticsOf(`import type { CommFlow } from '../src/index.js';
declare const client: CommFlow;
export const page = client.contacts.list({ serch: 'ann' });
`);
    expect(messages.join('\n')).toContain("'serch' does not exist in type 'ContactListParams'");
  });
});
