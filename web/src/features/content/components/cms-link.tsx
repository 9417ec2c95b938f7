import type { ReactNode } from 'react';
import { Link } from '../../../lib/router';
import type { Schemas } from '../../../lib/api-client';
import { useLocalizePath } from '../../../lib/market-context';
import { useModal, type ModalId } from '../../../lib/ui-store';

export type CmsLinkData = Schemas['CmsLink'];
export type CmsAction = NonNullable<CmsLinkData['action']>;

/** The modal each CMS action opens (spec §2 "Modals and drawers"). The live chat opens the contact form. */
export const ACTION_MODALS: Record<CmsAction, ModalId> = {
  'open-newsletter': 'newsletter',
  'open-contact-form': 'contact-form',
  'open-chat': 'contact-form',
  'open-book-appointment': 'book-appointment',
  'open-country-selector': 'country-selector',
  'open-cookie-banner': 'cookie-banner',
  'open-size-guide': 'size-guide',
  'open-find-in-store': 'find-in-store',
};

interface Props {
  link: CmsLinkData;
  className?: string;
  /** Replaces the label as the visible content (the label stays the accessible name). */
  children?: ReactNode;
  onNavigate?: () => void;
}

function ActionLink({ link, className, children }: Props) {
  const modal = useModal(ACTION_MODALS[link.action ?? 'open-contact-form'] ?? 'contact-form');
  return (
    <button
      type="button"
      className={className ? `${className} cms-link--action` : 'cms-link--action'}
      aria-label={link.ariaLabel}
      onClick={() => modal.open()}
      aria-haspopup="dialog"
    >
      {children ?? link.label}
    </button>
  );
}

/**
 * A link placed by the content service, by kind: internal (router link in the current locale),
 * external and WhatsApp (new tab), phone (`tel:`), action (a button that opens a modal).
 */
export function CmsLink(props: Props) {
  const { link, className, children, onNavigate } = props;
  const localize = useLocalizePath();
  const content = children ?? link.label;
  switch (link.kind) {
    case 'action':
      return <ActionLink {...props} />;
    case 'internal':
      return (
        <Link to={localize(link.href ?? '/')} className={className} aria-label={link.ariaLabel} onClick={onNavigate}>
          {content}
        </Link>
      );
    case 'external':
    case 'whatsapp':
      return (
        <a
          href={link.href ?? undefined}
          className={className}
          aria-label={link.ariaLabel}
          target="_blank"
          rel="noopener noreferrer"
        >
          {content}
        </a>
      );
    case 'phone':
      return (
        <a
          href={link.href?.startsWith('tel:') ? link.href : `tel:${link.href ?? ''}`}
          className={className}
          aria-label={link.ariaLabel}
        >
          {content}
        </a>
      );
    default:
      return <span className={className}>{content}</span>;
  }
}
