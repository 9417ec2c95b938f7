import type { Logger } from 'pino';
import type { OperationRegistry } from '../../shared/operations.ts';
import { translationRoutes } from './routes.ts';
import { TranslationService } from './service.ts';

/** The web app's strings by language and namespace: loads them and registers their route. */
export async function translationsModule({ ops, logger }: { ops: OperationRegistry; logger: Logger }): Promise<void> {
  translationRoutes(ops, await TranslationService.load({ logger }));
}
