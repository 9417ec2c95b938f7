import type { Schemas } from '../../lib/api-client';
import { CmsLink } from '../../features/content';

const ICONS: Record<Schemas['ContactChannel'], string> = {
  chat: 'M4 5h16v11H9l-5 4V5z',
  phoneCall: 'M6 3h4l2 5-2.5 1.5a11 11 0 0 0 5 5L16 12l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 4 5a2 2 0 0 1 2-2z',
  email: 'M3 6h18v12H3V6zm0 0l9 7 9-7',
  whatsapp: 'M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3z',
};

/** The ways to reach client service in the market (client-service and contact pages). */
export function ContactChannels({
  channels,
  headingId,
  title,
  alwaysOpen,
}: {
  channels: Schemas['ClientServicePageData']['contactChannels'];
  headingId: string;
  title: string;
  alwaysOpen: string;
}) {
  if (channels.length === 0) return null;
  return (
    <section className="contact-channels" aria-labelledby={headingId}>
      <h2 id={headingId} className="cms-section-title">
        {title}
      </h2>
      <ul role="list" className="contact-channels__list">
        {channels.map((c) => (
          <li key={c.channel} className="contact-channel">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d={ICONS[c.channel]} fill="none" stroke="currentColor" strokeWidth="1.1" strokeLinejoin="round" />
            </svg>
            <h3 className="contact-channel__label">{c.label}</h3>
            <p className="contact-channel__hours">{c.openingHours ?? alwaysOpen}</p>
            <CmsLink link={c.link} className="cms-cta" />
          </li>
        ))}
      </ul>
    </section>
  );
}
