/** The CLI banner's lines about the console and, when the mock is exposed, the warning. */
export function consoleBanner(running: {
  consoleUrl: string;
  controlToken: string | undefined;
  exposed: boolean;
}): string {
  const lines = [`# console: ${running.consoleUrl}  (open it in a browser)`];
  if (running.controlToken !== undefined) {
    lines.push(`# control token: ${running.controlToken}  (send "Authorization: Bearer <token>" to /__mock)`);
  }
  if (running.exposed) {
    lines.push(
      '# WARNING: listening beyond loopback: the API and, with the token, the control surface are reachable from the network.',
      '# Name the host other machines use with --allowed-host <name>.',
    );
  }
  return lines.map((line) => `${line}\n`).join('');
}
