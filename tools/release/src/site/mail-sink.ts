// The test site's mail relay (deploy/compose.yaml): takes every message over SMTP and keeps it
// as a file in MAIL_DIR, and lists what it kept as JSON over HTTP (GET /messages), so a test or
// an operator can read the verification and reset links. Node alone, no packages: the image
// runs this file as it is (Node strips the types).
/* eslint-disable no-restricted-properties -- a one-file program of its own, run in its image: its settings are read here */
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';

const smtpPort = Number(process.env.SMTP_PORT ?? 2525);
const httpPort = Number(process.env.MAIL_HTTP_PORT ?? 8025);
const host = process.env.MAIL_HOST ?? '0.0.0.0';
const dir = process.env.MAIL_DIR ?? '/var/lib/mail';
mkdirSync(dir, { recursive: true });

type Kept = { at: string; from: string; to: string[]; data: string };
let sequence = 0;

function keep(message: Kept): void {
  const name = `${Date.now()}-${process.pid}-${(sequence += 1)}.json`;
  writeFileSync(join(dir, `.${name}`), JSON.stringify(message));
  renameSync(join(dir, `.${name}`), join(dir, name));
}

const address = (argument: string) => /<([^>]*)>/.exec(argument)?.[1] ?? argument.trim();

/** One SMTP conversation: HELO/EHLO, MAIL, RCPT, DATA (dot-unstuffed), RSET, NOOP, QUIT. */
function converse(socket: Socket): void {
  let buffer = '';
  let from = '';
  let to: string[] = [];
  let data: string[] | undefined;
  const reply = (line: string) => socket.write(`${line}\r\n`);
  reply('220 mail-sink ESMTP');
  socket.setEncoding('utf8');
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    if (buffer.length > 20 * 1024 * 1024) return void socket.destroy();
    let end = buffer.indexOf('\r\n');
    while (end !== -1) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\r\n');
      if (data) {
        if (line === '.') {
          keep({ at: new Date().toISOString(), from, to, data: data.join('\r\n') });
          data = undefined;
          to = [];
          reply('250 kept');
        } else data.push(line.startsWith('.') ? line.slice(1) : line);
        continue;
      }
      const [verb = '', ...rest] = line.split(' ');
      const argument = rest.join(' ');
      switch (verb.toUpperCase()) {
        case 'EHLO':
          reply('250-mail-sink');
          reply('250 8BITMIME');
          break;
        case 'HELO':
        case 'NOOP':
          reply('250 ok');
          break;
        case 'MAIL':
          from = address(argument.replace(/^FROM:/i, ''));
          reply('250 ok');
          break;
        case 'RCPT':
          to.push(address(argument.replace(/^TO:/i, '')));
          reply('250 ok');
          break;
        case 'DATA':
          if (to.length === 0) reply('503 no recipients');
          else {
            data = [];
            reply('354 end with <CRLF>.<CRLF>');
          }
          break;
        case 'RSET':
          from = '';
          to = [];
          reply('250 ok');
          break;
        case 'QUIT':
          reply('221 bye');
          socket.end();
          break;
        default:
          reply('502 not implemented');
      }
    }
  });
}

function messages(): Kept[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as Kept);
}

createServer(converse).listen(smtpPort, host);
createHttpServer((request, response) => {
  if (request.url === '/health') return void response.end('ok');
  if (request.url === '/messages') {
    response.setHeader('content-type', 'application/json');
    return void response.end(JSON.stringify(messages()));
  }
  response.statusCode = 404;
  response.end('not found');
}).listen(httpPort, host);
console.log(
  `mail sink: SMTP on ${host}:${smtpPort}, messages on http://${host}:${httpPort}/messages, kept in ${dir}`,
);
