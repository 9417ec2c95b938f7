import type { Story } from '@ladle/react';
import { useState } from 'react';
import { Switch } from './switch';

export default { title: 'UI / Switch' };

export const Default: Story = () => {
  const [on, setOn] = useState(false);
  return (
    <div style={{ maxWidth: 420, display: 'grid', gap: '0.75rem' }}>
      <Switch isSelected={on} onChange={setOn} description="Helps us measure visits and improve the site.">
        Performance cookies
      </Switch>
      <Switch isSelected isDisabled description="Always active">
        Strictly necessary cookies
      </Switch>
    </div>
  );
};
