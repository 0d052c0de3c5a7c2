/**
 * What an editor shows: the TypeScript language service's hover text over a result and over a
 * declared variable names the type (`Contact`) instead of expanding its fields.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const file = `${packageDir}test/__hover__.ts`;
const SOURCE = `import { CommFlow, type Contact, type Click2DialResult } from '../src/index.js';
declare const client: CommFlow;
export async function demo(): Promise<void> {
  const created = await client.contacts.create({ firstName: 'Ann' });
  let declared: Contact | undefined;
  const dialled = await client.voice.click2dial({ destination: '1002' });
  void [created, declared, dialled as Click2DialResult];
}
`;

function hoverAt(marker: string): string {
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
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => config.options,
    getScriptFileNames: () => [file],
    getScriptVersion: () => '1',
    getScriptSnapshot: (name) =>
      ts.ScriptSnapshot.fromString(name === file ? SOURCE : ts.sys.fileExists(name) ? readFileSync(name, 'utf8') : ''),
    getCurrentDirectory: () => packageDir,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: (name) => name === file || ts.sys.fileExists(name),
    readFile: (name) => (name === file ? SOURCE : ts.sys.readFile(name)),
    readDirectory: (...args) => ts.sys.readDirectory(...args),
    directoryExists: (name) => ts.sys.directoryExists(name),
    getDirectories: (name) => ts.sys.getDirectories(name),
  };
  const service = ts.createLanguageService(host);
  const info = service.getQuickInfoAtPosition(file, SOURCE.indexOf(marker) + 1);
  return ts.displayPartsToString(info?.displayParts);
}

// Each hover builds a language service over the package: slow on a busy machine.
describe('editor hovers name the result types', { timeout: 180_000 }, () => {
  it('a call\u2019s result shows `Contact`, not its expanded fields', () => {
    expect(hoverAt('created =')).toBe('const created: Contact');
  });

  it('a declared variable shows `Contact`', () => {
    expect(hoverAt('declared:')).toBe('let declared: Contact | undefined');
  });

  it('click-to-dial shows `Click2DialResult`', () => {
    expect(hoverAt('dialled =')).toBe('const dialled: Click2DialResult');
  });
});
