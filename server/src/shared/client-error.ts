import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { AppError, problemOf, type ErrorCode } from './errors.ts';

/**
 * Requests Node's HTTP parser refuses before the app sees them: a request line and headers over Node's
 * 16 KB (`--max-http-header-size`), a malformed request line or header. Node would answer them with an empty
 * body; they get the problem body of their catalogue code, and the connection is closed.
 */
export function clientErrorHandler(logger: Logger) {
  return (err: Error & { code?: string }, socket: Socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    // Not a parse error (a request that took too long to arrive): as Node answers it.
    if (!err.code?.startsWith('HPE_')) {
      if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
        socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
      else socket.destroy();
      return;
    }
    const code: ErrorCode = err.code === 'HPE_HEADER_OVERFLOW' ? 'ERR_API_1038' : 'ERR_API_1018';
    const error = new AppError(code, code === 'ERR_API_1038' ? undefined : 'The request is not valid HTTP.');
    logger.warn({ code, reason: err.code }, 'request refused by the HTTP parser');
    const body = JSON.stringify(problemOf(error));
    socket.end(
      `HTTP/1.1 ${error.status} ${error.status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        'Content-Type: application/problem+json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  };
}
