import type { Story } from '@ladle/react';

export default { title: 'Foundations / Tokens' };

const colours = [
  'bg',
  'bg-subtle',
  'bg-hover',
  'text',
  'text-muted',
  'text-unavailable',
  'rule',
  'border',
  'strong',
  'sale',
  'error',
  'success',
];

const Swatches = () => (
  <div
    style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))', gap: 'var(--space-large)' }}
  >
    {colours.map((name) => (
      <div key={name} style={{ display: 'grid', gap: 'var(--space-small)' }}>
        <div style={{ height: 64, background: `var(--color-${name})`, border: '1px solid var(--color-rule)' }} />
        <code style={{ fontSize: 'var(--text-xs)' }}>--color-{name}</code>
      </div>
    ))}
  </div>
);

export const Colours: Story = () => <Swatches />;

export const ColoursSecondary: Story = () => <Swatches />;
ColoursSecondary.meta = { layout: 'secondary' };

export const Typography: Story = () => (
  <div className="stack" style={{ maxWidth: 720 }}>
    <p className="wordmark">Maison</p>
    <h1>Spring–Summer collection</h1>
    <h2>Leather goods</h2>
    <h3>The Cassandre bag</h3>
    <p className="label">New arrivals</p>
    <p>
      Body copy: a shoulder bag in smooth calfskin with an adjustable strap. Crafted in Italy.{' '}
      <a href="#care">Care guide</a>.
    </p>
    <p className="text-muted">
      <small>Complimentary delivery and returns.</small>
    </p>
  </div>
);

export const Spacing: Story = () => (
  <div style={{ display: 'grid', gap: 'var(--space-medium)' }}>
    {['small', 'medium', 'large', 'extra-large', '2xl', '3xl', '4xl'].map((s) => (
      <div key={s} style={{ display: 'flex', alignItems: 'center', gap: 'var(--space-large)' }}>
        <code style={{ width: '12rem', fontSize: 'var(--text-xs)' }}>--space-{s}</code>
        <div style={{ height: 12, width: `var(--space-${s})`, background: 'var(--color-strong)' }} />
      </div>
    ))}
  </div>
);

export const Focus: Story = () => (
  <div style={{ display: 'flex', gap: 'var(--space-2xl)', alignItems: 'center' }}>
    <a className="skip-link" href="#main">
      Skip to content
    </a>
    <a href="#focus">A focusable link (press Tab)</a>
  </div>
);
