import { AppError } from '../../shared/errors.ts';
import type { OperationRegistry } from '../../shared/operations.ts';

/**
 * `POST /internal/web-vitals`: a development server logs each Core Web Vitals measurement the browser sends
 * (level info, with page type and locale); elsewhere the endpoint is off (ERR_API_1002). The body was
 * validated against `WebVitalsReport` and the call checked same-origin before it gets here.
 */
export function webVitalsRoutes(ops: OperationRegistry, development: boolean): void {
  ops.handle('reportWebVitals', {
    run: ({ body, req, res }) => {
      if (!development) throw new AppError('ERR_API_1002', 'Web vitals are collected by development servers only.');
      const { name, value, rating, delta, id, navigationType, path, pageType, locale } = body;
      req.log?.info(
        { webVital: { name, value, rating, delta, id, navigationType, path, pageType, locale } },
        `web vital ${name} ${value} (${rating}) on ${pageType} ${locale}`,
      );
      res.status(204).end();
    },
  });
}
