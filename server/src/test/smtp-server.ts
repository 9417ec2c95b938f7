// A minimal SMTP server for tests (RFC 5321 without extensions): the mail tests and the multi-instance
// test deliver to it and read what arrived.
import { createServer, type Server, type Socket } from 'node:net';

export interface Received {
  from: string;
  to: string[];
  data: string;
}

/**
 * A minimal SMTP server (RFC 5321 without extensions): enough for nodemailer to deliver to it, and to refuse
 * recipients on demand. No STARTTLS is offered, so the conversation stays in clear on loopback.
 */
export function smtpServer(options: { refuse?: (rcpt: string) => boolean } = {}) {
  const received: Received[] = [];
  const server: Server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost ESMTP test');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.');
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250 localhost');
        else if (verb === 'HELO') reply('250 localhost');
        else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          const rcpt = /<([^>]*)>/.exec(line)?.[1] ?? '';
          if (options.refuse?.(rcpt)) reply(`550 5.1.1 <${rcpt}>: Recipient address rejected: user unknown`);
          else {
            current.to.push(rcpt);
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 ok');
        } else if (verb === 'NOOP') reply('250 2.0.0 ok');
        else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
          return;
        } else reply('502 5.5.2 command not recognised');
      }
    });
    socket.on('error', () => undefined);
  });
  return {
    received,
    async listen(): Promise<number> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      return address.port;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
