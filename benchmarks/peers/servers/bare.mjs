// The limit of the loopback figures: bare `node:http` sending bytes captured from the mock (the
// status, the headers and the body of one answer) to every request, whatever its path.
// Usage: node bare.mjs <port> <fixture.json>, the fixture `{ status, headers, body }` with the
// body in base64. Listens on 127.0.0.1 until SIGTERM.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, fixture] = process.argv.slice(2);
if (port === undefined || fixture === undefined) {
  process.stderr.write('usage: node bare.mjs <port> <fixture.json>\n');
  process.exit(2);
}
const { status, headers, body } = JSON.parse(readFileSync(fixture, 'utf8'));
const bytes = Buffer.from(body, 'base64');
createServer((_request, response) => {
  response.writeHead(status, headers);
  response.end(bytes);
}).listen(Number(port), '127.0.0.1');
// An exit of its own on SIGTERM, so that `node --cpu-prof` writes its profile.
process.once('SIGTERM', () => process.exit(0));
