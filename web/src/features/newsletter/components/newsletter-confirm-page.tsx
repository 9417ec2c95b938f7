import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { Spinner } from '../../../components/ui/spinner';
import type { Schemas } from '../../../lib/api-client';
import { useMarket } from '../../../lib/market-context';
import { useModal } from '../../../lib/ui-store';
import { useConfirmNewsletter } from '../api/newsletter-queries';
import { stateOfAnswer, tokenOfHash, type ConfirmState } from '../confirm-model';
import type { NewsletterModalData } from './newsletter-dialog';
import './newsletter-confirm.css';

/**
 * `/newsletter/confirm#token=…`, from the confirmation e-mail of a double opt-in market. The server renders it
 * without the token (a URL fragment never reaches a server); here the fragment is read once, taken out of the
 * address bar, and posted to POST /api/newsletter/confirm. A link followed again says "already confirmed"; a link
 * that can no longer confirm offers to subscribe again in the newsletter modal.
 */
export function NewsletterConfirmPage({ data }: { data: Schemas['NewsletterConfirmPageData'] }) {
  const { t } = useTranslation('contact');
  const { locale } = useMarket();
  const newsletter = useModal<NewsletterModalData>('newsletter');
  const confirmation = useConfirmNewsletter(locale);
  const [state, setState] = useState<ConfirmState>({ kind: 'reading' });
  const token = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const confirm = () => {
    if (!token.current) return;
    setState({ kind: 'confirming' });
    confirmation.mutate(token.current, {
      onSuccess: (answer) => setState(stateOfAnswer(answer)),
      onError: (error) => setState(stateOfAnswer({ error })),
    });
  };

  useEffect(() => {
    const read = (initial: boolean) => {
      const found = tokenOfHash(window.location.hash);
      // The one-time token leaves the address bar (history, bookmarks, shared links) as soon as it is read.
      if (window.location.hash)
        window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
      if (found) {
        token.current = found;
        confirm();
      } else if (initial) setState({ kind: 'invalid' });
    };
    read(true);
    // The e-mail's link opened again in this same tab is a fragment navigation: no new page, the same reading.
    const onHashChange = () => read(false);
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the link is read once, when the page opens; later readings come from the hashchange listener
  }, []);

  useEffect(() => {
    if (state.kind !== 'reading' && state.kind !== 'confirming') heading.current?.focus();
  }, [state.kind]);

  const titles: Record<ConfirmState['kind'], string> = {
    reading: data.title,
    confirming: data.title,
    confirmed: t('newsletter.confirm.confirmedTitle'),
    'already-confirmed': t('newsletter.confirm.alreadyTitle'),
    invalid: t('newsletter.confirm.invalidTitle'),
    failed: data.title,
  };
  const continueLink = (
    <LinkButton
      href={data.continueUrl}
      variant={state.kind === 'invalid' ? 'secondary' : 'primary'}
      size="lg"
      isFullWidth
    >
      {t('newsletter.confirm.continue')}
    </LinkButton>
  );

  return (
    <div className="newsletter-confirm" data-state={state.kind}>
      <h1 ref={heading} className="newsletter-confirm__title" tabIndex={-1}>
        {titles[state.kind]}
      </h1>
      <div className="newsletter-confirm__panel" aria-live="polite">
        {(state.kind === 'reading' || state.kind === 'confirming') && (
          <div className="newsletter-confirm__pending">
            <Spinner size="md" label={t('newsletter.confirm.confirming')} />
            <p>{t('newsletter.confirm.confirming')}</p>
          </div>
        )}
        {state.kind === 'reading' && (
          // The token is only readable in the browser: without JavaScript, say what to do instead of waiting.
          <noscript>
            <style>{'.newsletter-confirm__pending{display:none}'}</style>
            <p>{t('newsletter.confirm.noScript')}</p>
          </noscript>
        )}
        {state.kind === 'confirmed' && (
          <p role="status" data-testid="newsletter-confirmed">
            {t('newsletter.confirm.confirmedText')}
          </p>
        )}
        {state.kind === 'already-confirmed' && (
          <p role="status" data-testid="newsletter-already-confirmed">
            {t('newsletter.confirm.alreadyText')}
          </p>
        )}
        {state.kind === 'invalid' && <p data-testid="newsletter-link-invalid">{t('newsletter.confirm.invalidText')}</p>}
        {state.kind === 'failed' && <p role="alert">{t(state.message)}</p>}
      </div>
      <div className="newsletter-confirm__actions">
        {(state.kind === 'confirmed' || state.kind === 'already-confirmed') && continueLink}
        {state.kind === 'invalid' && (
          <>
            <Button
              size="lg"
              isFullWidth
              onPress={() => newsletter.open({ source: 'newsletter-page' })}
              aria-haspopup="dialog"
            >
              {t('newsletter.confirm.subscribeAgain')}
            </Button>
            {continueLink}
          </>
        )}
        {state.kind === 'failed' && (
          <Button
            size="lg"
            isFullWidth
            onPress={confirm}
            isPending={confirmation.isPending}
            pendingLabel={t('newsletter.confirm.confirming')}
          >
            {t('newsletter.confirm.retry')}
          </Button>
        )}
      </div>
    </div>
  );
}
