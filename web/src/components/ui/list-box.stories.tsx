import type { Story } from '@ladle/react';
import { useState } from 'react';
import { ListBox } from './list-box';

export default { title: 'UI / ListBox' };

export const Selection: Story = () => {
  const [key, setKey] = useState('europe');
  return (
    <div style={{ maxWidth: 360 }}>
      <ListBox
        aria-label="Regions"
        selectedKey={key}
        onSelectionChange={setKey}
        items={[
          { id: 'europe', label: 'Europe' },
          { id: 'americas', label: 'Americas' },
          { id: 'asia', label: 'Asia' },
        ]}
      />
    </div>
  );
};

export const Actions: Story = () => (
  <div style={{ maxWidth: 360 }}>
    <ListBox
      aria-label="Countries"
      currentLabel="current selection"
      onAction={(id) => alert(id)}
      items={[
        { id: 'FR', label: 'France', detail: 'EUR €', isCurrent: true },
        { id: 'DE', label: 'Germany', detail: 'EUR €' },
        { id: 'GB', label: 'United Kingdom', detail: 'GBP £' },
      ]}
    />
  </div>
);
