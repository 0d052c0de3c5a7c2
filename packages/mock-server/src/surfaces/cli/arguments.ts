/**
 * Drops a leading `--`: `npx -y pnpm@10 run start -- --port 4011`, as npm users habitually type
 * it, hands the separator on to the program, which would read every flag after it as a
 * positional argument and refuse it.
 */
export function withoutSeparator(args: readonly string[]): string[] {
  return args[0] === '--' ? args.slice(1) : [...args];
}
