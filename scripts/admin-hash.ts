// `npm run admin:hash`: reads a password from standard input (typed without echo on a terminal, or piped) and prints
// the scrypt hash to put in TOKEN_ADMIN_PASSWORD_HASH. The password itself is never printed or stored.
import { hashPassword } from '../src/lib/server/admin/credentials.ts';

/** The password typed on a terminal, without echo, up to Enter. */
function readHidden(): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stderr.write('Password: ');
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let text = '';
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stderr.write('\n');
          resolve(text);
          return;
        }
        if (ch === '\u0003') {
          stdin.setRawMode(false);
          reject(new Error('cancelled'));
          return;
        }
        if (ch === '\u007f') text = text.slice(0, -1);
        else text += ch;
      }
    };
    stdin.on('data', onData);
  });
}

/** Everything piped in, without the final line break. */
async function readPiped(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

const password = process.stdin.isTTY ? await readHidden() : await readPiped();
if (password.length < 12) {
  console.error('The password must have at least 12 characters.');
  process.exit(1);
}
console.log(await hashPassword(password));
